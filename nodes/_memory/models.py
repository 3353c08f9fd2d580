"""What memory hands a prompt (the earlier decisions shown) and what minutes keep (reversals)."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import AwareDatetime, BaseModel, ConfigDict

__all__ = ["EarlierDecision", "Recalled", "Reversal"]


@dataclass(frozen=True)
class EarlierDecision:
    """A decision of an earlier meeting shown in a prompt under `label` (`D1`, `D2`...)."""

    label: str
    text: str
    title: str
    decided_at: str
    thread_id: str | None
    meeting_id: str | None


@dataclass(frozen=True)
class Recalled:
    """The fenced memory block for a prompt ('' when nothing was recalled or memory is off),
    the earlier decisions it shows, and its estimated tokens."""

    text: str = ""
    earlier: tuple[EarlierDecision, ...] = ()
    tokens: int = 0
    records: int = 0


class Reversal(BaseModel):
    """A decision of this meeting that reverses an earlier one, as the leader judged it."""

    model_config = ConfigDict(frozen=True)

    decision: str
    """This meeting's decision."""
    earlier_decision: str
    """The earlier decision it reverses."""
    earlier_date: AwareDatetime
    earlier_thread_id: str | None = None
    earlier_meeting_id: str | None = None
    earlier_title: str = ""
    reason: str = ""
