"""`PostgresLoopRecordStore`: every blocked delegation, kept for analytics and review."""

from __future__ import annotations

from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.guards._store import LoopQuery, LoopRecordStore
from langgraph_council.guards._types import LoopRecord

__all__ = ["PostgresLoopRecordStore"]


_INSERT = """
INSERT INTO council_loop_records
    (id, mechanism, chain, delegator, delegatee, task_id, message, thread_id, recorded_at)
VALUES (%(id)s, %(mechanism)s, %(chain)s, %(delegator)s, %(delegatee)s, %(task_id)s,
        %(message)s, %(thread_id)s, %(recorded_at)s)
ON CONFLICT (id) DO NOTHING"""


class PostgresLoopRecordStore(BasePostgresStore, LoopRecordStore):
    """Loop records in `council_loop_records`; inserts are idempotent by record id.

    Pass a connection or a `ConnectionPool`; `setup()` (or `setup_database`) creates the table.

    Example:
        >>> with PostgresLoopRecordStore.from_conn_string(uri) as records:  # doctest: +SKIP
        ...     records.list(mechanism="ancestry")
    """

    schema_name = "council_loop_records table"

    def put(self, record: LoopRecord) -> None:
        """Store `record`; putting the same id again is a no-op."""
        row = record.model_dump()
        row["chain"] = list(record.chain)
        with self._connection() as conn:
            conn.execute(_INSERT, row)

    def _list(self, filters: LoopQuery) -> list[LoopRecord]:
        mechanism, agent_id, task_id, since, limit = filters
        if since is not None and since.tzinfo is None:
            raise ValueError("since must be timezone-aware, e.g. datetime(..., tzinfo=UTC)")
        where: list[str] = ["TRUE"]
        params: dict[str, object] = {}
        for column, value in (("mechanism", mechanism), ("task_id", task_id)):
            if value is not None:
                where.append(f"{column} = %({column})s")
                params[column] = value
        if agent_id is not None:
            where.append("(delegator = %(agent)s OR delegatee = %(agent)s)")
            params["agent"] = agent_id
        if since is not None:
            where.append("recorded_at >= %(since)s")
            params["since"] = since
        query = (
            "SELECT * FROM council_loop_records WHERE "
            + " AND ".join(where)
            + " ORDER BY recorded_at, id"
            + ("" if limit is None else f" LIMIT {int(limit)}")
        )
        with self._connection() as conn:
            rows = conn.execute(query, params).fetchall()
        return [LoopRecord.model_validate({**r, "chain": tuple(r["chain"])}) for r in rows]
