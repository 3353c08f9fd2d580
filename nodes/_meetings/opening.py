"""The start of every meeting: validate the input before any agent is called, reset the run."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from langgraph.config import get_config
from langgraph.types import Overwrite

from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.config import ctx
from langgraph_council.nodes._meetings.from_messages import agenda_from_messages
from langgraph_council.nodes._meetings.models import SynthesisResult
from langgraph_council.nodes._meetings.participants import validate_meeting_input
from langgraph_council.nodes._meetings.records import MeetingRecorder
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import MeetingNode, emit
from langgraph_council.nodes._meetings.stopping import MeetingCancels
from langgraph_council.nodes._state_version import versioned

__all__ = ["FRESH_MEETING", "open_meeting"]

FRESH_MEETING: dict[str, Any] = {
    "contributions": Overwrite([]),
    "messages": Overwrite([]),
    "failures": Overwrite([]),
    "tokens_used": Overwrite(0),
    "input_calibration": Overwrite((0, 0, 0, 0)),
    "discussion_tokens": Overwrite(0),
    "turn": 0,
    "status": "completed",
    "error": None,
    "conflicts": [],
    "discussants": [],
    "discussion_index": 0,
    "devils_advocate_used": False,
    "outcome": SynthesisResult(),
    "next_speaker": None,
    "notes": Overwrite([]),
    "stop_reason": None,
}
"""What `open_meeting` resets, so a thread can host one meeting after another."""


MAX_MEETING_ID = 200
"""The longest meeting id a caller may choose (characters)."""


def _check_meeting_id(value: Any) -> None:
    """Refuse a caller-chosen meeting id that is not a string, holds a control character (a
    NUL cannot be stored in Postgres) or is longer than `MAX_MEETING_ID`, before it is claimed
    or any model is called."""
    if value is None or value == "":
        return
    if not isinstance(value, str):
        problem = f"is of type {type(value).__name__}, not a string"
    elif any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value):
        problem = "contains a control character (such as U+0000)"
    elif len(value) > MAX_MEETING_ID:
        problem = f"is {len(value)} characters long, more than {MAX_MEETING_ID}"
    else:
        return
    raise ValueError(f"meeting_id {str(value)[:40]!r} {problem}; give a short printable id")


def _thread_id() -> str | None:
    thread = get_config().get("configurable", {}).get("thread_id")
    return None if thread is None else str(thread)


def open_meeting(
    roster: Roster, protocol: str, records: MeetingRecorder | None = None
) -> MeetingNode:
    """Validate the input before any agent is called, and start the meeting's clock.

    With `records`, a meeting id the caller chose is claimed for this thread here, before any
    model call: a clash with another thread's meeting (`MeetingRecordClashError`, naming both)
    costs nothing, and a resume or re-run of the owning thread passes. Generated ids are
    unique and claimed when the record is saved.
    """

    def open_meeting(state: MeetingState) -> dict[str, Any]:
        config = ctx()
        asked = agenda_from_messages(state)
        meeting = validate_meeting_input(
            roster,
            state if asked is None else {**state, "agenda": asked},
            max_participants=config.max_participants,
            default_budget=config.token_budget,
        )
        meeting_id = state.get("meeting_id")
        _check_meeting_id(meeting_id)
        previous = state.get("minutes")
        if not meeting_id or (previous is not None and previous.meeting_id == meeting_id):
            meeting_id = f"mtg-{uuid.uuid4().hex[:12]}"  # a reused thread starts a new meeting
        elif records is not None:
            records.claim(meeting_id, _thread_id())
        thread = _thread_id()
        if isinstance(records, MeetingCancels) and thread is not None:
            records.clear_cancel(thread)  # a cancel aimed at the thread's previous meeting
        emit("meeting_started", meeting_id=meeting_id, protocol=protocol)
        return {
            "agenda": meeting.agenda,
            "leader_id": meeting.leader_id,
            "participant_ids": meeting.participant_ids,
            "token_budget": meeting.token_budget,
            "meeting_id": meeting_id,
            "protocol": protocol,
            "started_at": datetime.now(UTC),
            **versioned(),
            **FRESH_MEETING,
            # A run started from messages keeps the conversation it answers (the chat pane
            # shows the question; a parent's reducer dedupes by id); a typed run starts fresh.
            **({} if asked is None else {"messages": []}),
        }

    return open_meeting
