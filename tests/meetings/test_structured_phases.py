"""Structured phases: inputs, conflict detectors, discussion, premortem, devil's advocate."""

from __future__ import annotations

import pytest

from langgraph_council.graphs import create_meeting_graph
from tests.probes import Overlap

DECISION = "Summary: decided.\nDecisions:\n- Use Postgres"


def phases(minutes) -> list[tuple[str, str]]:
    return [(c.agent_id, c.phase) for c in minutes.contributions]


def test_no_conflict_runs_no_discussion(make_roster, meeting_input, position) -> None:
    roster, _model = make_roster(
        {
            "senior_dev": [position("Use Postgres", "pgbench run 2024-05", extra="Mature.")],
            "junior_dev": [
                position("Use Postgres", "team knows SQL well", extra="Familiar tools.")
            ],
            "ui_dev": ["No strong opinion on storage; the UI only needs a JSON API."],
            "cto": [DECISION],
        }
    )
    minutes = create_meeting_graph(roster).invoke(meeting_input())["minutes"]
    assert phases(minutes) == [
        ("senior_dev", "input"),
        ("junior_dev", "input"),
        ("ui_dev", "input"),
        ("cto", "synthesis"),
    ]
    assert not minutes.conflicts_detected and not minutes.devils_advocate_used
    assert minutes.protocol == "structured_phases" and minutes.decisions == ("Use Postgres",)
    assert [c.turn for c in minutes.contributions] == [0, 1, 2, 3]


def test_only_conflicting_agents_discuss_and_see_each_others_rebuttals(
    make_roster, meeting_input, position
) -> None:
    roster, model = make_roster(
        {
            "senior_dev": [position("Use Postgres", "pgbench"), "Rebuttal S: Mongo lacks joins."],
            "junior_dev": [position("Use MongoDB", "schema churn"), "Rebuttal J: joins are rare."],
            "ui_dev": ["No strong opinion."],
            "cto": [DECISION],
        }
    )
    minutes = create_meeting_graph(roster).invoke(meeting_input())["minutes"]
    assert minutes.conflicts_detected
    assert minutes.conflicts[0].agent_ids == ("senior_dev", "junior_dev")
    discussion = [c for c in minutes.contributions if c.phase == "discussion"]
    assert [c.agent_id for c in discussion] == ["senior_dev", "junior_dev"]
    assert [c.turn for c in minutes.contributions] == [0, 1, 2, 3, 4, 5]
    junior_turn = next(
        c for c in model.calls if c.agent_id == "junior_dev" and "Rebuttal S" in c.prompt
    )
    assert "Use Postgres" in junior_turn.prompt and "No strong opinion" not in junior_turn.prompt
    assert sum(1 for c in model.calls if c.agent_id == "ui_dev") == 1


def test_discussion_respects_max_discussion_tokens(make_roster, meeting_input, position) -> None:
    roster, _model = make_roster(
        {
            "senior_dev": [position("Use Postgres", "pgbench"), "S rebuts", "S again"],
            "junior_dev": [position("Use MongoDB", "schema churn"), "J rebuts", "J again"],
            "ui_dev": ["fine"],
            "cto": [DECISION],
        }
    )
    ctx = {"structured_phases": {"max_discussion_tokens": 400, "max_discussion_turns_per_agent": 2}}
    minutes = create_meeting_graph(roster).invoke(meeting_input(), context=ctx)["minutes"]
    discussion = [c for c in minutes.contributions if c.phase == "discussion"]
    assert 1 <= len(discussion) < 4
    assert sum(c.total_tokens for c in discussion) <= 400


def test_skip_discussion_off_makes_everyone_discuss(make_roster, meeting_input, position) -> None:
    script = {
        a: [position("Use Postgres", f"src {a}"), f"{a} discusses"]
        for a in ["senior_dev", "junior_dev"]
    }
    roster, _ = make_roster(script | {"cto": [DECISION]})
    ctx = {
        "structured_phases": {"skip_discussion_if_no_conflicts": False, "devils_advocate": False}
    }
    minutes = create_meeting_graph(roster).invoke(
        meeting_input(["senior_dev", "junior_dev"]), context=ctx
    )["minutes"]
    assert [c.agent_id for c in minutes.contributions if c.phase == "discussion"] == [
        "senior_dev",
        "junior_dev",
    ]


def test_premature_consensus_calls_a_devils_advocate(make_roster, meeting_input, position) -> None:
    same = position("Use Postgres", "pgbench")
    roster, model = make_roster(
        {
            "senior_dev": [same],
            "junior_dev": [same],
            "ui_dev": [same],
            "cto": ["Risks: lock-in.", DECISION],
        }
    )
    minutes = create_meeting_graph(roster).invoke(meeting_input())["minutes"]
    assert minutes.devils_advocate_used
    assert phases(minutes)[-2:] == [("cto", "devils_advocate"), ("cto", "synthesis")]
    assert "devil's advocate" in model.calls[3].prompt
    assert "devil's advocate" not in model.calls[4].prompt


def test_devils_advocate_can_be_switched_off(make_roster, meeting_input, position) -> None:
    same = position("Use Postgres", "pgbench")
    roster, _ = make_roster({"senior_dev": [same], "junior_dev": [same], "cto": [DECISION]})
    ctx = {"structured_phases": {"devils_advocate": False}}
    minutes = create_meeting_graph(roster).invoke(
        meeting_input(["senior_dev", "junior_dev"]), context=ctx
    )["minutes"]
    assert not minutes.devils_advocate_used


def test_premortem_collects_failure_modes(make_roster, meeting_input, position) -> None:
    roster, model = make_roster(
        {
            "senior_dev": [
                position("Use Postgres", "pgbench"),
                "- vacuum storms (likelihood: high; mitigation: tune autovacuum)\n- single writer",
            ],
            "junior_dev": [position("Use Postgres", "SQL skills"), "- nobody owns backups"],
            "cto": [DECISION],
        }
    )
    ctx = {"structured_phases": {"premortem": True, "devils_advocate": False}}
    minutes = create_meeting_graph(roster).invoke(
        meeting_input(["senior_dev", "junior_dev"]), context=ctx
    )["minutes"]
    assert [c.phase for c in minutes.contributions] == [
        "input",
        "input",
        "premortem",
        "premortem",
        "synthesis",
    ]
    assert [m.description for m in minutes.failure_modes] == [
        "vacuum storms",
        "single writer",
        "nobody owns backups",
    ]
    assert all("failed badly" in c.prompt for c in model.calls[2:4])
    storms = minutes.failure_modes[0]
    assert (storms.likelihood, storms.mitigation) == ("high", "tune autovacuum")
    assert minutes.failure_modes[1].likelihood is None


def test_keyword_detector_links_the_named_agent(make_roster, meeting_input) -> None:
    roster, _ = make_roster(
        {
            "senior_dev": ["We should shard now.", "Sharding is needed at our growth."],
            "junior_dev": ["I disagree with senior_dev: sharding is premature.", "Growth is slow."],
            "ui_dev": ["Any choice works for the UI."],
            "cto": [DECISION],
        }
    )
    ctx = {"structured_phases": {"conflict_detector": "keyword"}}
    minutes = create_meeting_graph(roster).invoke(meeting_input(), context=ctx)["minutes"]
    assert minutes.conflicts[0].agent_ids == ("senior_dev", "junior_dev")
    assert minutes.conflicts[0].detector == "keyword"
    assert [c.agent_id for c in minutes.contributions if c.phase == "discussion"] == [
        "senior_dev",
        "junior_dev",
    ]


@pytest.mark.parametrize("detector", ["llm_judge", "hybrid"])
def test_llm_judge_decides_conflicts(make_roster, meeting_input, detector) -> None:
    roster, _model = make_roster(
        {
            "senior_dev": ["Ship on Friday.", "Friday is fine."],
            "junior_dev": ["Tests are not ready.", "Not ready."],
            "ui_dev": ["UI is ready, I oppose any delay.", "Ship it."],
            "cto": ["CONFLICT: junior_dev, ui_dev - release timing", DECISION],
        }
    )
    ctx = {"structured_phases": {"conflict_detector": detector}}
    minutes = create_meeting_graph(roster).invoke(meeting_input(), context=ctx)["minutes"]
    assert [c.detector for c in minutes.conflicts] == ["llm_judge"]
    assert [c.agent_id for c in minutes.contributions if c.phase == "discussion"] == [
        "junior_dev",
        "ui_dev",
    ]
    assert any(c.phase == "conflict_judge" for c in minutes.contributions)


def test_strategic_lens_reaches_only_its_participant(make_roster, meeting_input, position) -> None:
    roster, model = make_roster(
        {"senior_dev": [position("A", "x")], "junior_dev": [position("A", "y")], "cto": [DECISION]}
    )
    ctx = {
        "structured_phases": {
            "strategic_lenses": {"junior_dev": "cost control"},
            "devils_advocate": False,
        }
    }
    create_meeting_graph(roster).invoke(meeting_input(["senior_dev", "junior_dev"]), context=ctx)
    prompts = {c.agent_id: c.prompt for c in model.calls[:2]}
    assert "cost control" in prompts["junior_dev"] and "cost control" not in prompts["senior_dev"]


async def test_inputs_overlap_under_ainvoke(make_roster, meeting_input, position) -> None:
    four = ["senior_dev", "junior_dev", "ui_dev", "qa_engineer"]
    script = {
        a: [position("Use Postgres", f"source {a}", extra=f"{a} view {i}")]
        for i, a in enumerate(four)
    }
    overlap = Overlap(gate=4)
    roster, _ = make_roster(script | {"cto": ["Risks.", DECISION]}, overlap=overlap)
    graph = create_meeting_graph(roster)
    minutes = (await graph.ainvoke(meeting_input(four)))["minutes"]
    assert [c.phase for c in minutes.contributions][:4] == ["input"] * 4
    assert overlap.peak == 4  # the four inputs were asked for at once, not one after another


def test_a_failed_input_is_recorded_and_the_meeting_goes_on(
    make_roster, meeting_input, position
) -> None:
    roster, _ = make_roster(
        {
            "senior_dev": [position("Use Postgres", "pgbench")],
            "junior_dev": [TimeoutError("model timed out")],
            "ui_dev": [position("Use Postgres", "team skills", extra="Different words here.")],
            "cto": [DECISION],
        }
    )
    ctx = {"structured_phases": {"devils_advocate": False}}
    minutes = create_meeting_graph(roster).invoke(meeting_input(), context=ctx)["minutes"]
    assert minutes.status == "completed"
    assert [(f.agent_id, f.phase) for f in minutes.failures] == [("junior_dev", "input")]
    assert minutes.decisions == ("Use Postgres",)


def test_inputs_without_quorum_fail_the_meeting(make_roster, meeting_input) -> None:
    roster, model = make_roster(
        {
            "senior_dev": ["only me"],
            "junior_dev": [RuntimeError("x")],
            "ui_dev": [RuntimeError("y")],
        }
    )
    ctx = {"quorum": 0.9}
    minutes = create_meeting_graph(roster).invoke(meeting_input(), context=ctx)["minutes"]
    assert minutes.status == "failed" and "1 of 3 answered, 3 needed" in (minutes.error or "")
    assert [c.content for c in minutes.contributions] == ["only me"]
    assert len(model.calls) == 3


@pytest.mark.parametrize("limit", [12, 14])
def test_loops_end_cleanly_before_the_recursion_limit(make_roster, meeting_input, limit) -> None:
    roster, _ = make_roster(lambda call: "Decisions:\n- ok" if call.agent_id == "cto" else "talk")
    ctx = {
        "structured_phases": {
            "skip_discussion_if_no_conflicts": False,
            "max_discussion_turns_per_agent": 10,
            "max_discussion_tokens": 1_000_000,
        },
        "round_robin": {"max_turns_per_agent": 10},
    }
    inp = meeting_input(["senior_dev", "junior_dev"], budget=1_000_000)
    for protocol in ("structured_phases", "round_robin"):
        graph = create_meeting_graph(roster, protocol=protocol)
        minutes = graph.invoke(inp, {"recursion_limit": limit}, context=ctx)["minutes"]
        assert minutes.status == "completed" and minutes.decisions == ("ok",)
        assert 0 < len(minutes.contributions) < 20


def test_opposing_sides_take_turns_so_a_tight_cap_still_hears_both(
    make_roster, meeting_input, position
) -> None:
    # Participant order puts two agents of the same side first; the discussion must not spend
    # its whole cap on them before the other side speaks.
    roster, _model = make_roster(
        {
            "senior_dev": [position("Use Postgres", "pgbench"), "S rebuts"],
            "ui_dev": [position("Use Postgres", "team skills"), "U rebuts"],
            "junior_dev": [position("Use MongoDB", "schema churn"), "J rebuts"],
            "cto": [DECISION],
        }
    )
    participants = ("senior_dev", "ui_dev", "junior_dev")
    ctx = {"structured_phases": {"max_discussion_tokens": 700}}
    minutes = create_meeting_graph(roster).invoke(meeting_input(participants), context=ctx)[
        "minutes"
    ]
    discussion = [c.agent_id for c in minutes.contributions if c.phase == "discussion"]
    assert discussion[:2] == ["senior_dev", "junior_dev"]
