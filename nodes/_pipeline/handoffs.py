"""The pipeline's side of the hand-off guard: hand-off records out of the state, verdicts back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from langchain_core.runnables import Runnable

from langgraph_council.nodes._calls.node import dual_node
from langgraph_council.nodes._handoff import Handoff
from langgraph_council.nodes._pipeline.models import SubtaskResult, Task
from langgraph_council.nodes._pipeline.names import GUARD_HANDOFFS
from langgraph_council.nodes._pipeline.report import HandoffCheck
from langgraph_council.nodes._pipeline.runtime import emit
from langgraph_council.nodes._pipeline.state import routing_of, task_of

__all__ = [
    "CheckHandoffs",
    "HandoffVerdict",
    "guard_task_id",
    "handoff_update",
    "make_guard_handoffs_node",
    "pipeline_handoffs",
]


class HandoffVerdict(Protocol):
    """What the guard said about one hand-off (`guards.GuardOutcome` has this shape)."""

    @property
    def passed(self) -> bool: ...
    @property
    def mechanism(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def chain(self) -> tuple[str, ...]: ...


CheckHandoffs = Callable[[Sequence[Handoff]], Sequence[HandoffVerdict]]
"""The guard: one verdict per hand-off record, in order."""


def guard_task_id(task: Task, subtask_id: str, run_id: str) -> str:
    """The task id the guard sees for one hand-off: per run, so a re-run is not a duplicate."""
    return f"{task.id}/{subtask_id}@{run_id[:12]}"


def pipeline_handoffs(state: Mapping[str, Any]) -> dict[str, Handoff]:
    """Each routed subtask's hand-off (task owner -> assignee), keyed by subtask id."""
    task, run_id = task_of(state), str(state.get("run_id", ""))
    return {
        d.subtask_id: Handoff(
            delegator=task.delegator,
            delegatee=d.agent_id,
            task_id=guard_task_id(task, d.subtask_id, run_id),
            chain=task.delegation_chain,
            attempt_id=f"{run_id}/{d.subtask_id}",
        )
        for d in routing_of(state)
        if d.agent_id is not None
    }


def handoff_update(
    handoffs: Mapping[str, Handoff], verdicts: Sequence[HandoffVerdict]
) -> dict[str, Any]:
    """The state update: a `HandoffCheck` per hand-off, a `blocked` result per refused one."""
    checks: list[HandoffCheck] = []
    blocked: dict[str, SubtaskResult] = {}
    for (subtask_id, handoff), verdict in zip(handoffs.items(), verdicts, strict=True):
        checks.append(
            HandoffCheck(
                subtask_id=subtask_id,
                delegator=handoff.delegator,
                delegatee=handoff.delegatee,
                chain=verdict.chain,
                passed=verdict.passed,
                mechanism=verdict.mechanism,
                message=verdict.message,
            )
        )
        if not verdict.passed:
            emit("handoff_blocked", subtask_id=subtask_id, mechanism=verdict.mechanism)
            blocked[subtask_id] = SubtaskResult(
                subtask_id=subtask_id,
                agent_id=handoff.delegatee,
                status="blocked",
                reason=f"hand-off blocked by {verdict.mechanism}: {verdict.message}",
                failure_category="coordination_overhead",
            )
    return {"handoffs": checks, "outcomes": blocked, "dispatch_started": time.time()}


def make_guard_handoffs_node(check: CheckHandoffs) -> Runnable[Any, Any]:
    """The `guard_handoffs` node: `check` sees hand-off records only, never the state."""

    def guard_handoffs(state: dict[str, Any]) -> dict[str, Any]:
        handoffs = pipeline_handoffs(state)
        return handoff_update(handoffs, check(list(handoffs.values())))

    async def aguard_handoffs(state: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(guard_handoffs, state)

    return dual_node(guard_handoffs, aguard_handoffs, name=GUARD_HANDOFFS)
