"""Postgres connections and LangGraph checkpointers configured the way LangGraph requires."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.serde.base import SerializerProtocol
from psycopg import AsyncConnection, Connection
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from langgraph_council.checkpoints.serde import council_serde

__all__ = [
    "async_postgres_checkpointer",
    "connect",
    "connection_kwargs",
    "postgres_checkpointer",
]


def connection_kwargs(prepare_threshold: int | None = 0) -> dict[str, Any]:
    """Connection settings LangGraph's Postgres savers need.

    `prepare_threshold=None` disables prepared statements for transaction poolers (pgbouncer).
    """
    return {"autocommit": True, "prepare_threshold": prepare_threshold, "row_factory": dict_row}


@contextmanager
def connect(uri: str, *, prepare_threshold: int | None = 0) -> Iterator[Connection[DictRow]]:
    """One autocommit, dict-row connection for this package's own tables."""
    with Connection.connect(uri, **connection_kwargs(prepare_threshold)) as conn:
        yield conn


def _check_pool_size(pool_size: int | None) -> None:
    if pool_size is not None and pool_size < 1:
        raise ValueError(f"pool_size must be >= 1 (or None for one connection), got {pool_size}")


@contextmanager
def postgres_checkpointer(
    uri: str,
    *,
    pool_size: int | None = None,
    prepare_threshold: int | None = 0,
    setup: bool = True,
    serde: SerializerProtocol | None = None,
) -> Iterator[PostgresSaver]:
    """A ready `PostgresSaver` on one connection, or on a pool of `pool_size` connections.

    `setup=True` creates LangGraph's checkpoint tables and this package's own tables (idempotent).
    `serde` defaults to `council_serde()`: this package's models come back as models, strict
    msgpack or not; pass `council_serde(extra=[YourState, ...])` when your own graphs keep
    models of their own in the same checkpointer.

    Example:
        >>> with postgres_checkpointer(uri) as saver:  # doctest: +SKIP
        ...     graph = builder.compile(checkpointer=saver)
    """
    _check_pool_size(pool_size)
    if setup:
        from langgraph_council.checkpoints.migrations import setup_database

        setup_database(uri, prepare_threshold=prepare_threshold)
    if pool_size is None:
        with connect(uri, prepare_threshold=prepare_threshold) as conn:
            yield PostgresSaver(conn, serde=serde or council_serde())
        return
    with ConnectionPool[Connection[DictRow]](
        uri,
        min_size=1,
        max_size=pool_size,
        kwargs=connection_kwargs(prepare_threshold),
        open=True,
    ) as pool:
        yield PostgresSaver(pool, serde=serde or council_serde())


@asynccontextmanager
async def async_postgres_checkpointer(
    uri: str,
    *,
    pool_size: int | None = None,
    prepare_threshold: int | None = 0,
    setup: bool = True,
    serde: SerializerProtocol | None = None,
) -> AsyncIterator[AsyncPostgresSaver]:
    """A ready `AsyncPostgresSaver`; enter it inside the running event loop that will use it.

    `serde` defaults to `council_serde()`, as for `postgres_checkpointer`.
    """
    _check_pool_size(pool_size)
    if setup:
        from langgraph_council.checkpoints.migrations import asetup_database

        await asetup_database(uri, prepare_threshold=prepare_threshold)
    if pool_size is None:
        conn = await AsyncConnection.connect(uri, **connection_kwargs(prepare_threshold))
        async with conn:
            yield AsyncPostgresSaver(conn, serde=serde or council_serde())
        return
    async with AsyncConnectionPool[AsyncConnection[DictRow]](
        uri,
        min_size=1,
        max_size=pool_size,
        kwargs=connection_kwargs(prepare_threshold),
        open=False,
    ) as pool:
        yield AsyncPostgresSaver(pool, serde=serde or council_serde())
