"""`EscalationQueue`: decide, cancel and expire escalations, and resume their threads.

The queue is a service over an `EscalationStore` (rows only) and the graph a call names: it
stores a decision with the store's primitives, then resumes the waiting thread with
`Command(resume=...)` from any process. Each operation is one flow (`_runner.steps`), run by
the sync method (`decide`) or awaited by its async twin (`adecide`): two plain methods.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, Self

from langgraph.pregel import Pregel

from langgraph_council.checkpoints._connections import ConnOrPool
from langgraph_council.checkpoints._escalations import PostgresEscalationStore
from langgraph_council.checkpoints._runner import expiry
from langgraph_council.checkpoints._runner.claims import (
    ResumePlan,
    by_thread,
    claim,
    moved_on_error,
)
from langgraph_council.checkpoints._runner.commands import (
    check_parent_graph,
    current_output,
    thread_config,
    waiting_escalations,
)
from langgraph_council.checkpoints._runner.steps import (
    Flow,
    arun,
    blocking,
    get_state,
    invoke,
    run,
)
from langgraph_council.nodes._escalation.memory import InMemoryEscalationStore
from langgraph_council.nodes._escalation.models import (
    Escalation,
    EscalationDecision,
    EscalationError,
    EscalationKind,
    EscalationStatus,
    parse_decision,
)
from langgraph_council.nodes._escalation.notify import EscalationHook, check_hook
from langgraph_council.nodes._escalation.rules import (
    FORGED_EXPIRY,
    closed_error,
    matches,
    resume_value,
)
from langgraph_council.nodes._escalation.store import CLOSED, EscalationStore
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError

__all__ = ["DecisionInput", "EscalationQueue", "InMemoryEscalationQueue"]

DecisionInput = EscalationDecision | Mapping[str, Any] | str
Decisions = Mapping[str, EscalationDecision | None]


class EscalationQueue:
    """Escalations of every kind: list them, decide them, and resume their threads.

    `store` keeps the rows: a psycopg `Connection` or `ConnectionPool` (Postgres), or any
    `EscalationStore`. Pending rows move to exactly one of decided, expired or cancelled.
    Exactly one caller resumes a thread for an escalation: `decide` claims the resume (in this
    process and, on Postgres, in the database) for up to `claim_timeout_seconds`; a second
    caller with the same decision gets the thread's values once the first is done, one with
    another decision an `EscalationError`. Pass the queue to a graph factory as
    `stores=CouncilStores(escalations=queue)`: the graph's nodes use only its store.
    `on_open` (a callable taking the `Escalation`, or an http(s) webhook URL that gets it as
    JSON) hears of every escalation a graph opens, so operators need not poll; a failing hook
    is logged, never fatal.

    Example:
        >>> with EscalationQueue.from_conn_string(uri) as queue:  # doctest: +SKIP
        ...     graph = create_conflict_graph(
        ...         org, stores=CouncilStores(escalations=queue), checkpointer=saver)
        ...     queue.decide(queue.pending()[0].id, {"decision": "reject", "reasoning": "no",
        ...                  "decided_by": "human:ann"}, graph)
    """

    def __init__(
        self,
        store: EscalationStore | ConnOrPool,
        *,
        claim_timeout_seconds: float = 300.0,
        on_open: EscalationHook | None = None,
    ) -> None:
        if isinstance(store, str):
            raise InvalidInputTypeError(
                "EscalationQueue takes a psycopg Connection or ConnectionPool or an "
                "EscalationStore, got str; for a URI use "
                "`with EscalationQueue.from_conn_string(uri) as queue:`"
            )
        if not claim_timeout_seconds > 0:
            raise InvalidInputError(
                f"claim_timeout_seconds must be > 0, got {claim_timeout_seconds}"
            )
        if not isinstance(store, EscalationStore):
            store = PostgresEscalationStore(store)
        if on_open is not None:
            store.on_open = check_hook(on_open)
        self._store = store
        self.claim_timeout_seconds = float(claim_timeout_seconds)

    @classmethod
    @contextmanager
    def from_conn_string(
        cls,
        uri: str,
        *,
        prepare_threshold: int | None = 0,
        claim_timeout_seconds: float = 300.0,
        on_open: EscalationHook | None = None,
    ) -> Iterator[Self]:
        """A queue on its own autocommit Postgres connection, closed on exit."""
        with PostgresEscalationStore.from_conn_string(
            uri, prepare_threshold=prepare_threshold
        ) as store:
            yield cls(store, claim_timeout_seconds=claim_timeout_seconds, on_open=on_open)

    @property
    def store(self) -> EscalationStore:
        """Where the rows live."""
        return self._store

    def setup(self) -> list[int]:
        """Create the Postgres tables if missing (idempotent); the versions this call applied."""
        return self._store.setup() if isinstance(self._store, PostgresEscalationStore) else []

    def pending(
        self, *, thread_id: str | None = None, kind: EscalationKind | None = None
    ) -> list[Escalation]:
        """Pending escalations, oldest first (of one thread or kind if given)."""
        return self._store.list(status=EscalationStatus.PENDING, thread_id=thread_id, kind=kind)

    def get(self, escalation_id: str) -> Escalation:
        """The escalation `escalation_id`; `KeyError` naming it when unknown."""
        return self._store.get(escalation_id)

    def check_decision(self, escalation_id: str, value: DecisionInput) -> EscalationDecision:
        """Validate a human's answer to `escalation_id` (nothing is stored).

        Raises:
            KeyError: Unknown escalation.
            ValueError: Malformed, names a non-party, or not a human's answer.
            EscalationError: The escalation is already closed differently.
        """
        row = self._store.get(escalation_id)
        decision = parse_decision(value, row.kind, row.options)
        if decision.decision == "expired":
            raise InvalidInputError(FORGED_EXPIRY)
        if row.status is not EscalationStatus.PENDING and not matches(row, decision):
            raise closed_error(row)
        return decision

    # -- decide, cancel, expire: sync methods and async twins over one flow each ------------

    def _decide_one(
        self, escalation_id: str, decision: DecisionInput, graph: Pregel[Any, Any], context: Any
    ) -> Flow[Any]:
        """The flow of `decide` and `adecide`."""
        row = yield blocking(self._store.get, escalation_id)
        outputs = yield from self._decide({escalation_id: decision}, graph, context)
        return outputs[row.thread_id]

    def decide(
        self,
        escalation_id: str,
        decision: DecisionInput,
        graph: Pregel[Any, Any],
        *,
        context: Any = None,
    ) -> Any:
        """Store the decision, then resume its thread on `graph` (any process); its output.

        `context` is the run context of the resumed run (LangGraph does not keep it between
        runs). A caller that loses the race to another with the same decision gets the
        thread's values once the winner's resume is done.

        Raises:
            ValueError: The decision is malformed (nothing is stored).
            EscalationError: Already closed differently, or its thread moved on (nothing stored).
        """
        return run(self._decide_one(escalation_id, decision, graph, context))

    async def adecide(
        self,
        escalation_id: str,
        decision: DecisionInput,
        graph: Pregel[Any, Any],
        *,
        context: Any = None,
    ) -> Any:
        """Async twin of `decide` (same arguments): the thread resumes under `ainvoke`."""
        return await arun(self._decide_one(escalation_id, decision, graph, context))

    def decide_many(
        self,
        decisions: Mapping[str, DecisionInput],
        graph: Pregel[Any, Any],
        *,
        context: Any = None,
    ) -> dict[str, Any]:
        """Decide several escalations; each thread is resumed once. Outputs by thread.

        Every decision is checked before any is stored.
        """
        return run(self._decide(decisions, graph, context))

    def cancel(
        self, escalation_id: str, graph: Pregel[Any, Any] | None = None, *, context: Any = None
    ) -> Escalation:
        """Cancel a pending escalation; with `graph`, resume its thread to a final result."""
        return run(self._cancel(escalation_id, graph, context))

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
        return run(self._expire(graph, now, context))

    async def aexpire_overdue(
        self, graph: Pregel[Any, Any], *, now: datetime | None = None, context: Any = None
    ) -> list[Escalation]:
        """Async twin of `expire_overdue`."""
        return await arun(self._expire(graph, now, context))

    def run_expiry(self, graph: Pregel[Any, Any], **kwargs: Any) -> list[Escalation]:
        """Expire overdue escalations every `interval_seconds` until `stop_event` is set.

        Run it in a thread or a worker process; see `expiry.sweeps` for the arguments.
        """
        return run(expiry.sweeps(self, graph, **kwargs))

    async def arun_expiry(self, graph: Pregel[Any, Any], **kwargs: Any) -> list[Escalation]:
        """Async twin of `run_expiry` (a `threading.Event` or an `asyncio.Event` stops it)."""
        return await arun(expiry.sweeps(self, graph, **kwargs))

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
        rows = self._store.list(status=CLOSED, kind=kind, resumed=False)
        return run(self._resume_rows(graph, rows, context))

    # -- the flows ----------------------------------------------------------------------------

    def _decide(
        self, decisions: Mapping[str, DecisionInput], graph: Pregel[Any, Any], context: Any
    ) -> Flow[dict[str, Any]]:
        checked = yield blocking(
            lambda: {e: self.check_decision(e, v) for e, v in decisions.items()}
        )
        rows = yield blocking(lambda: [self._store.get(e) for e in checked])
        for row in rows:  # before anything is stored
            check_parent_graph(row, graph)
        outputs: dict[str, Any] = {}
        for thread_id, ids in by_thread(rows).items():
            answers = {e: checked[e] for e in ids}
            outputs[thread_id], _ = yield from self._resume(graph, thread_id, answers, context)
        return outputs

    def _cancel(
        self, escalation_id: str, graph: Pregel[Any, Any] | None, context: Any
    ) -> Flow[Escalation]:
        closed: Escalation | None = yield blocking(
            self._store.close, escalation_id, EscalationStatus.CANCELLED
        )
        if closed is None:
            status = (yield blocking(self._store.get, escalation_id)).status.value
            raise EscalationError(
                f"escalation {escalation_id!r} is {status}, only pending ones can be cancelled",
                escalation_id=escalation_id,
                status=status,
            )
        if graph is not None:
            yield from self._resume_rows(graph, [closed], context)
        return closed

    def _expire(
        self, graph: Pregel[Any, Any] | None, now: datetime | None, context: Any
    ) -> Flow[list[Escalation]]:
        expired: list[Escalation] = yield blocking(self._expire_rows, now or datetime.now(UTC))
        if graph is not None:
            yield from self._resume_rows(graph, expired, context)
        return expired

    def _expire_rows(self, now: datetime) -> list[Escalation]:
        overdue = self._store.list(status=EscalationStatus.PENDING, expires_by=now)
        closed = (self._store.close(e.id, EscalationStatus.EXPIRED) for e in overdue)
        return [row for row in closed if row is not None]

    def _resume_rows(
        self, graph: Pregel[Any, Any], rows: Iterable[Escalation], context: Any
    ) -> Flow[dict[str, Any]]:
        outputs: dict[str, Any] = {}
        for thread_id, ids in by_thread(rows).items():
            out, resumed = yield from self._resume(graph, thread_id, dict.fromkeys(ids), context)
            if resumed:
                outputs[thread_id] = out
        return outputs

    def _resume(
        self, graph: Pregel[Any, Any], thread_id: str, decisions: Decisions, context: Any
    ) -> Flow[tuple[Any, bool]]:
        """Resume `thread_id` under a claim; the output and whether it was resumed now."""
        config = thread_config(thread_id)
        held = yield blocking(claim, self._store, decisions, self.claim_timeout_seconds)
        try:
            state = yield get_state(graph, config)
            plan: ResumePlan = yield blocking(self._plan, state, decisions)
            command = plan.command(thread_id)
            out = current_output(state)
            if command is not None:
                out = yield invoke(graph, command, config, context=context, durability="sync")
            yield blocking(self._store.mark_resumed, plan.closed)
        finally:
            yield blocking(held.close)
        return out, command is not None

    def _plan(self, state: Any, decisions: Decisions) -> ResumePlan:
        """Check every escalation against its row and its thread, then store the decisions."""
        waiting = waiting_escalations(state)
        rows = {e: self._store.get(e) for e in decisions}
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
        closed = self._store.close(escalation_id, EscalationStatus.DECIDED, decision)
        row = closed or self._store.get(escalation_id)  # None: closed meanwhile by its thread
        if not matches(row, decision):
            raise closed_error(row)
        return row


class InMemoryEscalationQueue(EscalationQueue):
    """An `EscalationQueue` over process-local rows, same rules as Postgres (tests, demos).

    Example:
        >>> queue = InMemoryEscalationQueue()
        >>> queue.pending()
        []
    """

    def __init__(
        self, *, claim_timeout_seconds: float = 300.0, on_open: EscalationHook | None = None
    ) -> None:
        super().__init__(
            InMemoryEscalationStore(), claim_timeout_seconds=claim_timeout_seconds, on_open=on_open
        )
