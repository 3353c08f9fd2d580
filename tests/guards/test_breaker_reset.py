"""An operator closes an open circuit breaker: the guard's `reset_breaker` and `council guards`."""

from __future__ import annotations

import json
from typing import Any

import pytest

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import LoopGuard, LoopPreventionConfig
from tests.cli_runner import run_cli


def _tripped(store: Any) -> LoopGuard:
    guard = LoopGuard(LoopPreventionConfig(), store)
    for i in range(3):  # the default bounce threshold
        guard.record_bounce(delegator="a", delegatee="b", task_id=f"t{i}", reason="rejected")
    blocked = guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="new")
    assert blocked.mechanism == "circuit_breaker"
    return guard


def test_reset_breaker_lets_the_pair_delegate_again(guard_store: Any) -> None:
    guard = _tripped(guard_store)
    before = guard.reset_breaker("b", "a")  # either order names the pair
    assert before.trips == 1 and before.open_until is not None and before.bounces == 3
    after = guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="new")
    assert after.passed
    state = guard_store.pair_state("a", "b")
    assert (state.trips, state.open_until, state.bounces) == (0, None, 0)


def test_reset_breaker_of_an_unknown_pair_changes_nothing(guard_store: Any) -> None:
    before = LoopGuard(store=guard_store).reset_breaker("x", "y")
    assert before.trips == 0 and before.open_until is None


def test_reset_breaker_names_the_store_that_cannot(guard_store: Any) -> None:
    class Bare:
        check_and_record = guard_store.check_and_record
        record_bounce = guard_store.record_bounce

    with pytest.raises(TypeError, match="Bare has no reset_breaker"):
        LoopGuard(store=Bare()).reset_breaker("a", "b")


def test_council_guards_reset_closes_the_breaker_in_the_database(pg_db: str) -> None:
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        store.setup()
        _tripped(store)
        ran = run_cli("guards", "reset", "a", "b", "--db", pg_db, "--json")
        assert ran.status == 0, ran.err
        shown = json.loads(ran.out)
        assert shown["was_open"] is True and shown["trips"] == 1
        assert store.pair_state("a", "b").open_until is None
        again = run_cli("guards", "reset", "a", "b", "--db", pg_db)
        assert "breaker a <-> b was closed (trips 0, bounces 0): reset" in again.out
