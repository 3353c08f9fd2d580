"""A prose verdict is read as the party it names; both or neither falls back, saying so."""

from __future__ import annotations

from typing import Any

import pytest

from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import (
    AgentProfile,
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    Org,
    Roster,
)
from langgraph_council.nodes.testing import ScriptedChatModel

# researcher (Rita) and dev (Dana) share rank and manager: rank settles nothing, so a verdict
# the judge gives in prose is the only thing that can pick the winner.
ORG = Org(
    [
        AgentProfile(id="lead", name="Lee", role="lead", department="rnd", level="lead"),
        AgentProfile(
            id="researcher", name="Rita", role="researcher", department="rnd", level="senior",
            manager_id="lead",
        ),
        AgentProfile(
            id="dev", name="Dana", role="dev", department="rnd", level="senior", manager_id="lead"
        ),
    ]
)  # fmt: skip
PARTIES = ("researcher", "dev")


def _conflict() -> Conflict:
    return Conflict(
        id="db",
        type="architecture",
        subject="Which database for billing?",
        positions=[
            ConflictPosition(agent_id="researcher", position="Postgres", reasoning="papers"),
            ConflictPosition(agent_id="dev", position="SQLite", reasoning="benchmark"),
        ],
    )


def _run(strategy: str, *replies: Any) -> dict[str, Any]:
    """Run `strategy` with the lead (judge, reviewer and tie-breaker) answering `replies`."""
    script: dict[str, list[Any]] = {a: [f"{a} argues", f"{a} rebuts"] for a in PARTIES}
    script["lead"] = list(replies)
    roster = Roster(ORG, default_model=ScriptedChatModel(script))
    graph = create_conflict_graph(ORG, roster, config=ConflictResolutionConfig(strategy=strategy))
    return graph.invoke({"conflict": _conflict()})


@pytest.mark.parametrize(
    ("verdict", "winner"),
    [
        ("I pick researcher.", "researcher"),
        ("researcher has the stronger case: the papers cover billing loads.", "researcher"),
        ("The winner is researcher.", "researcher"),
        ("I side with researcher", "researcher"),
        ("researcher wins", "researcher"),
        ("After both rounds I pick Rita.", "researcher"),  # by name
        ("Dana wins; her benchmark is decisive.", "dev"),  # by name
        ("I side with dev over researcher.", "dev"),
        ("not researcher: dev's benchmark settles it", "dev"),  # the negation
    ],
)
def test_a_judges_prose_verdict_is_read_as_the_party_it_names(verdict: str, winner: str) -> None:
    out = _run("debate", verdict)
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert (resolution.winning_agent_id, resolution.decided_by) == (winner, "lead")
    assert any("read from its prose" in w for w in resolution.warnings)  # flagged
    assert [r.dissenting_agent_id for r in out["dissent_records"]] == [
        p for p in PARTIES if p != winner
    ]
    last = out["messages"][-1]
    assert last.name == "council" and not last.content.lstrip().startswith("{")
    assert f"{winner}'s position stands" in last.content and "read from its prose" in last.content


@pytest.mark.parametrize(
    ("verdict", "why"),
    [
        ("researcher and dev both argue well.", "names dev and researcher without saying who"),
        ("Hard to say; it depends on the load.", "its text names no party"),
        ("I cannot decide between researcher and dev.", "no clear winner"),
    ],
)
def test_a_verdict_naming_both_or_neither_falls_back_and_says_so(verdict: str, why: str) -> None:
    out = _run("debate", verdict, verdict)  # the lead is asked again to break the tie
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_AUTHORITY
    # The first party by id wins, and the resolution says the fallback chose, not the judge.
    assert (resolution.winning_agent_id, resolution.decided_by) == ("dev", "authority_fallback")
    assert why in resolution.reasoning
    assert "the authority fallback decided, not lead" in resolution.reasoning
    assert "Decided by: authority_fallback" in out["messages"][-1].content


def test_a_json_verdict_still_wins_over_its_prose() -> None:
    reply = (
        "I side with dev in spirit, but here is my verdict:\n"
        '```json\n{"winning_agent_id": "researcher", "confidence": 0.8, "reasoning": "papers"}\n```'
    )
    resolution = _run("debate", reply)["resolution"]
    assert (resolution.winning_agent_id, resolution.confidence) == ("researcher", 0.8)
    assert not any("prose" in w for w in resolution.warnings)


def test_a_json_verdict_naming_a_party_by_name_is_read_as_its_id() -> None:
    named = {"winning_agent_id": "Rita", "confidence": 0.9, "reasoning": "papers"}
    resolution = _run("debate", named)["resolution"]
    assert (resolution.outcome, resolution.winning_agent_id) == (
        ConflictOutcome.RESOLVED_BY_DEBATE,
        "researcher",
    )
    assert any("named 'Rita', read as researcher" in w for w in resolution.warnings)


def test_a_reviewers_prose_verdict_resolves_the_hybrid() -> None:
    resolution = _run("hybrid", "I side with dev: the benchmark is measured.")["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_HYBRID
    assert (resolution.winning_agent_id, resolution.decided_by) == ("dev", "lead")
    assert resolution.confidence == 0.7  # none stated: the documented default
    assert any("no confidence stated" in w for w in resolution.warnings)


def test_a_stated_confidence_is_read_from_the_prose() -> None:
    resolution = _run("debate", "researcher wins, confidence 0.9.")["resolution"]
    assert (resolution.winning_agent_id, resolution.confidence) == ("researcher", 0.9)
