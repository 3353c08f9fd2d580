"""A leader who answers in prose, a model that talks nonsense, a reply past its cap (issues 22
and 24): the minutes keep every contribution and say what to review; `council` prints it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from rich.console import Console

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.graphs._cli.output import print_meeting
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import Reply, ScriptCall, ScriptedChatModel

PROTOCOLS = ["round_robin", "position_papers", "structured_phases"]
STANCE = "Position: Use Postgres\nConfidence: 0.8\nEvidence:\n- pgbench run 2024-05"
FENCED = (
    "We talked it through and I think the answer is clear.\n\n```json\n"
    + json.dumps({"summary": "Postgres it is.", "decisions": ["Use Postgres"]})
    + "\n```\n\nLet me know if anything is missing."
)
SECTIONS = "Thanks all.\nSummary: Postgres it is.\nDecisions:\n- Use Postgres\nAction items:\n- Set up backups (assigned to senior_dev)"  # noqa: E501
PROSE = "Great meeting everyone, lots of good energy, let us keep talking next week."


def _roster(org: Org, leader: Reply, stance: str = STANCE) -> tuple[Roster, ScriptedChatModel]:
    def reply(call: ScriptCall) -> Reply:
        if call.agent_id != "cto":
            return stance
        return (
            leader if call.schema is not None else "Have we considered Mongo?"
        )  # devil's advocate

    model = ScriptedChatModel(reply)
    return Roster(org, default_model=model), model


def _said(minutes: Any) -> list[str]:
    return [c.agent_id for c in minutes.contributions if c.phase not in ("synthesis", "summary")]


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize("leader", [FENCED, SECTIONS], ids=["fenced_json", "sections"])
def test_a_prose_synthesis_is_read_from_its_text(
    org: Org, meeting_input: Callable[..., dict[str, Any]], protocol: str, leader: str
) -> None:
    roster, model = _roster(org, leader)
    minutes = create_meeting_graph(roster, protocol=protocol).invoke(meeting_input())["minutes"]
    assert minutes.status == "completed"
    assert minutes.decisions == ("Use Postgres",) and minutes.summary == "Postgres it is."
    assert len(minutes.contributions) == len(model.calls)  # every paid call kept
    assert any("read from its text" in w for w in minutes.warnings)


@pytest.mark.parametrize("protocol", PROTOCOLS)
@pytest.mark.parametrize(
    "leader",
    [PROSE, ValueError("1 validation error for SynthesisOutput")],
    ids=["nothing_usable", "raises"],
)
def test_nothing_usable_gives_partial_minutes_flagged_for_review(
    org: Org, meeting_input: Callable[..., dict[str, Any]], protocol: str, leader: Reply
) -> None:
    roster, model = _roster(org, leader)
    minutes = create_meeting_graph(roster, protocol=protocol).invoke(meeting_input())["minutes"]
    assert minutes.status == "completed" and minutes.decisions == ()
    assert _said(minutes) and len(_said(minutes)) == len(model.calls) - 1
    assert any("partial" in w and "review" in w for w in minutes.warnings)
    assert (minutes.total_input_tokens + minutes.total_output_tokens) == sum(
        c.total_tokens for c in minutes.contributions
    )


def test_nonsense_minutes_carry_warnings_council_prints(
    org: Org, meeting_input: Callable[..., dict[str, Any]]
) -> None:
    # The real small model of issue 22: decisions ["bullets"], no positions, no evidence.
    nonsense = {"summary": "", "decisions": ["bullets"], "positions": []}
    roster, _ = _roster(org, nonsense, stance="* * *\n- item\n- item")
    graph = create_meeting_graph(roster, protocol="position_papers")
    minutes = graph.invoke(meeting_input())["minutes"]
    assert minutes.decisions == ("bullets",)
    assert any("no participant stated a usable position" in w for w in minutes.warnings)
    assert any("match no contribution: ['bullets']" in w for w in minutes.warnings)
    console = Console(record=True, width=200)
    print_meeting(console, minutes)
    shown = console.export_text()
    assert "Warning: no participant stated a usable position" in shown
    assert "Warning: decisions that match no contribution" in shown


def test_positions_without_evidence_are_flagged(
    org: Org, meeting_input: Callable[..., dict[str, Any]]
) -> None:
    roster, _ = _roster(org, SECTIONS, stance="Position: Use Postgres\nConfidence: 0.9")
    minutes = create_meeting_graph(roster).invoke(meeting_input())["minutes"]
    assert minutes.positions and "no position cites any evidence" in minutes.warnings


def test_a_reply_past_its_cap_is_recorded_and_billed_as_it_cost(
    org: Org, meeting_input: Callable[..., dict[str, Any]]
) -> None:
    # A server that ignored the cap: 900 output tokens billed for a 300-token paper.
    long = AIMessage(
        content=STANCE,
        usage_metadata={"input_tokens": 50, "output_tokens": 900, "total_tokens": 950},
    )
    roster, _ = _roster(org, SECTIONS, stance=long)  # type: ignore[arg-type]
    minutes = create_meeting_graph(roster, protocol="position_papers").invoke(meeting_input())[
        "minutes"
    ]
    papers = [c for c in minutes.contributions if c.phase == "position_paper"]
    assert all(c.over_cap and c.output_tokens == 900 for c in papers)
    assert minutes.total_output_tokens >= 3 * 900
    assert any("past their output cap" in w for w in minutes.warnings)
