"""Meeting test helpers: scripted rosters, meeting inputs, position replies (fixtures), and one
participant's contribution (`said`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest

from langgraph_council.nodes import Contribution, Org, Roster
from langgraph_council.nodes.testing import Reply, ScriptedChatModel
from tests.probes import Overlap, OverlapModel

TRIO = ("senior_dev", "junior_dev", "ui_dev")

MakeRoster = Callable[..., tuple[Roster, ScriptedChatModel]]


def said(text: str, agent: str = "a", turn: int = 0) -> Contribution:
    """What `agent` said at `turn` of a round-robin meeting (for guards and stop conditions)."""
    return Contribution(
        agent_id=agent,
        phase="round_robin",
        turn=turn,
        content=text,
        input_tokens=10,
        output_tokens=5,
        timestamp=datetime(2026, 1, 1, tzinfo=UTC),
    )


@pytest.fixture
def make_roster(org: Org) -> MakeRoster:
    """`make_roster(script, latency=0.0, overlap=None)`: a roster whose agents share one
    scripted model (an `OverlapModel` counting calls in flight when `overlap` is given)."""

    def make(
        script: Mapping[str, Sequence[Reply]] | Any,
        *,
        latency: float = 0.0,
        overlap: Overlap | None = None,
    ) -> tuple[Roster, ScriptedChatModel]:
        if overlap is None:
            model = ScriptedChatModel(script, latency=latency)
        else:
            model = OverlapModel(script, latency=latency, overlap=overlap)
        return Roster(org, default_model=model), model

    return make


@pytest.fixture
def meeting_input() -> Callable[..., dict[str, Any]]:
    """`meeting_input(participants=TRIO, budget=20_000, **extra)`: an input led by the CTO."""

    def make(participants: Sequence[str] = TRIO, budget: int = 20_000, **kw: Any) -> dict[str, Any]:
        return {
            "agenda": {"title": "Pick the primary database", "context": "New billing service"},
            "leader_id": "cto",
            "participant_ids": list(participants),
            "token_budget": budget,
            **kw,
        }

    return make


def _position(claim: str, *evidence: str, confidence: float = 0.7, extra: str = "") -> str:
    lines = [f"Position: {claim}", f"Confidence: {confidence}", "Evidence:"]
    lines += [f"- {e}" for e in evidence]
    return "\n".join([extra, *lines] if extra else lines)


@pytest.fixture
def position() -> Callable[..., str]:
    """`position(claim, *evidence, confidence=0.7, extra="")`: a reply in the asked shape."""
    return _position
