"""Dispatch: run the plan wave by wave, skipping work whose dependencies did not deliver."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command, Send

from langgraph_council.nodes._calls import pure_node
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import (
    Plan,
    Subtask,
    SubtaskResult,
    SubtaskRun,
    Topology,
)
from langgraph_council.nodes._pipeline.names import DISPATCH, EXECUTE_SUBTASK, ROLLUP
from langgraph_council.nodes._pipeline.report import PhaseResult
from langgraph_council.nodes._pipeline.runtime import coordination_context, emit
from langgraph_council.nodes._pipeline.state import (
    outcomes_of,
    plan_of,
    routing_of,
    task_of,
    topology_of,
)

__all__ = ["MIN_STEPS_LEFT", "make_dispatch_node", "skipped_result", "subtask_runs"]

MIN_STEPS_LEFT = 5
"""Dispatch sends another batch only with more steps than this left (rollup must still run)."""


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


def _cancelled(sub: Subtask, agent_id: str | None, why: str) -> SubtaskResult:
    return SubtaskResult(
        subtask_id=sub.id,
        agent_id=agent_id,
        status="cancelled",
        reason=f"cancelled: {why}",
        failure_category="coordination_overhead",
    )


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
    for index, level in enumerate(plan.levels):
        pending = [i for i in level if i not in known]
        if pending and stop is None and fail_fast and failed:
            stop = f"fail_fast: {', '.join(failed)} failed in an earlier wave"
        if pending and stop is not None:
            later = [i for lvl in plan.levels[index:] for i in lvl if i not in known]
            new.update({i: _cancelled(by_id[i], agents.get(i), stop) for i in later})
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
) -> list[SubtaskRun]:
    """The `SubtaskRun` of each subtask in `ids`, as the executor will receive it.

    `workspace_path` is left empty: the `create_worktrees` node fills it in.

    Raises:
        RuntimeError: A subtask has no assignee (unroutable ones never reach dispatch).
    """
    plan = plan_of(state)
    if plan is None:
        raise RuntimeError("dispatch ran without a plan")
    task, run_id = task_of(state), str(state.get("run_id", ""))
    decision = topology_of(state)
    topology: Topology = decision.topology if decision is not None else "centralized"
    agents = {d.subtask_id: d.agent_id for d in routing_of(state)}
    known = outcomes_of(state) if outcomes is None else outcomes
    by_id = {s.id: s for s in plan.subtasks}
    runs = []
    for i in ids:
        agent_id = agents.get(i)
        if agent_id is None:  # unroutable subtasks have a result before dispatch
            raise RuntimeError(f"subtask {i} reached dispatch without an assignee")
        sub = by_id[i]
        runs.append(
            SubtaskRun(
                subtask=sub,
                agent=org[agent_id],
                upstream_results={d: known[d] for d in sub.dependencies},
                task_id=task.id,
                run_id=run_id,
                topology=topology,
                delegation_chain=(*task.delegation_chain, task.delegator),
            )
        )
    return runs


def make_dispatch_node(
    org: Org,
    default: CoordinationConfig,
    *,
    done: str = ROLLUP,
    worktrees: str | None = None,
) -> Runnable[Any, Any]:
    """The dispatch loop: each call sends the next batch of the current wave.

    Without a workspace the batch fans out with `Send` to the executor node, which leads back
    here; with one (`worktrees` names the node), the batch's ids go to that node, which
    creates the worktrees and sends. When every subtask has a result the dispatch phase is
    recorded and the graph goes on to `done`. Bounded: each call either sends at least one
    subtask or finishes, and with `MIN_STEPS_LEFT` steps or fewer the rest is cancelled.
    """

    def dispatch(state: dict[str, Any]) -> Command[Any]:
        config = coordination_context(default)
        plan = plan_of(state)
        if plan is None:
            raise RuntimeError("dispatch ran without a plan")
        outcomes = outcomes_of(state)
        agents = {d.subtask_id: d.agent_id for d in routing_of(state)}
        decision = topology_of(state)
        topology: Topology = decision.topology if decision is not None else "centralized"
        limit = 1 if topology == "sas" else config.max_concurrency_per_wave
        stop = None if state["remaining_steps"] > MIN_STEPS_LEFT else "step limit reached"
        step = _plan_step(plan, outcomes, agents, limit, stop, config.fail_fast)
        if not step.batch:
            phase = _phase(state, step.stopped)
            return Command(goto=done, update={"outcomes": step.new, "phases": [phase]})
        emit("wave_batch", wave=step.index, subtasks=step.batch)
        if worktrees is not None:
            return Command(goto=worktrees, update={"outcomes": step.new, "batch": step.batch})
        known = {**outcomes, **step.new}
        sends = [
            Send(EXECUTE_SUBTASK, {"subtask_run": run})
            for run in subtask_runs(state, step.batch, org, known)
        ]
        return Command(goto=sends, update={"outcomes": step.new} if step.new else None)

    return pure_node(dispatch, name=DISPATCH)


def _phase(state: Mapping[str, Any], stopped: str | None) -> PhaseResult:
    """The dispatch phase since the guard started it (wall clock: it spans super-steps); it
    fails when dispatch stopped early (fail_fast, step limit)."""
    started = state.get("dispatch_started")
    duration = max(0.0, time.time() - started) if isinstance(started, int | float) else 0.0
    return PhaseResult(
        phase="dispatch", success=stopped is None, duration_s=duration, error=stopped
    )
