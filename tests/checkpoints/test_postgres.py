"""Checkpointers and the versioned schema on a real PostgreSQL server."""

from __future__ import annotations

import threading
from typing import Any

import psycopg
import pytest

from langgraph_council.checkpoints import (
    async_postgres_checkpointer,
    postgres_checkpointer,
    setup_database,
)
from langgraph_council.checkpoints._connections import connect
from langgraph_council.checkpoints._migrations import apply_migrations, schema_version
from langgraph_council.checkpoints._schema import Migration
from tests.checkpoints.counter import counter_graph

pytestmark = pytest.mark.postgres


@pytest.mark.parametrize("pool_size", [None, 3])
def test_threads_persist_across_checkpointers(pg_uri: str, pool_size: int | None) -> None:
    config: Any = {"configurable": {"thread_id": "t1"}}
    with postgres_checkpointer(pg_uri, pool_size=pool_size) as saver:
        graph = counter_graph().compile(checkpointer=saver)
        graph.invoke({"n": 0}, config)
        graph.invoke({"n": 0}, config)
    with postgres_checkpointer(pg_uri, pool_size=pool_size) as saver:
        state = counter_graph().compile(checkpointer=saver).get_state(config)
    assert state.values["n"] == 2


async def test_async_checkpointer_with_pool(pg_uri: str) -> None:
    config: Any = {"configurable": {"thread_id": "a1"}}
    async with async_postgres_checkpointer(pg_uri, pool_size=2) as saver:
        graph = counter_graph().compile(checkpointer=saver)
        out = await graph.ainvoke({"n": 5}, config)
    assert out["n"] == 6


def test_bad_pool_size_is_refused(pg_uri: str) -> None:
    with (
        pytest.raises(ValueError, match="pool_size must be >= 1"),
        postgres_checkpointer(pg_uri, pool_size=0),
    ):
        pass


def test_setup_is_idempotent_and_concurrent_safe(pg_uri: str) -> None:
    errors: list[BaseException] = []

    def setup() -> None:
        try:
            setup_database(pg_uri)
        except BaseException as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=setup) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert setup_database(pg_uri) == []  # nothing left to apply
    with psycopg.connect(pg_uri) as conn:
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables").fetchall()}
    assert {"checkpoints", "checkpoint_writes", "store", "council_migrations"} <= tables


def test_migrations_apply_in_order_once(pg_uri: str) -> None:
    steps = [
        Migration("widgets", ("CREATE TABLE widgets (id int PRIMARY KEY)",)),
        Migration("widget_names", ("ALTER TABLE widgets ADD COLUMN name text",)),
    ]
    with connect(pg_uri) as conn:
        assert apply_migrations(conn, steps[:1]) == [1]
        assert apply_migrations(conn, steps) == [2]
        assert apply_migrations(conn, steps) == []
        assert schema_version(conn) == 2
        conn.execute("INSERT INTO widgets (id, name) VALUES (1, 'a')")


def test_a_failing_migration_rolls_back_whole(pg_uri: str) -> None:
    broken = [Migration("half", ("CREATE TABLE half (id int)", "SELECT no_such_function()"))]
    with connect(pg_uri) as conn:
        with pytest.raises(psycopg.errors.UndefinedFunction):
            apply_migrations(conn, broken)
        assert schema_version(conn) == 0
        exists = conn.execute("SELECT to_regclass('half') AS t").fetchone()
        assert exists is not None and exists["t"] is None
