"""`reassign_subtask`: a failed subtask handed to the next routed candidate, through the guard.

The node builds the hand-off record (the task's delegator -> the candidate) and asks the guard
it is given (`CheckHandoffs`, the same one as `guard_handoffs`: it sees records, never the
state). Passed, the attempt is scheduled and `bounce` is told that the agent the subtask is
taken from failed its hand-off; blocked, a `blocked` attempt records the mechanism and
dispatch moves on to the next rung. Either way a `HandoffCheck` joins `handoffs`. Stable
attempt and bounce ids make a re-run after a crash replay the verdict, not record twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.nodes._calls.node import dual_node
from langgraph_council.nodes._handoff import Handoff
from langgraph_council.nodes._pipeline.attempts import RecoveryStep
from langgraph_council.nodes._pipeline.handoffs import CheckHandoffs, guard_task_id
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

__all__ = ["Bounce", "failed_handoff", "make_reassign_node"]

Bounce = Callable[[Handoff, str, str], None]
"""Told `(hand-off that failed, reason, bounce id)` when a subtask is taken from an agent."""


def failed_handoff(
    task: Task, run_id: str, result: SubtaskResult
) -> tuple[Handoff, str, str] | None:
    """The hand-off the last failed agent failed, the reason and a stable bounce id."""
    if result.attempts[-1].status == "replanned":
        return None
    failed = next((a for a in reversed(result.attempts) if a.status == "failed"), None)
    if failed is None or failed.agent_id == task.delegator:
        return None
    sid = result.subtask_id
    handoff = Handoff(
        delegator=task.delegator, delegatee=failed.agent_id,
        task_id=guard_task_id(task, sid, run_id), chain=task.delegation_chain,
        attempt_id=f"{run_id}/{sid}/{failed.number}",
    )  # fmt: skip
    reason = f"failed: {(failed.error or 'no error given')[:200]}"
    return handoff, reason, f"{run_id}/{sid}/{failed.number}/bounce"


def _reassign(state: dict[str, Any], check: CheckHandoffs, bounce: Bounce | None) -> dict[str, Any]:
    result, decision = recovering_of(state)
    task, run_id, sid = task_of(state), str(state.get("run_id", "")), result.subtask_id
    agent = next_candidate(result, decision)
    if agent is None:
        raise RuntimeError(f"reassign_subtask ran for {sid} with no candidate left")
    last = result.attempts[-1]
    step: RecoveryStep = "replan" if last.status == "replanned" else "reassign"
    # A replacement row is new work: its own task id, so dedup does not take it for a repeat.
    suffix = "/replan" if step == "replan" else ""
    handoff = Handoff(
        delegator=task.delegator, delegatee=agent,
        task_id=guard_task_id(task, sid, run_id) + suffix, chain=task.delegation_chain,
        attempt_id=f"{run_id}/{sid}/{len(result.attempts) + 1}",
    )  # fmt: skip
    (verdict,) = check([handoff])
    record = HandoffCheck(
        subtask_id=sid, delegator=task.delegator, delegatee=agent, chain=verdict.chain,
        passed=verdict.passed, mechanism=verdict.mechanism, message=verdict.message,
    )  # fmt: skip
    if verdict.passed:
        failed = failed_handoff(task, run_id, result)
        if bounce is not None and failed is not None:
            bounce(*failed)
        note = last.note if step == "replan" else f"from {last.agent_id}"
        new = scheduled(result, agent_id=agent, step=step, note=note)
    else:
        emit("handoff_blocked", subtask_id=sid, mechanism=verdict.mechanism)
        new = blocked_step(
            result, agent_id=agent, step=step, error=verdict.message,
            note=f"hand-off from {task.delegator} blocked by {verdict.mechanism}",
        )  # fmt: skip
    return {"outcomes": {sid: new}, "handoffs": [*handoffs_of(state), record]}


def make_reassign_node(check: CheckHandoffs, *, bounce: Bounce | None = None) -> Runnable[Any, Any]:
    """Create the `reassign_subtask` node: the failed subtask dispatch names (`recovering`)
    goes to its best routed candidate that has not tried it since its last replacement row
    (after `replan_subtask`, the replacement's best candidate: its first attempt, step
    `replan`), if `check` lets the hand-off through."""

    def reassign(state: dict[str, Any]) -> dict[str, Any]:
        return _reassign(state, check, bounce)

    async def areassign(state: dict[str, Any]) -> dict[str, Any]:
        return await asyncio.to_thread(reassign, state)

    return dual_node(reassign, areassign, name=REASSIGN_SUBTASK)
