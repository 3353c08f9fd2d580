"""Delegation prompts: what an agent is asked on its turn, and who it may hand the task to."""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.nodes._delegation.handoff import handoff_targets
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._delegation.state import Frame
from langgraph_council.nodes._fencing import escape_line, fence_peer, fence_task_data
from langgraph_council.nodes._org import Org, render_global_rules

__all__ = ["AGENT_INSTRUCTIONS", "build_agent_prompt"]

_MAX_LISTED = 25  # keep prompts short in big orgs; the guard still accepts any valid id

AGENT_INSTRUCTIONS = (
    "Either answer the task yourself in plain text, or hand it off by calling the "
    "`delegate_to` tool once with the agent id and a refinement: what exactly that agent "
    "should do. Hand off only work you cannot do yourself; a guard refuses loops."
)


def build_agent_prompt(
    org: Org,
    frame: Frame,
    config: DelegationConfig,
    *,
    root_task: str | None = None,
    inbox: Sequence[str] = (),
    handoffs: int = 0,
) -> str:
    """The user prompt of one agent turn: the guard's notices to this agent, the task (fenced),
    the overall task when this is a delegated part, notes so far, who it can hand to, and the
    org's global IF-THEN rules when it can hand off (they govern how work is assigned)."""
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
        rules = render_global_rules(org.global_rules())
        if rules:  # global rules are for whoever routes work: here, the agent handing off
            parts.append(rules.rstrip("\n"))
    else:
        parts.append("You cannot hand this task off: answer it yourself.")
    rounds = config.max_delegation_rounds
    if targets and rounds is not None and handoffs >= rounds:
        parts.append(
            f"This task has been handed off {handoffs} times, the soft limit of {rounds}: "
            f"answer it yourself now if you can; at {2 * rounds} hand-offs the run stops."
        )
    parts.append(AGENT_INSTRUCTIONS)
    return "\n\n".join(parts)
