"""The Postgres escalation store: rows of every kind waiting on a human, shared by processes."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from psycopg import errors
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints._connections import advisory_lock
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.nodes._escalation.memory import duplicate_error
from langgraph_council.nodes._escalation.models import Escalation
from langgraph_council.nodes._escalation.store import CloseRequest, EscalationQuery, EscalationStore

__all__ = ["PostgresEscalationStore"]

_COLUMNS = (
    "id, thread_id, kind, subject, summary, options, details, conflict, strategy, analysis, "
    "status, created_at, expires_at, decision, closed_at, resumed_at"
)
_INSERT = (
    "INSERT INTO council_escalations (id, thread_id, kind, subject, summary, options, details, "
    "conflict_id, conflict, strategy, analysis, status, created_at, expires_at) VALUES (%s, %s, "
    "%s, %s, %s, %s, %s, %s, %s, %s, %s, 'pending', %s, %s) ON CONFLICT (id) DO NOTHING"
)
_CLOSE = (
    "UPDATE council_escalations SET status = %(status)s, decision = %(decision)s, "
    "decided_by = %(decided_by)s, decided_at = CASE WHEN %(decided)s THEN now() END, "
    "closed_at = now(), resumed_at = CASE WHEN %(resumed)s THEN now() END "
    f"WHERE id = %(id)s AND status = 'pending' RETURNING {_COLUMNS}"
)
_LIST = (
    f"SELECT {_COLUMNS} FROM council_escalations WHERE "
    "(%(status)s::text[] IS NULL OR status = ANY(%(status)s)) "
    "AND (%(thread)s::text IS NULL OR thread_id = %(thread)s) "
    "AND (%(kind)s::text IS NULL OR kind = %(kind)s) "
    "AND (%(due)s::timestamptz IS NULL OR expires_at <= %(due)s) "
    "AND (%(resumed)s::boolean IS NULL OR (resumed_at IS NOT NULL) = %(resumed)s) "
    "ORDER BY created_at, id"
)
_LOCK_CLASS = b"council-escalation-resume\x1f"


def _lock_key(escalation_id: str) -> int:
    """A 64-bit advisory lock key for the resume of one escalation."""
    digest = hashlib.blake2b(_LOCK_CLASS + escalation_id.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _row_to_escalation(row: Mapping[str, Any]) -> Escalation:
    return Escalation.model_validate(
        {**row, "options": tuple(row["options"]), "details": row["details"] or {}}
    )


def _insert_params(escalation: Escalation) -> tuple[Any, ...]:
    conflict = escalation.conflict
    return (
        escalation.id,
        escalation.thread_id,
        escalation.kind,
        escalation.subject,
        escalation.summary,
        Jsonb(list(escalation.options)),
        Jsonb(escalation.details),
        escalation.conflict_id,
        None if conflict is None else Jsonb(conflict.model_dump(mode="json")),
        escalation.strategy,
        escalation.analysis,
        escalation.created_at,
        escalation.expires_at,
    )


class PostgresEscalationStore(BasePostgresStore, EscalationStore):
    """Escalation rows in Postgres (table `council_escalations`, see the migrations).

    Pending rows move to exactly one of decided, expired or cancelled; CHECK constraints, a
    trigger and a partial unique index (one pending row per conflict) make other shapes
    impossible. `hold` is a session advisory lock per escalation, so two processes never both
    resume its thread (use a direct connection or session pooling: transaction poolers do not
    keep session locks). With a pool, a hold borrows one connection: give the pool at least two.
    Users reach it through `EscalationQueue(conn)` or `EscalationQueue.from_conn_string(uri)`.
    """

    schema_name = "council_escalations table"

    def _fetch(
        self, query: str, params: Mapping[str, Any] | Sequence[Any] = ()
    ) -> list[Escalation]:
        with self._connection() as conn:
            return [_row_to_escalation(r) for r in conn.execute(query, params).fetchall()]

    def put(self, escalation: Escalation) -> Escalation:
        with self._connection() as conn:
            try:
                conn.execute(_INSERT, _insert_params(escalation))
            except errors.UniqueViolation:
                other = conn.execute(
                    "SELECT id, thread_id FROM council_escalations "
                    "WHERE conflict_id = %s AND status = 'pending'",
                    (escalation.conflict_id,),
                ).fetchone()
                raise duplicate_error(
                    escalation, str(other and other["id"]), str(other and other["thread_id"])
                ) from None
        return self.get(escalation.id)

    def get(self, escalation_id: str) -> Escalation:
        rows = self._read(
            f"SELECT {_COLUMNS} FROM council_escalations WHERE id = %s", (escalation_id,)
        )
        if not rows:
            raise KeyError(f"no escalation {escalation_id!r}")
        return _row_to_escalation(rows[0])

    def _list(self, query: EscalationQuery) -> list[Escalation]:
        wanted = query.statuses
        rows = self._read(
            _LIST,
            {
                "status": None if wanted is None else sorted(s.value for s in wanted),
                "thread": query.thread_id,
                "kind": query.kind,
                "due": query.expires_by,
                "resumed": query.resumed,
            },
        )
        return [_row_to_escalation(r) for r in rows]

    def _close(self, request: CloseRequest) -> Escalation | None:
        decision = request.kept_decision
        rows = self._fetch(
            _CLOSE,
            {
                "status": request.status.value,
                "decision": None if decision is None else Jsonb(decision.model_dump(mode="json")),
                "decided_by": None if decision is None else decision.decided_by,
                "decided": decision is not None,
                "resumed": request.resumed,
                "id": request.escalation_id,
            },
        )
        if not rows:
            self.get(request.escalation_id)  # KeyError for an unknown id
            return None
        return rows[0]

    def mark_resumed(self, escalation_ids: Sequence[str]) -> None:
        if not escalation_ids:
            return
        with self._connection() as conn:
            conn.execute(
                "UPDATE council_escalations SET resumed_at = greatest(now(), closed_at) "
                "WHERE id = ANY(%s) AND resumed_at IS NULL AND status <> 'pending'",
                (list(escalation_ids),),
            )

    @contextmanager
    def hold(self, escalation_id: str, timeout_seconds: float) -> Iterator[None]:
        """Hold the session advisory lock of `escalation_id` (`TimeoutError` after the wait)."""
        key, what = _lock_key(escalation_id), f"resume of escalation {escalation_id!r}"
        if isinstance(self._conn, ConnectionPool):
            with (
                self._conn.connection() as conn,
                advisory_lock(conn, key, timeout_seconds, what=what),
            ):
                yield
        else:
            with self._lock:
                conn = self._revived()
            with advisory_lock(conn, key, timeout_seconds, what=what, mutex=self._lock):
                yield
