"""Who may resume a thread for an escalation: one caller at a time, and only consistent answers.

- a pending escalation whose thread no longer waits on it cannot be decided (nothing is stored);
- resuming is claimed per escalation, in this process by a lock and across processes by the
  store (`EscalationStore.hold`), so two deciders never both resume a thread;
- a `ResumePlan` is what one resume of a thread sends and which rows it settles.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any

from langgraph.types import Command, StateSnapshot

from langgraph_council.checkpoints._runner.commands import resume_command
from langgraph_council.nodes._escalation.models import Escalation, EscalationError
from langgraph_council.nodes._escalation.store import EscalationStore

__all__ = ["ResumePlan", "by_thread", "claim", "local_claim", "moved_on_error"]

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


def claim(store: EscalationStore, escalation_ids: Iterable[str], timeout_s: float) -> ExitStack:
    """Claim the resume of every escalation, in id order; close the stack to release them.

    Raises:
        EscalationError: Another caller held one of them for over `timeout_s`.
    """
    ids = sorted(set(escalation_ids))
    stack = ExitStack()
    try:
        for escalation_id in ids:
            stack.enter_context(local_claim(escalation_id, timeout_s))
            stack.enter_context(store.hold(escalation_id, timeout_s))
    except TimeoutError:
        stack.close()
        raise EscalationError(
            f"escalation(s) {ids} are being resumed by another caller for over "
            f"{timeout_s:.0f} s; try again later",
            escalation_id=ids[0],
        ) from None
    return stack


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
