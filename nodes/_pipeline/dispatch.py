"""Dispatch: run the plan wave by wave, skipping work whose dependencies did not deliver."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command, Send

from langgraph_council.nodes._calls.node import pure_node
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.attempts import feedback_for
from langgraph_council.nodes._pipeline.chat import subtask_messages
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import (
    Plan,
    Subtask,
    SubtaskResult,
    SubtaskRun,
    Topology,
)
from langgraph_council.nodes._pipeline.names import (
    DISPATCH,
    EXECUTE_SUBTASK,
    REASSIGN_SUBTASK,
    REPLAN_SUBTASK,
    RETRY_SUBTASK,
    ROLLUP,
)
from langgraph_council.nodes._pipeline.recovery import RECOVERY_STEPS, next_recovery
from langgraph_council.nodes._pipeline.report import PhaseResult
from langgraph_council.nodes._pipeline.runtime import coordination_context, emit
from langgraph_council.nodes._pipeline.state import (
    outcomes_of,
    plan_of,
    routing_of,
    task_of,
    topology_of,
)
from langgraph_council.nodes._pipeline.waves import open_wave

__all__ = [
    "MIN_STEPS_LEFT",
    "announced",
    "execute_sends",
    "make_dispatch_node",
    "skipped_result",
    "subtask_runs",
]

MIN_STEPS_LEFT = 5
"""Dispatch sends another batch only with more steps than this left (rollup must still run)."""

_RUNGS = {"retry": RETRY_SUBTASK, "reassign": REASSIGN_SUBTASK, "replan": REPLAN_SUBTASK}


def skipped_result(
    sub: Subtask, agent_id: str | None, dep: str, upstream: SubtaskResult
) -> SubtaskResult:
    """A subtask skipped because dependency `dep` did not deliver (`upstream` says why)."""
    why = upstream.error or upstream.reason or upstream.status
    contaminated = upstream.status == "failed" or upstream.failure_category in (
        "direct",
        "quality_gate",
        "upstream_contamination",
    )
    return SubtaskResult(
        subtask_id=sub.id,
        agent_id=agent_id,
        status="blocked",
        reason=f"skipped: dependency {dep} did not deliver ({upstream.status}: {why})",
        failure_category="upstream_contamination" if contaminated else "coordination_overhead",
    )


def _cancelled(
    sub: Subtask, agent_id: str | None, why: str, scheduled: SubtaskResult | None = None
) -> SubtaskResult:
    """A subtask that will not run; one with an attempt scheduled keeps its attempts."""
    attempts = () if scheduled is None else scheduled.attempts[:-1]
    return SubtaskResult(
        subtask_id=sub.id,
        agent_id=agent_id if scheduled is None else scheduled.agent_id,
        status="cancelled",
        reason=f"cancelled: {why}",
        failure_category="coordination_overhead",
        attempts=attempts,
    )


def _again_pending(result: SubtaskResult) -> bool:
    """`result.retry_pending`, with its cheap half first (dispatch asks it of every result)."""
    return result.status == "in_progress" and result.retry_pending


@dataclass
class _Wave:
    """What one dispatch step decided: the batch to send and the results written now."""

    new: dict[str, SubtaskResult]
    batch: list[str]
    index: int = 0
    stopped: str | None = None


def _plan_step(
    plan: Plan,
    outcomes: Mapping[str, SubtaskResult],
    agents: Mapping[str, str | None],
    limit: int | None,
    stop: str | None,
    fail_fast: bool,
) -> _Wave:
    """Pure: walk the levels to the first unfinished one; skip, cancel or pick a batch."""
    by_id = {s.id: s for s in plan.subtasks}
    known = dict(outcomes)
    new: dict[str, SubtaskResult] = {}
    failed: list[str] = []

    for index, level in enumerate(plan.levels):  # not run yet, or another attempt scheduled
        pending = [
            i for i in level
            if i not in known or (known[i].status == "in_progress" and known[i].retry_pending)
        ]  # fmt: skip
        if pending and stop is None and fail_fast and failed:
            stop = f"fail_fast: {', '.join(failed)} failed in an earlier wave"
        if pending and stop is not None:
            later = [
                i for lvl in plan.levels[index:] for i in lvl
                if i not in known or _again_pending(known[i])
            ]  # fmt: skip
            new.update({i: _cancelled(by_id[i], agents.get(i), stop, known.get(i)) for i in later})
            return _Wave(new, [], index, f"{stop}; {len(later)} subtasks cancelled")
        ready = []
        for i in pending:
            bad = next((d for d in by_id[i].dependencies if not known[d].delivered), None)
            if bad is None:
                ready.append(i)
            else:
                new[i] = known[i] = skipped_result(by_id[i], agents.get(i), bad, known[bad])
        if ready:
            return _Wave(new, ready[: limit or len(ready)], index)
        failed += [i for i in level if known[i].status == "failed"]
    return _Wave(new, [], len(plan.levels))


def subtask_runs(
    state: Mapping[str, Any],
    ids: Sequence[str],
    org: Org,
    outcomes: Mapping[str, SubtaskResult] | None = None,
    agents: Mapping[str, str | None] | None = None,
) -> list[SubtaskRun]:
    """The `SubtaskRun` of each subtask in `ids`, as the executor will receive it.

    `workspace_path` is left empty: the `create_worktrees` node fills it in. `outcomes` and
    `agents` (subtask id -> routed agent) are read from `state` unless the caller has them.
    Under topology `sas` (one agent system, one subtask at a time) `upstream_results` holds
    every subtask completed before this one, not only its dependencies: each sees the
    earlier work.

    Raises:
        RuntimeError: A subtask has no assignee (unroutable ones never reach dispatch).
    """
    plan = plan_of(state)
    if plan is None:
        raise RuntimeError("dispatch ran without a plan")
    task, run_id = task_of(state), str(state.get("run_id", ""))
    decision = topology_of(state)
    topology: Topology = decision.topology if decision is not None else "centralized"
    if agents is None:
        agents = {d.subtask_id: d.agent_id for d in routing_of(state)}
    known = outcomes_of(state) if outcomes is None else outcomes
    by_id = {s.id: s for s in plan.subtasks}
    runs = []
    for i in ids:
        sub, again = by_id[i], known.get(i)
        agent_id = again.agent_id if again is not None and again.retry_pending else agents.get(i)
        if agent_id is None:  # unroutable subtasks have a result before dispatch
            raise RuntimeError(f"subtask {i} reached dispatch without an assignee")
        upstream = {d: known[d] for d in sub.dependencies}
        if topology == "sas":
            earlier = (s.id for s in plan.subtasks if s.id != i and s.id in known)
            upstream.update({e: known[e] for e in earlier if known[e].delivered})
        run = SubtaskRun(
            subtask=sub,
            agent=org[agent_id],
            upstream_results=upstream,
            task_id=task.id,
            run_id=run_id,
            topology=topology,
            delegation_chain=(*task.delegation_chain, task.delegator),
        )
        runs.append(run if again is None or not again.retry_pending else _again(run, again))
    return runs


def _again(run: SubtaskRun, pending: SubtaskResult) -> SubtaskRun:
    """`run` as the scheduled attempt of `pending`: its number, step and the feedback."""
    earlier, this = pending.attempts[:-1], pending.attempts[-1]
    return run.model_copy(
        update={
            "attempt": this.number,
            "recovery": None if this.step == "initial" else this.step,
            "feedback": feedback_for(earlier),
            "previous_attempts": earlier,
        }
    )


def announced(state: Mapping[str, Any], outcomes: Mapping[str, SubtaskResult]) -> dict[str, Any]:
    """The update saying what the last batch did: one message per subtask it ran
    (`nodes._pipeline.chat`) and the batch cleared, so a later visit does not say it again;
    nothing when no batch is waiting to be announced."""
    batch = state.get("batch") or ()
    if not batch:
        return {}
    return {"messages": subtask_messages(batch, outcomes), "batch": []}


def execute_sends(payloads: Sequence[dict[str, Any]], batched: bool) -> list[Send]:
    """One `Send` per subtask to the executor node, or with `batched` (wave batching) one for
    the whole batch; each marked `quiet` (the step after the batch writes the messages).

    With a callback handler listening, the batch's wave starts its run here, under the
    dispatching step, and each attempt carries its id (`nodes._pipeline.waves`)."""
    runs = [p["subtask_run"] for p in payloads]
    wave_run = open_wave(
        payloads[0].get("wave") if payloads else None,
        runs[0].task_id or None if runs else None,
        [r.subtask.id for r in runs],
    )
    if wave_run is not None:
        payloads = [{**p, "wave_run": wave_run} for p in payloads]
    if batched and len(payloads) > 1:
        return [Send(EXECUTE_SUBTASK, {"attempts": list(payloads), "quiet": True})]
    return [Send(EXECUTE_SUBTASK, {**p, "quiet": True}) for p in payloads]


def make_dispatch_node(
    org: Org,
    default: CoordinationConfig,
    *,
    done: str = ROLLUP,
    worktrees: str | None = None,
    can_replan: bool = False,
) -> Runnable[Any, Any]:
    """The dispatch loop: each call sends the next batch of the current wave.

    Without a workspace the batch fans out with `Send` to the executor node (one per subtask,
    or one for the batch with `wave_batching`), which leads back here, and the next call writes
    the batch's messages; with one (`worktrees` names the node), the batch's ids go to that
    node, which creates the worktrees and sends (the merge node writes the messages). When
    every subtask has a result the dispatch phase is
    recorded and the graph goes on to `done`. Bounded: each call either sends at least one
    subtask or finishes, and with `MIN_STEPS_LEFT` steps or fewer the rest is cancelled.

    Before a batch, a failed subtask with a recovery rung left goes to that rung's node
    (`retry_subtask`, `reassign_subtask`, `replan_subtask` when `can_replan`), one subtask per
    visit, in plan order; with too few steps left for a recovery the failure is final.
    """

    def dispatch(state: dict[str, Any]) -> Command[Any]:
        config = coordination_context(default)
        plan = plan_of(state)
        if plan is None:
            raise RuntimeError("dispatch ran without a plan")
        outcomes = outcomes_of(state)
        said = announced(state, outcomes) if worktrees is None else {}
        routing = routing_of(state)
        if state["remaining_steps"] > MIN_STEPS_LEFT + RECOVERY_STEPS:
            recovery = next_recovery(plan, outcomes, routing, config, can_replan=can_replan)
            if recovery is not None:
                sid, rung = recovery
                return Command(goto=_RUNGS[rung], update={"recovering": sid, **said})
        agents = {d.subtask_id: d.agent_id for d in routing}
        decision = topology_of(state)
        topology: Topology = decision.topology if decision is not None else "centralized"
        limit = 1 if topology == "sas" else config.max_concurrency_per_wave
        stop = None if state["remaining_steps"] > MIN_STEPS_LEFT else "step limit reached"
        step = _plan_step(plan, outcomes, agents, limit, stop, config.fail_fast)
        if not step.batch:
            phase = _phase(state, step.stopped)
            return Command(goto=done, update={"outcomes": step.new, "phases": [phase], **said})
        emit("wave_batch", wave=step.index, subtasks=step.batch)
        if worktrees is not None:
            return Command(goto=worktrees, update={"outcomes": step.new, "batch": step.batch})
        known = {**outcomes, **step.new}
        runs = subtask_runs(state, step.batch, org, known, agents)
        payloads = [{"subtask_run": run, "wave": step.index + 1} for run in runs]
        sends = execute_sends(payloads, config.wave_batching)
        update = {**said, "batch": step.batch, **({"outcomes": step.new} if step.new else {})}
        return Command(goto=sends, update=update)

    return pure_node(dispatch, name=DISPATCH)


def _phase(state: Mapping[str, Any], stopped: str | None) -> PhaseResult:
    """The dispatch phase since the guard started it (wall clock: it spans super-steps); it
    fails when dispatch stopped early (fail_fast, step limit)."""
    started = state.get("dispatch_started")
    duration = max(0.0, time.time() - started) if isinstance(started, int | float) else 0.0
    return PhaseResult(
        phase="dispatch", success=stopped is None, duration_s=duration, error=stopped
    )
