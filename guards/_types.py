"""The guard types both families use: verdicts, check names, hand-offs and loop records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from langgraph_council.nodes._delegation.models import utc_now
from langgraph_council.nodes._handoff import (
    BLOCKING_MECHANISMS,
    BlockingMechanism,
    GuardMechanism,
    Handoff,
)

__all__ = [
    "BLOCKING_MECHANISMS",
    "BlockingMechanism",
    "GuardMechanism",
    "GuardOutcome",
    "Handoff",
    "LoopRecord",
    "blocked_fields",
    "loop_record",
]


@dataclass(frozen=True, slots=True)
class GuardOutcome:
    """The verdict on one delegation attempt.

    `chain` is the attempted path: the prior delegators, the delegator, then the delegatee.
    A slotted dataclass rather than a pydantic model: the guard builds one per attempt on its
    hot path (see bench/guards.py).
    """

    passed: bool
    mechanism: GuardMechanism
    message: str = ""
    chain: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.passed != (self.mechanism == "all_passed"):
            raise ValueError("passed must be True exactly when mechanism is 'all_passed'")
        if not self.passed and not self.message:
            raise ValueError("a blocked outcome needs a message saying why")

    @property
    def blocked_by(self) -> str | None:
        """The mechanism that refused the delegation, or None when it passed."""
        return None if self.passed else self.mechanism


class LoopRecord(BaseModel):
    """A durable record of one blocked delegation, kept for analytics."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    mechanism: BlockingMechanism
    chain: tuple[str, ...]
    delegator: str = Field(min_length=1)
    delegatee: str = Field(min_length=1)
    task_id: str = Field(min_length=1)
    message: str
    thread_id: str | None = None
    recorded_at: AwareDatetime = Field(default_factory=utc_now)

    @property
    def pair(self) -> tuple[str, str]:
        """The undirected agent pair, sorted."""
        a, b = sorted((self.delegator, self.delegatee))
        return a, b


def blocked_fields(handoff: Handoff, outcome: GuardOutcome) -> dict[str, Any]:
    """What every record of a blocked hand-off says (`LoopRecord`, `BlockedDelegation`): who
    handed which task to whom, the rule that refused it, its message and the chain."""
    return {
        "delegator": handoff.delegator,
        "delegatee": handoff.delegatee,
        "task_id": handoff.task_id,
        "mechanism": outcome.mechanism,
        "message": outcome.message,
        "chain": outcome.chain,
    }


def loop_record(
    handoff: Handoff,
    outcome: GuardOutcome,
    thread_id: str | None,
    recorded_at: datetime | None = None,
) -> LoopRecord:
    """The loop record of `handoff`, blocked with `outcome` (its id is the attempt id)."""
    at = recorded_at or utc_now()
    fields = blocked_fields(handoff, outcome)
    return LoopRecord(id=handoff.attempt_id, thread_id=thread_id, recorded_at=at, **fields)
