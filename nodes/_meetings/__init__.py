"""Meetings: agenda, minutes, positions, detectors, synthesis and the meeting graph state."""

from langgraph_council.nodes._meetings.config import (
    MeetingProtocolConfig,
    PositionPapersConfig,
    RoundRobinConfig,
    StructuredPhasesConfig,
)
from langgraph_council.nodes._meetings.models import (
    ActionItem,
    AuthorityCue,
    Contribution,
    DetectedConflict,
    FailureMode,
    MeetingAgenda,
    MeetingAgendaItem,
    MeetingMinutes,
    MinorityReport,
    ParticipantFailure,
    Position,
)
from langgraph_council.nodes._meetings.participants import resolve_participants
from langgraph_council.nodes._meetings.records import MeetingRecord, MeetingRecorder
from langgraph_council.nodes._meetings.state import MeetingContext, MeetingKeys
from langgraph_council.nodes._meetings.synthesis import SynthesisOutput, parse_synthesis_text

__all__ = [
    "ActionItem",
    "AuthorityCue",
    "Contribution",
    "DetectedConflict",
    "FailureMode",
    "MeetingAgenda",
    "MeetingAgendaItem",
    "MeetingContext",
    "MeetingKeys",
    "MeetingMinutes",
    "MeetingProtocolConfig",
    "MeetingRecord",
    "MeetingRecorder",
    "MinorityReport",
    "ParticipantFailure",
    "Position",
    "PositionPapersConfig",
    "RoundRobinConfig",
    "StructuredPhasesConfig",
    "SynthesisOutput",
    "parse_synthesis_text",
    "resolve_participants",
]
