"""A delegation run started from messages: the caller's last request is the task.

`graph.invoke({"messages": [HumanMessage("Summarise the Q3 incidents")]})` runs the task from
the entry agent given in the state (`entry_agent` / `delegation_entry_agent`), else from the
most senior active agent with a model (first in org order on a tie): the agent who can hand
work to everyone below it. The run keeps the conversation it answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph_council.nodes._asked import last_request
from langgraph_council.nodes._calls.roster import Roster

__all__ = ["asked_delegation", "default_entry"]


def default_entry(roster: Roster) -> str | None:
    """The most senior active agent with a model (first in org order on a tie), or None."""
    candidates = [a for a in roster.org if a.active and roster.has_model(a.id)]
    if not candidates:
        return None
    top = max(a.level.rank for a in candidates)
    return next(a.id for a in candidates if a.level.rank == top)


def asked_delegation(state: Mapping[str, Any], roster: Roster) -> dict[str, Any] | None:
    """The input keys of a run started from messages (`task`, `entry_agent`), or None for a
    typed run. A request is new when the caller passed no task, or the state's task is the
    one the last run on this thread answered (`answered_task`)."""
    request = last_request(state.get("messages"))
    task = state.get("delegation_task") or state.get("task")
    if request is None or (task is not None and task != state.get("answered_task")):
        return None
    entry = state.get("delegation_entry_agent") or state.get("entry_agent")
    return {"task": request.text, "entry_agent": entry or default_entry(roster)}
