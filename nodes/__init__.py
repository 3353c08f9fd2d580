"""Domain models, state schemas, agent calls and prompts: everything a node runs."""

from langgraph_council.nodes.agents import AgentReply, Roster, StructuredReply, estimate_tokens
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
    "CoordinationRule",
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
