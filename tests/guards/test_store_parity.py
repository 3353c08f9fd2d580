"""The Postgres store (PL/pgSQL) and the in-memory store (Python) give the same verdicts."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from langgraph_council.checkpoints import PostgresGuardStateStore, setup_database
from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard, LoopPreventionConfig
from tests.conftest import fresh_database

pytestmark = pytest.mark.postgres

T0 = datetime(2026, 3, 1, tzinfo=UTC)
AGENTS = ["ann", "Bob", "çelik", "dan"]  # mixed case and non-ASCII: pair keys must agree

attempts = st.lists(
    st.tuples(
        st.sampled_from(AGENTS),
        st.sampled_from(AGENTS),
        st.sampled_from(["t1", "t2", "t3"]),
        st.floats(min_value=0, max_value=400, allow_nan=False),
    ),
    min_size=1,
    max_size=40,
)


@pytest.fixture(scope="module")
def pg_store(pg_server: str) -> Iterator[PostgresGuardStateStore]:
    """One database for the module; each example uses fresh agent names."""
    with fresh_database(pg_server, "test_parity") as uri:
        setup_database(uri)
        with PostgresGuardStateStore.from_conn_string(uri) as store:
            yield store


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    steps=attempts,
    threshold=st.integers(1, 5),
    capacity=st.integers(1, 6),
    dedup=st.sampled_from([1.0, 30.0, 60.0]),
)
def test_both_stores_agree_on_every_verdict(
    pg_store: PostgresGuardStateStore,
    steps: list[tuple[str, str, str, float]],
    threshold: int,
    capacity: int,
    dedup: float,
) -> None:
    config = LoopPreventionConfig(
        dedup_window_seconds=dedup,
        rate_limit={"max_per_pair_per_minute": capacity, "burst_allowance": 1},
        circuit_breaker={"bounce_threshold": threshold, "cooldown_seconds": 50},
    )
    memory = LoopGuard(config, InMemoryGuardStateStore())
    postgres = LoopGuard(config, pg_store)
    prefix = uuid.uuid4().hex[:8]  # the database outlives examples: fresh names each time
    now = T0
    for a, b, task, dt in steps:
        now += timedelta(seconds=round(dt, 3))
        kwargs = {
            "chain": [],
            "delegator": f"{a}-{prefix}",
            "delegatee": f"{b}-{prefix}",
            "task_id": task,
            "now": now,
        }
        expected = memory.check_and_record(**kwargs)  # type: ignore[arg-type]
        actual = postgres.check_and_record(**kwargs)  # type: ignore[arg-type]
        assert (actual.passed, actual.mechanism, actual.message) == (
            expected.passed,
            expected.mechanism,
            expected.message,
        )
