"""The one Postgres store idiom: a connection or a pool, `from_conn_string`, an idempotent `setup`.

Every durable store of this package (guard state, loop records, escalations, dissent records,
meeting records) subclasses `BasePostgresStore`, the way `langgraph-checkpoint-postgres` builds
`PostgresSaver`:

    with EscalationQueue.from_conn_string(uri) as queue:   # its own connection, closed on exit
        queue.setup()                                      # idempotent; or setup_database(uri)
    queue = EscalationQueue(pool)                          # or share a ConnectionPool

On one connection, calls are serialised by a lock (psycopg would interleave two threads'
transactions on it); with a pool, each call borrows a connection. A store that opened its own
connection (`from_conn_string`) reconnects once it finds it closed (see `from_conn_string`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, ClassVar, Self

from psycopg import Connection, OperationalError, errors
from psycopg.rows import DictRow
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints._connections import (
    Conn,
    ConnOrPool,
    connection_lost,
    open_connection,
)
from langgraph_council.checkpoints._migrations import apply_migrations
from langgraph_council.nodes._input_errors import InvalidInputTypeError

__all__ = ["BasePostgresStore"]


class BasePostgresStore:
    """Connection handling shared by every Postgres store of this package."""

    schema_name: ClassVar[str] = "tables of this store"
    """What a call names when the database lacks its tables (e.g. `council_call_records table`)."""

    def __init__(self, conn: ConnOrPool) -> None:
        if not isinstance(conn, Connection | ConnectionPool):
            hint = (
                f"; for a URI use `with {type(self).__name__}.from_conn_string(uri) as store:`"
                if isinstance(conn, str)
                else ""
            )
            raise InvalidInputTypeError(
                f"{type(self).__name__} takes a psycopg Connection or ConnectionPool, "
                f"got {type(conn).__name__}{hint}"
            )
        self._conn = conn
        self._lock = threading.Lock()
        self._reopen: Callable[[], Conn] | None = None  # set when the store owns its connection

    @classmethod
    @contextmanager
    def from_conn_string(
        cls, uri: str, *, prepare_threshold: int | None = 0, **kwargs: Any
    ) -> Iterator[Self]:
        """A store on its own autocommit connection, closed on exit.

        `prepare_threshold=None` disables prepared statements (transaction poolers); other
        keyword arguments go to the store's constructor.

        The store reconnects when it finds its connection closed (the backend was terminated,
        the server restarted, a proxy dropped it): before each call it checks, without a round
        trip, whether the server has closed the connection and then opens a new one, so a
        long-lived process recovers at once. A read that meets the connection breaking runs once
        more on a new connection; a write already under way is not repeated (a store's writes
        are not all idempotent): it fails with psycopg's `OperationalError` and the next call
        reconnects. For a long-lived worker
        serving many threads at once, prefer a `ConnectionPool` (`cls(pool)`).

        Example:
            >>> with PostgresDissentStore.from_conn_string(uri) as store:  # doctest: +SKIP
            ...     store.setup()
        """
        reopen = partial(open_connection, uri, prepare_threshold=prepare_threshold)
        conn = reopen()
        try:
            store = cls(conn, **kwargs)
        except BaseException:
            conn.close()
            raise
        store._reopen = reopen
        try:
            yield store
        finally:
            if isinstance(store._conn, Connection):
                store._conn.close()

    def _missing_schema(self) -> RuntimeError:
        return RuntimeError(
            f"this database has no {self.schema_name}: run setup_database(uri) "
            "(or store.setup()) on it first"
        )

    @contextmanager
    def _connection(self) -> Iterator[Conn]:
        """The connection for one call: borrowed from the pool, or the single one, locked.

        A call that finds this store's tables or functions missing raises a `RuntimeError`
        saying to run the setup.
        """
        try:
            if isinstance(self._conn, ConnectionPool):
                with self._conn.connection() as conn:
                    yield conn
            else:
                with self._lock:
                    yield self._revived()
        except (errors.UndefinedTable, errors.UndefinedFunction) as exc:
            raise self._missing_schema() from exc

    def _read(self, query: str, params: Mapping[str, Any] | Sequence[Any] = ()) -> list[DictRow]:
        """The rows of a read-only query. A read that meets a connection the server has just
        closed (the FATAL notice was still on its way) runs once more on a fresh connection:
        a read is safe to repeat, where a write is not (see `from_conn_string`)."""
        try:
            with self._connection() as conn:
                return conn.execute(query, params).fetchall()
        except OperationalError:
            if isinstance(self._conn, Connection) and self._reopen is None:
                raise  # the user's own connection: theirs to reopen
        with self._connection() as conn:
            return conn.execute(query, params).fetchall()

    def _revived(self) -> Conn:
        """The single connection, reopened first if the server closed it (hold `_lock`)."""
        conn = self._conn
        if not isinstance(conn, Connection):
            raise InvalidInputTypeError("a pooled store has no single connection to revive")
        if self._reopen is not None and connection_lost(conn):
            conn.close()
            self._conn = conn = self._reopen()
        return conn

    def setup(self) -> list[int]:
        """Create this package's tables if missing (idempotent, safe to run concurrently).

        Runs the same versioned migrations as `setup_database(uri)`, which also creates
        LangGraph's checkpoint and store tables. Returns the versions applied by this call.
        """
        with self._connection() as conn:
            return apply_migrations(conn)
