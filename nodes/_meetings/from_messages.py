"""A meeting started from messages: the caller's last request becomes the agenda.

`graph.invoke({"messages": [HumanMessage("Which database for billing?")]})` holds a meeting
on that question (leader and participants default from the roster, as for a typed agenda).
A follow-up request on the same thread starts the next meeting with the earlier meeting's
outcome in the agenda's `context`: every agenda field is fenced as task data in prompts and
priced with the prompt, like any context a caller passes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph_council.nodes._asked import Request, last_request, title_of
from langgraph_council.nodes._meetings.models import MeetingAgenda, MeetingMinutes
from langgraph_council.nodes._meetings.prose import minutes_prose

__all__ = ["EARLIER_MINUTES", "agenda_from_messages"]

EARLIER_MINUTES = "Earlier in this conversation, meeting {meeting_id} ended so:"
"""The heading of the earlier meeting's outcome in a follow-up meeting's agenda context."""


def _stale(state: Mapping[str, Any]) -> bool:
    """The state's agenda is the last meeting's (left on the thread), not a caller's new one."""
    agenda = state.get("agenda")
    if agenda is None:
        return True
    previous: MeetingMinutes | None = state.get("minutes")
    if previous is None:
        return False
    if isinstance(agenda, str):
        return agenda == previous.agenda.title
    if isinstance(agenda, Mapping):
        agenda = MeetingAgenda.model_validate(dict(agenda))
    return bool(agenda == previous.agenda)


def _agenda(request: Request, previous: MeetingMinutes | None) -> MeetingAgenda:
    title = title_of(request.text)
    parts = [] if request.text == title else [request.text]
    if previous is not None:
        earlier = EARLIER_MINUTES.format(meeting_id=previous.meeting_id)
        parts.append(f"{earlier}\n{minutes_prose(previous)}")
    return MeetingAgenda(title=title, context="\n\n".join(parts))


def agenda_from_messages(state: Mapping[str, Any]) -> MeetingAgenda | None:
    """The agenda of a run started from messages, or None for a typed run.

    A new request in `messages` is the agenda when the caller passed none, or when the state's
    agenda is the previous meeting's (a follow-up on the thread). A typed agenda the caller
    passed wins over messages a parent graph's state happens to hold.
    """
    request = last_request(state.get("messages"))
    if request is None or not _stale(state):
        return None
    return _agenda(request, state.get("minutes"))
