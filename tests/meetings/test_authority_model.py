"""`authority_detector="model"`: the synthesiser judges deference to authority; its verdicts
are used, and a reply without usable verdicts falls back to the rules with a warning."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.guards import detect_authority_cues
from langgraph_council.nodes import Contribution
from langgraph_council.nodes.testing import Reply

# The rules miss the first (deference with no rank words) and flag the second (a title and a
# bare ruling in one sentence, its evidence in the next).
QUIET_APPEAL = "MongoDB has been the plan all along; there is nothing left to weigh."
LOUD_BUT_FINE = "As the tech lead, I say Postgres. pgbench shows 12k writes/s against 8k needed."
PARTICIPANTS = ["backend_lead", "senior_dev", "junior_dev"]
CTX = {"structured_phases": {"devils_advocate": False}, "authority_detector": "model"}


def _run(
    make_roster: Any,
    meeting_input: Callable[..., dict[str, Any]],
    position: Any,
    leader: Reply,
    ctx: dict[str, Any] = CTX,
) -> tuple[Any, Any]:
    said = {
        "backend_lead": position("Use MongoDB", confidence=1.0, extra=QUIET_APPEAL),
        "senior_dev": position("Use Postgres", "pgbench 2024", extra=LOUD_BUT_FINE),
        "junior_dev": position("Use Postgres", "incident review INC-88"),
    }
    roster, model = make_roster(lambda call: said.get(call.agent_id, leader))
    graph = create_meeting_graph(roster)
    return graph.invoke(meeting_input(PARTICIPANTS), context=ctx)["minutes"], model


def _said(agent: str, text: str) -> Contribution:
    return Contribution(
        agent_id=agent, phase="input", turn=0, content=text, input_tokens=1, output_tokens=1,
        timestamp=datetime.now(UTC),
    )  # fmt: skip


def test_the_model_verdicts_replace_the_rules(make_roster, meeting_input, position) -> None:
    said = [_said("senior_dev", LOUD_BUT_FINE), _said("backend_lead", QUIET_APPEAL)]
    rules_cues = {c.agent_id for c in detect_authority_cues(said)}
    assert rules_cues == {"senior_dev"}  # what the rules alone would say
    verdicts = {
        "decisions": ["Use Postgres"],
        "authority_verdicts": [
            {"agent_id": "backend_lead", "defers_to_authority": True, "cue": "the plan all along"},
            {"agent_id": "senior_dev", "defers_to_authority": False},
            {"agent_id": "junior_dev", "defers_to_authority": False},
            {"agent_id": "nobody_here", "defers_to_authority": True},
        ],
    }
    minutes, model = _run(make_roster, meeting_input, position, verdicts)
    assert [(c.agent_id, c.cue) for c in minutes.authority_cues] == [
        ("backend_lead", "the plan all along")
    ]
    assert "authority_verdicts" in model.calls[-1].prompt
    assert not any("fell back to the rules" in w for w in minutes.warnings)
    assert minutes.decisions == ("Use Postgres",)


@pytest.mark.parametrize(
    "leader",
    [
        "Summary: Postgres.\nDecisions:\n- Use Postgres",  # prose: no verdicts at all
        {"decisions": ["Use Postgres"], "authority_verdicts": "backend_lead, probably"},
        {"decisions": ["Use Postgres"]},  # the verdicts left out
    ],
    ids=["prose", "garbled", "missing"],
)
def test_no_usable_verdicts_fall_back_to_the_rules(
    make_roster, meeting_input, position, leader: Reply
) -> None:
    minutes, _ = _run(make_roster, meeting_input, position, leader)
    assert {c.agent_id for c in minutes.authority_cues} == {"senior_dev"}
    assert any("fell back to the rules" in w for w in minutes.warnings)
    assert minutes.decisions == ("Use Postgres",)


def test_rules_stay_the_default(make_roster, meeting_input, position) -> None:
    ctx = {"structured_phases": {"devils_advocate": False}}
    minutes, model = _run(
        make_roster, meeting_input, position, "Decisions:\n- Use Postgres", ctx=ctx
    )
    assert {c.agent_id for c in minutes.authority_cues} == {"senior_dev"}
    assert "authority_verdicts" not in model.calls[-1].prompt
