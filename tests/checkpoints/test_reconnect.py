"""A single-connection saver or store survives its backend being terminated (issue 21)."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import psycopg
import pytest

from langgraph_council.checkpoints import (
    EscalationQueue,
    PostgresGuardStateStore,
    PostgresMeetingRecordStore,
    postgres_checkpointer,
)
from langgraph_council.checkpoints._connections import connection_lost, open_connection
from langgraph_council.guards._rules import GuardLimits
from tests.checkpoints.counter import counter_graph

pytestmark = pytest.mark.postgres


def _terminate(uri: str, pid: int, *, until_gone: bool) -> None:
    """`pg_terminate_backend(pid)` from another connection; with `until_gone`, wait until the
    backend has exited (a process that finds out later, as a long-lived worker does)."""
    with psycopg.connect(uri, autocommit=True) as admin:
        row = admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()
        assert row == (True,)
        for _ in range(1_000 if until_gone else 0):
            if admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone():
                time.sleep(0.01)
            else:
                break


@pytest.mark.parametrize("until_gone", [True, False], ids=["found-later", "just-now"])
def test_the_single_connection_saver_runs_on_after_its_backend_is_terminated(
    pg_db: str, until_gone: bool
) -> None:
    """Before: every later call failed with "the connection is closed" until a restart."""
    config: Any = {"configurable": {"thread_id": "long-lived"}}
    with postgres_checkpointer(pg_db, setup=False) as saver:
        graph = counter_graph().compile(checkpointer=saver)
        assert graph.invoke({"n": 0}, config)["n"] == 1
        first = saver.conn.info.backend_pid
        _terminate(pg_db, first, until_gone=until_gone)
        assert graph.invoke({"n": 0}, config)["n"] == 2  # the same process, the same saver
        assert saver.conn.info.backend_pid != first
        assert graph.get_state(config).values["n"] == 2
        assert len(list(graph.get_state_history(config))) == 6


def test_the_escalation_queue_reconnects_after_its_backend_is_terminated(pg_db: str) -> None:
    with EscalationQueue.from_conn_string(pg_db) as queue:
        assert queue.pending() == []
        first = queue.store._conn.info.backend_pid
        _terminate(pg_db, first, until_gone=True)
        assert queue.pending() == []
        assert queue.expire_overdue() == []
        assert queue.store._conn.info.backend_pid != first


def test_a_store_call_that_breaks_under_way_is_not_repeated_but_the_next_reconnects(
    pg_db: str,
) -> None:
    """Terminated just now: the call may meet the dying backend (and fails, since a store's
    writes are not all idempotent); the call after it works either way."""
    with EscalationQueue.from_conn_string(pg_db) as queue:
        queue.pending()
        _terminate(pg_db, queue.store._conn.info.backend_pid, until_gone=False)
        with contextlib.suppress(psycopg.OperationalError):  # met the dying backend
            queue.pending()
        assert queue.pending() == []


def test_the_guard_stores_hot_path_reconnects(pg_db: str) -> None:
    limits = GuardLimits()
    with PostgresGuardStateStore.from_conn_string(pg_db) as guards:
        verdict = guards.check_and_record(delegator="a", delegatee="b", task_id="t1", limits=limits)
        assert verdict.passed
        _terminate(pg_db, guards._conn.info.backend_pid, until_gone=True)
        again = guards.check_and_record(delegator="a", delegatee="b", task_id="t2", limits=limits)
        assert again.passed


def test_the_meeting_record_store_reconnects(pg_db: str) -> None:
    with PostgresMeetingRecordStore.from_conn_string(pg_db) as records:
        records.claim("m-1", "team-a")
        _terminate(pg_db, records._conn.info.backend_pid, until_gone=True)
        records.claim("m-1", "team-a")
        assert records.list() == []


def test_connection_lost_probes_without_disturbing_a_live_connection(pg_db: str) -> None:
    with open_connection(pg_db) as live, open_connection(pg_db) as doomed:
        assert not connection_lost(live)
        assert live.execute("SELECT 1 AS one").fetchone() == {"one": 1}
        _terminate(pg_db, doomed.info.backend_pid, until_gone=True)
        assert connection_lost(doomed)
        assert not connection_lost(live)


# -- issue 34 item 4: pooled savers, and the queue right after the termination ---------------


def _pool_pids(uri: str) -> list[int]:
    """The backends of this test's database other than the asking one (the pool's)."""
    with psycopg.connect(uri, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        ).fetchall()
    return [int(r[0]) for r in rows]


@pytest.mark.parametrize("until_gone", [True, False], ids=["found-later", "just-now"])
def test_a_pooled_saver_runs_on_after_every_pooled_backend_is_terminated(
    pg_db: str, until_gone: bool
) -> None:
    """Before: each call failed once per pooled connection the termination killed."""
    config: Any = {"configurable": {"thread_id": "pooled"}}
    with postgres_checkpointer(pg_db, setup=False, pool_size=3) as saver:
        graph = counter_graph().compile(checkpointer=saver)
        assert graph.invoke({"n": 0}, config)["n"] == 1
        for pid in _pool_pids(pg_db):
            _terminate(pg_db, pid, until_gone=until_gone)
        for expected in (2, 3, 4):  # more calls than pooled connections
            assert graph.invoke({"n": 0}, config)["n"] == expected


def test_the_escalation_queue_reconnects_right_after_its_backend_is_terminated(
    pg_db: str,
) -> None:
    with EscalationQueue.from_conn_string(pg_db) as queue:
        assert queue.pending() == []
        for _ in range(5):  # the FATAL notice may or may not have arrived: either way, a read
            first = queue.store._conn.info.backend_pid
            _terminate(pg_db, first, until_gone=False)
            assert queue.pending() == []
            assert queue.store._conn.info.backend_pid != first
