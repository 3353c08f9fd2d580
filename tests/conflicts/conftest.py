"""Helpers for the conflict tests: positions from the org, conflicts, a Postgres checkpointer."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from langgraph_council.checkpoints import EscalationQueue
from langgraph_council.nodes import Conflict, ConflictPosition, Org

DECIDE_JUNIOR = {
    "decision": "winner",
    "winning_agent_id": "junior_dev",
    "reasoning": "the cron job is simpler and enough",
    "decided_by": "human:ann",
}


def position(org: Org, agent_id: str, text: str | None = None, **kw: Any) -> ConflictPosition:
    """A position for `agent_id` with its department and level taken from the org."""
    profile = org.get(agent_id)
    return ConflictPosition(
        agent_id=agent_id,
        agent_department=profile.department,
        agent_level=profile.level,
        position=text or f"{agent_id}'s plan",
        reasoning=kw.pop("reasoning", f"{agent_id} has measured it"),
        **kw,
    )


def conflict(
    org: Org,
    agents: Sequence[str],
    *,
    conflict_id: str = "c1",
    subject: str = "Queue or cron for the nightly python jobs?",
    kind: str = "architecture",
    texts: Mapping[str, str] | None = None,
) -> Conflict:
    """A conflict between `agents`, positions in the given order."""
    texts = texts or {}
    return Conflict(
        id=conflict_id,
        type=kind,  # type: ignore[arg-type]
        subject=subject,
        positions=tuple(position(org, a, texts.get(a)) for a in agents),
    )


class Kit:
    """What the conflict tests build conflicts and decisions with."""

    def __init__(self, org: Org) -> None:
        self.org = org
        self.decide_junior = dict(DECIDE_JUNIOR)

    def position(self, agent_id: str, text: str | None = None, **kw: Any) -> ConflictPosition:
        """A position of `agent_id` as the org describes it."""
        return position(self.org, agent_id, text, **kw)

    def conflict(self, *agents: str, **kw: Any) -> Conflict:
        """A conflict between `agents` (see `conflict`)."""
        return conflict(self.org, agents, **kw)

    @staticmethod
    def thread(thread_id: str) -> Any:
        """A run config for `thread_id`."""
        return {"configurable": {"thread_id": thread_id}}


@pytest.fixture
def kit(org: Org) -> Kit:
    """Builders for positions, conflicts and run configs over the suite's org."""
    return Kit(org)


@pytest.fixture
def pg_queue(pg_db: str) -> Iterator[EscalationQueue]:
    """The Postgres escalation queue on its own connection to the test database."""
    with EscalationQueue.from_conn_string(pg_db) as queue:
        yield queue
