"""The loop guard's stateful rules (dedup, rate limit, circuit breaker): their one home.

The in-memory store only loads state, calls `check_pair` (the positional core of
`evaluate_pair`) or `bounce_pair` and saves what it returns, inside one lock. The Postgres store
runs the same rules as PL/pgSQL in one round trip (`checkpoints/_guard_sql.py`, generated from
one text per rule); the parity tests hold the two to the same verdicts and states, and the
messages are always built here. Times are POSIX seconds (wall clock).

A *bounce* is a task coming back, never an ordinary hand-off: a delegation of a task from B to A
while A's delegation of that task to B is less than `bounce_window_seconds` old, or a delegatee
rejecting or failing a hand-off (`bounce_pair`). `bounce_threshold` bounces of one undirected
pair inside the sliding window open its breaker.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

from langgraph_council.guards._types import GuardMechanism

__all__ = [
    "PASSED",
    "GuardLimits",
    "PairState",
    "RawPairState",
    "StoreVerdict",
    "bounce_pair",
    "breaker_message",
    "check_pair",
    "dedup_message",
    "evaluate_pair",
    "from_epoch",
    "pair_key",
    "rate_message",
    "rejected_note",
    "returned_note",
]


@dataclass(frozen=True, slots=True)
class GuardLimits:
    """The numbers the stateful checks enforce (see `LoopPreventionConfig.limits`)."""

    dedup_window_seconds: float = 60.0
    rate_per_window: int = 10
    rate_burst: int = 3
    rate_window_seconds: float = 60.0
    bounce_threshold: int = 3
    bounce_window_seconds: float = 600.0
    cooldown_seconds: float = 300.0
    max_cooldown_seconds: float = 3600.0

    @property
    def rate_capacity(self) -> int:
        """Delegations a pair may make inside one rate window (limit plus burst)."""
        return self.rate_per_window + self.rate_burst

    def cooldown_for_trip(self, trips: int) -> float:
        """Cooldown after the `trips`-th trip: base doubling per trip, capped at the maximum."""
        doublings = min(max(trips - 1, 0), 64)  # beyond 2**64 every cap has long been reached
        return float(min(self.cooldown_seconds * 2**doublings, self.max_cooldown_seconds))


class PairState(NamedTuple):
    """Rate and breaker state of one undirected agent pair (a tuple: cheap on the hot path).

    `bounce_times` are the bounces counted towards the next trip (pruned to the window when a
    bounce is added, emptied when a cooldown ends); `last_bounce` says what the latest was.
    """

    rate_times: tuple[float, ...] = ()
    bounce_times: tuple[float, ...] = ()
    trips: int = 0
    open_until: float | None = None
    last_bounce: str | None = None

    @property
    def bounces(self) -> int:
        """How many bounces are stored towards the next trip."""
        return len(self.bounce_times)


class StoreVerdict(NamedTuple):
    """What the stateful checks decided; `mechanism` is `all_passed` when recorded."""

    passed: bool
    mechanism: GuardMechanism
    message: str


PASSED = StoreVerdict(True, "all_passed", "")


def pair_key(a: str, b: str) -> tuple[str, str]:
    """The undirected key of a pair: the two ids sorted."""
    return (a, b) if a <= b else (b, a)


def from_epoch(seconds: float) -> datetime:
    """A POSIX time as an aware UTC datetime."""
    return datetime.fromtimestamp(seconds, UTC)


def _tenths(seconds: float) -> Decimal:
    """Seconds to one decimal, half-up at microsecond precision: the same text whether the age
    came from Python floats or from Postgres timestamps."""
    return Decimal(f"{seconds:.6f}").quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def dedup_message(delegator: str, delegatee: str, task_id: str, age: float, window: float) -> str:
    """Why a duplicate was refused (shared by every store)."""
    return (
        f"duplicate: {delegator} already delegated task {task_id!r} to {delegatee} "
        f"{_tenths(age)} s ago (window {window:g} s)"
    )


def rate_message(delegator: str, delegatee: str, count: int, limits: GuardLimits) -> str:
    """Why the pair's rate limit refused a delegation."""
    return (
        f"rate limit: pair {delegator} <-> {delegatee} made {count} delegations in the last "
        f"{limits.rate_window_seconds:g} s (limit {limits.rate_per_window} + burst "
        f"{limits.rate_burst})"
    )


def breaker_message(
    delegator: str,
    delegatee: str,
    open_until: float,
    trips: int,
    limits: GuardLimits,
    last_bounce: str | None = None,
) -> str:
    """Why the pair's open circuit breaker refused a delegation."""
    last = "" if last_bounce is None else f"; last bounce: {last_bounce}"
    return (
        f"circuit breaker open for pair {delegator} <-> {delegatee} until "
        f"{from_epoch(open_until).isoformat()} (trip {trips}, cooldown "
        f"{limits.cooldown_for_trip(trips):g} s after {limits.bounce_threshold} bounces within "
        f"{limits.bounce_window_seconds:g} s{last})"
    )


def returned_note(delegator: str, delegatee: str, task_id: str) -> str:
    """What the latest bounce was when a task came back by delegation (kept with the pair)."""
    return f"{delegator} handed task {task_id!r} back to {delegatee}"


_MAX_REASON = 300


def rejected_note(delegator: str, delegatee: str, task_id: str, reason: str) -> str:
    """What the latest bounce was when `delegatee` rejected or failed `delegator`'s hand-off.

    The reason is cut to 300 characters: it is kept in the pair's state and quoted in messages.
    """
    if len(reason) > _MAX_REASON:
        reason = reason[: _MAX_REASON - 3] + "..."
    return f"{delegatee} sent task {task_id!r} back to {delegator}: {reason}"


RawPairState = tuple[tuple[float, ...], tuple[float, ...], int, float | None, str | None]
"""A `PairState` as a plain tuple: what the in-memory store keeps (the garbage collector stops
tracking plain tuples of numbers, never `NamedTuple` instances, so a big store stays cheap)."""


def evaluate_pair(
    *,
    pair: PairState,
    dedup_at: float | None,
    delegator: str,
    delegatee: str,
    task_id: str,
    limits: GuardLimits,
    now: float,
    returned_at: float | None = None,
) -> tuple[StoreVerdict, PairState | None]:
    """Run dedup -> rate limit -> circuit breaker; on success return the pair's new state.

    `dedup_at` is when (delegator, delegatee, task_id) was last recorded, `returned_at` when the
    opposite direction (delegatee, delegator, task_id) was: a pass within the bounce window of
    it is a bounce. A blocked attempt returns `None` as the new state: nothing is recorded. On
    success the caller also stores `now` as the dedup time of (delegator, delegatee, task_id).
    """
    verdict, new = check_pair(
        pair, dedup_at, returned_at, delegator, delegatee, task_id, limits, now
    )
    return verdict, None if new is None else PairState._make(new)


def check_pair(
    pair: RawPairState,
    dedup_at: float | None,
    returned_at: float | None,
    delegator: str,
    delegatee: str,
    task_id: str,
    limits: GuardLimits,
    now: float,
    /,
) -> tuple[StoreVerdict, RawPairState | None]:
    """`evaluate_pair` for hot paths: positional arguments, plain-tuple state in and out."""
    if dedup_at is not None and now - dedup_at < limits.dedup_window_seconds:
        age = now - dedup_at
        message = dedup_message(delegator, delegatee, task_id, age, limits.dedup_window_seconds)
        return StoreVerdict(False, "dedup", message), None
    times, bounces, trips, open_until, last = pair
    window = limits.rate_window_seconds
    # Fast path (C-level min) when nothing has left the window yet; same result either way.
    recent = (
        times
        if not times or now - min(times) < window
        else tuple(t for t in times if now - t < window)
    )
    if len(recent) >= limits.rate_per_window + limits.rate_burst:
        message = rate_message(delegator, delegatee, len(recent), limits)
        return StoreVerdict(False, "rate_limit", message), None
    if open_until is not None:
        if now < open_until:
            message = breaker_message(delegator, delegatee, open_until, trips, limits, last)
            return StoreVerdict(False, "circuit_breaker", message), None
        bounces, open_until = (), None  # the cooldown has expired: a fresh count
    if returned_at is None or now - returned_at >= limits.bounce_window_seconds:
        return PASSED, ((*recent, now), bounces, trips, open_until, last)
    note = returned_note(delegator, delegatee, task_id)
    return PASSED, ((*recent, now), *_add_bounce(bounces, trips, now, limits, note))


def bounce_pair(pair: RawPairState, note: str, limits: GuardLimits, now: float) -> RawPairState:
    """The pair's state after a rejected or failed hand-off (`note` says which).

    An open breaker is left as it is: its bounces are forgotten when the cooldown ends anyway.
    """
    times, bounces, trips, open_until, _ = pair
    if open_until is not None:
        if now < open_until:
            return pair
        bounces = ()
    return (times, *_add_bounce(bounces, trips, now, limits, note))


def _add_bounce(
    bounces: tuple[float, ...], trips: int, now: float, limits: GuardLimits, note: str
) -> tuple[tuple[float, ...], int, float | None, str]:
    """Count one bounce at `now` in the sliding window; trip the breaker at the threshold."""
    window = limits.bounce_window_seconds
    kept = (*(t for t in bounces if now - t < window), now)
    if len(kept) < limits.bounce_threshold:
        return kept, trips, None, note
    trips += 1
    return kept, trips, now + limits.cooldown_for_trip(trips), note
