"""Meeting records in Postgres (`council_meeting_records`, see the migrations); append-only."""

from __future__ import annotations

import warnings
from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb

from langgraph_council.checkpoints._connections import Conn
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.nodes._meetings.models import MeetingMinutes
from langgraph_council.nodes._meetings.records import (
    InMemoryMeetingRecordStore,
    MeetingRecord,
    MeetingRecordClashError,
    check_claim,
    check_same_meeting,
)

__all__ = [
    "InMemoryMeetingRecordStore",
    "PostgresMeetingRecordStore",
]

_INSERT = """
INSERT INTO council_meeting_records (
    meeting_id, meeting_type, protocol, status, leader_id, token_budget, total_tokens,
    token_usage_by_participant, contribution_rank, duration_seconds, started_at, ended_at,
    error, minutes, thread_id)
VALUES (%(meeting_id)s, %(meeting_type)s, %(protocol)s, %(status)s, %(leader_id)s,
    %(token_budget)s, %(total_tokens)s, %(usage)s, %(rank)s, %(duration_seconds)s,
    %(started_at)s, %(ended_at)s, %(error)s, %(minutes)s, %(thread_id)s)
ON CONFLICT (meeting_id) DO NOTHING
RETURNING meeting_id
"""

_SELECT = "SELECT meeting_type, minutes, thread_id FROM council_meeting_records"

_CLAIM = """
INSERT INTO council_meeting_claims (meeting_id, thread_id) VALUES (%s, %s)
ON CONFLICT (meeting_id) DO NOTHING
RETURNING meeting_id
"""

_CANCEL = """
INSERT INTO council_meeting_cancels (thread_id, reason) VALUES (%s, %s)
ON CONFLICT (thread_id) DO UPDATE SET reason = EXCLUDED.reason, requested_at = now()
"""

_HOLDER = "SELECT thread_id FROM council_meeting_claims WHERE meeting_id = %s"


def _claim(conn: Conn, meeting_id: str, thread_id: str | None) -> tuple[bool, str | None]:
    """Claim `meeting_id` unless claimed: (claimed now, the holder's thread id)."""
    for _ in range(2):  # a claim pruned between the two statements: claim again
        if conn.execute(_CLAIM, (meeting_id, thread_id)).fetchone() is not None:
            return True, thread_id
        row = conn.execute(_HOLDER, (meeting_id,)).fetchone()
        if row is not None:
            return False, row["thread_id"]
    raise RuntimeError(f"meeting {meeting_id!r}: its claim keeps vanishing; retry the run")


def _record(row: dict[str, Any]) -> MeetingRecord:
    return MeetingRecord.from_minutes(
        MeetingMinutes.model_validate(row["minutes"]),
        meeting_type=row["meeting_type"],
        thread_id=row["thread_id"],
    )


class PostgresMeetingRecordStore(BasePostgresStore):
    """Meeting records in Postgres, one per meeting id, never overwritten.

    Pass a connection or a `ConnectionPool`; `setup()` (or `setup_database`) creates the table.
    A meeting claims its id when it opens (`council_meeting_claims`, before any model call);
    claiming or saving again from the same thread is a no-op; from another thread it raises
    `MeetingRecordClashError` naming both threads.

    Example:
        >>> with PostgresMeetingRecordStore.from_conn_string(uri) as records:  # doctest: +SKIP
        ...     graph = create_meeting_graph(roster, stores=CouncilStores(meetings=records))
    """

    schema_name = "council_meeting_records table"

    def claim(self, meeting_id: str, thread_id: str | None) -> None:
        """Claim `meeting_id` for `thread_id` before the meeting's first model call.

        Raises:
            MeetingRecordClashError: Another thread (or a run without a thread id) holds it.
        """
        with self._connection() as conn:
            fresh, holder = _claim(conn, meeting_id, thread_id)
        if not fresh:
            check_claim(meeting_id, holder, thread_id)

    def put(self, record: MeetingRecord) -> None:
        """Insert the record unless its meeting id is stored (same thread: a no-op re-run).

        The meeting id must be unclaimed (it is claimed now) or claimed by the record's thread.

        Raises:
            MeetingRecordClashError: The meeting id is claimed or recorded by another thread.
        """
        params = {
            **record.model_dump(exclude={"minutes", "token_usage_by_participant"}),
            "usage": Jsonb(record.token_usage_by_participant),
            "rank": Jsonb(list(record.contribution_rank)),
            "minutes": Jsonb(record.minutes.model_dump(mode="json")),
        }
        with self._connection() as conn:
            _, holder = _claim(conn, record.meeting_id, record.thread_id)
            if holder != record.thread_id:
                raise MeetingRecordClashError(record.meeting_id, holder, record.thread_id)
            if conn.execute(_INSERT, params).fetchone() is not None:
                return
            row = conn.execute(f"{_SELECT} WHERE meeting_id = %s", (record.meeting_id,)).fetchone()
        if row is not None:
            check_same_meeting(_record(row), record)

    def get(self, meeting_id: str) -> MeetingRecord | None:
        """The record of one meeting, if saved."""
        with self._connection() as conn:
            row = conn.execute(f"{_SELECT} WHERE meeting_id = %s", (meeting_id,)).fetchone()
        return _record(row) if row else None

    def list(
        self, *, meeting_type: str | None = None, since: datetime | None = None
    ) -> list[MeetingRecord]:
        """Records, newest first; filters are ANDed and `since` is inclusive."""
        with self._connection() as conn:
            rows = conn.execute(
                f"{_SELECT} WHERE (%(t)s::text IS NULL OR meeting_type = %(t)s) "
                "AND (%(s)s::timestamptz IS NULL OR started_at >= %(s)s) "
                "ORDER BY started_at DESC",
                {"t": meeting_type, "s": since},
            ).fetchall()
        return [_record(r) for r in rows]

    def last_started(self, meeting_type: str) -> datetime | None:
        """When the latest meeting of `meeting_type` started (for trigger cooldowns)."""
        with self._connection() as conn:
            row = conn.execute(
                "SELECT max(started_at) AS s FROM council_meeting_records WHERE meeting_type = %s",
                (meeting_type,),
            ).fetchone()
        return row["s"] if row else None

    def request_cancel(self, thread_id: str, *, reason: str = "") -> None:
        """Ask the meeting running on `thread_id` (in any process) to end with status
        `cancelled` at its next turn boundary; its minutes keep what was said.

        Example:
            >>> records.request_cancel("thread-1", reason="wrong agenda")  # doctest: +SKIP
        """
        with self._connection() as conn:
            conn.execute(_CANCEL, (thread_id, reason))

    def cancel_requested(self, thread_id: str) -> str | None:
        """The pending cancel's reason for `thread_id` ("" when none was given), or None."""
        with self._connection() as conn:
            row = conn.execute(
                "SELECT reason FROM council_meeting_cancels WHERE thread_id = %s", (thread_id,)
            ).fetchone()
        return None if row is None else str(row["reason"])

    def clear_cancel(self, thread_id: str) -> None:
        """Forget the cancel for `thread_id` (a new meeting opened on it)."""
        with self._connection() as conn:
            conn.execute("DELETE FROM council_meeting_cancels WHERE thread_id = %s", (thread_id,))

    def save(self, record: MeetingRecord) -> None:
        """Deprecated name of `put` (before the store vocabulary); warns, goes in 0.3."""
        warnings.warn(
            "PostgresMeetingRecordStore.save() is deprecated and goes in 0.3; use put()",
            DeprecationWarning,
            stacklevel=2,
        )
        self.put(record)
