"""The pipeline's hooks into org memory: earlier outcomes on the task's topic recalled into the
planner's prompt, and each run's outcome filed (per topic, and per agent for its subtasks).

Nothing happens when the run has no `memory` context section: prompts stay as they were.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from langgraph_council.nodes._memory.config import Active, active_memory, thread_and_run
from langgraph_council.nodes._memory.models import Recalled
from langgraph_council.nodes._memory.recall import recall
from langgraph_council.nodes._memory.records import (
    Record,
    agent_namespace,
    common,
    record_key,
    text_of,
    topic_namespace,
    write_records,
)
from langgraph_council.nodes._pipeline.models import Task
from langgraph_council.nodes._pipeline.report import CoordinationResult

__all__ = ["pipeline_recall", "remembering", "remembering_async"]

Node = Callable[[dict[str, Any]], dict[str, Any]]


def pipeline_recall(task: Task) -> Recalled:
    """What org memory recalls for planning `task`, looked up per render (once per plan)."""
    active = active_memory()
    if active is None:
        return Recalled()
    parties = [task.owner_id] if task.owner_id else []
    return recall(
        active,
        topic=active.config.topic_for(task.title),
        parties=parties,
        query=f"{task.title}\n{task.description}",
        bound=active.config.max_tokens,
    )


def _records(active: Active, task: Task, result: CoordinationResult) -> list[Record]:
    thread, run = thread_and_run()
    topic = active.config.topic_for(task.title)
    key = record_key(thread, task.id)
    done = [o for wave in result.waves for o in wave.outcomes]
    at = datetime.now(UTC).isoformat()  # a re-run rewrites the same key
    outcome = {
        **common(active.config, "outcome", topic, thread, run or result.run_id, at),
        "task_id": task.id,
        "title": task.title,
        "parent_status": result.parent_status,
        "summary": result.summary,
        "subtasks": [
            {"id": o.subtask_id, "agent_id": o.agent_id, "status": o.status} for o in done
        ],
        "text": text_of(task.title, result.summary),
    }
    records: list[Record] = [(topic_namespace(active.config, topic, "outcomes"), key, outcome)]
    for agent in sorted({o.agent_id for o in done if o.agent_id}):
        mine = [s for s in outcome["subtasks"] if s["agent_id"] == agent]
        note = {**outcome, "agent_id": agent, "subtasks": mine}
        records.append((agent_namespace(active.config, agent, "outcomes"), key, note))
    return records


def _remember(state: Mapping[str, Any], out: Mapping[str, Any]) -> None:
    active = active_memory()
    if active is None or not active.config.write:
        return
    task = state.get("task")
    if isinstance(task, Mapping):
        task = Task.model_validate(dict(task))
    result = out.get("result")
    if isinstance(task, Task) and isinstance(result, CoordinationResult):
        write_records(active, _records(active, task, result))


def remembering(node: Node) -> Node:
    """`node` (the rollup, which writes the result; or `update_parent` finishing a result saved
    by an older version), then the run's outcome filed in org memory."""

    def update(state: dict[str, Any]) -> dict[str, Any]:
        out = node(state)
        _remember(state, out)
        return out

    return update


def remembering_async(
    node: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]],
) -> Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]:
    """`remembering` for the async body."""

    async def aupdate(state: dict[str, Any]) -> dict[str, Any]:
        out = await node(state)
        _remember(state, out)
        return out

    return aupdate
