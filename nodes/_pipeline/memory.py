"""The pipeline's hooks into org memory: earlier outcomes on the task's topic recalled into the
planner's prompt, and each run's outcome filed (per topic, and per agent for its subtasks);
`nodes._memory.hooks` does both, and nothing when memory is off.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from langgraph_council.nodes._memory.hooks import Filing, file_records, recall_for
from langgraph_council.nodes._memory.models import Recalled
from langgraph_council.nodes._memory.records import Record, text_of
from langgraph_council.nodes._pipeline.models import Task
from langgraph_council.nodes._pipeline.report import CoordinationResult

__all__ = ["pipeline_recall", "remembering", "remembering_async"]

Node = Callable[[dict[str, Any]], dict[str, Any]]


def pipeline_recall(task: Task) -> Recalled:
    """What org memory recalls for planning `task`, looked up per render (once per plan)."""
    return recall_for(
        task.title,
        parties=[task.owner_id] if task.owner_id else [],
        query=f"{task.title}\n{task.description}",
    )


def _records(filing: Filing, task: Task, result: CoordinationResult) -> list[Record]:
    done = [o for wave in result.waves for o in wave.outcomes]
    at = datetime.now(UTC).isoformat()  # a re-run rewrites the same key
    outcome = {
        **filing.fields("outcome", at),
        "run_id": filing.run or result.run_id,
        "task_id": task.id,
        "title": task.title,
        "parent_status": result.parent_status,
        "summary": result.summary,
        "subtasks": [
            {"id": o.subtask_id, "agent_id": o.agent_id, "status": o.status} for o in done
        ],
        "text": text_of(task.title, result.summary),
    }
    records = [filing.on_topic("outcomes", outcome)]
    for agent in sorted({o.agent_id for o in done if o.agent_id}):
        mine = [s for s in outcome["subtasks"] if s["agent_id"] == agent]
        note = {**outcome, "agent_id": agent, "subtasks": mine}
        records.append(filing.for_agent(agent, "outcomes", note))
    return records


def _task(state: Mapping[str, Any]) -> Task | None:
    task = state.get("task")
    if isinstance(task, Mapping):
        return Task.model_validate(dict(task))
    return task if isinstance(task, Task) else None


def _remember(state: Mapping[str, Any], out: Mapping[str, Any]) -> None:
    result = out.get("result")
    if not isinstance(result, CoordinationResult):
        return
    task = _task(state)
    if task is not None:
        file_records(task.title, task.id, lambda filing: _records(filing, task, result))


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
