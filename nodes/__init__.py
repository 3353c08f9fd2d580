"""Domain models, state schemas, agent calls and prompts: everything a node runs."""

from langgraph_council.nodes.agents import AgentReply, Roster, StructuredReply, estimate_tokens
from langgraph_council.nodes.fencing import escape_fences, fence_peer, fence_task_data
from langgraph_council.nodes.meetings import (
    ActionItem,
    Contribution,
    MeetingAgenda,
    MeetingAgendaItem,
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
    "Contribution",
    "CoordinationRule",
    "MeetingAgenda",
    "MeetingAgendaItem",
    "MeetingMinutes",
    "MeetingRecord",
    "MinorityReport",
    "Org",
    "OrgError",
    "Position",
    "Roster",
    "SeniorityLevel",
    "StructuredReply",
    "escape_fences",
    "estimate_tokens",
    "fence_peer",
    "fence_task_data",
]
