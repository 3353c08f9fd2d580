"""`LoopGuard`: the five loop-prevention checks, in order, as one atomic check-and-record."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from langgraph_council.guards.config import LoopPreventionConfig
from langgraph_council.guards.store import GuardStateStore, InMemoryGuardStateStore
from langgraph_council.nodes.delegation.models import GuardMechanism, GuardOutcome

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
                f"store must implement GuardStateStore.check_and_record, got {type(store).__name__}"
            )
        self.config = config or LoopPreventionConfig()
        self.store: GuardStateStore = store if store is not None else InMemoryGuardStateStore()
        self._limits = self.config.limits()
        self._depth = self.config.max_delegation_depth

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
        store = self.store
        if type(store) is InMemoryGuardStateStore:  # skip keyword parsing on the hot path
            verdict = store.record(delegator, delegatee, task_id, self._limits, at, attempt_id)
        else:
            verdict = store.check_and_record(
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
