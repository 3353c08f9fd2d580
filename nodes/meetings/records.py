"""Meeting records: the durable summary of one meeting, and the interface stores implement."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from pydantic import AwareDatetime, BaseModel, ConfigDict

from langgraph_council.nodes.meetings.models import MeetingMinutes, MeetingStatus

__all__ = ["MeetingRecord", "MeetingRecorder"]


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

    @classmethod
    def from_minutes(cls, minutes: MeetingMinutes, *, meeting_type: str) -> MeetingRecord:
        """Derive the record (and its analytics) from the minutes."""
        return cls(
            meeting_id=minutes.meeting_id,
            meeting_type=meeting_type,
            protocol=minutes.protocol,
            status=minutes.status,
            leader_id=minutes.leader_id,
            token_budget=minutes.token_budget,
            total_tokens=minutes.total_tokens,
            token_usage_by_participant=minutes.token_usage_by_participant,
            contribution_rank=minutes.contribution_rank,
            duration_seconds=minutes.duration_seconds,
            started_at=minutes.started_at,
            ended_at=minutes.ended_at,
            error=minutes.error,
            minutes=minutes,
        )


class MeetingRecorder(Protocol):
    """Where meeting graphs save records (Postgres or in-memory, from `checkpoints`)."""

    def save(self, record: MeetingRecord) -> None:
        """Insert or replace the record of `record.meeting_id` (idempotent)."""
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
