"""A guard check on Postgres writes one row, the pair's, and an old database keeps its state.

Rows written are counted with `pg_stat_xact_user_tables` (inserts, updates and deletes not yet
reported to the statistics), read before and after the check inside one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from psycopg.rows import dict_row

from langgraph_council.checkpoints import PostgresGuardStateStore, setup_database
from langgraph_council.guards import GuardOutcome, LoopGuard, LoopPreventionConfig
from tests.checkpoints.test_saved_threads import load_dump

pytestmark = pytest.mark.postgres

T0 = datetime(2026, 2, 1, tzinfo=UTC)
CONFIG = LoopPreventionConfig(circuit_breaker={"bounce_threshold": 2, "cooldown_seconds": 100})

_WRITTEN = """
SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::int AS rows
FROM pg_stat_xact_user_tables WHERE relname LIKE 'council_guard%'"""


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.fixture
def conn(pg_db: str) -> Iterator[psycopg.Connection[dict[str, object]]]:
    """A connection whose transactions stay open until committed (to count their writes)."""
    with psycopg.connect(pg_db, row_factory=dict_row) as conn:
        yield conn


def _written(conn: psycopg.Connection[dict[str, object]]) -> int:
    row = conn.execute(_WRITTEN).fetchone()
    assert row is not None
    return int(str(row["rows"]))


def _rows_written(
    conn: psycopg.Connection[dict[str, object]], check: Callable[[], GuardOutcome]
) -> tuple[GuardOutcome, int]:
    """Run `check` inside one transaction; returns what it returns and the rows it wrote."""
    before = _written(conn)
    result = check()
    rows = _written(conn) - before
    conn.commit()
    return result, rows


@pytest.mark.parametrize("attempt", [None, "run-1"])
def test_every_kind_of_check_writes_at_most_one_row(
    conn: psycopg.Connection[dict[str, object]], attempt: str | None
) -> None:
    guard = LoopGuard(CONFIG, PostgresGuardStateStore(conn))
    n = iter(range(1000))

    def check(delegator: str, delegatee: str, task: str, seconds: float) -> tuple[str, int]:
        attempt_id = None if attempt is None else f"{attempt}-{next(n)}"
        outcome, rows = _rows_written(conn, lambda: guard.check_and_record(
            chain=[], delegator=delegator, delegatee=delegatee, task_id=task,
            now=at(seconds), attempt_id=attempt_id,
        ))  # fmt: skip
        return outcome.mechanism, rows

    assert check("ann", "bob", "t1", 0) == ("all_passed", 1)  # a new pair
    assert check("ann", "bob", "t2", 1) == ("all_passed", 1)  # an existing pair
    assert check("ann", "bob", "t1", 2) == ("dedup", 1)  # a refusal keeps its verdict
    assert check("bob", "ann", "t1", 3) == ("all_passed", 1)  # t1 came back: a bounce
    assert check("bob", "ann", "t2", 4) == ("all_passed", 1)  # t2 too: the breaker trips
    assert check("ann", "bob", "t3", 5) == ("circuit_breaker", 1)
    for i in range(13):
        assert check("cat", "dan", f"r{i}", 10 + i) == ("all_passed", 1)
    assert check("cat", "dan", "r99", 30) == ("rate_limit", 1)


def test_a_repeated_attempt_writes_one_row_and_returns_the_first_verdict(
    conn: psycopg.Connection[dict[str, object]],
) -> None:
    store = PostgresGuardStateStore(conn)
    guard = LoopGuard(CONFIG, store)

    def check(seconds: float, attempt_id: str | None = None) -> GuardOutcome:
        return guard.check_and_record(
            chain=[], delegator="ann", delegatee="bob", task_id="t", now=at(seconds),
            attempt_id=attempt_id,
        )  # fmt: skip

    assert check(0).passed
    conn.commit()
    first, rows = _rows_written(conn, lambda: check(1, "x"))
    assert rows == 1
    again, rows = _rows_written(conn, lambda: check(90, "x"))
    assert rows == 1
    assert (first.mechanism, again.mechanism) == ("dedup", "dedup")
    assert again.message == first.message  # "1.0 s ago", though 90 s have passed
    assert len(store.pair_state("ann", "bob").rate_times) == 1


def test_a_busy_pair_keeps_a_small_row_and_exact_windows(pg_db: str) -> None:
    """The row forgets what no window can reach (older than the dedup and bounce windows)."""
    config = LoopPreventionConfig(
        rate_limit={"max_per_pair_per_minute": 1000},
        circuit_breaker={"bounce_threshold": 1000, "bounce_window_seconds": 60},
    )
    with PostgresGuardStateStore.from_conn_string(pg_db) as store:
        guard = LoopGuard(config, store)
        for i in range(400):  # one hand-off every 2 s, each a new task, with an attempt id
            assert guard.check_and_record(
                chain=[], delegator="ann", delegatee="bob", task_id=f"t{i}", now=at(2 * i),
                attempt_id=f"a{i}",
            ).passed  # fmt: skip
        # t380 is 38 s old: still a duplicate; t340 (118 s) is long forgotten and passes.
        assert guard.check_and_record(
            chain=[], delegator="ann", delegatee="bob", task_id="t380", now=at(798)
        ).mechanism == "dedup"  # fmt: skip
        assert guard.check_and_record(
            chain=[], delegator="ann", delegatee="bob", task_id="t340", now=at(799)
        ).passed  # fmt: skip
        # t390 comes back within the bounce window: counted.
        guard.check_and_record(
            chain=[], delegator="bob", delegatee="ann", task_id="t390", now=at(800)
        )  # fmt: skip
        assert store.pair_state("ann", "bob").bounces == 1
    with psycopg.connect(pg_db) as conn:
        row = conn.execute(
            "SELECT count(*) FROM council_guard_pairs g, jsonb_object_keys(g.recent)"
        ).fetchone()
    assert row is not None and row[0] < 100  # not 800: 30 s of tasks and attempts, and a bit


def test_an_old_database_keeps_its_guard_state_through_the_upgrade(pg_uri: str) -> None:
    """The 6516df4 database (old DDL, a dedup table, attempt rows) after `setup_database`."""
    load_dump(pg_uri)
    setup_database(pg_uri)
    handed = datetime(2026, 11, 28, 12, 33, 33, 733436, tzinfo=UTC)  # ceo -> cto, attempt :1
    run = "5d44034daa154d928a9ce38306fb2218"
    with (
        PostgresGuardStateStore.from_conn_string(pg_uri) as store,
        psycopg.connect(pg_uri, autocommit=True) as conn,
    ):
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables")}
        assert "council_guard_dedup" not in tables
        guard = LoopGuard(store=store)

        def check(who: str, to: str, seconds: float, attempt: str | None = None) -> GuardOutcome:
            return guard.check_and_record(
                chain=[], delegator=who, delegatee=to, task_id="saved-delegation-task",
                now=handed + timedelta(seconds=seconds), attempt_id=attempt,
            )  # fmt: skip

        # Attempts checked before the upgrade return their first verdicts, recording nothing.
        assert check("ceo", "cto", 5, f"{run}:1").passed
        refused = check("ceo", "cto", 5, f"{run}:3")
        assert refused.mechanism == "dedup" and "0.1 s ago" in refused.message
        assert len(store.pair_state("ceo", "cto").rate_times) == 1
        # The dedup time recorded before the upgrade still refuses a duplicate ...
        duplicate = check("ceo", "cto", 30)
        assert duplicate.mechanism == "dedup" and "30.0 s ago" in duplicate.message
        # ... and tells a task coming back: the pair's second bounce.
        assert check("cto", "ceo", 40).passed
        state = store.pair_state("ceo", "cto")
        assert state.bounces == 2 and state.last_bounce is not None
        assert "handed task 'saved-delegation-task' back to ceo" in state.last_bounce
