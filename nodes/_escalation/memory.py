"""`InMemoryEscalationStore`: process-local escalation rows, same rules as the Postgres store."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime

from langgraph_council.nodes._escalation.models import Escalation, EscalationError, EscalationStatus
from langgraph_council.nodes._escalation.store import CloseRequest, EscalationQuery, EscalationStore

__all__ = ["InMemoryEscalationStore", "duplicate_error"]


def duplicate_error(escalation: Escalation, other_id: str, other_thread: str) -> EscalationError:
    """Opening a second pending escalation for the same conflict."""
    return EscalationError(
        f"conflict {escalation.conflict_id!r} already has pending escalation {other_id!r} "
        f"(thread {other_thread!r}); decide or cancel it first",
        escalation_id=escalation.id,
        status="pending",
    )


class InMemoryEscalationStore(EscalationStore):
    """Process-local rows with the same rules as the Postgres store (tests, demos)."""

    def __init__(self) -> None:
        self._rows: dict[str, Escalation] = {}
        self._lock = threading.Lock()

    def put(self, escalation: Escalation) -> Escalation:
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
        with self._lock:
            if escalation_id not in self._rows:
                raise KeyError(f"no escalation {escalation_id!r}")
            return self._rows[escalation_id]

    def _list(self, query: EscalationQuery) -> list[Escalation]:
        with self._lock:
            rows = [r for r in self._rows.values() if query.admits(r)]
        return sorted(rows, key=lambda r: (r.created_at, r.id))

    def _close(self, request: CloseRequest) -> Escalation | None:
        now = datetime.now(UTC)
        with self._lock:
            row = self._rows.get(request.escalation_id)
            if row is None:
                raise KeyError(f"no escalation {request.escalation_id!r}")
            if row.status is not EscalationStatus.PENDING:
                return None
            closed = row.model_copy(
                update={
                    "status": request.status,
                    "decision": request.kept_decision,
                    "closed_at": now,
                    "resumed_at": now if request.resumed else None,
                }
            )
            self._rows[request.escalation_id] = closed
            return closed

    def mark_resumed(self, escalation_ids: Sequence[str]) -> None:
        now = datetime.now(UTC)
        with self._lock:
            for escalation_id in escalation_ids:
                row = self._rows[escalation_id]
                if row.resumed_at is None and row.status is not EscalationStatus.PENDING:
                    self._rows[escalation_id] = row.model_copy(update={"resumed_at": now})

    def hold(self, escalation_id: str, timeout_seconds: float) -> AbstractContextManager[None]:
        """One process: the queue's per-escalation lock suffices."""
        return nullcontext()
