"""The pipeline's guard node: every subtask's hand-off (owner -> assignee) passes the loop guard."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.config import get_config

from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._store import LoopRecordStore
from langgraph_council.nodes._calls import dual_node
from langgraph_council.nodes._delegation.models import GuardOutcome, LoopRecord
from langgraph_council.nodes._pipeline.models import SubtaskResult, Task
from langgraph_council.nodes._pipeline.names import GUARD_HANDOFFS
from langgraph_council.nodes._pipeline.report import HandoffCheck, RoutingDecision
from langgraph_council.nodes._pipeline.runtime import emit
from langgraph_council.nodes._pipeline.state import routing_of, task_of

__all__ = ["guard_task_id", "make_handoff_guard"]


def guard_task_id(task: Task, subtask_id: str, run_id: str) -> str:
    """The task id the guard sees for one hand-off: per run, so a re-run is not a duplicate."""
    return f"{task.id}/{subtask_id}@{run_id[:12]}"


def _thread_id() -> str | None:
    thread = get_config().get("configurable", {}).get("thread_id")
    return None if thread is None else str(thread)


class _HandoffGuard:
    """The node's logic, shared by its sync and async forms."""

    def __init__(self, guard: LoopGuard, loop_records: LoopRecordStore | None) -> None:
        self.guard, self.loop_records = guard, loop_records

    def check(self, task: Task, run_id: str, subtask_id: str, agent_id: str) -> GuardOutcome:
        return self.guard.check_and_record(
            chain=task.delegation_chain,
            delegator=task.delegator,
            delegatee=agent_id,
            task_id=guard_task_id(task, subtask_id, run_id),
            attempt_id=f"{run_id}/{subtask_id}",
        )

    def record(
        self, task: Task, run_id: str, decision: RoutingDecision, outcome: GuardOutcome
    ) -> None:
        if self.loop_records is None or decision.agent_id is None:
            return
        self.loop_records.add(
            LoopRecord(
                id=f"{run_id}/{decision.subtask_id}",
                mechanism=outcome.mechanism,
                chain=outcome.chain,
                delegator=task.delegator,
                delegatee=decision.agent_id,
                task_id=guard_task_id(task, decision.subtask_id, run_id),
                message=outcome.message,
                thread_id=_thread_id(),
            )
        )

    def __call__(self, state: dict[str, Any]) -> dict[str, Any]:
        task, run_id = task_of(state), str(state.get("run_id", ""))
        checks: list[HandoffCheck] = []
        blocked: dict[str, SubtaskResult] = {}
        for decision in routing_of(state):
            if decision.agent_id is None:
                continue
            outcome = self.check(task, run_id, decision.subtask_id, decision.agent_id)
            checks.append(
                HandoffCheck(
                    subtask_id=decision.subtask_id,
                    delegator=task.delegator,
                    delegatee=decision.agent_id,
                    chain=outcome.chain,
                    passed=outcome.passed,
                    mechanism=outcome.mechanism,
                    message=outcome.message,
                )
            )
            if not outcome.passed:
                self.record(task, run_id, decision, outcome)
                emit("handoff_blocked", subtask_id=decision.subtask_id, mechanism=outcome.mechanism)
                blocked[decision.subtask_id] = SubtaskResult(
                    subtask_id=decision.subtask_id,
                    agent_id=decision.agent_id,
                    status="blocked",
                    reason=f"hand-off blocked by {outcome.mechanism}: {outcome.message}",
                    failure_category="coordination_overhead",
                )
        return {"handoffs": checks, "outcomes": blocked, "dispatch_started": time.time()}


def make_handoff_guard(
    guard: LoopGuard, *, loop_records: LoopRecordStore | None = None
) -> Runnable[Any, Any]:
    """Create the `guard_handoffs` node of the coordination graph.

    Before dispatch, each routed subtask's hand-off from the task's delegator (its owner, or
    `pipeline:<task id>`) to the assignee passes `guard` with the task's delegation chain.
    A blocked hand-off is not sent: the subtask gets a `blocked` result naming the mechanism
    (its dependents are skipped at dispatch), a `HandoffCheck` is kept in the result, and a
    `LoopRecord` is stored when `loop_records` is given. A re-run after a crash replays the
    guard's verdicts (stable attempt ids) instead of recording twice.

    Example:
        >>> node = make_handoff_guard(LoopGuard())  # doctest: +SKIP
    """
    if not isinstance(guard, LoopGuard):
        raise TypeError(f"guard must be a LoopGuard, got {type(guard).__name__}")
    logic = _HandoffGuard(guard, loop_records)

    async def acheck(state: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(logic, state)

    return dual_node(logic, acheck, name=GUARD_HANDOFFS)
