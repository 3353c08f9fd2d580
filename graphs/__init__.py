"""Compiled LangGraph graphs: this package only wires nodes and guards together."""

from langgraph_council.graphs.meeting_triggers import (
    MeetingTriggers,
    MeetingType,
    TriggeredMeeting,
)
from langgraph_council.graphs.meetings import (
    build_meeting_graph,
    create_meeting_graph,
    meeting_protocols,
    register_meeting_protocol,
)
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig

__all__ = [
    "MeetingProtocolConfig",
    "MeetingTriggers",
    "MeetingType",
    "TriggeredMeeting",
    "build_meeting_graph",
    "create_meeting_graph",
    "meeting_protocols",
    "register_meeting_protocol",
]
