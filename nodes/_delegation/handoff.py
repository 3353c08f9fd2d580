"""The hand-off tool, who an agent may hand to, and reading its reply: pure steps around one
call (the call itself is a `nodes._calls.model_node`; the prompt is in `prompts`)."""

from __future__ import annotations

from dataclasses import dataclass

from langchain_core.tools import tool

from langgraph_council.nodes._calls.replies import AgentReply
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._text import scrub_nul

__all__ = [
    "DELEGATE_TOOL_NAME",
    "AgentTurn",
    "delegate_to",
    "handoff_targets",
    "read_turn",
]

DELEGATE_TOOL_NAME = "delegate_to"


@tool(DELEGATE_TOOL_NAME, return_direct=True)
def delegate_to(agent_id: str, refinement: str) -> str:
    """Hand the current task to another agent, with a refinement of what it should do.

    Args:
        agent_id: Id of the agent that should take over this task.
        refinement: What that agent should do, in your own words.
    """
    return f"hand-off to {agent_id} requested: {refinement}"


@dataclass(frozen=True)
class AgentTurn:
    """What one agent call produced: an answer or a hand-off request, and its token usage."""

    agent_id: str
    answer: str | None
    delegatee: str | None
    refinement: str
    tokens: int
    nul_replaced: int = 0


def handoff_targets(org: Org, agent_id: str, config: DelegationConfig) -> list[str]:
    """Agents `agent_id` may plausibly hand off to (the guard still decides)."""
    me = org[agent_id]
    if not me.can_delegate:
        return []
    found = []
    for other in org:
        if other.id == agent_id or not other.active or not other.accepts_subtasks:
            continue
        if config.enforce_chain_of_command and not (
            org.is_subordinate(other.id, agent_id, skip_level=config.allow_skip_level)
            and me.may_delegate_to_role(other.role)
        ):
            continue
        found.append(other.id)
    return found


def read_turn(reply: AgentReply) -> AgentTurn:
    """Turn the agent's reply into an answer or a hand-off request (first `delegate_to` wins)."""
    for call in reply.tool_calls:
        if call.get("name") == DELEGATE_TOOL_NAME:
            args = call.get("args") or {}
            # PostgreSQL cannot store NUL: model-written text has it replaced (nodes._text).
            (delegatee, refinement), replaced = scrub_nul(
                (str(args.get("agent_id", "")).strip(), str(args.get("refinement", "")))
            )
            return AgentTurn(
                reply.agent_id, None, delegatee, refinement, reply.total_tokens, replaced
            )
    return AgentTurn(
        agent_id=reply.agent_id,
        answer=reply.content,
        delegatee=None,
        refinement="",
        tokens=reply.total_tokens,
        nul_replaced=reply.nul_replaced,
    )
