"""LangGraph checkpointers on Postgres, configured the way LangGraph requires, setup included."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg import AsyncConnection, Connection
from psycopg.rows import DictRow
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from langgraph_council.checkpoints.connections import connect, connection_kwargs
from langgraph_council.checkpoints.migrations import asetup_database, setup_database
from langgraph_council.checkpoints.serde import CouncilSerializer

__all__ = [
    "async_postgres_checkpointer",
    "connect",
    "connection_kwargs",
    "postgres_checkpointer",
]


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
) -> Iterator[PostgresSaver]:
    """A ready `PostgresSaver` on one connection, or on a pool of `pool_size` connections.

    `setup=True` creates LangGraph's checkpoint tables and this package's own tables (idempotent).

    Example:
        >>> with postgres_checkpointer(uri) as saver:  # doctest: +SKIP
        ...     graph = builder.compile(checkpointer=saver)
    """
    _check_pool_size(pool_size)
    if setup:
        setup_database(uri, prepare_threshold=prepare_threshold)
    if pool_size is None:
        with connect(uri, prepare_threshold=prepare_threshold) as conn:
            yield PostgresSaver(conn, serde=CouncilSerializer())
        return
    with ConnectionPool[Connection[DictRow]](
        uri,
        min_size=1,
        max_size=pool_size,
        kwargs=connection_kwargs(prepare_threshold),
        open=True,
    ) as pool:
        yield PostgresSaver(pool, serde=CouncilSerializer())


@asynccontextmanager
async def async_postgres_checkpointer(
    uri: str,
    *,
    pool_size: int | None = None,
    prepare_threshold: int | None = 0,
    setup: bool = True,
) -> AsyncIterator[AsyncPostgresSaver]:
    """A ready `AsyncPostgresSaver`; enter it inside the running event loop that will use it."""
    _check_pool_size(pool_size)
    if setup:
        await asetup_database(uri, prepare_threshold=prepare_threshold)
    if pool_size is None:
        conn = await AsyncConnection.connect(uri, **connection_kwargs(prepare_threshold))
        async with conn:
            yield AsyncPostgresSaver(conn, serde=CouncilSerializer())
        return
    async with AsyncConnectionPool[AsyncConnection[DictRow]](
        uri,
        min_size=1,
        max_size=pool_size,
        kwargs=connection_kwargs(prepare_threshold),
        open=False,
    ) as pool:
        yield AsyncPostgresSaver(pool, serde=CouncilSerializer())
