"""Recovery of failed subtasks: which rung of the ladder comes next, and the `retry_subtask` node.

The ladder (`CoordinationConfig`): retry the same agent with the feedback up to `max_retries`
times, then reassign to the next routed candidate nobody has tried (`reassign`), then ask the
planner for a replacement row once (`replan`). Dispatch asks `next_recovery` before each batch
and goes to the rung's node with `recovering` naming the subtask; the node appends an `Attempt`
to the subtask's result (`scheduled`, or `blocked` when the step cannot happen) and leads back
to dispatch, which runs a scheduled attempt like any other subtask. Everything here is pure:
the state says what was tried, so a node re-run after a crash decides the same again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.nodes._calls.node import pure_node
from langgraph_council.nodes._pipeline.attempts import Attempt, AttemptStatus, RecoveryStep
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import Plan, SubtaskResult
from langgraph_council.nodes._pipeline.names import RETRY_SUBTASK
from langgraph_council.nodes._pipeline.report import RoutingDecision
from langgraph_council.nodes._pipeline.runtime import emit
from langgraph_council.nodes._pipeline.state import outcomes_of, routing_of

__all__ = [
    "RECOVERY_STEPS",
    "blocked_step",
    "make_retry_node",
    "next_candidate",
    "next_recovery",
    "next_step",
    "recoverable",
    "recovering_of",
    "scheduled",
]

RECOVERY_STEPS = 8
"""Steps one recovery costs at most (rung, dispatch, worktrees, executor, merge, dispatch...):
with fewer left above dispatch's own reserve, a failure is final, so rollup still runs."""


def recoverable(result: SubtaskResult | None) -> bool:
    """True for a failed subtask whose last attempt failed (or whose last step was blocked).

    A result without attempts (made before dispatch) or whose last attempt completed (a
    merge dropped by a decision) is final.
    """
    if result is None or result.status != "failed" or not result.attempts:
        return False
    return result.attempts[-1].status in ("failed", "blocked", "replanned")


def _segment(attempts: Sequence[Attempt]) -> Sequence[Attempt]:
    """The attempts since the last replacement row (all of them when none was made)."""
    start = 0
    for index, attempt in enumerate(attempts):
        if attempt.status == "replanned":
            start = index + 1
    return attempts[start:]


def next_candidate(result: SubtaskResult, decision: RoutingDecision | None) -> str | None:
    """The best routed candidate for the subtask that has not tried it (or been refused it)."""
    if decision is None:
        return None
    tried = {a.agent_id for a in _segment(result.attempts)}
    return next((c.agent_id for c in decision.candidates if c.agent_id not in tried), None)


def _tries_in_a_row(attempts: Sequence[Attempt]) -> int:
    """Failed attempts at the end of `attempts` by the agent of the last one."""
    last, count = attempts[-1].agent_id, 0
    for attempt in reversed(attempts):
        if attempt.agent_id != last or attempt.status != "failed":
            break
        count += 1
    return count


def next_step(
    result: SubtaskResult,
    decision: RoutingDecision | None,
    config: CoordinationConfig,
    *,
    can_replan: bool,
) -> RecoveryStep | None:
    """The next rung for a failed subtask, or None when its failure is final.

    After a replacement row the next step is its hand-off (the `reassign_subtask` node, so the
    guard checks it), whatever `reassign` says; the replacement then climbs the ladder anew,
    without another replan.
    """
    if not recoverable(result):
        return None
    attempts = result.attempts
    if attempts[-1].status == "replanned":
        return "reassign"  # the replacement's hand-off to its best candidate, guarded
    if attempts[-1].status == "failed" and _tries_in_a_row(attempts) <= config.max_retries:
        return "retry"
    if config.reassign and next_candidate(result, decision) is not None:
        return "reassign"
    if config.replan and can_replan and not any(a.step == "replan" for a in attempts):
        return "replan"
    return None


def next_recovery(
    plan: Plan,
    outcomes: Mapping[str, SubtaskResult],
    routing: Sequence[RoutingDecision],
    config: CoordinationConfig,
    *,
    can_replan: bool,
) -> tuple[str, RecoveryStep] | None:
    """The first subtask (in plan order) with a rung left, and that rung."""
    failed = {i for i, r in outcomes.items() if r.status == "failed"}  # each dispatch: cheap
    if not failed:
        return None
    decisions = {d.subtask_id: d for d in routing}
    for sub in plan.subtasks:
        if sub.id in failed and recoverable(result := outcomes[sub.id]):
            step = next_step(result, decisions.get(sub.id), config, can_replan=can_replan)
            if step is not None:
                return sub.id, step
    return None


def _next_attempt(
    result: SubtaskResult,
    agent_id: str,
    step: RecoveryStep,
    status: AttemptStatus,
    error: str | None,
    note: str,
) -> Attempt:
    """The attempt after `result`'s last one, by `agent_id` through `step`."""
    return Attempt(
        subtask_id=result.subtask_id,
        number=len(result.attempts) + 1,
        agent_id=agent_id,
        step=step,
        status=status,
        error=error,
        note=note,
    )


def scheduled(
    result: SubtaskResult, *, agent_id: str, step: RecoveryStep, note: str = ""
) -> SubtaskResult:
    """`result` with another attempt scheduled: `in_progress` until dispatch runs it."""
    attempt = _next_attempt(result, agent_id, step, "scheduled", None, note)
    emit("recovery", subtask_id=result.subtask_id, step=step, agent_id=agent_id)
    return result.model_copy(
        update={
            "status": "in_progress",
            "agent_id": agent_id,
            "error": None,
            "reason": f"{step}: attempt {attempt.number} by {agent_id}",
            "failure_category": None,
            "attempts": (*result.attempts, attempt),
        }
    )


def blocked_step(
    result: SubtaskResult, *, agent_id: str, step: RecoveryStep, error: str, note: str = ""
) -> SubtaskResult:
    """`result`, still failed, with a step that could not happen recorded as `blocked`."""
    attempt = _next_attempt(result, agent_id, step, "blocked", error, note)
    emit("recovery_blocked", subtask_id=result.subtask_id, step=step, error=error)
    return result.model_copy(update={"attempts": (*result.attempts, attempt)})


def recovering_of(
    state: Mapping[str, Any],
) -> tuple[SubtaskResult, RoutingDecision | None]:
    """The failed result of the subtask a recovery node works on, and its routing decision.

    Raises:
        RuntimeError: When dispatch named no recoverable subtask (`recovering`).
    """
    sid = state.get("recovering")
    result = outcomes_of(state).get(str(sid)) if sid else None
    if result is None or not recoverable(result):
        raise RuntimeError(f"a recovery node ran without a failed subtask to recover ({sid!r})")
    decision = next((d for d in routing_of(state) if d.subtask_id == sid), None)
    return result, decision


def _retry(state: dict[str, Any]) -> dict[str, Any]:
    result, _ = recovering_of(state)
    agent = result.attempts[-1].agent_id  # next_step retries only after a failed try
    return {"outcomes": {result.subtask_id: scheduled(result, agent_id=agent, step="retry")}}


def make_retry_node() -> Runnable[Any, Any]:
    """`retry_subtask`: the same agent tries the failed subtask again, with the feedback."""
    return pure_node(_retry, name=RETRY_SUBTASK)
