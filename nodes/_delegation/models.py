"""Delegation domain models: hand-off records, results and the run's tunables."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from langgraph_council.nodes._context import register_section
from langgraph_council.nodes._escalation.models import DEFAULT_TIMEOUT_SECONDS
from langgraph_council.nodes._handoff import BlockingMechanism

__all__ = [
    "BlockedDelegation",
    "DelegationConfig",
    "DelegationRecord",
    "DelegationResult",
    "DelegationStatus",
    "utc_now",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


def utc_now() -> datetime:
    """The current wall-clock time, timezone-aware (UTC)."""
    return datetime.now(UTC)


class DelegationRecord(BaseModel):
    """Audit-trail entry for a hand-off the guard let through."""

    model_config = _FROZEN

    delegation_id: str = Field(min_length=1)
    delegator: str
    delegatee: str
    task_id: str
    refinement: str
    chain: tuple[str, ...]
    timestamp: AwareDatetime = Field(default_factory=utc_now)


class BlockedDelegation(BaseModel):
    """A hand-off the guard refused, what the sender was told, and who got the case."""

    model_config = _FROZEN

    attempt_id: str
    delegator: str
    delegatee: str
    task_id: str
    mechanism: BlockingMechanism
    message: str
    chain: tuple[str, ...]
    notice: str
    escalated_to: str
    timestamp: AwareDatetime = Field(default_factory=utc_now)


DelegationStatus = Literal[
    "answered", "handoff_limit", "round_limit", "step_limit", "escalation_expired", "agent_failed"
]
"""How a run ended; `escalation_expired`: a human escalation closed without an answer;
`round_limit`: twice `max_delegation_rounds` hand-offs (the hard stop); `agent_failed`: an
agent's call failed (the model raised, the server refused, it ran past its time limit), the
reason in the result's `warnings`."""


class DelegationResult(BaseModel):
    """What a delegation run produced: the answer and who gave it."""

    model_config = _FROZEN

    task_id: str
    status: DelegationStatus
    answer: str | None
    answered_by: str | None
    handoff_attempts: int
    delegations: int
    blocked: int
    tokens_used: int
    warnings: tuple[str, ...] = ()


class DelegationConfig(BaseModel):
    """Per-run tunables of the delegation graph (its `context_schema`).

    `max_handoffs` bounds hand-off attempts per run, delivered or blocked; reaching it ends the
    run with status `handoff_limit`. `enforce_chain_of_command=False` lets peers hand off to
    each other (swarm style); the loop checks still apply. `allow_skip_level` (off by default,
    as in the reference design) lets a manager hand work to any agent below it rather than only
    to its direct reports. `human_timeout_seconds` is the deadline of a human escalation at the
    top of the hierarchy (24 h by default; None, only when asked for, means no deadline),
    after which `EscalationQueue.expire_overdue` (or its sweeper, `run_expiry`) ends the run
    with status `escalation_expired`. `max_tokens_per_turn` caps each agent reply (an answer
    or a hand-off); a reply cut at it is flagged in the result's `warnings`.
    `max_delegation_rounds` (off by default) is a soft cap
    on hand-offs per run: at it, the agent on turn is told to finish the work itself, a run
    past it ends with a warning on its result, and at twice it the run stops (`round_limit`).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_handoffs: int = Field(default=10, gt=0, strict=True)
    max_delegation_rounds: int | None = Field(default=None, gt=0, strict=True)
    max_tokens_per_turn: int = Field(default=1024, gt=0, strict=True)
    enforce_chain_of_command: bool = True
    allow_skip_level: bool = False
    human_timeout_seconds: float | None = Field(
        default=DEFAULT_TIMEOUT_SECONDS, gt=0, le=366 * 24 * 3600
    )


register_section("delegation", DelegationConfig)
