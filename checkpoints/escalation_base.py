"""Escalation life cycle and resume logic shared by the Postgres and in-memory queues."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.pregel import Pregel
from langgraph.types import Command, StateSnapshot

from langgraph_council.checkpoints.recovery import interrupted_threads
from langgraph_council.nodes.conflicts import (
    Escalation,
    EscalationStatus,
    HumanDecision,
    parse_decision,
)
from langgraph_council.nodes.conflicts.models import utc_now

__all__ = [
    "BaseEscalationQueue",
    "DecisionInput",
    "EscalationError",
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


def _closed_error(escalation: Escalation) -> EscalationError:
    status = escalation.status.value
    return EscalationError(
        f"escalation {escalation.id!r} is already {status}; it cannot be decided",
        escalation_id=escalation.id,
        status=status,
    )


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

    def _check_decision(self, escalation_id: str, value: DecisionInput) -> HumanDecision:
        escalation = self.get(escalation_id)
        decision = parse_decision(value, escalation.conflict)
        if decision.decision == "expired":
            raise ValueError(
                "decision must be 'winner' or 'reject'; expiry is expire_overdue's job"
            )
        if escalation.status is EscalationStatus.PENDING or escalation.decision == decision:
            return decision  # pending, or a retry after a crash between storing and resuming
        raise _closed_error(escalation)

    def _store_decision(self, escalation_id: str, value: DecisionInput) -> Escalation:
        decision = self._check_decision(escalation_id, value)
        closed = self._close(escalation_id, EscalationStatus.DECIDED, decision)
        if closed is not None:
            return closed
        current = self.get(escalation_id)
        if current.status is EscalationStatus.DECIDED and current.decision == decision:
            return current  # a retry after a crash between storing and resuming
        raise _closed_error(current)

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
        """Decide several escalations; each thread is resumed once. Returns outputs by thread.

        Every decision is checked before any is stored.
        """
        checked = [(e, self._check_decision(e, d)) for e, d in decisions.items()]
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

        The thread then resolves as `escalated_to_human` with no winner. Without `graph`, only
        the rows change; `resume_closed(graph)` resumes the waiting threads later.
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

    def resume_closed(self, graph: Pregel[Any, Any]) -> dict[str, Any]:
        """Resume threads still waiting on escalations that are already decided or expired.

        This finishes the work after a crash between storing a decision and resuming, or after
        `expire_overdue()` ran without a graph. Returns the outputs by thread.
        """
        checkpointer = graph.checkpointer
        if not isinstance(checkpointer, BaseCheckpointSaver):
            raise ValueError("resume_closed needs the graph compiled with its checkpointer")
        outputs: dict[str, Any] = {}
        for waiting in interrupted_threads(checkpointer):
            closed = [
                escalation
                for interrupt in waiting.interrupts
                if isinstance(interrupt.value, Mapping)
                and (escalation := self._find(interrupt.value.get("escalation_id"))) is not None
                and escalation.status in (EscalationStatus.DECIDED, EscalationStatus.EXPIRED)
            ]
            if closed:
                values = self._by_thread(closed)[waiting.thread_id]
                command = escalation_resume_command(graph, waiting.thread_id, values)
                outputs[waiting.thread_id] = graph.invoke(
                    command, _config(waiting.thread_id), durability="sync"
                )
        return outputs

    def _find(self, escalation_id: object) -> Escalation | None:
        if not isinstance(escalation_id, str):
            return None
        try:
            return self.get(escalation_id)
        except KeyError:
            return None

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
