"""The start of every meeting: validate the input before any agent is called, reset the run."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from langgraph.types import Overwrite

from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._meetings.config import ctx
from langgraph_council.nodes._meetings.models import SynthesisResult
from langgraph_council.nodes._meetings.participants import validate_meeting_input
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import emit

__all__ = ["FRESH_MEETING", "open_meeting"]

FRESH_MEETING: dict[str, Any] = {
    "contributions": Overwrite([]),
    "failures": Overwrite([]),
    "tokens_used": Overwrite(0),
    "input_calibration": Overwrite((0, 0)),
    "discussion_tokens": Overwrite(0),
    "turn": 0,
    "status": "completed",
    "error": None,
    "conflicts": [],
    "discussants": [],
    "discussion_index": 0,
    "devils_advocate_used": False,
    "outcome": SynthesisResult(),
}
"""What `open_meeting` resets, so a thread can host one meeting after another."""


def open_meeting(roster: Roster, protocol: str) -> Callable[[MeetingState], dict[str, Any]]:
    """Validate the input before any agent is called, and start the meeting's clock."""

    def open_meeting(state: MeetingState) -> dict[str, Any]:
        config = ctx()
        meeting = validate_meeting_input(
            roster,
            state,
            max_participants=config.max_participants,
            default_budget=config.token_budget,
        )
        meeting_id = state.get("meeting_id")
        previous = state.get("minutes")
        if not meeting_id or (previous is not None and previous.meeting_id == meeting_id):
            meeting_id = f"mtg-{uuid.uuid4().hex[:12]}"  # a reused thread starts a new meeting
        emit("meeting_started", meeting_id=meeting_id, protocol=protocol)
        return {
            "agenda": meeting.agenda,
            "leader_id": meeting.leader_id,
            "participant_ids": meeting.participant_ids,
            "token_budget": meeting.token_budget,
            "meeting_id": meeting_id,
            "protocol": protocol,
            "started_at": datetime.now(UTC),
            **FRESH_MEETING,
        }

    return open_meeting
