"""Meeting records: the durable summary of one meeting, the store protocol, the in-memory store.

Records are append-only: one per meeting id, written by the thread that ran the meeting. The
meeting claims its id when it opens, before any model call: the claim is idempotent per
(thread, meeting), so a resume or re-run of the owning thread passes, while another thread
(or another run without a thread id) gets a `MeetingRecordClashError` naming both before
anything is spent. Saving the record again from the owning thread changes nothing.
"""

from __future__ import annotations

import threading
import warnings
from datetime import datetime
from typing import Protocol

from pydantic import AwareDatetime, BaseModel, ConfigDict

from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._meetings.models import MeetingMinutes, MeetingStatus

__all__ = [
    "InMemoryMeetingRecordStore",
    "MeetingRecord",
    "MeetingRecordClashError",
    "MeetingRecorder",
    "check_claim",
    "check_same_meeting",
]


class MeetingRecord(BaseModel):
    """One finished meeting with its analytics (per-participant tokens, rank, duration)."""

    model_config = ConfigDict(frozen=True)

    meeting_id: str
    meeting_type: str
    protocol: str
    status: MeetingStatus
    leader_id: str
    token_budget: int
    total_tokens: int
    token_usage_by_participant: dict[str, int]
    contribution_rank: tuple[str, ...]
    duration_seconds: float
    started_at: AwareDatetime
    ended_at: AwareDatetime
    error: str | None
    minutes: MeetingMinutes
    thread_id: str | None = None

    @classmethod
    def from_minutes(
        cls, minutes: MeetingMinutes, *, meeting_type: str, thread_id: str | None = None
    ) -> MeetingRecord:
        """Derive the record (and its analytics) from the minutes of thread `thread_id`."""
        copied = {name: getattr(minutes, name) for name in _FROM_MINUTES}
        return cls(**copied, meeting_type=meeting_type, minutes=minutes, thread_id=thread_id)


# The record's fields read off the minutes under the same name (fields and computed analytics).
_FROM_MINUTES = (
    "meeting_id", "protocol", "status", "leader_id", "token_budget", "total_tokens",
    "token_usage_by_participant", "contribution_rank", "duration_seconds", "started_at",
    "ended_at", "error",
)  # fmt: skip


class MeetingRecordClashError(CouncilError, ValueError):
    """A meeting id is already recorded by another thread; records are never overwritten."""

    def __init__(self, meeting_id: str, stored_thread: str | None, new_thread: str | None) -> None:
        super().__init__(
            f"meeting {meeting_id!r} is already claimed by {_thread(stored_thread)}; "
            f"{_thread(new_thread)} cannot hold or record it too (a meeting id belongs to the "
            "thread that opened it, and records are append-only): give each meeting its own "
            "meeting_id"
        )
        self.meeting_id = meeting_id
        self.stored_thread = stored_thread
        self.new_thread = new_thread


def _thread(thread_id: str | None) -> str:
    return "a run without a thread id" if thread_id is None else f"thread {thread_id!r}"


def check_same_meeting(stored: MeetingRecord, new: MeetingRecord) -> None:
    """Accept saving `new` over `stored` only when it is the same thread's record again.

    Raises:
        MeetingRecordClashError: `new` comes from another thread (or, without thread ids,
            is a different record).
    """
    same_thread = stored.thread_id is not None and stored.thread_id == new.thread_id
    if not same_thread and stored != new:
        raise MeetingRecordClashError(new.meeting_id, stored.thread_id, new.thread_id)


def check_claim(meeting_id: str, holder: str | None, thread_id: str | None) -> None:
    """Accept an existing claim on `meeting_id` only when `thread_id` holds it.

    A claim held by a run without a thread id is nobody's to take over: such a run never
    resumes, so another run claiming the same id is a clash even without a thread id.

    Raises:
        MeetingRecordClashError: Naming the holder and the claimant.
    """
    if holder is None or holder != thread_id:
        raise MeetingRecordClashError(meeting_id, holder, thread_id)


class MeetingRecorder(Protocol):
    """Where meeting graphs save records (`InMemoryMeetingRecordStore`, or Postgres from
    `langgraph_council.checkpoints`)."""

    def claim(self, meeting_id: str, thread_id: str | None) -> None:
        """Claim `meeting_id` for `thread_id` before the meeting's first model call.

        Idempotent for the thread that holds it; another thread gets a
        `MeetingRecordClashError` naming both.
        """
        ...

    def put(self, record: MeetingRecord) -> None:
        """Store the record once; see the module docstring for re-runs and clashes."""
        ...

    def get(self, meeting_id: str) -> MeetingRecord | None:
        """The record of one meeting, if saved."""
        ...

    def list(
        self, *, meeting_type: str | None = None, since: datetime | None = None
    ) -> list[MeetingRecord]:
        """Records, newest first; filters are ANDed and `since` is inclusive."""
        ...

    def last_started(self, meeting_type: str) -> datetime | None:
        """When the latest meeting of `meeting_type` started (trigger cooldowns)."""
        ...


def _matches(record: MeetingRecord, meeting_type: str | None, since: datetime | None) -> bool:
    if meeting_type is not None and record.meeting_type != meeting_type:
        return False
    return since is None or record.started_at >= since


class InMemoryMeetingRecordStore:
    """Meeting records in a dict, for tests and single-process demos.

    Example:
        >>> InMemoryMeetingRecordStore().list()
        []
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, MeetingRecord] = {}
        self._claims: dict[str, str | None] = {}
        self._cancels: dict[str, str] = {}

    def claim(self, meeting_id: str, thread_id: str | None) -> None:
        """Claim `meeting_id` for `thread_id` (idempotent per thread; a clash names both)."""
        with self._lock:
            fresh = meeting_id not in self._claims
            holder = self._claims.setdefault(meeting_id, thread_id)
        if not fresh:
            check_claim(meeting_id, holder, thread_id)

    def put(self, record: MeetingRecord) -> None:
        """Store the record once (append-only; a clash names both threads).

        The meeting id must be unclaimed or claimed by the record's thread.
        """
        with self._lock:
            holder = self._claims.setdefault(record.meeting_id, record.thread_id)
            if holder != record.thread_id:
                raise MeetingRecordClashError(record.meeting_id, holder, record.thread_id)
            stored = self._rows.setdefault(record.meeting_id, record)
        if stored is not record:
            check_same_meeting(stored, record)

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

    def request_cancel(self, thread_id: str, *, reason: str = "") -> None:
        """Ask the meeting running on `thread_id` to end, status `cancelled`, at its next turn
        boundary (this process only: use the Postgres store across processes)."""
        with self._lock:
            self._cancels[thread_id] = reason

    def cancel_requested(self, thread_id: str) -> str | None:
        """The pending cancel's reason for `thread_id` ("" when none was given), or None."""
        with self._lock:
            return self._cancels.get(thread_id)

    def clear_cancel(self, thread_id: str) -> None:
        """Forget the cancel for `thread_id` (a new meeting opened on it)."""
        with self._lock:
            self._cancels.pop(thread_id, None)

    def save(self, record: MeetingRecord) -> None:
        """Deprecated name of `put` (before the store vocabulary); warns, goes in 0.3."""
        warnings.warn(
            "InMemoryMeetingRecordStore.save() is deprecated and goes in 0.3; use put()",
            DeprecationWarning,
            stacklevel=2,
        )
        self.put(record)
