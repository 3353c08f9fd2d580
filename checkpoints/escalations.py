"""The durable escalation queue: conflicts waiting on a human, decided from any process."""

from __future__ import annotations

import asyncio
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel
from langgraph.types import Command, StateSnapshot
from psycopg import errors
from psycopg.types.json import Jsonb

from langgraph_council.checkpoints.postgres import connect
from langgraph_council.nodes.conflicts import (
    Conflict,
    Escalation,
    EscalationStatus,
    HumanDecision,
    parse_decision,
)
from langgraph_council.nodes.conflicts.models import utc_now

__all__ = [
    "BaseEscalationQueue",
    "EscalationError",
    "EscalationQueue",
    "InMemoryEscalationQueue",
    "aescalation_resume_command",
    "escalation_resume_command",
]

DecisionInput = HumanDecision | Mapping[str, Any]


class EscalationError(ValueError):
    """An escalation cannot take this step; `escalation_id` and `status` say which and why."""

    def __init__(self, message: str, *, escalation_id: str, status: str | None = None) -> None:
        super().__init__(message)
        self.escalation_id = escalation_id
        self.status = status


def _config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}


def _command_from(state: StateSnapshot, thread_id: str, values: Mapping[str, Any]) -> Command[Any]:
    by_escalation = {
        i.value["escalation_id"]: i.id
        for i in state.interrupts
        if isinstance(i.value, Mapping) and i.value.get("escalation_id")
    }
    missing = sorted(set(values) - set(by_escalation))
    if missing:
        raise EscalationError(
            f"thread {thread_id!r} is not waiting on escalation(s) {missing}; waiting on "
            f"{sorted(by_escalation)}",
            escalation_id=missing[0],
        )
    return Command(resume={by_escalation[e]: value for e, value in values.items()})


def escalation_resume_command(
    graph: Pregel[Any, Any], thread_id: str, values: Mapping[str, Any]
) -> Command[Any]:
    """`Command(resume={interrupt_id: value})` answering several escalations of one thread at once.

    Example:
        >>> cmd = escalation_resume_command(graph, "t1", {a_id: a, b_id: b})  # doctest: +SKIP
        >>> graph.invoke(cmd, {"configurable": {"thread_id": "t1"}})  # doctest: +SKIP
    """
    return _command_from(graph.get_state(_config(thread_id)), thread_id, values)


async def aescalation_resume_command(
    graph: Pregel[Any, Any], thread_id: str, values: Mapping[str, Any]
) -> Command[Any]:
    """Async twin of `escalation_resume_command`."""
    return _command_from(await graph.aget_state(_config(thread_id)), thread_id, values)


class BaseEscalationQueue(ABC):
    """Life cycle and resume logic shared by the Postgres and in-memory queues."""

    # -- storage primitives --------------------------------------------------------------

    @abstractmethod
    def open(self, escalation: Escalation) -> Escalation:
        """Store `escalation` as pending unless its id exists; return the stored row.

        Raises:
            EscalationError: Another escalation of the same conflict is pending.
        """

    @abstractmethod
    def get(self, escalation_id: str) -> Escalation:
        """The escalation `escalation_id`; `KeyError` naming it when unknown."""

    @abstractmethod
    def pending(self, *, thread_id: str | None = None) -> list[Escalation]:
        """Pending escalations, oldest first (of one thread if given)."""

    @abstractmethod
    def _close(
        self, escalation_id: str, status: EscalationStatus, decision: HumanDecision | None
    ) -> Escalation | None:
        """Atomically move a pending row to `status`; None when it was not pending."""

    @abstractmethod
    def _overdue(self, now: datetime) -> list[Escalation]:
        """Pending escalations whose deadline is at or before `now`."""

    # -- life cycle ----------------------------------------------------------------------

    def record_decision(self, escalation_id: str, decision: HumanDecision) -> None:
        """Close a still-pending escalation with `decision`; a closed one is left as it is."""
        if decision.decision == "expired":
            self._close(escalation_id, EscalationStatus.EXPIRED, None)
        else:
            self._close(escalation_id, EscalationStatus.DECIDED, decision)

    def cancel(self, escalation_id: str) -> Escalation:
        """Cancel a pending escalation (the thread keeps waiting until resumed otherwise)."""
        closed = self._close(escalation_id, EscalationStatus.CANCELLED, None)
        if closed is None:
            status = self.get(escalation_id).status.value
            raise EscalationError(
                f"escalation {escalation_id!r} is {status}, only pending ones can be cancelled",
                escalation_id=escalation_id,
                status=status,
            )
        return closed

    def _store_decision(self, escalation_id: str, value: DecisionInput) -> Escalation:
        escalation = self.get(escalation_id)
        decision = parse_decision(value, escalation.conflict)
        if decision.decision == "expired":
            raise ValueError(
                "decision must be 'winner' or 'reject'; expiry is expire_overdue's job"
            )
        closed = self._close(escalation_id, EscalationStatus.DECIDED, decision)
        if closed is not None:
            return closed
        current = self.get(escalation_id)
        if current.status is EscalationStatus.DECIDED and current.decision == decision:
            return current  # a retry after a crash between storing and resuming
        raise EscalationError(
            f"escalation {escalation_id!r} is already {current.status.value}; it cannot be decided",
            escalation_id=escalation_id,
            status=current.status.value,
        )

    def _by_thread(self, closed: list[Escalation]) -> dict[str, dict[str, Any]]:
        threads: dict[str, dict[str, Any]] = {}
        for escalation in closed:
            decision = escalation.decision or HumanDecision(
                decision="expired",
                reasoning="no human decided before the deadline",
                decided_by="system:timeout",
            )
            threads.setdefault(escalation.thread_id, {})[escalation.id] = decision.model_dump()
        return threads

    def decide(self, escalation_id: str, decision: DecisionInput, graph: Pregel[Any, Any]) -> Any:
        """Store the decision, then resume its thread on `graph` (any process); returns the output.

        Raises:
            ValueError: The decision is malformed (nothing is stored).
            EscalationError: The escalation is already closed differently.
        """
        return self.decide_many({escalation_id: decision}, graph)[self.get(escalation_id).thread_id]

    def decide_many(
        self, decisions: Mapping[str, DecisionInput], graph: Pregel[Any, Any]
    ) -> dict[str, Any]:
        """Decide several escalations; each thread is resumed once. Returns outputs by thread."""
        checked = [(e, parse_decision(d, self.get(e).conflict)) for e, d in decisions.items()]
        closed = [self._store_decision(e, d) for e, d in checked]
        return {
            thread_id: graph.invoke(
                escalation_resume_command(graph, thread_id, values),
                _config(thread_id),
                durability="sync",
            )
            for thread_id, values in self._by_thread(closed).items()
        }

    def expire_overdue(
        self, graph: Pregel[Any, Any] | None = None, *, now: datetime | None = None
    ) -> list[Escalation]:
        """Expire every overdue pending escalation and, with `graph`, resume its thread.

        The thread then resolves as `escalated_to_human` with no winner.
        """
        moment = now or utc_now()
        expired = [
            closed
            for e in self._overdue(moment)
            if (closed := self._close(e.id, EscalationStatus.EXPIRED, None)) is not None
        ]
        if graph is not None:
            for thread_id, values in self._by_thread(expired).items():
                command = escalation_resume_command(graph, thread_id, values)
                graph.invoke(command, _config(thread_id), durability="sync")
        return expired

    async def adecide(
        self, escalation_id: str, decision: DecisionInput, graph: Pregel[Any, Any]
    ) -> Any:
        """Async twin of `decide` (for graphs on an async checkpointer)."""
        closed = await asyncio.to_thread(self._store_decision, escalation_id, decision)
        values = self._by_thread([closed])[closed.thread_id]
        command = await aescalation_resume_command(graph, closed.thread_id, values)
        return await graph.ainvoke(command, _config(closed.thread_id), durability="sync")

    async def aexpire_overdue(
        self, graph: Pregel[Any, Any], *, now: datetime | None = None
    ) -> list[Escalation]:
        """Async twin of `expire_overdue`."""
        expired = await asyncio.to_thread(self.expire_overdue, None, now=now)
        for thread_id, values in self._by_thread(expired).items():
            command = await aescalation_resume_command(graph, thread_id, values)
            await graph.ainvoke(command, _config(thread_id), durability="sync")
        return expired


class InMemoryEscalationQueue(BaseEscalationQueue):
    """A process-local queue with the same rules as the Postgres one (tests, demos)."""

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
        >>> graph = create_conflict_graph(org, roster, checkpointer=saver, escalations=queue)
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
