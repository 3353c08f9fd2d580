"""LangGraph checkpointers on Postgres, configured the way LangGraph requires, setup included."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator, Sequence
from contextlib import (
    AbstractAsyncContextManager,
    AbstractContextManager,
    asynccontextmanager,
    contextmanager,
)
from dataclasses import dataclass
from functools import partial
from typing import Any, NoReturn, TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
)
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.serde.base import SerializerProtocol
from psycopg import AsyncConnection, Connection, Cursor, OperationalError, errors
from psycopg.rows import DictRow
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from langgraph_council.checkpoints._connections import (
    Conn,
    connect,
    connection_kwargs,
    connection_lost,
    open_connection,
    open_pool,
)
from langgraph_council.checkpoints._migrations import asetup_database, setup_database
from langgraph_council.checkpoints._run_rows import (
    COPY_THREAD,
    DELETE_RUN_CHECKPOINTS,
    DELETE_UNREFERENCED_BLOBS,
    DELETE_WRITES_OF,
    TARGET_HAS_CHECKPOINTS,
    gone_columns,
    refuse_one_str,
    refuse_used_target,
)
from langgraph_council.checkpoints._serde import council_serde
from langgraph_council.nodes._text import refuse_nul

__all__ = [
    "async_postgres_checkpointer",
    "connect",
    "connection_kwargs",
    "postgres_checkpointer",
]


def _sync_only(method: str) -> NoReturn:
    raise NotImplementedError(
        f"the checkpointer from postgres_checkpointer() is synchronous and cannot serve "
        f"{method}() under ainvoke/astream: use `async with async_postgres_checkpointer(uri) as "
        "saver:` (inside the event loop) for async runs, or run the graph with invoke/stream"
    )


def _refusal(method: str) -> Callable[..., Coroutine[Any, Any, NoReturn]]:
    """An async method of the sync saver that refuses with `_sync_only`, whatever it is given."""

    async def refuse(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
        _sync_only(method)

    refuse.__name__ = refuse.__qualname__ = method
    return refuse


_T = TypeVar("_T")


class _SyncPostgresSaver(PostgresSaver):
    """`PostgresSaver` whose async methods say which checkpointer to use instead of raising a
    bare `NotImplementedError` from deep inside LangGraph.

    With `reopen` (the single connection `postgres_checkpointer(uri)` opened), it survives a
    terminated backend: before each call it reopens a connection the server has closed, and
    a read or write that breaks on a closed connection runs once more on a new one. That is
    safe because every operation of the saver is idempotent: reads, and upserts or deletes
    keyed by thread, checkpoint and task ids.
    """

    def __init__(
        self,
        conn: Conn | ConnectionPool[Conn],
        *,
        serde: SerializerProtocol | None = None,
        reopen: Callable[[], Conn] | None = None,
    ) -> None:
        super().__init__(conn, serde=serde)
        self._reopen = reopen

    def _revive(self) -> None:
        """Replace the single connection if the server closed it (no round trip)."""
        if self._reopen is None or not isinstance(self.conn, Connection):
            return
        with self.lock:
            if connection_lost(self.conn):
                self.conn.close()
                self.conn = self._reopen()

    @contextmanager
    def _cursor(self, *, pipeline: bool = False) -> Iterator[Cursor[DictRow]]:
        self._revive()
        with super()._cursor(pipeline=pipeline) as cur:
            yield cur

    def _once_more(self, call: Callable[..., _T], *args: Any) -> _T:
        """`call(*args)`, run again once on a new connection if the connection broke."""
        try:
            return call(*args)
        except OperationalError:
            if self._reopen is None or not isinstance(self.conn, Connection):
                raise
            if not self.conn.closed:  # a live connection: a real error, not a lost one
                raise
            return call(*args)  # `_cursor` reopens first

    def get_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        return self._once_more(super().get_tuple, config)

    def put(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        try:
            return self._once_more(super().put, config, checkpoint, metadata, new_versions)
        except errors.UntranslatableCharacter:
            # PostgreSQL keeps plain channel values as JSON text, which cannot hold NUL: name
            # the channel (a graph's own check would run only after this input checkpoint)
            for channel, value in checkpoint["channel_values"].items():
                refuse_nul(value, channel)
            raise

    def put_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        self._once_more(super().put_writes, config, writes, task_id, task_path)

    def delete_thread(self, thread_id: str) -> None:
        self._once_more(super().delete_thread, thread_id)

    def delete_for_runs(self, run_ids: Sequence[str]) -> None:
        """Delete the runs' checkpoints (every namespace), their writes and the blobs no other
        checkpoint refers to: what a rolled-back run leaves behind (`_run_rows`)."""
        ids = refuse_one_str(run_ids)
        if ids:
            self._once_more(self._delete_for_runs, ids)

    def _delete_for_runs(self, ids: list[str]) -> None:
        with self._cursor() as cur, cur.connection.transaction():
            gone = cur.execute(DELETE_RUN_CHECKPOINTS, (ids,)).fetchall()
            if gone:
                threads, namespaces, checkpoint_ids = gone_columns(gone)
                cur.execute(DELETE_WRITES_OF, (threads, namespaces, checkpoint_ids))
                cur.execute(DELETE_UNREFERENCED_BLOBS, (threads, namespaces))

    def copy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """Copy every checkpoint, blob and write of the source thread to a new thread, in one
        transaction; a target that already has checkpoints is refused (`_run_rows`)."""
        source, target = str(source_thread_id), str(target_thread_id)
        with self._cursor() as cur, cur.connection.transaction():
            used = cur.execute(TARGET_HAS_CHECKPOINTS, (target,)).fetchone()
            refuse_used_target(source, target, used)
            for statement in COPY_THREAD:
                cur.execute(statement, {"source": source, "target": target})

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        _sync_only("alist")
        yield  # an async generator, like the method it overrides

    aget_tuple = _refusal("aget_tuple")
    aput = _refusal("aput")
    aput_writes = _refusal("aput_writes")
    adelete_thread = _refusal("adelete_thread")
    aprune = _refusal("aprune")
    acopy_thread = _refusal("acopy_thread")
    adelete_for_runs = _refusal("adelete_for_runs")


class _AsyncPostgresSaver(AsyncPostgresSaver):
    """`AsyncPostgresSaver` with the whole checkpointer API LangGraph Server uses: also
    `adelete_for_runs` (rollback) and `acopy_thread` (Studio's copy), and their sync bridges."""

    async def adelete_for_runs(self, run_ids: Sequence[str]) -> None:
        """`PostgresSaver`'s `delete_for_runs` of this package, without blocking the loop."""
        ids = refuse_one_str(run_ids)
        if not ids:
            return
        async with self._cursor() as cur, cur.connection.transaction():
            await cur.execute(DELETE_RUN_CHECKPOINTS, (ids,))
            gone = await cur.fetchall()
            if gone:
                threads, namespaces, checkpoint_ids = gone_columns(gone)
                await cur.execute(DELETE_WRITES_OF, (threads, namespaces, checkpoint_ids))
                await cur.execute(DELETE_UNREFERENCED_BLOBS, (threads, namespaces))

    async def acopy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """`copy_thread` of this package, without blocking the loop."""
        source, target = str(source_thread_id), str(target_thread_id)
        async with self._cursor() as cur, cur.connection.transaction():
            await cur.execute(TARGET_HAS_CHECKPOINTS, (target,))
            refuse_used_target(source, target, await cur.fetchone())
            for statement in COPY_THREAD:
                await cur.execute(statement, {"source": source, "target": target})

    def delete_for_runs(self, run_ids: Sequence[str]) -> None:
        self._bridge("delete_for_runs", self.adelete_for_runs(run_ids))

    def copy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        self._bridge("copy_thread", self.acopy_thread(source_thread_id, target_thread_id))

    def _bridge(self, method: str, call: Coroutine[Any, Any, None]) -> None:
        """Run `call` on the saver's loop from another thread, as the base's sync methods do."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            call.close()
            raise asyncio.InvalidStateError(
                f"{method}() on the async saver blocks its own event loop: "
                f"use `await saver.a{method}(...)`, or call it from another thread"
            )
        asyncio.run_coroutine_threadsafe(call, self.loop).result()


@dataclass(frozen=True)
class _SaverOptions:
    """The keywords of `postgres_checkpointer` and its async twin, checked."""

    pool_size: int | None
    prepare_threshold: int | None
    setup: bool
    serde: SerializerProtocol


def _saver_options(
    *,
    pool_size: int | None = None,
    prepare_threshold: int | None = 0,
    setup: bool = True,
    serde: SerializerProtocol | None = None,
) -> _SaverOptions:
    if pool_size is not None and pool_size < 1:
        raise ValueError(f"pool_size must be >= 1 (or None for one connection), got {pool_size}")
    return _SaverOptions(pool_size, prepare_threshold, setup, serde or council_serde())


def postgres_checkpointer(
    uri: str,
    *,
    pool_size: int | None = None,
    prepare_threshold: int | None = 0,
    setup: bool = True,
    serde: SerializerProtocol | None = None,
) -> AbstractContextManager[PostgresSaver]:
    """A ready `PostgresSaver` on one connection, or on a pool of `pool_size` connections.

    `setup=True` creates LangGraph's checkpoint tables and this package's own tables (idempotent).
    Besides LangGraph's methods the saver implements `delete_for_runs` and `copy_thread`.

    The single connection reconnects: when its backend was terminated (an admin, an idle
    timeout, a failover, a restarted server), the saver notices before its next call, without
    a round trip, and opens a new connection; a call that breaks because the connection closed
    under it runs once more on a new one (every saver operation is an idempotent read, upsert
    or delete). A long-lived process therefore recovers at once. For a worker running many
    threads at once, pass `pool_size` (the `council` CLI does): a pool also lets calls overlap.
    `serde` defaults to `council_serde()`: this package's models come back as models, strict
    msgpack or not; pass `council_serde(extra=[YourState, ...])` when your own graphs keep
    models of their own in the same checkpointer.

    Example:
        >>> with postgres_checkpointer(uri) as saver:  # doctest: +SKIP
        ...     graph = builder.compile(checkpointer=saver)
    """
    options = _saver_options(
        pool_size=pool_size, prepare_threshold=prepare_threshold, setup=setup, serde=serde
    )
    return _sync_saver(uri, options)


@contextmanager
def _sync_saver(uri: str, options: _SaverOptions) -> Iterator[PostgresSaver]:
    """`postgres_checkpointer` once its keywords are checked."""
    threshold = options.prepare_threshold
    if options.setup:
        setup_database(uri, prepare_threshold=threshold)
    if options.pool_size is None:
        reopen = partial(open_connection, uri, prepare_threshold=threshold)
        saver = _SyncPostgresSaver(reopen(), serde=options.serde, reopen=reopen)
        try:
            yield saver
        finally:
            saver.conn.close()
        return
    with open_pool(uri, size=options.pool_size, prepare_threshold=threshold) as pool:
        yield _SyncPostgresSaver(pool, serde=options.serde)


def async_postgres_checkpointer(
    uri: str,
    *,
    pool_size: int | None = None,
    prepare_threshold: int | None = 0,
    setup: bool = True,
    serde: SerializerProtocol | None = None,
) -> AbstractAsyncContextManager[AsyncPostgresSaver]:
    """A ready `AsyncPostgresSaver`; enter it inside the running event loop that will use it.

    Like the sync saver it also implements `adelete_for_runs` and `acopy_thread` (LangGraph
    Server's rollback and thread copy; docs/deploy.md "The whole checkpointer API").

    `serde` defaults to `council_serde()`, as for `postgres_checkpointer`.
    """
    options = _saver_options(
        pool_size=pool_size, prepare_threshold=prepare_threshold, setup=setup, serde=serde
    )
    return _async_saver(uri, options)


@asynccontextmanager
async def _async_saver(uri: str, options: _SaverOptions) -> AsyncIterator[AsyncPostgresSaver]:
    """`async_postgres_checkpointer` once its keywords are checked."""
    if options.setup:
        await asetup_database(uri, prepare_threshold=options.prepare_threshold)
    if options.pool_size is None:
        conn = await AsyncConnection.connect(uri, **connection_kwargs(options.prepare_threshold))
        async with conn:
            yield _AsyncPostgresSaver(conn, serde=options.serde)
        return
    async with AsyncConnectionPool[AsyncConnection[DictRow]](
        uri,
        min_size=1,
        max_size=options.pool_size,
        kwargs=connection_kwargs(options.prepare_threshold),
        check=AsyncConnectionPool.check_connection,  # a terminated backend is replaced first
        open=False,
    ) as pool:
        yield _AsyncPostgresSaver(pool, serde=options.serde)
