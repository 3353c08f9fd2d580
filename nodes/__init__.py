"""Domain models, state schemas, agent calls and prompts: everything a node runs."""

from langgraph_council.nodes.agents import AgentReply, Roster, StructuredReply, estimate_tokens
from langgraph_council.nodes.conflicts import (
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
from langgraph_council.nodes.coordination import Task
from langgraph_council.nodes.escalation import (
    Escalation,
    EscalationStatus,
    EscalationStore,
    HumanDecision,
)
from langgraph_council.nodes.fencing import escape_fences, fence_peer, fence_task_data
from langgraph_council.nodes.meetings import (
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
from langgraph_council.nodes.org import (
    AgentProfile,
    CoordinationRule,
    Org,
    OrgError,
    SeniorityLevel,
)

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
