"""`InMemoryEscalationQueue`: the process-local escalation store, same rules as the Postgres one."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime

from langgraph_council.nodes._escalation.models import (
    Escalation,
    EscalationDecision,
    EscalationError,
    EscalationKind,
    EscalationStatus,
)
from langgraph_council.nodes._escalation.store import EscalationStore

__all__ = ["InMemoryEscalationQueue", "duplicate_error"]


def duplicate_error(escalation: Escalation, other_id: str, other_thread: str) -> EscalationError:
    """Opening a second pending escalation for the same conflict."""
    return EscalationError(
        f"conflict {escalation.conflict_id!r} already has pending escalation {other_id!r} "
        f"(thread {other_thread!r}); decide or cancel it first",
        escalation_id=escalation.id,
        status="pending",
    )


class InMemoryEscalationQueue(EscalationStore):
    """A process-local queue with the same rules as the Postgres one (tests, demos).

    Example:
        >>> queue = InMemoryEscalationQueue()
        >>> queue.pending()
        []
    """

    def __init__(self) -> None:
        self._rows: dict[str, Escalation] = {}
        self._lock = threading.Lock()

    def open(self, escalation: Escalation) -> Escalation:
        """Store `escalation` as pending unless its id exists; return the stored row."""
        with self._lock:
            if escalation.id in self._rows:
                return self._rows[escalation.id]
            for row in self._rows.values():
                if (
                    escalation.conflict_id is not None
                    and row.conflict_id == escalation.conflict_id
                    and row.status is EscalationStatus.PENDING
                ):
                    raise duplicate_error(escalation, row.id, row.thread_id)
            stored = escalation.model_copy(update={"status": EscalationStatus.PENDING})
            self._rows[escalation.id] = stored
            return stored

    def get(self, escalation_id: str) -> Escalation:
        """The escalation `escalation_id`; `KeyError` naming it when unknown."""
        with self._lock:
            if escalation_id not in self._rows:
                raise KeyError(f"no escalation {escalation_id!r}")
            return self._rows[escalation_id]

    def pending(
        self, *, thread_id: str | None = None, kind: EscalationKind | None = None
    ) -> list[Escalation]:
        """Pending escalations, oldest first (of one thread or kind if given)."""
        with self._lock:
            rows = [
                r
                for r in self._rows.values()
                if r.status is EscalationStatus.PENDING
                and thread_id in (None, r.thread_id)
                and kind in (None, r.kind)
            ]
        return sorted(rows, key=lambda r: (r.created_at, r.id))

    def _close(
        self,
        escalation_id: str,
        status: EscalationStatus,
        decision: EscalationDecision | None,
        *,
        resumed: bool = False,
    ) -> Escalation | None:
        now = datetime.now(UTC)
        with self._lock:
            row = self._rows.get(escalation_id)
            if row is None:
                raise KeyError(f"no escalation {escalation_id!r}")
            if row.status is not EscalationStatus.PENDING:
                return None
            closed = row.model_copy(
                update={
                    "status": status,
                    "decision": decision if status is EscalationStatus.DECIDED else None,
                    "closed_at": now,
                    "resumed_at": now if resumed else None,
                }
            )
            self._rows[escalation_id] = closed
            return closed

    def _overdue(self, now: datetime) -> list[Escalation]:
        return [e for e in self.pending() if e.expires_at is not None and e.expires_at <= now]

    def _unresumed(self) -> list[Escalation]:
        with self._lock:
            rows = [
                r
                for r in self._rows.values()
                if r.status is not EscalationStatus.PENDING and r.resumed_at is None
            ]
        return sorted(rows, key=lambda r: (r.closed_at or r.created_at, r.id))

    def _mark_resumed(self, escalation_ids: Sequence[str]) -> None:
        now = datetime.now(UTC)
        with self._lock:
            for escalation_id in escalation_ids:
                row = self._rows[escalation_id]
                if row.resumed_at is None and row.status is not EscalationStatus.PENDING:
                    self._rows[escalation_id] = row.model_copy(update={"resumed_at": now})

    def _hold(self, escalation_id: str) -> AbstractContextManager[None]:
        return nullcontext()  # one process: the per-escalation lock of `EscalationStore` suffices
