"""The Postgres store (PL/pgSQL) and the in-memory store (Python) give the same verdicts."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard, LoopPreventionConfig
from langgraph_council.guards._rules import PairState

pytestmark = pytest.mark.postgres

T0 = datetime(2026, 3, 1, tzinfo=UTC)
AGENTS = ["ann", "Bob", "çelik", "dan"]  # mixed case and non-ASCII: pair keys must agree

steps_strategy = st.lists(
    st.tuples(
        st.sampled_from(["delegate", "delegate", "delegate", "reject"]),
        st.sampled_from(AGENTS),
        st.sampled_from(AGENTS),
        st.sampled_from(["t1", "t2", "t3"]),
        # Mostly seconds apart (dedup, rate and bounce windows fill), sometimes minutes (they
        # expire, cooldowns end).
        st.one_of(
            st.floats(min_value=0, max_value=20, allow_nan=False),
            st.floats(min_value=0, max_value=400, allow_nan=False),
        ),
    ),
    min_size=1,
    max_size=40,
)


def _same_state(memory: PairState, postgres: PairState) -> None:
    assert (postgres.trips, postgres.last_bounce) == (memory.trips, memory.last_bounce)
    assert postgres.bounce_times == pytest.approx(memory.bounce_times, abs=1e-6)
    assert (postgres.open_until is None) == (memory.open_until is None)
    if memory.open_until is not None:
        assert postgres.open_until == pytest.approx(memory.open_until, abs=1e-6)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    steps=steps_strategy,
    threshold=st.integers(1, 5),
    capacity=st.integers(1, 6),
    dedup=st.sampled_from([1.0, 30.0, 60.0]),
    window=st.sampled_from([100.0, 600.0]),
)
def test_both_stores_agree_on_every_verdict(
    pg_store: PostgresGuardStateStore,
    steps: list[tuple[str, str, str, str, float]],
    threshold: int,
    capacity: int,
    dedup: float,
    window: float,
) -> None:
    """Random delegations and rejections: the same verdicts, messages and breaker state.

    Tasks repeat in both directions, so tasks come back (bounces) inside and outside the
    window, breakers trip, cool down and trip again.
    """
    config = LoopPreventionConfig(
        dedup_window_seconds=dedup,
        rate_limit={"max_per_pair_per_minute": capacity, "burst_allowance": 1},
        circuit_breaker={
            "bounce_threshold": threshold,
            "cooldown_seconds": 50,
            "bounce_window_seconds": window,
        },
    )
    memory = LoopGuard(config, InMemoryGuardStateStore())
    postgres = LoopGuard(config, pg_store)
    prefix = uuid.uuid4().hex[:8]  # the database outlives examples: fresh names each time
    now = T0
    for kind, a, b, task, dt in steps:
        now += timedelta(seconds=round(dt, 3))
        ids = {"delegator": f"{a}-{prefix}", "delegatee": f"{b}-{prefix}", "task_id": task}
        if kind == "reject":
            if a == b:
                continue
            reason = {"reason": "failed: it broke", "now": now}
            _same_state(
                memory.record_bounce(**ids, **reason), postgres.record_bounce(**ids, **reason)
            )
            continue
        expected = memory.check_and_record(chain=[], now=now, **ids)
        actual = postgres.check_and_record(chain=[], now=now, **ids)
        assert (actual.passed, actual.mechanism, actual.message) == (
            expected.passed,
            expected.mechanism,
            expected.message,
        )
    for a, b in itertools.combinations(AGENTS, 2):
        pair = (f"{a}-{prefix}", f"{b}-{prefix}")
        _same_state(memory.store.pair_state(*pair), pg_store.pair_state(*pair))  # type: ignore[attr-defined]
