"""Postgres connections configured the way LangGraph's savers (and this package's stores) need."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, TypeAlias

import psycopg
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg import Connection, Cursor, OperationalError
from psycopg.errors import Diagnostic
from psycopg.pq import TransactionStatus
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool

from langgraph_council.nodes._input_errors import InvalidInputError, UnreachableDatabaseError

__all__ = [
    "Conn",
    "ConnOrPool",
    "advisory_lock",
    "connect",
    "connection_kwargs",
    "connection_lost",
    "open_connection",
    "open_pool",
    "saver_cursor",
]

Conn: TypeAlias = Connection[DictRow]
"""An autocommit, dict-row connection (see `connection_kwargs`)."""

ConnOrPool: TypeAlias = Connection[DictRow] | ConnectionPool[Connection[DictRow]]
"""What every Postgres store of this package takes: one connection, or a pool to borrow from."""


def connection_kwargs(prepare_threshold: int | None = 0) -> dict[str, Any]:
    """Connection settings LangGraph's Postgres savers need.

    `prepare_threshold=None` disables prepared statements for transaction poolers (pgbouncer).
    """
    return {"autocommit": True, "prepare_threshold": prepare_threshold, "row_factory": dict_row}


def open_connection(uri: str, *, prepare_threshold: int | None = 0) -> Conn:
    """One new autocommit, dict-row connection; the caller closes it.

    Raises:
        InvalidInputError: `uri` is not a PostgreSQL URI or connection string.
        UnreachableDatabaseError: No server answered (or it refused the login).
    """
    try:
        return Connection.connect(uri, **connection_kwargs(prepare_threshold))
    except psycopg.ProgrammingError as exc:  # a malformed conninfo, before any network
        raise InvalidInputError(
            f"uri: not a PostgreSQL URI ({_first_line(exc)}); pass postgresql://user@host:port/db"
        ) from None
    except psycopg.OperationalError as exc:
        raise UnreachableDatabaseError(
            f"uri: cannot connect ({_first_line(exc)}); start the server or fix host, port "
            "and credentials"
        ) from None


def _first_line(exc: BaseException) -> str:
    return " ".join(str(exc).split("\n", 1)[0].split())


def open_pool(uri: str, *, size: int, prepare_threshold: int | None = 0) -> ConnectionPool[Conn]:
    """An open pool of up to `size` such connections (one at first); use it in `with`."""
    return ConnectionPool[Conn](
        uri,
        min_size=1,
        max_size=size,
        kwargs=connection_kwargs(prepare_threshold),
        # each lent connection is checked first: one whose backend was terminated (a restart,
        # an admin) is replaced before the call, instead of failing it once per connection
        check=ConnectionPool.check_connection,
        open=True,
    )


@contextmanager
def connect(uri: str, *, prepare_threshold: int | None = 0) -> Iterator[Conn]:
    """One autocommit, dict-row connection for this package's own tables."""
    with open_connection(uri, prepare_threshold=prepare_threshold) as conn:
        yield conn


def connection_lost(conn: Conn) -> bool:
    """True when `conn` is closed or the server has closed it (its backend was terminated,
    the server restarted): read without blocking, no round trip.

    A terminated backend sends a FATAL message, then closes the socket; either is enough
    (libpq hands an error that arrives while idle to the notice handlers). Only an idle
    connection is probed; one inside a transaction or a query is left alone.
    """
    if conn.closed:
        return True
    if conn.info.transaction_status != TransactionStatus.IDLE:
        return False
    fatal: list[str] = []

    def notice(diag: Diagnostic) -> None:
        if diag.severity_nonlocalized in ("FATAL", "PANIC"):
            fatal.append(diag.sqlstate or "")

    conn.add_notice_handler(notice)
    try:
        for _ in range(2):  # the goodbye, then EOF (when it has arrived)
            conn.pgconn.consume_input()
        conn.pgconn.is_busy()  # parses what came in: a FATAL goes to `notice`
    except OperationalError:
        return True
    finally:
        conn.remove_notice_handler(notice)
    return bool(fatal) or conn.closed


@contextmanager
def saver_cursor(saver: PostgresSaver) -> Iterator[Cursor[DictRow]]:
    """A dict-row cursor on `saver`'s connection: borrowed from its pool, or under its lock."""
    conn = saver.conn
    if isinstance(conn, ConnectionPool):
        with conn.connection() as pooled, pooled.cursor(row_factory=dict_row) as cur:
            yield cur
        return
    with saver.lock, conn.cursor(row_factory=dict_row) as cur:
        yield cur


@contextmanager
def advisory_lock(
    conn: Conn,
    key: int,
    timeout_s: float = 300.0,
    *,
    what: str = "lock",
    mutex: AbstractContextManager[Any] | None = None,
) -> Iterator[None]:
    """Hold session advisory lock `key` on `conn` for the block, polling until it is free.

    Polling, not a blocking `pg_advisory_lock`: a blocked call would hold a snapshot open and
    deadlock with LangGraph's `CREATE INDEX CONCURRENTLY` running in the lock holder. `mutex`,
    when given, is held around each statement (a connection shared between threads).

    Raises:
        TimeoutError: Another session held the lock for over `timeout_s` seconds.
    """
    guard = mutex or nullcontext()
    deadline = time.monotonic() + timeout_s
    while True:
        with guard:
            row = conn.execute("SELECT pg_try_advisory_lock(%s) AS ok", (key,)).fetchone()
        if row and row["ok"]:
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"another session held the {what} for over {timeout_s:.0f} s")
        time.sleep(0.02)
    try:
        yield
    finally:
        with guard:
            conn.execute("SELECT pg_advisory_unlock(%s)", (key,))
