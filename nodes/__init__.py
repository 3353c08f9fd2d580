"""Domain models, state schemas, agent calls and prompts: everything a node runs."""

from langgraph_council.nodes.agents import AgentReply, Roster, StructuredReply, estimate_tokens
from langgraph_council.nodes.conflicts import (
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    ConflictResolution,
    ConflictType,
    DissentRecord,
    DissentStore,
    Escalation,
    EscalationStatus,
    EscalationStore,
    HumanDecision,
    InMemoryDissentStore,
)
from langgraph_council.nodes.fencing import escape_fences, fence_peer, fence_task_data
from langgraph_council.nodes.org import (
    AgentProfile,
    CoordinationRule,
    Org,
    OrgError,
    SeniorityLevel,
)

__all__ = [
    "AgentProfile",
    "AgentReply",
    "Conflict",
    "ConflictOutcome",
    "ConflictPosition",
    "ConflictResolution",
    "ConflictType",
    "CoordinationRule",
    "DissentRecord",
    "DissentStore",
    "Escalation",
    "EscalationStatus",
    "EscalationStore",
    "HumanDecision",
    "InMemoryDissentStore",
    "Org",
    "OrgError",
    "Roster",
    "SeniorityLevel",
    "StructuredReply",
    "escape_fences",
    "estimate_tokens",
    "fence_peer",
    "fence_task_data",
]
