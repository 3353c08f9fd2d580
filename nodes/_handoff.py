"""What a guard reads about one hand-off, and the names of the guard's checks (both families)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

__all__ = ["BLOCKING_MECHANISMS", "BlockingMechanism", "GuardMechanism", "Handoff"]

BlockingMechanism = Literal[
    "authority", "ancestry", "max_depth", "dedup", "rate_limit", "circuit_breaker"
]
"""The check that refused a delegation attempt."""

GuardMechanism = Literal[BlockingMechanism, "all_passed"]
"""Which check decided a delegation attempt; `all_passed` when none blocked it."""

BLOCKING_MECHANISMS: tuple[str, ...] = get_args(BlockingMechanism)


@dataclass(frozen=True, slots=True)
class Handoff:
    """One hand-off as the loop guard sees it, built by the family that makes it.

    `chain` lists the task's prior delegators, oldest first, without `delegator`; `attempt_id`
    is stable across re-runs of the node (the guard replays its first verdict) and is the id of
    the loop record kept when the hand-off is blocked.
    """

    delegator: str
    delegatee: str
    task_id: str
    chain: tuple[str, ...]
    attempt_id: str
