"""The Postgres dissent store: overruled positions, queryable by agent, type, strategy, time."""

from __future__ import annotations

from collections.abc import Iterable

from psycopg.types.json import Jsonb

from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.nodes._conflicts.dissent import DissentQuery, DissentStore
from langgraph_council.nodes._records.conflicts import DissentRecord

__all__ = ["PostgresDissentStore"]


class PostgresDissentStore(BasePostgresStore, DissentStore):
    """Dissent records in table `council_dissent_records`.

    Pass a connection or a `ConnectionPool`; `setup()` (or `setup_database`) creates the table.

    Example:
        >>> with PostgresDissentStore.from_conn_string(uri) as store:  # doctest: +SKIP
        ...     store.list(agent_id="junior_dev", strategy="authority")
    """

    schema_name = "council_dissent_records table"

    def put_many(self, records: Iterable[DissentRecord]) -> None:
        """All in one transaction."""
        rows = [
            (
                r.id,
                r.conflict_id,
                r.conflict_type.value if r.conflict_type else None,
                r.dissenting_agent_id,
                r.strategy_used,
                r.decided_by,
                r.timestamp,
                Jsonb(r.model_dump(mode="json")),
            )
            for r in records
        ]
        if not rows:
            return
        with self._connection() as conn, conn.transaction(), conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO council_dissent_records (id, conflict_id, conflict_type, "
                "dissenting_agent_id, strategy_used, decided_by, recorded_at, record) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                rows,
            )

    def _list(self, query: DissentQuery) -> list[DissentRecord]:
        kind = None if query.conflict_type is None else query.conflict_type.value
        with self._connection() as conn:
            rows = conn.execute(
                "SELECT record FROM council_dissent_records WHERE "
                "(%(agent)s::text IS NULL OR dissenting_agent_id = %(agent)s) AND "
                "(%(kind)s::text IS NULL OR conflict_type = %(kind)s) AND "
                "(%(strategy)s::text IS NULL OR strategy_used = %(strategy)s) AND "
                "(%(since)s::timestamptz IS NULL OR recorded_at >= %(since)s) "
                "ORDER BY recorded_at, conflict_id, dissenting_agent_id",
                {
                    "agent": query.agent_id,
                    "kind": kind,
                    "strategy": query.strategy,
                    "since": query.since,
                },
            ).fetchall()
        return [DissentRecord.model_validate(row["record"]) for row in rows]
