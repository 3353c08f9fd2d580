"""`PostgresGuardStateStore`: loop-guard state shared by every process, surviving restarts.

One check-and-record is one transaction: an upsert locks the pair's row (so every attempt on
that undirected pair, from any process or connection, waits its turn), the dedup time is read
under that lock, the shared pure rules decide, and the new state is written before commit.
Times are wall-clock; with `now=None` the database's clock is used, so workers on different
hosts share one clock.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from psycopg import Connection
from psycopg.rows import DictRow
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints.postgres import connect
from langgraph_council.nodes.delegation.limits import (
    GuardLimits,
    PairState,
    StoreVerdict,
    evaluate_pair,
    from_epoch,
    pair_key,
)

__all__ = ["PostgresGuardStateStore"]


_LOCK_PAIR = """
INSERT INTO council_guard_pairs AS p (agent_a, agent_b) VALUES (%(a)s, %(b)s)
ON CONFLICT (agent_a, agent_b) DO UPDATE SET agent_a = p.agent_a
RETURNING rate_times, bounces, trips, open_until,
          extract(epoch FROM clock_timestamp())::float8 AS db_now"""

_DEDUP = """
SELECT last_at FROM council_guard_dedup
WHERE delegator = %(delegator)s AND delegatee = %(delegatee)s AND task_id = %(task_id)s"""

_SAVE = """
WITH saved AS (
    UPDATE council_guard_pairs
    SET rate_times = %(rate_times)s, bounces = %(bounces)s, trips = %(trips)s,
        open_until = %(open_until)s, updated_at = %(now)s
    WHERE agent_a = %(a)s AND agent_b = %(b)s
)
INSERT INTO council_guard_dedup (delegator, delegatee, task_id, last_at)
VALUES (%(delegator)s, %(delegatee)s, %(task_id)s, %(now)s)
ON CONFLICT (delegator, delegatee, task_id) DO UPDATE SET last_at = EXCLUDED.last_at"""

_ATTEMPT_GET = "SELECT passed, mechanism, message FROM council_guard_attempts WHERE attempt_id = %s"
_ATTEMPT_PUT = """
INSERT INTO council_guard_attempts (attempt_id, passed, mechanism, message)
VALUES (%s, %s, %s, %s) ON CONFLICT (attempt_id) DO NOTHING"""


def _epoch(value: datetime | None) -> float | None:
    return None if value is None else value.timestamp()


class PostgresGuardStateStore:
    """Guard state in Postgres, atomic across processes and connections.

    Pass a connection (calls are serialised on it) or a `ConnectionPool` (each call borrows
    one). The tables come from `setup_database`.

    Example:
        >>> with PostgresGuardStateStore.from_conn_string(uri) as store:  # doctest: +SKIP
        ...     guard = LoopGuard(LoopPreventionConfig(), store)
    """

    def __init__(self, conn: Connection[DictRow] | ConnectionPool[Connection[DictRow]]) -> None:
        if not isinstance(conn, Connection | ConnectionPool):
            raise TypeError(
                f"conn must be a psycopg Connection or ConnectionPool, got {type(conn).__name__}"
            )
        self._conn = conn
        self._lock = threading.Lock()

    @classmethod
    @contextmanager
    def from_conn_string(
        cls, uri: str, *, prepare_threshold: int | None = 0
    ) -> Iterator[PostgresGuardStateStore]:
        """A store on its own autocommit connection, closed on exit."""
        with connect(uri, prepare_threshold=prepare_threshold) as conn:
            yield cls(conn)

    @contextmanager
    def _connection(self) -> Iterator[Connection[DictRow]]:
        if isinstance(self._conn, ConnectionPool):
            with self._conn.connection() as conn:
                yield conn
        else:
            with self._lock:
                yield self._conn

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
        """Check the stateful limits and, only if all pass, record the delegation (one txn)."""
        a, b = pair_key(delegator, delegatee)
        keys = {"a": a, "b": b, "delegator": delegator, "delegatee": delegatee, "task_id": task_id}
        with self._connection() as conn, conn.transaction():
            row = conn.execute(_LOCK_PAIR, keys).fetchone()
            assert row is not None  # an upsert with RETURNING always returns its row
            if attempt_id is not None:
                seen = conn.execute(_ATTEMPT_GET, (attempt_id,)).fetchone()
                if seen is not None:
                    return StoreVerdict(seen["passed"], seen["mechanism"], seen["message"])
            at = float(row["db_now"]) if now is None else now
            dedup = conn.execute(_DEDUP, keys).fetchone()
            pair = PairState(
                rate_times=tuple(t.timestamp() for t in row["rate_times"]),
                bounces=row["bounces"],
                trips=row["trips"],
                open_until=_epoch(row["open_until"]),
            )
            verdict, new_state = evaluate_pair(
                pair=pair,
                dedup_at=_epoch(dedup["last_at"]) if dedup else None,
                delegator=delegator,
                delegatee=delegatee,
                task_id=task_id,
                limits=limits,
                now=at,
            )
            if new_state is not None:
                conn.execute(_SAVE, {**keys, **_row(new_state), "now": from_epoch(at)})
            if attempt_id is not None:
                conn.execute(_ATTEMPT_PUT, (attempt_id, *verdict))
            return verdict

    def pair_state(self, a: str, b: str) -> PairState:
        """The stored state of the undirected pair (empty when never used)."""
        x, y = pair_key(a, b)
        with self._connection() as conn:
            row = conn.execute(
                "SELECT rate_times, bounces, trips, open_until FROM council_guard_pairs "
                "WHERE agent_a = %s AND agent_b = %s",
                (x, y),
            ).fetchone()
        if row is None:
            return PairState()
        return PairState(
            tuple(t.timestamp() for t in row["rate_times"]),
            row["bounces"],
            row["trips"],
            _epoch(row["open_until"]),
        )


def _row(state: PairState) -> dict[str, object]:
    return {
        "rate_times": [from_epoch(t) for t in state.rate_times],
        "bounces": state.bounces,
        "trips": state.trips,
        "open_until": None if state.open_until is None else from_epoch(state.open_until),
    }
