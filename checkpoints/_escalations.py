"""The durable escalation queue: escalations of every kind waiting on a human, from any process."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from psycopg import errors
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints._connections import ConnOrPool, advisory_lock
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.nodes._escalation.memory import InMemoryEscalationQueue, duplicate_error
from langgraph_council.nodes._escalation.models import (
    Escalation,
    EscalationDecision,
    EscalationKind,
    EscalationStatus,
)
from langgraph_council.nodes._escalation.store import EscalationStore

__all__ = ["EscalationQueue", "InMemoryEscalationQueue"]

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


class EscalationQueue(BasePostgresStore, EscalationStore):
    """The Postgres escalation queue (table `council_escalations`, see the migrations).

    Pending rows move to exactly one of decided, expired or cancelled; CHECK constraints, a
    trigger and a partial unique index (one pending row per conflict) make other shapes
    impossible. The resume of a thread is claimed with a session advisory lock per escalation,
    so two processes deciding at once never both resume it (use a direct connection or session
    pooling: transaction poolers do not keep session locks). With a pool, a claim borrows one
    connection for the length of the resume: give the pool at least two.

    Example:
        >>> with EscalationQueue.from_conn_string(uri) as queue:  # doctest: +SKIP
        ...     graph = create_conflict_graph(org, escalations=queue, checkpointer=saver)
        ...     queue.decide(queue.pending()[0].id, {"decision": "reject", "reasoning": "no",
        ...                  "decided_by": "human:ann"}, graph)
    """

    schema_name = "council_escalations table"

    def __init__(self, conn: ConnOrPool, *, claim_timeout_seconds: float = 300.0) -> None:
        super().__init__(conn)
        if not claim_timeout_seconds > 0:
            raise ValueError(f"claim_timeout_seconds must be > 0, got {claim_timeout_seconds}")
        self.claim_timeout_seconds = float(claim_timeout_seconds)

    def _fetch(
        self, query: str, params: Mapping[str, Any] | Sequence[Any] = ()
    ) -> list[Escalation]:
        with self._connection() as conn:
            return [_row_to_escalation(r) for r in conn.execute(query, params).fetchall()]

    def open(self, escalation: Escalation) -> Escalation:
        """Store `escalation` as pending unless its id exists; return the stored row."""
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
        """The escalation `escalation_id`; `KeyError` naming it when unknown."""
        rows = self._fetch(
            f"SELECT {_COLUMNS} FROM council_escalations WHERE id = %s", (escalation_id,)
        )
        if not rows:
            raise KeyError(f"no escalation {escalation_id!r}")
        return rows[0]

    def pending(
        self, *, thread_id: str | None = None, kind: EscalationKind | None = None
    ) -> list[Escalation]:
        """Pending escalations, oldest first (of one thread or kind if given)."""
        return self._fetch(
            f"SELECT {_COLUMNS} FROM council_escalations WHERE status = 'pending' "
            "AND (%(thread)s::text IS NULL OR thread_id = %(thread)s) "
            "AND (%(kind)s::text IS NULL OR kind = %(kind)s) ORDER BY created_at, id",
            {"thread": thread_id, "kind": kind},
        )

    def _close(
        self,
        escalation_id: str,
        status: EscalationStatus,
        decision: EscalationDecision | None,
        *,
        resumed: bool = False,
    ) -> Escalation | None:
        decided = status is EscalationStatus.DECIDED and decision is not None
        rows = self._fetch(
            _CLOSE,
            {
                "status": status.value,
                "decision": Jsonb(decision.model_dump(mode="json"))
                if decided and decision
                else None,
                "decided_by": decision.decided_by if decided and decision else None,
                "decided": decided,
                "resumed": resumed,
                "id": escalation_id,
            },
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

    def _unresumed(self) -> list[Escalation]:
        return self._fetch(
            f"SELECT {_COLUMNS} FROM council_escalations WHERE resumed_at IS NULL "
            "AND status <> 'pending' ORDER BY closed_at, id"
        )

    def _mark_resumed(self, escalation_ids: Sequence[str]) -> None:
        if not escalation_ids:
            return
        with self._connection() as conn:
            conn.execute(
                "UPDATE council_escalations SET resumed_at = greatest(now(), closed_at) "
                "WHERE id = ANY(%s) AND resumed_at IS NULL AND status <> 'pending'",
                (list(escalation_ids),),
            )

    @contextmanager
    def _hold(self, escalation_id: str) -> Iterator[None]:
        key, what = _lock_key(escalation_id), f"resume of escalation {escalation_id!r}"
        if isinstance(self._conn, ConnectionPool):
            with (
                self._conn.connection() as conn,
                advisory_lock(conn, key, self.claim_timeout_seconds, what=what),
            ):
                yield
        else:
            with self._lock:
                conn = self._revived()
            with advisory_lock(conn, key, self.claim_timeout_seconds, what=what, mutex=self._lock):
                yield
