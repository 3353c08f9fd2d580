"""Position papers: parallel papers in participant order, synthesiser choice, quorum."""

from __future__ import annotations

import asyncio

import pytest

from langgraph_council.graphs import create_meeting_graph
from tests.probes import Overlap

DECISION = "Summary: papers read.\nDecisions:\n- Use Postgres"


def test_three_papers_then_one_synthesis_in_participant_order(make_roster, meeting_input) -> None:
    roster, model = make_roster(
        {
            "senior_dev": ["paper S"],
            "junior_dev": ["paper J"],
            "ui_dev": ["paper U"],
            "cto": [DECISION],
        }
    )
    minutes = create_meeting_graph(roster, protocol="position_papers").invoke(meeting_input())[
        "minutes"
    ]
    assert [(c.agent_id, c.phase, c.turn) for c in minutes.contributions] == [
        ("senior_dev", "position_paper", 0),
        ("junior_dev", "position_paper", 1),
        ("ui_dev", "position_paper", 2),
        ("cto", "synthesis", 3),
    ]
    assert minutes.decisions == ("Use Postgres",)
    papers = [c for c in model.calls if c.agent_id != "cto"]
    assert all(c.max_tokens == 300 for c in papers)
    assert all("<peer-contribution" not in c.prompt for c in papers)  # independent papers
    assert "paper S" in model.calls[-1].prompt and "paper U" in model.calls[-1].prompt


def test_named_synthesizer_and_paper_cap(make_roster, meeting_input) -> None:
    roster, model = make_roster({"senior_dev": ["p1"], "junior_dev": ["p2"], "qa_head": [DECISION]})
    ctx = {"position_papers": {"synthesizer": "qa_head", "max_tokens_per_position": 50}}
    graph = create_meeting_graph(roster, protocol="position_papers")
    minutes = graph.invoke(meeting_input(["senior_dev", "junior_dev"]), context=ctx)["minutes"]
    assert minutes.contributions[-1].agent_id == "qa_head"
    assert {c.max_tokens for c in model.calls if c.agent_id != "qa_head"} == {50}


def test_unknown_synthesizer_is_refused_before_any_call(make_roster, meeting_input) -> None:
    roster, model = make_roster({})
    graph = create_meeting_graph(roster, protocol="position_papers")
    with pytest.raises(ValueError, match=r"position_papers\.synthesizer"):
        graph.invoke(meeting_input(), context={"position_papers": {"synthesizer": "ghost"}})
    assert model.calls == []


def test_one_failing_participant_does_not_sink_the_meeting(make_roster, meeting_input) -> None:
    roster, _ = make_roster(
        {
            "senior_dev": ["p1"],
            "junior_dev": [RuntimeError("provider down")],
            "ui_dev": ["p3"],
            "cto": [DECISION],
        }
    )
    minutes = create_meeting_graph(roster, protocol="position_papers").invoke(meeting_input())[
        "minutes"
    ]
    assert minutes.status == "completed"
    assert [f.agent_id for f in minutes.failures] == ["junior_dev"]
    assert "provider down" in minutes.failures[0].error
    assert [c.turn for c in minutes.contributions] == [0, 2, 3]


def test_no_quorum_fails_and_keeps_what_was_said(make_roster, meeting_input) -> None:
    boom = RuntimeError("timeout")
    roster, model = make_roster({"senior_dev": ["p1"], "junior_dev": [boom], "ui_dev": [boom]})
    minutes = create_meeting_graph(roster, protocol="position_papers").invoke(meeting_input())[
        "minutes"
    ]
    assert minutes.status == "failed"
    assert "quorum" in (minutes.error or "") and "timeout" in (minutes.error or "")
    assert [c.content for c in minutes.contributions] == ["p1"]
    assert all(c.agent_id != "cto" for c in model.calls)  # no synthesis without a quorum


async def test_papers_overlap_under_ainvoke(make_roster, meeting_input) -> None:
    five = ["senior_dev", "junior_dev", "ui_dev", "qa_engineer", "backend_lead"]
    script = {a: [f"paper {a}"] for a in five} | {"cto": [DECISION]}
    overlap = Overlap(gate=5)
    roster, _ = make_roster(script, overlap=overlap)
    graph = create_meeting_graph(roster, protocol="position_papers")
    minutes = (await graph.ainvoke(meeting_input(five)))["minutes"]
    assert len(minutes.contributions) == 6
    assert overlap.peak == 5  # all five papers were being written at once
    await asyncio.sleep(0)
