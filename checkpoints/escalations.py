"""The durable escalation queue: conflicts waiting on a human, decided from any process."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from psycopg import errors
from psycopg.types.json import Jsonb

from langgraph_council.checkpoints.escalation_base import BaseEscalationQueue, EscalationError
from langgraph_council.checkpoints.postgres import connect
from langgraph_council.nodes.conflicts import (
    Conflict,
    Escalation,
    EscalationStatus,
    HumanDecision,
)
from langgraph_council.nodes.conflicts.models import utc_now

__all__ = ["EscalationQueue", "InMemoryEscalationQueue"]


class InMemoryEscalationQueue(BaseEscalationQueue):
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
                if row.conflict_id == escalation.conflict_id and row.status == "pending":
                    raise _duplicate(escalation, row.id, row.thread_id)
            stored = escalation.model_copy(update={"status": EscalationStatus.PENDING})
            self._rows[escalation.id] = stored
            return stored

    def get(self, escalation_id: str) -> Escalation:
        """The escalation `escalation_id`; `KeyError` naming it when unknown."""
        with self._lock:
            if escalation_id not in self._rows:
                raise KeyError(f"no escalation {escalation_id!r}")
            return self._rows[escalation_id]

    def pending(self, *, thread_id: str | None = None) -> list[Escalation]:
        """Pending escalations, oldest first (of one thread if given)."""
        with self._lock:
            rows = [
                r
                for r in self._rows.values()
                if r.status is EscalationStatus.PENDING and thread_id in (None, r.thread_id)
            ]
        return sorted(rows, key=lambda r: (r.created_at, r.id))

    def _close(
        self, escalation_id: str, status: EscalationStatus, decision: HumanDecision | None
    ) -> Escalation | None:
        with self._lock:
            row = self._rows.get(escalation_id)
            if row is None:
                raise KeyError(f"no escalation {escalation_id!r}")
            if row.status is not EscalationStatus.PENDING:
                return None
            closed = row.model_copy(
                update={"status": status, "decision": decision, "closed_at": utc_now()}
            )
            self._rows[escalation_id] = closed
            return closed

    def _overdue(self, now: datetime) -> list[Escalation]:
        return [e for e in self.pending() if e.expires_at is not None and e.expires_at <= now]


def _duplicate(escalation: Escalation, other_id: str, other_thread: str) -> EscalationError:
    return EscalationError(
        f"conflict {escalation.conflict_id!r} already has pending escalation {other_id!r} "
        f"(thread {other_thread!r}); decide or cancel it first",
        escalation_id=escalation.id,
        status="pending",
    )


_COLUMNS = (
    "id, thread_id, conflict_id, conflict, strategy, analysis, status, created_at, "
    "expires_at, decision, decided_by, decided_at, closed_at"
)


def _row_to_escalation(row: Mapping[str, Any]) -> Escalation:
    return Escalation(
        id=row["id"],
        thread_id=row["thread_id"],
        conflict=Conflict.model_validate(row["conflict"]),
        strategy=row["strategy"],
        analysis=row["analysis"],
        status=EscalationStatus(row["status"]),
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        decision=None if row["decision"] is None else HumanDecision.model_validate(row["decision"]),
        closed_at=row["closed_at"],
    )


class EscalationQueue(BaseEscalationQueue):
    """The Postgres escalation queue (table `council_escalations`, see the migrations).

    Pending rows move to exactly one of decided, expired or cancelled; CHECK constraints and a
    partial unique index (one pending row per conflict) make other shapes impossible.

    Example:
        >>> queue = EscalationQueue(uri)  # doctest: +SKIP
        >>> graph = create_conflict_graph(org, escalations=queue, checkpointer=s)  # doctest: +SKIP
        >>> queue.decide(queue.pending()[0].id, {"decision": "reject", "reasoning": "neither",
        ...              "decided_by": "human:ann"}, graph)  # doctest: +SKIP
    """

    def __init__(self, uri: str, *, prepare_threshold: int | None = 0) -> None:
        self._uri = uri
        self._prepare_threshold = prepare_threshold

    def _fetch(self, query: str, params: tuple[Any, ...] = ()) -> list[Escalation]:
        with connect(self._uri, prepare_threshold=self._prepare_threshold) as conn:
            return [_row_to_escalation(r) for r in conn.execute(query, params).fetchall()]

    def open(self, escalation: Escalation) -> Escalation:
        """Store `escalation` as pending unless its id exists; return the stored row."""
        insert = (
            "INSERT INTO council_escalations (id, thread_id, conflict_id, conflict, strategy, "
            "analysis, status, created_at, expires_at) VALUES (%s, %s, %s, %s, %s, %s, "
            "'pending', %s, %s) ON CONFLICT (id) DO NOTHING"
        )
        params = (
            escalation.id,
            escalation.thread_id,
            escalation.conflict_id,
            Jsonb(escalation.conflict.model_dump(mode="json")),
            escalation.strategy,
            escalation.analysis,
            escalation.created_at,
            escalation.expires_at,
        )
        with connect(self._uri, prepare_threshold=self._prepare_threshold) as conn:
            try:
                conn.execute(insert, params)
            except errors.UniqueViolation:
                other = conn.execute(
                    "SELECT id, thread_id FROM council_escalations "
                    "WHERE conflict_id = %s AND status = 'pending'",
                    (escalation.conflict_id,),
                ).fetchone()
                raise _duplicate(
                    escalation, str(other and other["id"]), str(other and other["thread_id"])
                ) from None
        return self.get(escalation.id)

    def get(self, escalation_id: str) -> Escalation:
        """The escalation `escalation_id`; `KeyError` naming it when unknown."""
        rows = self._fetch(
            f"SELECT {_COLUMNS} FROM council_escalations WHERE id = %s", (escalation_id,)
        )
        if not rows:
            raise KeyError(f"no escalation {escalation_id!r}")
        return rows[0]

    def pending(self, *, thread_id: str | None = None) -> list[Escalation]:
        """Pending escalations, oldest first (of one thread if given)."""
        return self._fetch(
            f"SELECT {_COLUMNS} FROM council_escalations WHERE status = 'pending' "
            "AND (%s::text IS NULL OR thread_id = %s) ORDER BY created_at, id",
            (thread_id, thread_id),
        )

    def _close(
        self, escalation_id: str, status: EscalationStatus, decision: HumanDecision | None
    ) -> Escalation | None:
        decided = status is EscalationStatus.DECIDED and decision is not None
        rows = self._fetch(
            "UPDATE council_escalations SET status = %s, decision = %s, decided_by = %s, "
            "decided_at = CASE WHEN %s THEN now() END, closed_at = now() "
            f"WHERE id = %s AND status = 'pending' RETURNING {_COLUMNS}",
            (
                status.value,
                Jsonb(decision.model_dump(mode="json")) if decided and decision else None,
                decision.decided_by if decided and decision else None,
                decided,
                escalation_id,
            ),
        )
        if not rows:
            self.get(escalation_id)  # KeyError for an unknown id
            return None
        return rows[0]

    def _overdue(self, now: datetime) -> list[Escalation]:
        return self._fetch(
            f"SELECT {_COLUMNS} FROM council_escalations WHERE status = 'pending' "
            "AND expires_at <= %s ORDER BY expires_at, id",
            (now,),
        )
