"""`PostgresGuardStateStore`: loop-guard state shared by every process, surviving restarts.

One check-and-record is one statement, so one transaction and one network round trip, and it
writes one row: the pair's. It upserts that row; a new pair passes and is written from the
parameters, an existing one is locked by `ON CONFLICT` and its next state computed from its
latest committed version by `council_guard_decide` (every attempt on that undirected pair, from
any process or connection, waits its turn and sees what the one before wrote). The row holds
everything a check reads: the rate window, the breaker, and `recent`, the latest delegation
per direction and task (dedup, and a task coming back) and the verdict per attempt id.
`record_bounce` is one call of its own function, under the same lock. Times are wall-clock;
with `now=None` the database's clock is used, so workers on different hosts share one clock.
"""

from __future__ import annotations

import select
from collections.abc import Callable
from datetime import datetime
from typing import Any, NamedTuple

from psycopg import Connection, RawCursor, errors
from psycopg.rows import DictRow, TupleRow, tuple_row

from langgraph_council.checkpoints._connections import ConnOrPool
from langgraph_council.checkpoints._guard_sql import check_statement
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.guards._rules import (
    PASSED,
    GuardLimits,
    PairState,
    StoreVerdict,
    breaker_message,
    dedup_message,
    from_epoch,
    pair_key,
    rate_message,
    rejected_note,
    returned_note,
)
from langgraph_council.guards._store import GuardStateStore, StoreCall

__all__ = ["PostgresGuardStateStore"]


_RECORD_BOUNCE = """
SELECT rate_times, bounce_times, trips, open_until, last_bounce
FROM council_guard_record_bounce(%s, %s, %s, %s, %s, %s, %s, %s, %s)"""

# A `recent` entry older than the cut-off: a dedup time or an attempt's verdict.
_OLD = "council_guard_entry_at(e.value) < extract(epoch FROM %(cut)s::timestamptz)"
_HAS_OLD = f"EXISTS (SELECT FROM jsonb_each(g.recent) AS e WHERE {_OLD})"

# Locks the rows to purge (the latest version of each) and counts their old entries...
_LOCK_OLD = f"""
SELECT (SELECT count(*) FROM jsonb_each(g.recent) AS e WHERE {_OLD}) AS n
FROM council_guard_pairs g WHERE {_HAS_OLD} FOR UPDATE"""

# ... then drops those entries, computed from each row itself.
_DROP_OLD = f"""
UPDATE council_guard_pairs g SET recent = (
    SELECT coalesce(jsonb_object_agg(e.key, e.value), '{{}}')
    FROM jsonb_each(g.recent) AS e WHERE NOT {_OLD})
WHERE {_HAS_OLD}"""

_MISSING_SCHEMA = (errors.UndefinedFunction, errors.UndefinedTable)


def _epoch(value: datetime | None) -> float | None:
    return None if value is None else value.timestamp()


class PostgresGuardStateStore(BasePostgresStore, GuardStateStore):
    """Guard state in Postgres, atomic across processes and connections.

    Pass a connection (calls are serialised on it) or a `ConnectionPool` (each call borrows
    one); `setup()` (or `setup_database`) creates the tables.

    `synchronous_commit=False` returns before the commit is flushed to disk: several times
    faster with fsync on; a server crash can lose the last few hundred milliseconds of
    recorded delegations (never half of one; locking across workers is unaffected).

    Example:
        >>> with PostgresGuardStateStore.from_conn_string(uri) as store:  # doctest: +SKIP
        ...     guard = LoopGuard(LoopPreventionConfig(), store)
    """

    schema_name = "guard-state tables"

    def __init__(self, conn: ConnOrPool, *, synchronous_commit: bool = True) -> None:
        super().__init__(conn)
        self._session: _Session | None = None  # the single connection's cursor and poll
        self._statements: tuple[GuardLimits | None, dict[tuple[bool, bool], str]] = (None, {})
        self._synchronous_commit = bool(synchronous_commit)

    def check_and_record(
        self,
        *,
        delegator: str,
        delegatee: str,
        task_id: str,
        limits: GuardLimits,
        now: float | None = None,
        attempt_id: str | None = None,
    ) -> StoreVerdict:
        """One statement, one row written: an upsert of the pair's row whose update is
        `council_guard_decide` (`checkpoints/_guard_sql.py`), in one autocommit transaction.

        The method itself rather than the `_check` hook: the hot path builds no `StoreCall`
        (issue 33 item 4 prices every Python call of a check against a raw upsert)."""
        fwd = delegator <= delegatee
        params: tuple[object, ...] = (
            delegator if fwd else delegatee,
            delegatee if fwd else delegator,
            (">" if fwd else "<") + task_id,
            returned_note(delegator, delegatee, task_id),
        )
        if attempt_id is not None:
            params += (attempt_id,)
        if now is not None:
            params += (from_epoch(now),)
        # `check_statement` remembered for the guard's one `limits` object: no Python
        # `__hash__` of the limits per check. A str, not bytes: psycopg encodes a str in one
        # C call, where bytes costs it an ABC `isinstance` check.
        memo = self._statements
        if memo[0] is not limits:
            memo = self._statements = (limits, {})
        flags = (attempt_id is not None, now is not None)
        statement = memo[1].get(flags)
        if statement is None:
            statement = memo[1][flags] = check_statement(limits, *flags, self._synchronous_commit)
        try:
            result = self._execute(statement, params)
        except _MISSING_SCHEMA as exc:  # the hot path borrows no `_connection()`
            raise self._missing_schema() from exc
        if result is None:
            return PASSED
        return _verdict(result, delegator, delegatee, task_id, limits)

    def _execute(self, statement: str, params: tuple[object, ...]) -> list[Any] | None:
        """Run the check statement; the verdict it returns (None for a pass)."""
        conn = self._conn
        if isinstance(conn, Connection):
            with self._lock:
                session = self._session
                # Maybe closed by the server: one zero-timeout poll, then the full probe.
                if session is None or session.conn is not conn or conn.closed or session.poll(0):
                    conn = self._revived()
                    if session is None or session.conn is not conn:
                        session = self._session = _Session.of(conn)
                cur = session.cursor
                cur.execute(statement, params, binary=True)
                return _returned(cur)
        with conn.connection() as pooled:
            cur = RawCursor(pooled, row_factory=tuple_row)
            cur.execute(statement, params, binary=True)
            return _returned(cur)

    def _bounce(self, call: StoreCall) -> PairState:
        """`record_bounce`: one call of `council_guard_record_bounce`, which locks the pair's
        row (creating it when the pair is new) and uses the database clock when `now` is None."""
        delegator, delegatee, task_id, limits, now, bounce_id, reason = call
        params = (
            delegator,
            delegatee,
            None if now is None else from_epoch(now),
            bounce_id,
            limits.bounce_threshold,
            limits.bounce_window_seconds,
            limits.cooldown_seconds,
            limits.max_cooldown_seconds,
            rejected_note(delegator, delegatee, task_id, reason),
        )
        with self._connection() as conn:
            row = conn.execute(_RECORD_BOUNCE, params).fetchone()
        if row is None:
            raise RuntimeError("council_guard_record_bounce returned no row")
        return _pair_state(row)

    def purge(self, *, older_than: datetime) -> int:
        """Delete dedup times and attempt and bounce ids older than `older_than`; returns how
        many.

        Pair rows stay: their breaker trip counts must persist. A dedup time is also how a task
        coming back is recognised: keep `older_than` at least `bounce_window_seconds` ago.
        """
        if older_than.tzinfo is None or older_than.utcoffset() is None:
            raise ValueError("older_than must be timezone-aware, e.g. datetime.now(UTC)")
        with self._connection() as conn, conn.transaction():
            cut = {"cut": older_than}
            dedup = sum(int(row["n"]) for row in conn.execute(_LOCK_OLD, cut))
            conn.execute(_DROP_OLD, cut)
            attempts = conn.execute(
                "DELETE FROM council_guard_attempts WHERE recorded_at < %s", (older_than,)
            ).rowcount
        return dedup + attempts

    def reset_breaker(self, a: str, b: str) -> PairState:
        """Close the pair's circuit breaker and forget its bounces and trips (an operator's
        reset: the next trip starts from the base cooldown). Returns the state before.

        One transaction under the pair's row lock, so it never interleaves with a check.
        """
        x, y = pair_key(a, b)
        with self._connection() as conn, conn.transaction():
            row = conn.execute(
                "SELECT rate_times, bounce_times, trips, open_until, last_bounce "
                "FROM council_guard_pairs WHERE agent_a = %s AND agent_b = %s FOR UPDATE",
                (x, y),
            ).fetchone()
            if row is None:
                return PairState()
            conn.execute(
                "UPDATE council_guard_pairs SET bounce_times = '{}', trips = 0, "
                "open_until = NULL, last_bounce = NULL, updated_at = now() "
                "WHERE agent_a = %s AND agent_b = %s",
                (x, y),
            )
        return _pair_state(row)

    def pair_state(self, a: str, b: str) -> PairState:
        """The stored state of the undirected pair (empty when never used)."""
        x, y = pair_key(a, b)
        with self._connection() as conn:
            row = conn.execute(
                "SELECT rate_times, bounce_times, trips, open_until, last_bounce "
                "FROM council_guard_pairs WHERE agent_a = %s AND agent_b = %s",
                (x, y),
            ).fetchone()
        return PairState() if row is None else _pair_state(row)


def _pair_state(row: DictRow) -> PairState:
    return PairState(
        tuple(t.timestamp() for t in row["rate_times"]),
        tuple(t.timestamp() for t in row["bounce_times"]),
        row["trips"],
        _epoch(row["open_until"]),
        row["last_bounce"],
    )


class _Session(NamedTuple):
    """The single connection's reused cursor and a poll of its socket: whether the server
    sent anything to this idle connection, which it does not as long as it lives (a
    terminated backend's goodbye, or the end of the stream, makes it readable). One
    zero-timeout poll, far cheaper than `connection_lost`, which then decides."""

    conn: Connection[DictRow]
    cursor: RawCursor[TupleRow]
    poll: Callable[[int], list[tuple[int, int]]]

    @classmethod
    def of(cls, conn: Connection[DictRow]) -> _Session:
        poller = select.poll()
        poller.register(conn.pgconn.socket, select.POLLIN)
        return cls(conn, RawCursor(conn, row_factory=tuple_row), poller.poll)


def _returned(cur: RawCursor[TupleRow]) -> list[Any] | None:
    """The check's `RETURNING g.verdict`: None for a pass, read from the result without
    building a row; a refusal is loaded by psycopg (a jsonb array)."""
    result = cur.pgresult
    if result is not None and result.ntuples == 1 and result.get_value(0, 0) is None:
        return None
    row = cur.fetchone()
    if row is None:
        raise RuntimeError("the guard's check statement returned no row")
    verdict: list[Any] = row[0]
    return verdict


def _verdict(
    verdict: list[Any], delegator: str, delegatee: str, task_id: str, limits: GuardLimits
) -> StoreVerdict:
    """The refusal `council_guard_decide` stored: [mechanism, dedup age, rate count, open
    until, trips, last bounce], cut after the last field its mechanism uses."""
    mechanism = verdict[0]
    if mechanism == "dedup":
        window = limits.dedup_window_seconds
        message = dedup_message(delegator, delegatee, task_id, float(verdict[1]), window)
        return StoreVerdict(False, "dedup", message)
    if mechanism == "rate_limit":
        count = int(verdict[2])
        return StoreVerdict(False, "rate_limit", rate_message(delegator, delegatee, count, limits))
    open_until, trips, last_bounce = float(verdict[3]), int(verdict[4]), verdict[5]
    message = breaker_message(delegator, delegatee, open_until, trips, limits, last_bounce)
    return StoreVerdict(False, "circuit_breaker", message)
