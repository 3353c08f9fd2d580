"""Where guard state and loop records live: protocols plus the in-memory implementations.

The protocols are structural, so `langgraph_council.checkpoints` implements them for Postgres
without importing this package.
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple, Protocol, cast, runtime_checkable

from langgraph.config import get_config

from langgraph_council.guards._rules import (
    GuardLimits,
    PairState,
    RawPairState,
    StoreVerdict,
    bounce_pair,
    check_pair,
    pair_key,
    rejected_note,
)
from langgraph_council.guards._types import GuardOutcome, Handoff, LoopRecord, loop_record

__all__ = [
    "GuardStateStore",
    "GuardStoreHooks",
    "InMemoryGuardStateStore",
    "InMemoryLoopRecordStore",
    "LoopRecordStore",
    "StoreCall",
    "put_loop_record",
]


@runtime_checkable
class GuardStateStore(Protocol):
    """Dedup, rate and breaker state; `check_and_record` and `record_bounce` are each one
    atomic operation.

    `now` is POSIX seconds; None means the store's own wall clock. An `attempt_id` (or
    `bounce_id`) seen before returns the first verdict again without recording twice (a node
    re-run after a crash).

    A store defines both methods, with these keyword signatures, structurally; or it
    subclasses this protocol and implements `_check` and `_bounce` (`GuardStoreHooks`), which
    get each call's arguments as one `StoreCall` (the in-memory and Postgres stores do), or
    overrides the methods themselves.
    """

    __slots__ = ()

    def check_and_record(
        self,
        *,
        delegator: str,
        delegatee: str,
        task_id: str,
        limits: GuardLimits,
        now: float | None = None,
        attempt_id: str | None = None,
    ) -> StoreVerdict:
        """Check the stateful limits and, only if all pass, record the delegation."""
        call = StoreCall(delegator, delegatee, task_id, limits, now, attempt_id)
        return cast("GuardStoreHooks", self)._check(call)

    def record_bounce(
        self,
        *,
        delegator: str,  # handed the task off
        delegatee: str,  # sent it back: rejected or failed it
        task_id: str,
        reason: str,  # kept with the pair, quoted when its open breaker refuses a hand-off
        limits: GuardLimits,
        now: float | None = None,
        bounce_id: str | None = None,  # a repeat records nothing
    ) -> PairState:
        """Count `delegatee` rejecting or failing `delegator`'s hand-off as a bounce of the
        pair; returns the pair's breaker state afterwards."""
        call = StoreCall(delegator, delegatee, task_id, limits, now, bounce_id, reason)
        return cast("GuardStoreHooks", self)._bounce(call)


class StoreCall(NamedTuple):
    """The arguments of one store call, for the store's private core: `check_and_record`'s
    (`key` is the attempt id) or `record_bounce`'s (`key` is the bounce id; `reason` set)."""

    delegator: str
    delegatee: str
    task_id: str
    limits: GuardLimits
    now: float | None
    key: str | None
    reason: str = ""


class GuardStoreHooks(Protocol):
    """What a subclass of `GuardStateStore` implements unless it overrides the methods."""

    def _check(self, call: StoreCall) -> StoreVerdict:
        """`check_and_record`: decide and, if every limit passes, record (one atomic step)."""
        ...

    def _bounce(self, call: StoreCall) -> PairState:
        """`record_bounce`: count the bounce; the pair's state afterwards."""
        ...


@runtime_checkable
class LoopRecordStore(Protocol):
    """Durable analytics of blocked delegations (the store vocabulary: `put`, `list`).

    A subclass of this protocol implements `put` and `_list` (`LoopRecordHooks`) and inherits
    `list`, which checks `limit` once for every store.
    """

    __slots__ = ()

    def put(self, record: LoopRecord) -> None:
        """Store `record`; putting the same id again is a no-op."""
        ...

    def add(self, record: LoopRecord) -> None:
        """Deprecated name of `put` (before the store vocabulary); warns, goes in 0.3."""
        warnings.warn(
            "LoopRecordStore.add() is deprecated and goes in 0.3; use put()",
            DeprecationWarning,
            stacklevel=2,
        )
        self.put(record)

    def list(
        self,
        *,
        mechanism: str | None = None,
        agent_id: str | None = None,
        task_id: str | None = None,
        since: datetime | None = None,
        limit: int | None = None,
    ) -> Sequence[LoopRecord]:
        """Records matching every given filter (`since` inclusive), oldest first."""
        if limit is not None and limit < 1:
            raise ValueError(f"limit must be >= 1 or None, got {limit}")
        query = LoopQuery(mechanism, agent_id, task_id, since, limit)
        return cast("LoopRecordHooks", self)._list(query)


class LoopQuery(NamedTuple):
    """The filters of one `LoopRecordStore.list` call."""

    mechanism: str | None
    agent_id: str | None
    task_id: str | None
    since: datetime | None
    limit: int | None


class LoopRecordHooks(Protocol):
    """What a subclass of `LoopRecordStore` implements besides `put`."""

    def _list(self, filters: LoopQuery) -> list[LoopRecord]:
        """The records `filters` selects, oldest first (`limit` already checked)."""
        ...


class InMemoryGuardStateStore(GuardStateStore):
    """Process-local guard state behind one lock; fast, lost on restart.

    Example:
        >>> from langgraph_council.guards import LoopGuard
        >>> guard = LoopGuard(store=InMemoryGuardStateStore())
    """

    __slots__ = ("_attempts", "_bounce_ids", "_dedup", "_lock", "_pairs")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pairs: dict[tuple[str, str], RawPairState] = {}
        self._dedup: dict[tuple[str, str, str], float] = {}
        self._attempts: dict[str, tuple[StoreVerdict, float]] = {}
        self._bounce_ids: dict[str, float] = {}

    def _check(self, call: StoreCall) -> StoreVerdict:
        """`check_and_record` under the store's lock."""
        delegator, delegatee, task_id, limits, now, attempt_id, _ = call
        key = (delegator, delegatee) if delegator <= delegatee else (delegatee, delegator)
        dedup_key = (delegator, delegatee, task_id)
        dedup = self._dedup
        with self._lock:
            if attempt_id is not None and attempt_id in self._attempts:
                return self._attempts[attempt_id][0]
            at = time.time() if now is None else now
            verdict, new_state = check_pair(
                self._pairs.get(key, _EMPTY),
                dedup.get(dedup_key),
                dedup.get((delegatee, delegator, task_id)),
                delegator,
                delegatee,
                task_id,
                limits,
                at,
            )
            if new_state is not None:
                self._pairs[key] = new_state
                dedup[dedup_key] = at
            if attempt_id is not None:
                self._attempts[attempt_id] = (verdict, at)
            return verdict

    def _bounce(self, call: StoreCall) -> PairState:
        """`record_bounce` under the store's lock."""
        delegator, delegatee, task_id, limits, now, bounce_id, reason = call
        key = pair_key(delegator, delegatee)
        note = rejected_note(delegator, delegatee, task_id, reason)
        with self._lock:
            state = self._pairs.get(key, _EMPTY)
            if bounce_id is not None and bounce_id in self._bounce_ids:
                return PairState._make(state)
            at = time.time() if now is None else now
            state = self._pairs[key] = bounce_pair(state, note, limits, at)
            if bounce_id is not None:
                self._bounce_ids[bounce_id] = at
            return PairState._make(state)

    def pair_state(self, a: str, b: str) -> PairState:
        """The stored state of the undirected pair (empty when never used)."""
        with self._lock:
            return PairState._make(self._pairs.get(pair_key(a, b), _EMPTY))

    def reset_breaker(self, a: str, b: str) -> PairState:
        """Close the pair's circuit breaker and forget its bounces and trips (an operator's
        reset: the next trip starts from the base cooldown). Returns the state before."""
        key = pair_key(a, b)
        with self._lock:
            before = self._pairs.get(key, _EMPTY)
            if key in self._pairs:
                self._pairs[key] = (before[0], (), 0, None, None)
            return PairState._make(before)

    def purge(self, *, older_than: datetime) -> int:
        """Forget dedup times and attempt and bounce ids older than `older_than`; returns how
        many.

        Pair state (rate window, breaker trips) is kept: trip counts must persist. A dedup time
        is also how a task coming back is recognised: keep `older_than` at least
        `bounce_window_seconds` in the past, or such bounces go uncounted.
        """
        cutoff = _aware(older_than).timestamp()
        with self._lock:
            old = [k for k, t in self._dedup.items() if t < cutoff]
            for key in old:
                del self._dedup[key]
            stale = [k for k, (_, t) in self._attempts.items() if t < cutoff]
            for attempt in stale:
                del self._attempts[attempt]
            bounced = [k for k, t in self._bounce_ids.items() if t < cutoff]
            for bounce in bounced:
                del self._bounce_ids[bounce]
        return len(old) + len(stale) + len(bounced)


_EMPTY: RawPairState = ((), (), 0, None, None)


def _aware(moment: datetime) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(
            "older_than must be timezone-aware, e.g. datetime.now(UTC) - timedelta(...)"
        )
    return moment


def put_loop_record(
    store: LoopRecordStore,
    handoff: Handoff,
    outcome: GuardOutcome,
    recorded_at: datetime | None = None,
) -> None:
    """Store the loop record of a blocked hand-off, with the running graph's thread id."""
    thread = get_config().get("configurable", {}).get("thread_id")
    store.put(loop_record(handoff, outcome, None if thread is None else str(thread), recorded_at))


class InMemoryLoopRecordStore(LoopRecordStore):
    """Loop records in a dict; for tests and single-process runs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: dict[str, LoopRecord] = {}

    def put(self, record: LoopRecord) -> None:
        """Store `record`; putting the same id again is a no-op."""
        with self._lock:
            self._records.setdefault(record.id, record)

    def _list(self, filters: LoopQuery) -> list[LoopRecord]:
        mechanism, agent_id, task_id, since, limit = filters
        with self._lock:
            rows = sorted(self._records.values(), key=lambda r: (r.recorded_at, r.id))
        found = [
            r
            for r in rows
            if (mechanism is None or r.mechanism == mechanism)
            and (agent_id is None or agent_id in (r.delegator, r.delegatee))
            and (task_id is None or r.task_id == task_id)
            and (since is None or r.recorded_at >= since)
        ]
        return found if limit is None else found[:limit]
