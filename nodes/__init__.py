"""Domain models, state schemas, agent calls and prompts: everything a node runs."""

from langgraph_council.nodes._agents import AgentReply, Roster, StructuredReply, estimate_tokens
from langgraph_council.nodes._conflicts import (
    Conflict,
    ConflictKeys,
    ConflictOutcome,
    ConflictPosition,
    ConflictResolution,
    ConflictType,
    DissentRecord,
    DissentStore,
    InMemoryDissentStore,
)
from langgraph_council.nodes._escalation import (
    Escalation,
    EscalationStatus,
    EscalationStore,
    HumanDecision,
)
from langgraph_council.nodes._fencing import escape_fences, fence_peer, fence_task_data
from langgraph_council.nodes._meetings import (
    ActionItem,
    Contribution,
    MeetingAgenda,
    MeetingAgendaItem,
    MeetingKeys,
    MeetingMinutes,
    MeetingRecord,
    MinorityReport,
    Position,
)
from langgraph_council.nodes._org import (
    AgentProfile,
    CoordinationRule,
    Org,
    OrgError,
    SeniorityLevel,
)
from langgraph_council.nodes._pipeline import Task

__all__ = [
    "ActionItem",
    "AgentProfile",
    "AgentReply",
    "Conflict",
    "ConflictKeys",
    "ConflictOutcome",
    "ConflictPosition",
    "ConflictResolution",
    "ConflictType",
    "Contribution",
    "CoordinationRule",
    "DissentRecord",
    "DissentStore",
    "Escalation",
    "EscalationStatus",
    "EscalationStore",
    "HumanDecision",
    "InMemoryDissentStore",
    "MeetingAgenda",
    "MeetingAgendaItem",
    "MeetingKeys",
    "MeetingMinutes",
    "MeetingRecord",
    "MinorityReport",
    "Org",
    "OrgError",
    "Position",
    "Roster",
    "SeniorityLevel",
    "StructuredReply",
    "Task",
    "escape_fences",
    "estimate_tokens",
    "fence_peer",
    "fence_task_data",
]
