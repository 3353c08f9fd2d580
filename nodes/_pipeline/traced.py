"""Where a pipeline's model call or subtask attempt stands, for its trace: task, subtask,
wave and attempt (`nodes._calls.tracing`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import RunnableConfig

from langgraph_council.nodes._calls.tracing import Trace, call_config, id_of
from langgraph_council.nodes._pipeline.models import Plan, SubtaskRun

__all__ = ["attempt_config", "pipeline_trace", "wave_of"]


def pipeline_trace(state: Mapping[str, Any]) -> Trace:
    """The `trace=` of the pipeline's own model nodes (decompose, replan, merge review): the
    task, and the subtask being recovered or merged."""
    merge = state.get("merge_pending")
    subtask = state.get("recovering") or getattr(merge, "subtask_id", None)
    return Trace(task_id=id_of(state.get("task")), subtask_id=subtask or None)


def wave_of(plan: Plan | None, subtask_id: str) -> int | None:
    """The wave `subtask_id` runs in, 1 for the first (its dependency level plus one)."""
    for index, level in enumerate(plan.levels if plan is not None else ()):
        if subtask_id in level:
            return index + 1
    return None


def attempt_config(node: str, run: SubtaskRun, wave: int | None) -> RunnableConfig:
    """The run name, tags and metadata of one subtask attempt: what the executor's run is
    named, and what every call below it (the agent's model calls) inherits."""
    where = Trace(
        phase=node,
        task_id=run.task_id or None,
        subtask_id=run.subtask.id,
        wave=wave,
        attempt=run.attempt,
    )
    return call_config(node, run.agent.id, run.agent.role, where)
