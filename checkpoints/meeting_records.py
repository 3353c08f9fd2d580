"""Meeting records in Postgres (`council_meeting_records`, see `MIGRATIONS`) and in memory."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from psycopg import Connection
from psycopg.rows import DictRow
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints.postgres import connect
from langgraph_council.nodes.meetings.models import MeetingMinutes
from langgraph_council.nodes.meetings.records import MeetingRecord

__all__ = [
    "InMemoryMeetingRecordStore",
    "PostgresMeetingRecordStore",
]

_UPSERT = """
INSERT INTO council_meeting_records (
    meeting_id, meeting_type, protocol, status, leader_id, token_budget, total_tokens,
    token_usage_by_participant, contribution_rank, duration_seconds, started_at, ended_at,
    error, minutes)
VALUES (%(meeting_id)s, %(meeting_type)s, %(protocol)s, %(status)s, %(leader_id)s,
    %(token_budget)s, %(total_tokens)s, %(usage)s, %(rank)s, %(duration_seconds)s,
    %(started_at)s, %(ended_at)s, %(error)s, %(minutes)s)
ON CONFLICT (meeting_id) DO UPDATE SET
    meeting_type = EXCLUDED.meeting_type, protocol = EXCLUDED.protocol,
    status = EXCLUDED.status, leader_id = EXCLUDED.leader_id,
    token_budget = EXCLUDED.token_budget, total_tokens = EXCLUDED.total_tokens,
    token_usage_by_participant = EXCLUDED.token_usage_by_participant,
    contribution_rank = EXCLUDED.contribution_rank,
    duration_seconds = EXCLUDED.duration_seconds, started_at = EXCLUDED.started_at,
    ended_at = EXCLUDED.ended_at, error = EXCLUDED.error, minutes = EXCLUDED.minutes,
    recorded_at = now()
"""


def _matches(record: MeetingRecord, meeting_type: str | None, since: datetime | None) -> bool:
    if meeting_type is not None and record.meeting_type != meeting_type:
        return False
    return since is None or record.started_at >= since


class InMemoryMeetingRecordStore:
    """Meeting records in a dict, for tests and single-process demos."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, MeetingRecord] = {}

    def save(self, record: MeetingRecord) -> None:
        """Insert or replace the record of `record.meeting_id`."""
        with self._lock:
            self._rows[record.meeting_id] = record

    def get(self, meeting_id: str) -> MeetingRecord | None:
        """The record of one meeting, if saved."""
        with self._lock:
            return self._rows.get(meeting_id)

    def list(
        self, *, meeting_type: str | None = None, since: datetime | None = None
    ) -> list[MeetingRecord]:
        """Records, newest first; filters are ANDed and `since` is inclusive."""
        with self._lock:
            rows = [r for r in self._rows.values() if _matches(r, meeting_type, since)]
        return sorted(rows, key=lambda r: r.started_at, reverse=True)

    def last_started(self, meeting_type: str) -> datetime | None:
        """When the latest meeting of `meeting_type` started (for trigger cooldowns)."""
        rows = self.list(meeting_type=meeting_type)
        return rows[0].started_at if rows else None


def _record(row: dict[str, Any]) -> MeetingRecord:
    return MeetingRecord.from_minutes(
        MeetingMinutes.model_validate(row["minutes"]), meeting_type=row["meeting_type"]
    )


class PostgresMeetingRecordStore:
    """Meeting records in Postgres; give it a connection or a pool (set up by the migrations).

    Example:
        >>> with PostgresMeetingRecordStore.from_uri(uri) as records:  # doctest: +SKIP
        ...     graph = create_meeting_graph(roster, records=records)
    """

    def __init__(self, conn: Connection[DictRow] | ConnectionPool[Connection[DictRow]]) -> None:
        self._conn = conn

    @classmethod
    @contextmanager
    def from_uri(cls, uri: str) -> Iterator[PostgresMeetingRecordStore]:
        """A store on one autocommit connection, closed on exit."""
        with connect(uri) as conn:
            yield cls(conn)

    @contextmanager
    def _cursor(self) -> Iterator[Connection[DictRow]]:
        if isinstance(self._conn, ConnectionPool):
            with self._conn.connection() as conn:
                yield conn
        else:
            yield self._conn

    def save(self, record: MeetingRecord) -> None:
        """Insert or replace the record of `record.meeting_id` (idempotent on re-runs)."""
        params = {
            **record.model_dump(exclude={"minutes", "token_usage_by_participant"}),
            "usage": Jsonb(record.token_usage_by_participant),
            "rank": Jsonb(list(record.contribution_rank)),
            "minutes": Jsonb(record.minutes.model_dump(mode="json")),
        }
        with self._cursor() as conn:
            conn.execute(_UPSERT, params)

    def get(self, meeting_id: str) -> MeetingRecord | None:
        """The record of one meeting, if saved."""
        with self._cursor() as conn:
            row = conn.execute(
                "SELECT meeting_type, minutes FROM council_meeting_records WHERE meeting_id = %s",
                (meeting_id,),
            ).fetchone()
        return _record(row) if row else None

    def list(
        self, *, meeting_type: str | None = None, since: datetime | None = None
    ) -> list[MeetingRecord]:
        """Records, newest first; filters are ANDed and `since` is inclusive."""
        with self._cursor() as conn:
            rows = conn.execute(
                "SELECT meeting_type, minutes FROM council_meeting_records "
                "WHERE (%(t)s::text IS NULL OR meeting_type = %(t)s) "
                "AND (%(s)s::timestamptz IS NULL OR started_at >= %(s)s) "
                "ORDER BY started_at DESC",
                {"t": meeting_type, "s": since},
            ).fetchall()
        return [_record(r) for r in rows]

    def last_started(self, meeting_type: str) -> datetime | None:
        """When the latest meeting of `meeting_type` started (for trigger cooldowns)."""
        with self._cursor() as conn:
            row = conn.execute(
                "SELECT max(started_at) AS s FROM council_meeting_records WHERE meeting_type = %s",
                (meeting_type,),
            ).fetchone()
        return row["s"] if row else None
