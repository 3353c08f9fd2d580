"""`reassign_subtask`: a failed subtask handed to the next routed candidate, through the guard."""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.guards._coordination import _thread_id, guard_task_id
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._store import LoopRecordStore
from langgraph_council.nodes._calls import dual_node
from langgraph_council.nodes._delegation.models import GuardOutcome, LoopRecord
from langgraph_council.nodes._pipeline.attempts import RecoveryStep
from langgraph_council.nodes._pipeline.models import SubtaskResult, Task
from langgraph_council.nodes._pipeline.names import REASSIGN_SUBTASK
from langgraph_council.nodes._pipeline.recovery import (
    blocked_step,
    next_candidate,
    recovering_of,
    scheduled,
)
from langgraph_council.nodes._pipeline.report import HandoffCheck
from langgraph_council.nodes._pipeline.runtime import emit
from langgraph_council.nodes._pipeline.state import handoffs_of, task_of

__all__ = ["make_reassign_node"]


class _Reassign:
    """The node's logic, shared by its sync and async forms."""

    def __init__(self, guard: LoopGuard, loop_records: LoopRecordStore | None) -> None:
        self.guard, self.loop_records = guard, loop_records

    def bounce(self, task: Task, run_id: str, result: SubtaskResult) -> None:
        """The agent the subtask is taken from failed the hand-off: a bounce for the breaker
        (once per failed attempt, keyed by it, so a re-run records nothing)."""
        if result.attempts[-1].status == "replanned":
            return
        failed = next((a for a in reversed(result.attempts) if a.status == "failed"), None)
        if failed is None or failed.agent_id == task.delegator:
            return
        self.guard.record_bounce(
            delegator=task.delegator,
            delegatee=failed.agent_id,
            task_id=guard_task_id(task, result.subtask_id, run_id),
            reason=f"failed: {(failed.error or 'no error given')[:200]}",
            bounce_id=f"{run_id}/{result.subtask_id}/{failed.number}/bounce",
        )

    def blocked(self, task: Task, run_id: str, sid: str, agent: str, outcome: GuardOutcome) -> None:
        emit("handoff_blocked", subtask_id=sid, mechanism=outcome.mechanism)
        if self.loop_records is None:
            return
        self.loop_records.add(
            LoopRecord(
                id=f"{run_id}/{sid}/reassign/{agent}",
                mechanism=outcome.mechanism,
                chain=outcome.chain,
                delegator=task.delegator,
                delegatee=agent,
                task_id=guard_task_id(task, sid, run_id),
                message=outcome.message,
                thread_id=_thread_id(),
            )
        )

    def __call__(self, state: dict[str, Any]) -> dict[str, Any]:
        result, decision = recovering_of(state)
        task, run_id, sid = task_of(state), str(state.get("run_id", "")), result.subtask_id
        agent = next_candidate(result, decision)
        if agent is None:
            raise RuntimeError(f"reassign_subtask ran for {sid} with no candidate left")
        last = result.attempts[-1]
        step: RecoveryStep = "replan" if last.status == "replanned" else "reassign"
        # A replacement row is new work: its own task id, so dedup does not take it for a repeat.
        suffix = "/replan" if step == "replan" else ""
        outcome = self.guard.check_and_record(
            chain=task.delegation_chain,
            delegator=task.delegator,
            delegatee=agent,
            task_id=guard_task_id(task, sid, run_id) + suffix,
            attempt_id=f"{run_id}/{sid}/{len(result.attempts) + 1}",
        )
        check = HandoffCheck(
            subtask_id=sid, delegator=task.delegator, delegatee=agent, chain=outcome.chain,
            passed=outcome.passed, mechanism=outcome.mechanism, message=outcome.message,
        )  # fmt: skip
        if outcome.passed:
            self.bounce(task, run_id, result)
            note = last.note if step == "replan" else f"from {last.agent_id}"
            new = scheduled(result, agent_id=agent, step=step, note=note)
        else:
            self.blocked(task, run_id, sid, agent, outcome)
            new = blocked_step(
                result, agent_id=agent, step=step, error=outcome.message,
                note=f"hand-off from {task.delegator} blocked by {outcome.mechanism}",
            )  # fmt: skip
        return {"outcomes": {sid: new}, "handoffs": [*handoffs_of(state), check]}


def make_reassign_node(
    guard: LoopGuard, *, loop_records: LoopRecordStore | None = None
) -> Runnable[Any, Any]:
    """Create the `reassign_subtask` node of the coordination graph.

    The failed subtask dispatch names (`recovering`) goes to the best routed candidate that
    has not tried it since its last replacement row (after `replan_subtask`, the replacement's
    best candidate: its first attempt, step `replan`). The hand-off (the task's delegator ->
    that agent) passes `guard` like every dispatch: passed, the attempt is scheduled and the
    agent it is taken from gets a bounce (it failed the hand-off); blocked, a `blocked`
    attempt records the mechanism (and a `LoopRecord` with `loop_records`), and dispatch
    moves on to the next rung. Either way a `HandoffCheck` joins `result.handoffs`. Stable
    attempt and bounce ids make a re-run after a crash replay the verdict, not record twice.
    """
    if not isinstance(guard, LoopGuard):
        raise TypeError(f"guard must be a LoopGuard, got {type(guard).__name__}")
    logic = _Reassign(guard, loop_records)

    async def areassign(state: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(logic, state)

    return dual_node(logic, areassign, name=REASSIGN_SUBTASK)
