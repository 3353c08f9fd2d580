"""`EscalationStore`: where escalations live; storage primitives only (put, get, list, close).

Like LangGraph's `BaseStore`, an abstract base with one set of verbs. Graph nodes `put` a
pending row and `close` it when their thread acts on an answer; the escalation queue
(`langgraph_council.checkpoints.EscalationQueue`, which takes a store and a graph) decides,
expires and cancels rows and resumes their threads. Nothing here runs a graph.
"""

from __future__ import annotations

import builtins
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, TypeAlias, runtime_checkable

from langgraph_council.nodes._escalation.models import (
    Escalation,
    EscalationDecision,
    EscalationKind,
    EscalationStatus,
)
from langgraph_council.nodes._escalation.notify import EscalationHook

__all__ = [
    "CLOSED",
    "CloseRequest",
    "EscalationQuery",
    "EscalationStore",
    "Escalations",
    "HasEscalationStore",
    "StatusFilter",
    "check_escalation_store",
    "statuses",
]

StatusFilter: TypeAlias = EscalationStatus | Iterable[EscalationStatus] | None
CLOSED = frozenset(EscalationStatus) - {EscalationStatus.PENDING}
"""Every terminal status: `list(status=CLOSED, resumed=False)` finds rows still to act on."""


def statuses(status: StatusFilter) -> frozenset[EscalationStatus] | None:
    """`list`'s `status` argument as a set (None: any status)."""
    if status is None:
        return None
    if isinstance(status, EscalationStatus):
        return frozenset({status})
    return frozenset(status)


@dataclass(frozen=True, slots=True)
class EscalationQuery:
    """`EscalationStore.list`'s filters, packed once for the store implementations."""

    statuses: frozenset[EscalationStatus] | None
    thread_id: str | None
    kind: EscalationKind | None
    expires_by: datetime | None
    resumed: bool | None

    def admits(self, row: Escalation) -> bool:
        """True when `row` passes every filter given (the in-memory store's test)."""
        return (
            (self.statuses is None or row.status in self.statuses)
            and self.thread_id in (None, row.thread_id)
            and self.kind in (None, row.kind)
            and (
                self.expires_by is None
                or (row.expires_at is not None and row.expires_at <= self.expires_by)
            )
            and self.resumed in (None, row.resumed_at is not None)
        )


@dataclass(frozen=True, slots=True)
class CloseRequest:
    """`EscalationStore.close`'s arguments, packed once for the store implementations."""

    escalation_id: str
    status: EscalationStatus
    decision: EscalationDecision | None
    resumed: bool

    @property
    def kept_decision(self) -> EscalationDecision | None:
        """The decision the closed row keeps: only a decided row keeps one."""
        return self.decision if self.status is EscalationStatus.DECIDED else None


class EscalationStore(ABC):
    """Escalation rows: pending, then exactly one of decided, expired or cancelled.

    At most one pending row per conflict. Rows are listed oldest first (`created_at`, `id`).
    `on_open` (set by the queue's `on_open=`) hears of every escalation a graph opens.
    `list` and `close` are written here once; an implementation overrides `_list` and `_close`,
    which take the arguments packed in an `EscalationQuery` / `CloseRequest`.
    """

    on_open: EscalationHook | None = None

    @abstractmethod
    def put(self, escalation: Escalation) -> Escalation:
        """Store `escalation` as pending unless its id exists; return the stored row.

        Raises:
            EscalationError: Another escalation of the same conflict is pending.
        """

    @abstractmethod
    def get(self, escalation_id: str) -> Escalation:
        """The escalation `escalation_id`; `KeyError` naming it when unknown."""

    def list(
        self,
        *,
        status: StatusFilter = None,
        thread_id: str | None = None,
        kind: EscalationKind | None = None,
        expires_by: datetime | None = None,
        resumed: bool | None = None,
    ) -> list[Escalation]:
        """Rows matching every filter given, oldest first.

        `status` is one status or several; `expires_by` keeps rows with a deadline at or
        before it; `resumed` whether the waiting thread has acted on the row.
        """
        return self._list(EscalationQuery(statuses(status), thread_id, kind, expires_by, resumed))

    def close(
        self,
        escalation_id: str,
        status: EscalationStatus,
        decision: EscalationDecision | None = None,
        *,
        resumed: bool = False,
    ) -> Escalation | None:
        """Atomically move a pending row to `status` (and mark it resumed); None if not pending.

        Raises:
            KeyError: Unknown escalation.
        """
        return self._close(CloseRequest(escalation_id, status, decision, resumed))

    @abstractmethod
    def _list(self, query: EscalationQuery) -> builtins.list[Escalation]:
        """`list`: the rows `query` admits, oldest first."""

    @abstractmethod
    def _close(self, request: CloseRequest) -> Escalation | None:
        """`close`: move the pending row to `request.status`; None if not pending."""

    @abstractmethod
    def mark_resumed(self, escalation_ids: Sequence[str]) -> None:
        """Record that the threads acted on these closed escalations (idempotent)."""

    @abstractmethod
    def hold(self, escalation_id: str, timeout_seconds: float) -> AbstractContextManager[None]:
        """Hold the resume of `escalation_id` against other processes (`TimeoutError`)."""


@runtime_checkable
class HasEscalationStore(Protocol):
    """A service over an escalation store, e.g. `checkpoints.EscalationQueue`."""

    @property
    def store(self) -> EscalationStore:
        """The store the rows live in."""
        ...


Escalations: TypeAlias = EscalationStore | HasEscalationStore
"""What a graph factory's `escalations=` takes: a queue (the usual) or a bare store."""


def check_escalation_store(escalations: object) -> EscalationStore | None:
    """The store behind a graph factory's `escalations=` argument (None stays None).

    Raises:
        TypeError: Naming the type given and what to pass instead.
    """
    if escalations is None or isinstance(escalations, EscalationStore):
        return escalations
    if isinstance(escalations, HasEscalationStore) and isinstance(
        escalations.store, EscalationStore
    ):
        return escalations.store
    raise TypeError(
        "escalations must be an EscalationStore or a queue over one (checkpoints.EscalationQueue "
        f"or InMemoryEscalationQueue), got {type(escalations).__name__}"
    )
