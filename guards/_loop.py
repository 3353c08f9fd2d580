"""`LoopGuard`: the five loop-prevention checks, in order, as one atomic check-and-record."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from langgraph_council.guards._config import LoopPreventionConfig
from langgraph_council.guards._rules import PairState
from langgraph_council.guards._store import (
    GuardStateStore,
    InMemoryGuardStateStore,
)
from langgraph_council.guards._types import GuardMechanism, GuardOutcome, Handoff

__all__ = ["LoopGuard", "format_chain"]


_ARROW = " -> "


def format_chain(chain: Sequence[str]) -> str:
    """A readable delegation path, e.g. `ceo -> cto -> ceo`."""
    return _ARROW.join(chain)


def _is_id(value: object) -> bool:
    return type(value) is str and bool(value) and not value.isspace()


def _raise_blank(**ids: object) -> None:
    for field, value in ids.items():
        if not _is_id(value):
            raise ValueError(f"{field} must be a non-empty string, got {value!r}")


def _epoch(now: datetime | float) -> float:
    if isinstance(now, int | float):
        return float(now)
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be timezone-aware, e.g. datetime.now(UTC)")
    return now.timestamp()


class LoopGuard:
    """Checks ancestry -> max depth -> dedup -> rate limit -> circuit breaker; first failure wins.

    `chain` lists the prior delegators of the task (oldest first), without `delegator`. A
    blocked attempt records nothing; a passing one is recorded in the same store operation.
    The breaker counts bounces, tasks coming back: a passing delegation of a task back to the
    agent that handed it over, and hand-offs reported rejected or failed with `record_bounce`.

    Example:
        >>> guard = LoopGuard(LoopPreventionConfig(), InMemoryGuardStateStore())
        >>> guard.check_and_record(chain=["ceo"], delegator="cto", delegatee="ceo",
        ...                        task_id="t1").mechanism
        'ancestry'
    """

    def __init__(
        self,
        config: LoopPreventionConfig | None = None,
        store: GuardStateStore | None = None,
    ) -> None:
        if config is not None and not isinstance(config, LoopPreventionConfig):
            raise TypeError(
                f"config must be a LoopPreventionConfig, got {type(config).__name__}; "
                "build one with LoopPreventionConfig(...) or LoopPreventionConfig.from_yaml(...)"
            )
        if store is not None and not isinstance(store, GuardStateStore):
            raise TypeError(
                "store must implement GuardStateStore (check_and_record and record_bounce), got "
                f"{type(store).__name__}"
            )
        self.config = config or LoopPreventionConfig()
        self._store: GuardStateStore = store if store is not None else InMemoryGuardStateStore()
        self._limits = self.config.limits()
        self._depth = self.config.max_delegation_depth
        self._check_and_record = self._store.check_and_record  # bound once: the hot path

    @property
    def store(self) -> GuardStateStore:
        """Where the guard keeps its state (fixed at construction)."""
        return self._store

    def reset_breaker(self, a: str, b: str) -> PairState:
        """Close the circuit breaker of the pair `a` <-> `b` at once (after an operator fixed
        the cause), forgetting its bounces and trips; returns the pair's state before.

        Raises:
            TypeError: The store has no `reset_breaker` (a custom `GuardStateStore`).
        """
        _raise_blank(a=a, b=b)
        reset = getattr(self._store, "reset_breaker", None)
        if reset is None:
            raise TypeError(
                f"{type(self._store).__name__} has no reset_breaker(a, b); add one to the store "
                "(see InMemoryGuardStateStore) to reset breakers"
            )
        before: PairState = reset(a, b)
        return before

    def check(self, handoff: Handoff) -> GuardOutcome:
        """`check_and_record` for a hand-off record (what both families' guard nodes call)."""
        return self.check_and_record(
            chain=handoff.chain,
            delegator=handoff.delegator,
            delegatee=handoff.delegatee,
            task_id=handoff.task_id,
            attempt_id=handoff.attempt_id,
        )

    def check_and_record(
        self,
        *,
        chain: Sequence[str],
        delegator: str,
        delegatee: str,
        task_id: str,
        now: datetime | float | None = None,
        attempt_id: str | None = None,
    ) -> GuardOutcome:
        """Decide one delegation attempt and record it when it passes.

        Args:
            chain: Prior delegators of the task, oldest first, without `delegator`.
            delegator: The agent handing the task off.
            delegatee: The agent that would receive it.
            task_id: The task; dedup is keyed by (delegator, delegatee, task_id).
            now: Aware datetime or POSIX seconds; None uses the store's wall clock.
            attempt_id: Stable id of this attempt; a repeat returns the first verdict and
                records nothing (a node re-run after a crash).

        Raises:
            ValueError: If an id is blank or `now` is a naive datetime.
        """
        # `str.strip` returns the string itself unless it has outer blanks: no allocation.
        if not (
            type(delegator) is str
            and type(delegatee) is str
            and type(task_id) is str
            and delegator.strip()
            and delegatee.strip()
            and task_id.strip()
        ):
            _raise_blank(delegator=delegator, delegatee=delegatee, task_id=task_id)
        if isinstance(chain, str):  # tuple("ceo") would be three one-letter agents
            raise TypeError(f"chain must be a sequence of agent ids, not a string: {chain!r}")
        path = (*chain, delegator, delegatee)
        last = len(path) - 1
        # The delegatee found before the end: it is the delegator or an earlier delegator.
        if path.index(delegatee) != last or last > self._depth:
            mechanism, message = self._stateless(path[:-2], delegator, delegatee)
            return GuardOutcome(passed=False, mechanism=mechanism, message=message, chain=path)
        at = None if now is None else _epoch(now)
        verdict = self._check_and_record(
            delegator=delegator,
            delegatee=delegatee,
            task_id=task_id,
            limits=self._limits,
            now=at,
            attempt_id=attempt_id,
        )
        if verdict.passed:
            return GuardOutcome(True, "all_passed", "", path)
        return GuardOutcome(
            False, verdict.mechanism, f"{verdict.message}; chain {_ARROW.join(path)}", path
        )

    def record_bounce(
        self,
        *,
        delegator: str,
        delegatee: str,
        task_id: str,
        reason: str,  # why it came back; quoted while the breaker is open
        now: datetime | float | None = None,
        bounce_id: str | None = None,
    ) -> PairState:
        """Count `delegatee` rejecting or failing the hand-off of `task_id` as a bounce.

        Call it when the agent that received a task sends it back without delegating it (it
        refuses the work, or the work fails). The bounce counts for the undirected pair in the
        breaker's sliding window; the `bounce_threshold`-th opens the breaker. The reason is
        kept with the pair and quoted when the open breaker refuses a hand-off.

        Args:
            delegator: The agent that handed the task off.
            delegatee: The agent that rejected or failed it.
            task_id: The task.
            reason: Why it came back, e.g. "rejected: outside my remit".
            now: Aware datetime or POSIX seconds; None uses the store's wall clock.
            bounce_id: Stable id of this bounce; a repeat records nothing (a re-run).

        Returns:
            The pair's state afterwards; `open_until` is set while the breaker is open.

        Raises:
            ValueError: If an id or the reason is blank, the agents are the same, or `now` is
                a naive datetime.

        Example:
            >>> guard = LoopGuard()
            >>> guard.record_bounce(delegator="cto", delegatee="lead", task_id="t1",
            ...                     reason="rejected: no capacity").bounces
            1
        """
        _raise_blank(delegator=delegator, delegatee=delegatee, task_id=task_id, reason=reason)
        if delegator == delegatee:
            raise ValueError(
                f"a bounce needs two agents; delegator and delegatee are {delegator!r}"
            )
        return self._store.record_bounce(
            delegator=delegator,
            delegatee=delegatee,
            task_id=task_id,
            reason=reason,
            limits=self._limits,
            now=None if now is None else _epoch(now),
            bounce_id=bounce_id,
        )

    def _stateless(
        self, chain: tuple[str, ...], delegator: str, delegatee: str
    ) -> tuple[GuardMechanism, str]:
        """Why ancestry or depth refuses the attempt (only called when one of them does)."""
        depth = self._depth
        path = format_chain((*chain, delegator, delegatee))
        if delegatee == delegator:
            return "ancestry", f"ancestry: {delegator} cannot delegate to itself; chain {path}"
        if delegatee in chain:
            return "ancestry", (
                f"ancestry: {delegatee} already handled this task earlier in the chain, so the "
                f"hand-off would close a loop; chain {path}"
            )
        return "max_depth", (
            f"max_depth: the task has already been delegated {len(chain)} times "
            f"(max_delegation_depth={depth}); chain {path}"
        )
