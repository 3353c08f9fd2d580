"""`PostgresGuardStateStore`: loop-guard state shared by every process, surviving restarts.

One check-and-record is one call of a PL/pgSQL function, so one transaction and one network
round trip: it locks the pair's row, or creates it when the pair is new (every attempt on that
undirected pair, from any process or connection, waits its turn; the loser of a creation race
goes round once more and locks the winner's row), reads the dedup times (this direction's, and
the opposite one's, which tells a task coming back) under that lock, applies the same rules as
`evaluate_pair` and writes the new state before commit. `record_bounce` is one call of its own
function, under the same lock. Times are wall-clock; with `now=None` the database's clock is
used, so workers on different hosts share one clock.
"""

from __future__ import annotations

from datetime import datetime

from psycopg import Connection, Cursor, errors
from psycopg.rows import DictRow, TupleRow, tuple_row

from langgraph_council.checkpoints._connections import ConnOrPool
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
from langgraph_council.guards._store import GuardStateStore

__all__ = ["PostgresGuardStateStore"]


# Positional binary parameters and tuple rows in binary: the cheapest round trip psycopg offers.
_CHECK_AND_RECORD = """
SELECT mechanism, dedup_age, rate_count, extract(epoch FROM open_until)::float8, trips,
    last_bounce
FROM council_guard_check_and_record(
    %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b)"""

_RECORD_BOUNCE = """
SELECT rate_times, bounce_times, trips, open_until, last_bounce
FROM council_guard_record_bounce(%s, %s, %s, %s, %s, %s, %s, %s, %s)"""

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
        self._cur: Cursor[TupleRow] | None = None  # reused on a single connection
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
        """One round trip: `council_guard_check_and_record` (`checkpoints/_guard_sql.py`) locks
        the pair's row, decides and writes inside one autocommit transaction."""
        params = (
            delegator,
            delegatee,
            task_id,
            None if now is None else from_epoch(now),
            attempt_id,
            limits.dedup_window_seconds,
            limits.rate_per_window + limits.rate_burst,
            limits.rate_window_seconds,
            limits.bounce_threshold,
            limits.bounce_window_seconds,
            limits.cooldown_seconds,
            limits.max_cooldown_seconds,
            returned_note(delegator, delegatee, task_id),
            self._synchronous_commit,
        )
        conn = self._conn
        try:
            if isinstance(conn, Connection):
                with self._lock:
                    conn = self._revived()
                    if self._cur is None or self._cur.closed or self._cur.connection is not conn:
                        self._cur = conn.cursor(row_factory=tuple_row, binary=True)
                    row = _execute(self._cur, params)
            else:
                with conn.connection() as pooled:
                    row = _execute(pooled.cursor(row_factory=tuple_row, binary=True), params)
        except _MISSING_SCHEMA as exc:  # the hot path borrows no `_connection()`
            raise self._missing_schema() from exc
        return _verdict(row, delegator, delegatee, task_id, limits)

    def record_bounce(
        self,
        *,
        delegator: str,
        delegatee: str,
        task_id: str,
        reason: str,
        limits: GuardLimits,
        now: float | None = None,
        bounce_id: str | None = None,
    ) -> PairState:
        """One call of `council_guard_record_bounce`: it locks the pair's row (creating it when
        the pair is new) and uses the database clock when `now` is None."""
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
            dedup = conn.execute(
                "DELETE FROM council_guard_dedup WHERE last_at < %s", (older_than,)
            ).rowcount
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


def _execute(cur: Cursor[TupleRow], params: tuple[object, ...]) -> TupleRow:
    row = cur.execute(_CHECK_AND_RECORD, params).fetchone()
    if row is None:
        raise RuntimeError("council_guard_check_and_record returned no row")
    return row


def _verdict(
    row: TupleRow, delegator: str, delegatee: str, task_id: str, limits: GuardLimits
) -> StoreVerdict:
    mechanism, dedup_age, rate_count, open_until, trips, last_bounce = row
    if mechanism == "all_passed":
        return PASSED
    if mechanism == "dedup":
        message = dedup_message(
            delegator, delegatee, task_id, dedup_age, limits.dedup_window_seconds
        )
        return StoreVerdict(False, "dedup", message)
    if mechanism == "rate_limit":
        return StoreVerdict(
            False, "rate_limit", rate_message(delegator, delegatee, rate_count, limits)
        )
    message = breaker_message(delegator, delegatee, open_until, trips, limits, last_bounce)
    return StoreVerdict(False, "circuit_breaker", message)
