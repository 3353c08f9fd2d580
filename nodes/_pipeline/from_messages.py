"""A pipeline run started from messages: the caller's last request becomes the parent task.

`graph.invoke({"messages": [HumanMessage("Add a monthly report")]})` runs the pipeline on
`Task(id="asked-<message id>", title=<first line>, description=<the request>)`, planned by the
graph's planner agent or decomposer (a pipeline built with neither needs a typed plan). Its
conversation is kept (the request stays above the subtasks and the rollup).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from langgraph_council.nodes._asked import last_request, title_of
from langgraph_council.nodes._pipeline.models import Task

__all__ = ["ASKED_PREFIX", "asked_task", "is_asked"]

ASKED_PREFIX = "asked-"
"""The id prefix of a task taken from messages."""


def _stale(state: Mapping[str, Any]) -> bool:
    """The state's task is missing or is the one the last run on this thread finished."""
    task, result = state.get("task"), state.get("result")
    if task is None:
        return True
    if result is None or isinstance(task, str):
        return False
    task_id = task.get("id") if isinstance(task, Mapping) else getattr(task, "id", None)
    done = result.get("task_id") if isinstance(result, Mapping) else result.task_id
    return bool(done == task_id)


def asked_task(state: Mapping[str, Any]) -> Task | None:
    """The task of a run started from messages, or None for a typed run (a typed task the
    caller passed wins over messages a parent's state holds)."""
    request = last_request(state.get("messages"))
    if request is None or not _stale(state):
        return None
    key = request.message_id or hashlib.sha256(request.text.encode()).hexdigest()[:16]
    return Task(id=f"{ASKED_PREFIX}{key}", title=title_of(request.text), description=request.text)


def is_asked(task: Task) -> bool:
    """Whether `task` was taken from messages (its run keeps the conversation)."""
    return task.id.startswith(ASKED_PREFIX)
