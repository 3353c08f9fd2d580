"""Who may resume a thread for an escalation: one caller at a time, and only consistent answers.

Rules shared by every escalation store (see `EscalationStore`):
- a closed row and the value its thread acts on always agree (`matches`);
- a pending escalation whose thread no longer waits on it cannot be decided (nothing is stored);
- resuming is claimed per escalation, in this process by a lock and across processes by the
  store (`EscalationStore._hold`), so two deciders never both resume a thread;
- a `ResumePlan` is what one resume of a thread sends and which rows it settles.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from langgraph.types import Command, StateSnapshot

from langgraph_council.nodes._escalation.models import (
    Escalation,
    EscalationDecision,
    EscalationError,
    EscalationStatus,
    expired_decision,
)
from langgraph_council.nodes._escalation.resume import resume_command

__all__ = [
    "CANCELLED_BY",
    "TIMEOUT_BY",
    "ResumePlan",
    "by_thread",
    "closed_error",
    "describe",
    "local_claim",
    "matches",
    "moved_on_error",
    "resume_value",
]

TIMEOUT_BY = "system:timeout"
CANCELLED_BY = "system:cancelled"

_LOCAL: dict[str, tuple[threading.Lock, int]] = {}
_LOCAL_GUARD = threading.Lock()


@contextmanager
def local_claim(escalation_id: str, timeout_s: float) -> Iterator[None]:
    """Hold this process's lock on `escalation_id` (waiting up to `timeout_s`).

    Raises:
        TimeoutError: Another thread of this process held it for longer.
    """
    with _LOCAL_GUARD:
        lock, users = _LOCAL.get(escalation_id, (threading.Lock(), 0))
        _LOCAL[escalation_id] = (lock, users + 1)
    try:
        if not lock.acquire(timeout=timeout_s):
            raise TimeoutError(f"another caller held the resume of {escalation_id!r}")
        try:
            yield
        finally:
            lock.release()
    finally:
        with _LOCAL_GUARD:
            lock, users = _LOCAL[escalation_id]
            if users == 1:
                del _LOCAL[escalation_id]
            else:
                _LOCAL[escalation_id] = (lock, users - 1)


def resume_value(row: Escalation) -> EscalationDecision:
    """The decision a thread waiting on the closed escalation `row` must act on."""
    if row.status is EscalationStatus.DECIDED and row.decision is not None:
        return row.decision
    if row.status is EscalationStatus.CANCELLED:
        return expired_decision(row.kind, "the escalation was cancelled", CANCELLED_BY)
    return expired_decision(row.kind, "no human decided before the deadline", TIMEOUT_BY)


def matches(row: Escalation, decision: EscalationDecision) -> bool:
    """True when a thread may act on `decision` for the closed escalation `row`."""
    if row.status is EscalationStatus.DECIDED:
        return row.decision == decision
    if row.status is EscalationStatus.CANCELLED:
        return decision.decision == "expired" and decision.decided_by == CANCELLED_BY
    if row.status is EscalationStatus.EXPIRED:
        return decision.decision == "expired" and decision.decided_by != CANCELLED_BY
    return False


def describe(row: Escalation) -> str:
    """`decided (winner ... by human:ann)`-style text for messages."""
    if row.decision is None or row.status is not EscalationStatus.DECIDED:
        return row.status.value
    choice = getattr(row.decision, "winning_agent_id", None) or row.decision.decision
    return f"decided ({choice}, by {row.decision.decided_by})"


def closed_error(row: Escalation) -> EscalationError:
    """Deciding `row` differently from how it was closed."""
    return EscalationError(
        f"escalation {row.id!r} is already {describe(row)}; it cannot be decided differently",
        escalation_id=row.id,
        status=row.status.value,
    )


def moved_on_error(
    row: Escalation, state: StateSnapshot, waiting: dict[str, str]
) -> EscalationError:
    """Deciding a pending escalation whose thread no longer waits on it."""
    if state.created_at is None:
        where = "has no checkpoint in this graph's checkpointer (is it the graph and database "
        where += "that created the escalation?)"
    elif waiting:
        where = f"now waits on escalation(s) {sorted(waiting)} instead"
    else:
        where = "is no longer waiting on it (it finished or was restarted with new input)"
    return EscalationError(
        f"thread {row.thread_id!r} of escalation {row.id!r} {where}; nothing was stored. "
        "Cancel the escalation if it is stale.",
        escalation_id=row.id,
        status=row.status.value,
    )


@dataclass
class ResumePlan:
    """What one resume of a thread does: the command to send, the rows it settles."""

    state: StateSnapshot
    values: dict[str, Any] = field(default_factory=dict)
    closed: list[str] = field(default_factory=list)

    def command(self, thread_id: str) -> Command[Any] | None:
        """The resume command, or None when no waiting escalation is answered."""
        return resume_command(self.state, thread_id, self.values) if self.values else None


def by_thread(rows: Iterable[Escalation]) -> dict[str, list[str]]:
    """Escalation ids grouped by thread, in the order given."""
    threads: dict[str, list[str]] = {}
    for row in rows:
        threads.setdefault(row.thread_id, []).append(row.id)
    return threads
