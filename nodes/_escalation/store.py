"""`EscalationStore`: the one abstraction over where escalations live and how they resume.

Like LangGraph's `BaseStore`, an abstract base: implementations give the storage primitives
(`InMemoryEscalationQueue` here, `EscalationQueue` on Postgres in `langgraph_council.checkpoints`)
and inherit the life cycle: the graph side (`open`, `settle`, `give_up`, called by the nodes of
`nodes._escalation.flow`) and the queue side (`decide`, `expire_overdue`, `cancel`,
`resume_closed`), which stores a decision and resumes the waiting thread from any process.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack
from datetime import UTC, datetime
from typing import Any

from langgraph.pregel import Pregel
from langgraph.types import StateSnapshot

from langgraph_council.nodes._escalation import sweeper
from langgraph_council.nodes._escalation.claims import (
    ResumePlan,
    by_thread,
    closed_error,
    describe,
    local_claim,
    matches,
    moved_on_error,
    resume_value,
)
from langgraph_council.nodes._escalation.models import (
    Escalation,
    EscalationDecision,
    EscalationError,
    EscalationKind,
    EscalationStatus,
    expired_decision,
    parse_decision,
)
from langgraph_council.nodes._escalation.resume import (
    current_output,
    thread_config,
    waiting_escalations,
)

__all__ = ["DecisionInput", "EscalationStore", "check_escalation_store"]

DecisionInput = EscalationDecision | Mapping[str, Any] | str
FORGED_EXPIRY = (
    "decision 'expired' is set only by EscalationQueue.expire_overdue (or cancel); "
    "a human answers with a decision of the escalation's kind"
)


class EscalationStore(ABC):
    """Escalations of every kind: pending rows, their decisions and the resumes of their threads.

    Pending rows move to exactly one of decided, expired or cancelled. Exactly one caller
    resumes a thread for an escalation: `decide` claims the resume (in this process and, on
    Postgres, in the database); a second caller with the same decision gets the thread's
    values once the first is done, one with another decision an `EscalationError`.
    """

    claim_timeout_seconds: float = 300.0
    """How long `decide` waits while another caller resumes the same escalation."""

    # -- storage primitives -----------------------------------------------------------------

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
    def pending(
        self, *, thread_id: str | None = None, kind: EscalationKind | None = None
    ) -> list[Escalation]:
        """Pending escalations, oldest first (of one thread or kind if given)."""

    @abstractmethod
    def _close(
        self,
        escalation_id: str,
        status: EscalationStatus,
        decision: EscalationDecision | None,
        *,
        resumed: bool = False,
    ) -> Escalation | None:
        """Atomically move a pending row to `status` (and mark it resumed); None if not pending."""

    @abstractmethod
    def _overdue(self, now: datetime) -> list[Escalation]:
        """Pending escalations whose deadline is at or before `now`."""

    @abstractmethod
    def _unresumed(self) -> list[Escalation]:
        """Closed escalations whose thread has not yet acted on them, oldest first."""

    @abstractmethod
    def _mark_resumed(self, escalation_ids: Sequence[str]) -> None:
        """Record that the threads acted on these closed escalations (idempotent)."""

    @abstractmethod
    def _hold(self, escalation_id: str) -> AbstractContextManager[None]:
        """Claim the resume of `escalation_id` against other processes (`TimeoutError`)."""

    # -- graph side: the nodes of a waiting thread ------------------------------------------

    def settle(self, escalation_id: str, decision: EscalationDecision) -> Escalation:
        """Make the stored row agree with the decision its thread is about to act on.

        A pending row is closed with it (a resume that bypassed the queue: the row follows);
        a closed row must match it.

        Raises:
            ValueError: The decision contradicts the stored row, or forges an expiry.
        """
        row = self.get(escalation_id)
        if row.status is EscalationStatus.PENDING:
            if decision.decision == "expired":
                raise ValueError(FORGED_EXPIRY)
            closed = self._close(escalation_id, EscalationStatus.DECIDED, decision, resumed=True)
            if closed is not None:
                return closed
            row = self.get(escalation_id)
        if matches(row, decision):
            return row
        raise ValueError(
            f"escalation {escalation_id!r} is already {describe(row)}; this thread cannot act "
            "on a different answer (resume it with the queue's decide or resume_closed)"
        )

    def give_up(self, escalation_id: str, reasoning: str) -> EscalationDecision:
        """Close a pending escalation unanswered (malformed answers); the decision to act on."""
        row = self.get(escalation_id)
        decision = expired_decision(row.kind, reasoning, "system:invalid-answers")
        closed = self._close(escalation_id, EscalationStatus.EXPIRED, None, resumed=True)
        return decision if closed is not None else resume_value(self.get(escalation_id))

    # -- queue side: decide, expire, cancel, resume -----------------------------------------

    def check_decision(self, escalation_id: str, value: DecisionInput) -> EscalationDecision:
        """Validate a human's answer to `escalation_id` (nothing is stored).

        Raises:
            KeyError: Unknown escalation.
            ValueError: Malformed, names a non-party, or not a human's answer.
            EscalationError: The escalation is already closed differently.
        """
        row = self.get(escalation_id)
        decision = parse_decision(value, row.kind, row.options)
        if decision.decision == "expired":
            raise ValueError(FORGED_EXPIRY)
        if row.status is not EscalationStatus.PENDING and not matches(row, decision):
            raise closed_error(row)
        return decision

    def decide(
        self,
        escalation_id: str,
        decision: DecisionInput,
        graph: Pregel[Any, Any],
        *,
        context: Any = None,
    ) -> Any:
        """Store the decision, then resume its thread on `graph` (any process); returns its output.

        `context` is the run context of the resumed run (LangGraph does not keep it between
        runs). A caller that loses the race to another with the same decision gets the
        thread's values once the winner's resume is done.

        Raises:
            ValueError: The decision is malformed (nothing is stored).
            EscalationError: Already closed differently, or its thread moved on (nothing stored).
        """
        thread_id = self.get(escalation_id).thread_id
        return self.decide_many({escalation_id: decision}, graph, context=context)[thread_id]

    def decide_many(
        self,
        decisions: Mapping[str, DecisionInput],
        graph: Pregel[Any, Any],
        *,
        context: Any = None,
    ) -> dict[str, Any]:
        """Decide several escalations; each thread is resumed once. Returns outputs by thread.

        Every decision is checked before any is stored.
        """
        checked = {e: self.check_decision(e, d) for e, d in decisions.items()}
        rows = [self.get(e) for e in checked]
        return {
            thread_id: self._resume(graph, thread_id, {e: checked[e] for e in ids}, context)[0]
            for thread_id, ids in by_thread(rows).items()
        }

    async def adecide(
        self,
        escalation_id: str,
        decision: DecisionInput,
        graph: Pregel[Any, Any],
        *,
        context: Any = None,
    ) -> Any:
        """Async twin of `decide` (for graphs on an async checkpointer)."""
        checked = await asyncio.to_thread(self.check_decision, escalation_id, decision)
        thread_id = (await asyncio.to_thread(self.get, escalation_id)).thread_id
        out, _ = await self._aresume(graph, thread_id, {escalation_id: checked}, context)
        return out

    def cancel(
        self, escalation_id: str, graph: Pregel[Any, Any] | None = None, *, context: Any = None
    ) -> Escalation:
        """Cancel a pending escalation; with `graph`, resume its thread to a final result."""
        closed = self._close(escalation_id, EscalationStatus.CANCELLED, None)
        if closed is None:
            status = self.get(escalation_id).status.value
            raise EscalationError(
                f"escalation {escalation_id!r} is {status}, only pending ones can be cancelled",
                escalation_id=escalation_id,
                status=status,
            )
        if graph is not None:
            self._resume_closed(graph, [closed], context)
        return closed

    def expire_overdue(
        self,
        graph: Pregel[Any, Any] | None = None,
        *,
        now: datetime | None = None,
        context: Any = None,
    ) -> list[Escalation]:
        """Expire every overdue pending escalation and, with `graph`, resume its thread.

        Without `graph`, only the rows change; `resume_closed(graph)` resumes the threads later.
        """
        expired = self._expire_rows(now)
        if graph is not None:
            self._resume_closed(graph, expired, context)
        return expired

    async def aexpire_overdue(
        self, graph: Pregel[Any, Any], *, now: datetime | None = None, context: Any = None
    ) -> list[Escalation]:
        """Async twin of `expire_overdue`."""
        expired = await asyncio.to_thread(self._expire_rows, now)
        for thread_id, ids in by_thread(expired).items():
            await self._aresume(graph, thread_id, dict.fromkeys(ids), context)
        return expired

    def run_expiry(self, graph: Pregel[Any, Any], **kwargs: Any) -> list[Escalation]:
        """Expire overdue escalations every `interval_seconds` until `stop_event` is set; see
        `nodes._escalation.sweeper.run_expiry` (run it in a thread or a worker process)."""
        return sweeper.run_expiry(self, graph, **kwargs)

    async def arun_expiry(self, graph: Pregel[Any, Any], **kwargs: Any) -> list[Escalation]:
        """Async twin of `run_expiry` (an `asyncio.Event` stops it)."""
        return await sweeper.arun_expiry(self, graph, **kwargs)

    def resume_closed(
        self,
        graph: Pregel[Any, Any],
        *,
        kind: EscalationKind | None = None,
        context: Any = None,
    ) -> dict[str, Any]:
        """Resume threads still waiting on escalations that are already closed.

        This finishes the work after a crash between storing a decision and resuming, after
        `expire_overdue()` ran without a graph, or after `cancel()` without one. Returns the
        outputs by thread (only threads that were resumed).
        """
        rows = [e for e in self._unresumed() if kind in (None, e.kind)]
        return self._resume_closed(graph, rows, context)

    # -- internals --------------------------------------------------------------------------

    def _expire_rows(self, now: datetime | None) -> list[Escalation]:
        moment = now or datetime.now(UTC)
        return [
            closed
            for e in self._overdue(moment)
            if (closed := self._close(e.id, EscalationStatus.EXPIRED, None)) is not None
        ]

    def _resume_closed(
        self, graph: Pregel[Any, Any], rows: Iterable[Escalation], context: Any
    ) -> dict[str, Any]:
        outputs: dict[str, Any] = {}
        for thread_id, ids in by_thread(rows).items():
            out, resumed = self._resume(graph, thread_id, dict.fromkeys(ids), context)
            if resumed:
                outputs[thread_id] = out
        return outputs

    def _claim(self, escalation_ids: Iterable[str]) -> ExitStack:
        ids = sorted(set(escalation_ids))
        stack = ExitStack()
        try:
            for escalation_id in ids:
                stack.enter_context(local_claim(escalation_id, self.claim_timeout_seconds))
                stack.enter_context(self._hold(escalation_id))
        except TimeoutError:
            stack.close()
            raise EscalationError(
                f"escalation(s) {ids} are being resumed by another caller for over "
                f"{self.claim_timeout_seconds:.0f} s; try again later",
                escalation_id=ids[0],
            ) from None
        return stack

    def _plan(
        self, state: StateSnapshot, decisions: Mapping[str, EscalationDecision | None]
    ) -> ResumePlan:
        """Check every escalation against its row and its thread, then store the decisions."""
        waiting = waiting_escalations(state)
        rows = {e: self.get(e) for e in decisions}
        for escalation_id, decision in decisions.items():
            row = rows[escalation_id]
            if row.status is EscalationStatus.PENDING and decision is not None:
                if escalation_id not in waiting:
                    raise moved_on_error(row, state, waiting)
            elif decision is not None and not matches(row, decision):
                raise closed_error(row)
        plan = ResumePlan(state)
        for escalation_id, decision in decisions.items():
            row = rows[escalation_id]
            if row.status is EscalationStatus.PENDING and decision is not None:
                row = self._store_decision(escalation_id, decision)
            if row.status is EscalationStatus.PENDING:
                continue  # expiry or a resume of a row still pending: nothing to do
            plan.closed.append(escalation_id)
            if escalation_id in waiting:
                plan.values[escalation_id] = resume_value(row).model_dump(mode="json")
        return plan

    def _store_decision(self, escalation_id: str, decision: EscalationDecision) -> Escalation:
        closed = self._close(escalation_id, EscalationStatus.DECIDED, decision)
        row = closed or self.get(escalation_id)  # None: closed meanwhile by its own thread
        if not matches(row, decision):
            raise closed_error(row)
        return row

    def _resume(
        self,
        graph: Pregel[Any, Any],
        thread_id: str,
        decisions: Mapping[str, EscalationDecision | None],
        context: Any = None,
    ) -> tuple[Any, bool]:
        """Resume `thread_id` under a claim; the output and whether it was resumed now."""
        config = thread_config(thread_id)
        with self._claim(decisions):
            plan = self._plan(graph.get_state(config), decisions)
            command = plan.command(thread_id)
            out = current_output(plan.state)
            if command is not None:
                out = graph.invoke(command, config, context=context, durability="sync")
            self._mark_resumed(plan.closed)
        return out, command is not None

    async def _aresume(
        self,
        graph: Pregel[Any, Any],
        thread_id: str,
        decisions: Mapping[str, EscalationDecision | None],
        context: Any = None,
    ) -> tuple[Any, bool]:
        """Async twin of `_resume`."""
        config = thread_config(thread_id)
        claim = await asyncio.to_thread(self._claim, decisions)
        try:
            state = await graph.aget_state(config)
            plan = await asyncio.to_thread(self._plan, state, decisions)
            command = plan.command(thread_id)
            out = current_output(state)
            if command is not None:
                out = await graph.ainvoke(command, config, context=context, durability="sync")
            await asyncio.to_thread(self._mark_resumed, plan.closed)
        finally:
            await asyncio.to_thread(claim.close)
        return out, command is not None


def check_escalation_store(escalations: object) -> None:
    """Refuse a graph factory's `escalations=` argument that is not an `EscalationStore`.

    Raises:
        TypeError: Naming the type given and the stores to use.
    """
    if escalations is not None and not isinstance(escalations, EscalationStore):
        raise TypeError(
            "escalations must be an EscalationStore (checkpoints.EscalationQueue or "
            f"InMemoryEscalationQueue), got {type(escalations).__name__}"
        )
