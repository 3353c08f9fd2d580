"""The hand-off tool, the agent's prompt and reading its reply: pure steps around one call."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import Runnable
from langchain_core.tools import tool

from langgraph_council.nodes.agents import Roster, estimate_tokens
from langgraph_council.nodes.delegation.models import DelegationConfig
from langgraph_council.nodes.delegation.state import Frame
from langgraph_council.nodes.fencing import escape_line, fence_peer, fence_task_data
from langgraph_council.nodes.org import Org
from langgraph_council.nodes.text import replace_nul, scrub_nul

__all__ = [
    "DELEGATE_TOOL_NAME",
    "AgentTurn",
    "acall_agent_with_tools",
    "build_agent_prompt",
    "call_agent_with_tools",
    "delegate_to",
    "handoff_targets",
    "read_turn",
]

DELEGATE_TOOL_NAME = "delegate_to"
_MAX_LISTED = 25  # keep prompts short in big orgs; the guard still accepts any valid id

AGENT_INSTRUCTIONS = (
    "Either answer the task yourself in plain text, or hand it off by calling the "
    "`delegate_to` tool once with the agent id and a refinement: what exactly that agent "
    "should do. Hand off only work you cannot do yourself; a guard refuses loops."
)


@tool(DELEGATE_TOOL_NAME)
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


def build_agent_prompt(
    org: Org,
    frame: Frame,
    config: DelegationConfig,
    *,
    root_task: str | None = None,
    inbox: Sequence[str] = (),
) -> str:
    """The user prompt of one agent turn: the guard's notices to this agent, the task (fenced),
    the overall task when this is a delegated part, notes so far, and who it can hand to."""
    # Notices quote model-chosen ids and the caller's task id: fenced, they add no prompt lines.
    parts = [
        "Notice from the delegation guard:\n"
        + fence_peer(n, agent_id="delegation_guard", label="notice")
        for n in inbox
    ]
    parts.append(fence_task_data(frame.task, field="task"))
    if root_task is not None and root_task != frame.task:
        parts.append(
            "It is part of this overall task:\n" + fence_task_data(root_task, field="overall_task")
        )
    if frame.delegated_by:
        parts.append(f"{frame.delegated_by} delegated this task to you.")
    parts.extend(frame.notes)
    targets = handoff_targets(org, frame.agent_id, config)
    if targets:
        listed = ", ".join(f"{t} ({escape_line(org[t].role)})" for t in targets[:_MAX_LISTED])
        more = len(targets) - _MAX_LISTED
        parts.append(
            f"Agents you may hand off to: {listed}" + (f" and {more} more." if more > 0 else ".")
        )
    else:
        parts.append("You cannot hand this task off: answer it yourself.")
    parts.append(AGENT_INSTRUCTIONS)
    return "\n\n".join(parts)


def _tool_runnable(roster: Roster, agent_id: str) -> Runnable[Any, BaseMessage]:
    model = roster.model_for(agent_id)
    try:
        return model.bind_tools([delegate_to])
    except NotImplementedError:
        return model


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "".join(p if isinstance(p, str) else str(p.get("text", "")) for p in content)


def read_turn(agent_id: str, messages: Sequence[BaseMessage], reply: BaseMessage) -> AgentTurn:
    """Turn the model's reply into an answer or a hand-off request (first `delegate_to` wins)."""
    usage = reply.usage_metadata if isinstance(reply, AIMessage) else None
    tokens = (
        usage["total_tokens"]
        if usage
        else sum(estimate_tokens(_text(m)) for m in (*messages, reply))
    )
    calls = reply.tool_calls if isinstance(reply, AIMessage) else []
    for call in calls:
        if call["name"] == DELEGATE_TOOL_NAME:
            args = call.get("args") or {}
            # PostgreSQL cannot store NUL: model-written text has it replaced (nodes.text).
            (delegatee, refinement), replaced = scrub_nul(
                (str(args.get("agent_id", "")).strip(), str(args.get("refinement", "")))
            )
            return AgentTurn(agent_id, None, delegatee, refinement, tokens, replaced)
    answer, replaced = replace_nul(_text(reply))
    return AgentTurn(agent_id, answer, None, "", tokens, replaced)


def call_agent_with_tools(roster: Roster, agent_id: str, prompt: str) -> AgentTurn:
    """One model call for `agent_id` with the `delegate_to` tool bound."""
    messages = roster.messages(agent_id, prompt)
    return read_turn(agent_id, messages, _tool_runnable(roster, agent_id).invoke(messages))


async def acall_agent_with_tools(roster: Roster, agent_id: str, prompt: str) -> AgentTurn:
    """Async twin of `call_agent_with_tools`."""
    messages = roster.messages(agent_id, prompt)
    reply = await _tool_runnable(roster, agent_id).ainvoke(messages)
    return read_turn(agent_id, messages, reply)
