"""LoopGuard calls a store's public `check_and_record` whenever the store defines its own: a
structural store (no base class) and a subclass that overrides the method both see every check."""

from __future__ import annotations

from typing import Any

from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard
from langgraph_council.guards._rules import PairState, StoreVerdict


class CountingSubclass(InMemoryGuardStateStore):
    """A user's subclass that logs each check before the in-memory store decides."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def check_and_record(self, *, task_id: str, **rest: object) -> StoreVerdict:
        self.seen.append(task_id)
        return super().check_and_record(task_id=task_id, **rest)  # type: ignore[arg-type]


class StructuralStore:
    """A store that satisfies the `GuardStateStore` protocol without any base class."""

    def __init__(self) -> None:
        self.inner = InMemoryGuardStateStore()
        self.seen: list[dict[str, Any]] = []

    def check_and_record(self, **keywords: Any) -> StoreVerdict:
        self.seen.append({k: v for k, v in keywords.items() if k != "limits"})
        return self.inner.check_and_record(**keywords)

    def record_bounce(self, **keywords: Any) -> PairState:
        return self.inner.record_bounce(**keywords)


def test_an_overriding_subclass_sees_every_check() -> None:
    store = CountingSubclass()
    guard = LoopGuard(store=store)
    assert guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="t1").passed
    assert not guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="t1").passed
    assert store.seen == ["t1", "t1"]


def test_a_structural_store_gets_every_keyword() -> None:
    store = StructuralStore()
    guard = LoopGuard(store=store)
    outcome = guard.check_and_record(
        chain=["root"], delegator="a", delegatee="b", task_id="t1", now=100.0, attempt_id="x1"
    )
    assert outcome.passed
    assert store.seen == [
        {"delegator": "a", "delegatee": "b", "task_id": "t1", "now": 100.0, "attempt_id": "x1"}
    ]
    assert store.inner.pair_state("a", "b").rate_times == (100.0,)
