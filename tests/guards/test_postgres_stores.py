"""The Postgres guard and loop-record stores: restarts, concurrent connections, queries."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints import (
    PostgresGuardStateStore,
    PostgresLoopRecordStore,
)
from langgraph_council.checkpoints._migrations import MIGRATIONS, apply_migrations
from langgraph_council.checkpoints._postgres import connection_kwargs
from langgraph_council.guards import LoopGuard, LoopPreventionConfig, LoopRecordStore
from langgraph_council.guards._rules import PairState
from langgraph_council.guards._types import LoopRecord

pytestmark = pytest.mark.postgres

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_every_window_survives_a_restart(pg_db: str) -> None:
    config = LoopPreventionConfig(circuit_breaker={"bounce_threshold": 14})
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        guard = LoopGuard(config, store)
        for i in range(13):
            assert guard.check_and_record(
                chain=[], delegator="a", delegatee="b", task_id=f"t{i}", now=at(i)
            ).passed
        dedup_probe = LoopGuard(LoopPreventionConfig(), store)
        assert dedup_probe.check_and_record(
            chain=[], delegator="x", delegatee="y", task_id="t", now=at(0)
        ).passed
    # A new process would open a new connection: same answers, from the database alone.
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        guard = LoopGuard(config, store)
        rate = guard.check_and_record(
            chain=[], delegator="b", delegatee="a", task_id="new", now=at(20)
        )
        assert rate.mechanism == "rate_limit"
        dup = guard.check_and_record(
            chain=[], delegator="x", delegatee="y", task_id="t", now=at(30)
        )
        assert dup.mechanism == "dedup"
        state = store.pair_state("a", "b")
        assert (state.bounces, state.trips, len(state.rate_times)) == (0, 0, 13)


def test_breaker_bounces_trips_and_backoff_survive_a_restart(pg_db: str) -> None:
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        guard = LoopGuard(LoopPreventionConfig(), store)
        assert guard.check_and_record(
            chain=[], delegator="a", delegatee="b", task_id="t", now=at(0)
        ).passed
        assert guard.check_and_record(  # the task comes back: bounce 1
            chain=[], delegator="b", delegatee="a", task_id="t", now=at(1)
        ).passed
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:  # a new process
        guard = LoopGuard(LoopPreventionConfig(), store)
        assert store.pair_state("a", "b").bounces == 1
        guard.record_bounce(delegator="a", delegatee="b", task_id="u", reason="no", now=at(2))
        state = guard.record_bounce(
            delegator="b", delegatee="a", task_id="w", reason="failed", now=at(3)
        )
        assert (state.trips, state.open_until) == (1, at(303).timestamp())
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        guard = LoopGuard(LoopPreventionConfig(), store)
        blocked = guard.check_and_record(
            chain=[], delegator="a", delegatee="b", task_id="x", now=at(100)
        )
        assert blocked.mechanism == "circuit_breaker"
        assert "last bounce: a sent task 'w' back to b: failed" in blocked.message
        for i in range(3):  # after the first cooldown: a fresh bounce count, trip 2 is 600 s
            guard.record_bounce(
                delegator="a", delegatee="b", task_id=f"v{i}", reason="no", now=at(303 + i)
            )
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        state = store.pair_state("a", "b")
        assert state.trips == 2
        assert state.open_until == at(305 + 600).timestamp()


def test_the_bounce_migration_keeps_trips_and_drops_old_counts(pg_uri: str) -> None:
    """A database set up before the bounce rule: its breaker history survives the upgrade."""
    names = [m.name for m in MIGRATIONS]
    before = names.index("guard bounces")
    with psycopg.connect(pg_uri, **connection_kwargs()) as conn:
        apply_migrations(conn, MIGRATIONS[:before])
        # Under the old rule three ordinary hand-offs tripped a breaker and set bounces = 3.
        conn.execute(
            "INSERT INTO council_guard_pairs (agent_a, agent_b, rate_times, bounces, trips, "
            "open_until) VALUES ('a', 'b', ARRAY[%s, %s]::timestamptz[], 3, 2, %s)",
            (at(0), at(1), at(1000)),
        )
        conn.execute(  # b handed task t to a shortly before the upgrade
            "INSERT INTO council_guard_dedup (delegator, delegatee, task_id, last_at) "
            "VALUES ('b', 'a', 't', %s)",
            (at(900),),
        )
        assert apply_migrations(conn) == [before + 1, *range(before + 2, len(names) + 1)]
    with PostgresGuardStateStore.from_conn_string(pg_uri) as store:
        state = store.pair_state("a", "b")
        assert (state.bounces, state.trips, state.open_until) == (0, 2, at(1000).timestamp())
        assert state.rate_times == (at(0).timestamp(), at(1).timestamp())
        guard = LoopGuard(store=store)
        blocked = guard.check_and_record(
            chain=[], delegator="a", delegatee="b", task_id="t", now=at(10)
        )
        assert blocked.mechanism == "circuit_breaker"  # an open breaker stays open
        assert "trip 2" in blocked.message and "last bounce" not in blocked.message
        assert guard.check_and_record(
            chain=[], delegator="a", delegatee="b", task_id="t", now=at(1000)
        ).passed
        # t comes back 100 s after b handed it over before the upgrade: a bounce.
        assert store.pair_state("a", "b").bounce_times == (at(1000).timestamp(),)


def test_wall_clock_times_are_stored_as_timestamps(pg_db: str) -> None:
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        LoopGuard(store=store).check_and_record(chain=[], delegator="a", delegatee="b", task_id="t")
    with psycopg.connect(pg_db) as conn:
        row = conn.execute(  # the dedup time is kept in the pair's row, as epoch seconds
            "SELECT rate_times[1], extract(epoch FROM now()) - (recent ->> '>t')::numeric "
            "FROM council_guard_pairs"
        ).fetchone()
    assert row is not None
    assert row[0].tzinfo is not None
    assert abs(float(row[1])) < 60  # the database clock, not a monotonic counter


def test_threads_on_separate_connections_never_exceed_the_limit(pg_db: str) -> None:
    config = LoopPreventionConfig(circuit_breaker={"bounce_threshold": 10_000})
    passed: list[bool] = []
    lock = threading.Lock()

    def worker(n: int) -> None:
        with PostgresGuardStateStore.from_conn_string(pg_db) as store:
            guard = LoopGuard(config, store)
            for i in range(40):
                a, b = ("a", "b") if i % 2 else ("b", "a")
                ok = guard.check_and_record(
                    chain=[], delegator=a, delegatee=b, task_id=f"w{n}-{i}"
                ).passed
                with lock:
                    passed.append(ok)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(passed) == 160
    assert sum(passed) == 13


def test_a_pool_backed_store_serves_concurrent_callers(pg_db: str) -> None:
    with ConnectionPool(
        pg_db, min_size=1, max_size=3, kwargs=connection_kwargs(), open=True
    ) as pool:
        store = PostgresGuardStateStore(pool)  # type: ignore[arg-type]
        guard = LoopGuard(LoopPreventionConfig(circuit_breaker={"bounce_threshold": 10_000}), store)
        results: list[bool] = []

        def go(i: int) -> None:
            results.append(
                guard.check_and_record(
                    chain=[], delegator="a", delegatee="b", task_id=f"p{i}"
                ).passed
            )

        threads = [threading.Thread(target=go, args=(i,)) for i in range(30)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sum(results) == 13


def test_a_store_needs_a_connection() -> None:
    with pytest.raises(TypeError, match="Connection or ConnectionPool"):
        PostgresGuardStateStore("postgresql://nowhere")  # type: ignore[arg-type]


def _record(i: int, mechanism: str, a: str, b: str, task: str, seconds: float) -> LoopRecord:
    return LoopRecord(
        id=f"r{i}",
        mechanism=mechanism,  # type: ignore[arg-type]
        chain=(a, b, a),
        delegator=a,
        delegatee=b,
        task_id=task,
        message=f"{mechanism}: blocked",
        thread_id="thread-1",
        recorded_at=at(seconds),
    )


def test_loop_records_are_listed_and_filtered(pg_db: str) -> None:
    with PostgresLoopRecordStore.from_conn_string(pg_db) as records:
        assert isinstance(records, LoopRecordStore)
        records.put(_record(1, "ancestry", "a", "b", "t1", 0))
        records.put(_record(2, "dedup", "b", "c", "t1", 10))
        records.put(_record(3, "rate_limit", "c", "d", "t2", 20))
        records.put(_record(1, "ancestry", "a", "b", "t1", 0))  # same id: kept once
    with PostgresLoopRecordStore.from_conn_string(pg_db) as records:
        assert [r.id for r in records.list()] == ["r1", "r2", "r3"]
        assert [r.id for r in records.list(mechanism="dedup")] == ["r2"]
        assert [r.id for r in records.list(agent_id="b")] == ["r1", "r2"]
        assert [r.id for r in records.list(task_id="t1", since=at(10))] == ["r2"]
        assert [r.id for r in records.list(limit=1)] == ["r1"]
        first = records.list()[0]
        assert first.chain == ("a", "b", "a")
        assert first.pair == ("a", "b")
        assert first.recorded_at == at(0)
        with pytest.raises(ValueError, match="timezone-aware"):
            records.list(since=datetime(2026, 1, 1))
        with pytest.raises(ValueError, match="limit"):
            records.list(limit=0)


def test_the_schema_refuses_unknown_mechanisms(pg_db: str) -> None:
    with psycopg.connect(pg_db) as conn, pytest.raises(psycopg.errors.CheckViolation):
        conn.execute(
            "INSERT INTO council_loop_records (id, mechanism, chain, delegator, delegatee, "
            "task_id, message, recorded_at) VALUES ('x', 'vibes', '{}', 'a', 'b', 't', '', now())"
        )


def test_a_database_without_the_schema_says_to_run_setup(pg_uri: str) -> None:
    with PostgresGuardStateStore.from_conn_string(pg_uri) as store:
        guard = LoopGuard(store=store)
        with pytest.raises(RuntimeError, match=r"run setup_database\(uri\)"):
            guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="t")
    with (
        PostgresLoopRecordStore.from_conn_string(pg_uri) as records,
        pytest.raises(RuntimeError, match=r"run setup_database\(uri\)"),
    ):
        records.put(_record(1, "dedup", "a", "b", "t", 0))


def test_deleting_a_pair_row_resets_the_pair(pg_db: str) -> None:
    """The manual reset: the breaker, the windows and the pair's dedup times go together
    (all of them are the pair's row)."""
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        guard = LoopGuard(store=store)
        assert guard.check_and_record(
            chain=[], delegator="a", delegatee="b", task_id="t", now=at(0)
        ).passed
        for i in range(3):
            guard.record_bounce(delegator="a", delegatee="b", task_id="t", reason="no", now=at(i))
        assert guard.check_and_record(
            chain=[], delegator="c", delegatee="d", task_id="t", now=at(0)
        ).passed
        with psycopg.connect(pg_db, autocommit=True) as conn:
            conn.execute("DELETE FROM council_guard_pairs WHERE agent_a = 'a'")
        assert store.pair_state("a", "b") == PairState()
        again = guard.check_and_record(
            chain=[], delegator="a", delegatee="b", task_id="t", now=at(10)
        )
        assert again.passed  # neither the open breaker nor the 10 s old duplicate remain
        assert (
            guard.check_and_record(  # other pairs keep their state
                chain=[], delegator="c", delegatee="d", task_id="t", now=at(10)
            ).mechanism
            == "dedup"
        )
        with psycopg.connect(pg_db, autocommit=True) as conn:
            conn.execute("TRUNCATE council_guard_pairs")
        assert guard.check_and_record(  # a pair's dedup times live in its row: gone with it
            chain=[], delegator="c", delegatee="d", task_id="t", now=at(11)
        ).passed
