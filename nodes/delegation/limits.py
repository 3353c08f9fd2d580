"""Pure windowed-limit logic (dedup, rate limit, circuit breaker) shared by every guard store.

The stores only load state, call `evaluate_pair` and save what it returns, inside one lock or
one transaction; so the in-memory and the Postgres store cannot disagree on a boundary.
Times are POSIX seconds (wall clock).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import NamedTuple

__all__ = [
    "GuardLimits",
    "PairState",
    "StoreVerdict",
    "evaluate_pair",
    "from_epoch",
    "pair_key",
]


@dataclass(frozen=True, slots=True)
class GuardLimits:
    """The numbers the stateful checks enforce (see `LoopPreventionConfig.limits`)."""

    dedup_window_seconds: float = 60.0
    rate_per_window: int = 10
    rate_burst: int = 3
    rate_window_seconds: float = 60.0
    bounce_threshold: int = 3
    cooldown_seconds: float = 300.0
    max_cooldown_seconds: float = 3600.0

    @property
    def rate_capacity(self) -> int:
        """Delegations a pair may make inside one rate window (limit plus burst)."""
        return self.rate_per_window + self.rate_burst

    def cooldown_for_trip(self, trips: int) -> float:
        """Cooldown after the `trips`-th trip: base doubling per trip, capped at the maximum."""
        return float(min(self.cooldown_seconds * 2 ** max(trips - 1, 0), self.max_cooldown_seconds))


@dataclass(frozen=True, slots=True)
class PairState:
    """Rate and breaker state of one undirected agent pair."""

    rate_times: tuple[float, ...] = ()
    bounces: int = 0
    trips: int = 0
    open_until: float | None = None


class StoreVerdict(NamedTuple):
    """What the stateful checks decided; `mechanism` is `all_passed` when recorded."""

    passed: bool
    mechanism: str
    message: str


PASSED = StoreVerdict(True, "all_passed", "")


def pair_key(a: str, b: str) -> tuple[str, str]:
    """The undirected key of a pair: the two ids sorted."""
    return (a, b) if a <= b else (b, a)


def from_epoch(seconds: float) -> datetime:
    """A POSIX time as an aware UTC datetime."""
    return datetime.fromtimestamp(seconds, UTC)


def _breaker_blocks(
    pair: PairState, delegator: str, delegatee: str, limits: GuardLimits, now: float
) -> StoreVerdict | None:
    if pair.open_until is None or now >= pair.open_until:
        return None
    return StoreVerdict(
        False,
        "circuit_breaker",
        f"circuit breaker open for pair {delegator} <-> {delegatee} until "
        f"{from_epoch(pair.open_until).isoformat()} (trip {pair.trips}, cooldown "
        f"{limits.cooldown_for_trip(pair.trips):g} s after {limits.bounce_threshold} bounces)",
    )


def evaluate_pair(
    *,
    pair: PairState,
    dedup_at: float | None,
    delegator: str,
    delegatee: str,
    task_id: str,
    limits: GuardLimits,
    now: float,
) -> tuple[StoreVerdict, PairState | None]:
    """Run dedup -> rate limit -> circuit breaker; on success return the pair's new state.

    A blocked attempt returns `None` as the new state: nothing is recorded. On success the
    caller also stores `now` as the dedup time of (delegator, delegatee, task_id).
    """
    if dedup_at is not None and now - dedup_at < limits.dedup_window_seconds:
        return StoreVerdict(
            False,
            "dedup",
            f"duplicate: {delegator} already delegated task {task_id!r} to {delegatee} "
            f"{now - dedup_at:.1f} s ago (window {limits.dedup_window_seconds:g} s)",
        ), None
    recent = tuple(t for t in pair.rate_times if now - t < limits.rate_window_seconds)
    if len(recent) >= limits.rate_capacity:
        return StoreVerdict(
            False,
            "rate_limit",
            f"rate limit: pair {delegator} <-> {delegatee} made {len(recent)} delegations in "
            f"the last {limits.rate_window_seconds:g} s (limit {limits.rate_per_window} + burst "
            f"{limits.rate_burst})",
        ), None
    blocked = _breaker_blocks(pair, delegator, delegatee, limits, now)
    if blocked is not None:
        return blocked, None
    expired = pair.open_until is not None
    bounces = (0 if expired else pair.bounces) + 1
    trips, open_until = pair.trips, None
    if bounces >= limits.bounce_threshold:
        trips += 1
        open_until = now + limits.cooldown_for_trip(trips)
    return PASSED, PairState((*recent, now), bounces, trips, open_until)
