"""The guard's fast paths keep the guard's promises: creation races, clocks going back, GC."""

from __future__ import annotations

import gc
import threading
import uuid
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg.rows import dict_row

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import (
    GuardOutcome,
    InMemoryGuardStateStore,
    LoopGuard,
    LoopPreventionConfig,
)
from langgraph_council.guards._rules import (
    GuardLimits,
    PairState,
    check_pair,
    evaluate_pair,
)
from tests.processes import HANG

T0 = datetime(2026, 4, 1, tzinfo=UTC)
CONFIG = LoopPreventionConfig(circuit_breaker={"bounce_threshold": 100})


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.mark.postgres
@pytest.mark.parametrize(
    ("delegator", "task", "mechanism", "recorded", "bounces"),
    [
        ("ann", "t1", "dedup", 1, 0),
        ("ann", "t2", "all_passed", 2, 0),
        ("bob", "t1", "all_passed", 2, 1),  # t1 comes back: the winner's dedup row tells it
    ],
)
def test_a_lost_race_to_create_a_pair_decides_again_on_the_winners_row(
    pg_db: str, delegator: str, task: str, mechanism: str, recorded: int, bounces: int
) -> None:
    # The first attempt on a new pair runs in a transaction left open, so its new row is
    # uncommitted: the racer cannot see it, waits on the unique key, then must lock and re-read.
    with (
        psycopg.connect(pg_db, row_factory=dict_row) as holder,
        PostgresGuardStateStore.from_conn_string(pg_db) as racer_store,
    ):
        first = LoopGuard(CONFIG, PostgresGuardStateStore(holder)).check_and_record(
            chain=[], delegator="ann", delegatee="bob", task_id="t1", now=at(0)
        )
        assert first.passed
        outcome: list[GuardOutcome] = []
        racer = threading.Thread(
            target=lambda: outcome.append(
                LoopGuard(CONFIG, racer_store).check_and_record(
                    chain=[],
                    delegator=delegator,
                    delegatee="bob" if delegator == "ann" else "ann",
                    task_id=task,
                    now=at(1),
                )
            )
        )
        racer.start()
        racer.join(timeout=1.0)
        assert racer.is_alive(), "the racer decided without waiting for the open transaction"
        holder.commit()
        racer.join(timeout=HANG)
        assert [o.mechanism for o in outcome] == [mechanism]
        state = racer_store.pair_state("bob", "ann")
        assert (state.bounces, len(state.rate_times)) == (bounces, recorded)


@pytest.mark.postgres
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["ann", "bob"]),
            st.integers(0, 30),
            st.floats(min_value=-90, max_value=90, allow_nan=False),
        ),
        min_size=1,
        max_size=30,
    ),
    window=st.sampled_from([20.0, 60.0]),
)
def test_both_stores_agree_when_the_clock_goes_back(
    pg_store: PostgresGuardStateStore,
    steps: list[tuple[str, int, float]],
    window: float,
) -> None:
    # The Postgres function keeps rate times sorted to skip the window filter; an earlier `now`
    # than the stored times must still count exactly like the in-memory min() does.
    config = LoopPreventionConfig(
        dedup_window_seconds=5,
        rate_limit={"max_per_pair_per_minute": 4, "burst_allowance": 1, "window_seconds": window},
        circuit_breaker={
            "bounce_threshold": 3,
            "cooldown_seconds": 40,
            "bounce_window_seconds": 3 * window,  # bounces leave the window, and clocks go back
        },
    )
    memory, postgres = LoopGuard(config, InMemoryGuardStateStore()), LoopGuard(config, pg_store)
    prefix, now = uuid.uuid4().hex[:8], T0
    for who, task, dt in steps:
        now += timedelta(seconds=round(dt, 3))
        other = "bob" if who == "ann" else "ann"
        kwargs = {
            "chain": [],
            "delegator": f"{who}-{prefix}",
            "delegatee": f"{other}-{prefix}",
            "task_id": f"t{task}",
            "now": now,
        }
        expected = memory.check_and_record(**kwargs)  # type: ignore[arg-type]
        actual = postgres.check_and_record(**kwargs)  # type: ignore[arg-type]
        assert (actual.mechanism, actual.message) == (expected.mechanism, expected.message)
    pair = (f"ann-{prefix}", f"bob-{prefix}")
    assert sorted(pg_store.pair_state(*pair).rate_times) == sorted(
        memory.store.pair_state(*pair).rate_times  # type: ignore[attr-defined]
    )


def test_a_big_in_memory_store_leaves_nothing_for_the_garbage_collector() -> None:
    # Tracked state would make every full collection walk all pairs: 17% of a 300k-pair run.
    guard = LoopGuard(CONFIG, InMemoryGuardStateStore())
    gc.collect()
    before = len(gc.get_objects())
    for i in range(5_000):
        assert guard.check_and_record(
            chain=["root"], delegator=f"a{i}", delegatee=f"b{i}", task_id="t"
        ).passed
    gc.collect()
    assert len(gc.get_objects()) - before < 1_000  # one tracked object per pair: >= 5,000
    state = guard.store.pair_state("b7", "a7")  # type: ignore[attr-defined]
    assert isinstance(state, PairState)
    assert (state.bounces, len(state.rate_times)) == (0, 1)


def test_evaluate_pair_and_its_positional_core_agree() -> None:
    limits = GuardLimits(bounce_threshold=2, cooldown_seconds=10)
    state = PairState((1.0,), (2.0,), 0, None, "earlier")
    verdict, new = evaluate_pair(
        pair=state,
        dedup_at=None,
        returned_at=3.0,  # b handed t to a at 3: this a -> b is the task coming back
        delegator="a",
        delegatee="b",
        task_id="t",
        limits=limits,
        now=5,
    )
    assert verdict.passed
    assert new == PairState((1.0, 5), (2.0, 5), 1, 15.0, "a handed task 't' back to b")
    assert isinstance(new, PairState)
    assert (verdict, tuple(new)) == check_pair(state, None, 3.0, "a", "b", "t", limits, 5)
    blocked, nothing = evaluate_pair(
        pair=new, dedup_at=None, delegator="b", delegatee="a", task_id="u", limits=limits, now=6
    )
    assert (blocked.mechanism, nothing) == ("circuit_breaker", None)
    assert "last bounce: a handed task 't' back to b" in blocked.message
