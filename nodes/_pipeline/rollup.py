"""Rollup: the parent's status from its subtasks, the summary, waves and the run's result."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.nodes._calls.node import dual_node
from langgraph_council.nodes._pipeline.attribution import attribute
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.memory import remembering, remembering_async
from langgraph_council.nodes._pipeline.models import Plan, SubtaskResult, SubtaskStatus
from langgraph_council.nodes._pipeline.names import ROLLUP
from langgraph_council.nodes._pipeline.parent import ParentUpdater, areport, report
from langgraph_council.nodes._pipeline.prose import rollup_message
from langgraph_council.nodes._pipeline.report import (
    AuthorityFlag,
    CoordinationResult,
    PhaseResult,
    RollupStatus,
    Wave,
)
from langgraph_council.nodes._pipeline.runtime import coordination_context, emit, phase_result
from langgraph_council.nodes._pipeline.state import (
    handoffs_of,
    merges_of,
    outcomes_of,
    phases_of,
    plan_of,
    routing_of,
    task_of,
    topology_of,
)

__all__ = [
    "PRE_DISPATCH_PHASES",
    "AuthorityScan",
    "build_waves",
    "make_rollup_node",
    "rollup_status",
    "summarize",
]

AuthorityScan = Callable[[str], Sequence[str]]
"""Finds appeals to authority in one text (the graph plugs in the authority-deference guard)."""

PRE_DISPATCH_PHASES = frozenset({"decompose", "route", "resolve_topology", "validate"})


def rollup_status(statuses: Iterable[SubtaskStatus]) -> RollupStatus:
    """The parent's status; first match wins.

    none -> created; all completed -> completed; all cancelled -> cancelled; any failed ->
    failed; any in_progress -> in_progress; any blocked -> blocked. Mixes no rule covers:
    all created -> created, some created -> in_progress (work remains), otherwise (completed
    and cancelled only) -> completed.
    """
    seen = list(statuses)
    if not seen:
        return "created"
    if all(s == "completed" for s in seen):
        return "completed"
    if all(s == "cancelled" for s in seen):
        return "cancelled"
    if "failed" in seen:
        return "failed"
    if "in_progress" in seen:
        return "in_progress"
    if "blocked" in seen:
        return "blocked"
    if all(s == "created" for s in seen):
        return "created"
    return "in_progress" if "created" in seen else "completed"


def build_waves(plan: Plan, outcomes: Mapping[str, SubtaskResult]) -> tuple[Wave, ...]:
    """One `Wave` per dependency level with each subtask's result (`created` if it has none)."""
    waves = []
    for index, level in enumerate(plan.levels):
        results = tuple(
            outcomes.get(i) or SubtaskResult(subtask_id=i, status="created") for i in level
        )
        ran = [r for r in results if r.finished_at is not None]
        duration = 0.0
        if ran:
            start = min(r.finished_at.timestamp() - r.duration_s for r in ran if r.finished_at)
            end = max(r.finished_at.timestamp() for r in ran if r.finished_at)
            duration = max(0.0, end - start)
        waves.append(Wave(index=index, subtask_ids=level, outcomes=results, duration_s=duration))
    return tuple(waves)


def summarize(
    task_id: str,
    rollup: RollupStatus,
    results: Sequence[SubtaskResult],
    scan: AuthorityScan,
    chars: int,
) -> tuple[str, tuple[AuthorityFlag, ...]]:
    """A one-line-per-subtask summary for the parent, after the authority-deference scan.

    Appeals to rank in an output are flagged in its line ("not evidence") and returned, so
    the parent update never passes one on as a justification.
    """
    done = sum(r.status == "completed" for r in results)
    lines = [f"Task {task_id}: {rollup} ({done} of {len(results)} subtasks completed)"]
    flags: list[AuthorityFlag] = []
    for r in results:
        text = r.output if r.status == "completed" else (r.error or r.reason or "")
        excerpt = " ".join(text.split())
        if len(excerpt) > chars:
            excerpt = excerpt[: max(0, chars - 1)] + "…"
        line = f"- {r.subtask_id} [{r.status}] {r.agent_id or 'unassigned'}: {excerpt}"
        cues = list(scan(r.output)) if r.output else []
        if cues:
            flags += [
                AuthorityFlag(subtask_id=r.subtask_id, agent_id=r.agent_id, cue=c) for c in cues
            ]
            line += f" (appeal to authority, not evidence: {'; '.join(repr(c) for c in cues)})"
        if r.warnings:
            line += f" (warning: {'; '.join(r.warnings)})"
        lines.append(line)
    return "\n".join(lines), tuple(flags)


def _parent_status(phases: Sequence[PhaseResult], rollup: RollupStatus) -> RollupStatus:
    return (
        "failed"
        if any(not p.success and p.phase in PRE_DISPATCH_PHASES for p in phases)
        else rollup
    )


def _result(
    state: Mapping[str, Any], scan: AuthorityScan, config: CoordinationConfig, started: float
) -> CoordinationResult:
    """The run's result as the rollup phase sees it (its own phase last)."""
    task, plan, outcomes = task_of(state), plan_of(state), outcomes_of(state)
    waves = build_waves(plan, outcomes) if plan is not None else ()
    results = [r for w in waves for r in w.outcomes]
    status = rollup_status(r.status for r in results)
    summary, flags = summarize(task.id, status, results, scan, config.summary_chars)
    routing = routing_of(state)
    phases = [*phases_of(state), phase_result("rollup", started)]
    return CoordinationResult(
        task_id=task.id,
        run_id=str(state.get("run_id", "")),
        phases=tuple(phases),
        subtasks=plan.subtasks if plan is not None else (),
        routing=tuple(routing),
        topology=topology_of(state),
        handoffs=tuple(handoffs_of(state)),
        waves=waves,
        rollup=status,
        parent_status=_parent_status(phases, status),
        attribution=attribute(plan, routing, outcomes) if plan is not None else (),
        summary=summary,
        authority_flags=flags,
        structure=plan.structure if plan is not None else None,
        warnings=(*(state.get("warnings") or ()), *(w for r in results for w in r.warnings)),
        plan=plan,
        merges=tuple(merges_of(state).values()),
        integration=state.get("integration"),
    )


def _written(rolled: CoordinationResult, final: CoordinationResult) -> dict[str, Any]:
    """The rollup's one write: both phases, the final result and the closing message (the
    rollup in prose, as the rollup phase saw it)."""
    phases = list(final.phases[-2:])
    return {"phases": phases, "result": final, "messages": [rollup_message(rolled)]}


def make_rollup_node(
    scan: AuthorityScan, default: CoordinationConfig, callback: ParentUpdater | None = None
) -> Runnable[Any, Any]:
    """The rollup phase: status, summary (scanned), waves, attribution, the run's result; then
    the update_parent phase (`callback`, if any, gets the rollup; its failure is recorded).

    The result is written once, with both phases; the `update_parent` node then has nothing
    left to do (see `nodes._pipeline.parent`).
    """

    def rolled(state: dict[str, Any]) -> CoordinationResult:
        started = time.perf_counter()
        result = _result(state, scan, coordination_context(default), started)
        emit("rollup", task_id=result.task_id, status=result.rollup,
             parent_status=result.parent_status)  # fmt: skip
        return result

    def rollup(state: dict[str, Any]) -> dict[str, Any]:
        result = rolled(state)
        return _written(result, report(callback, result))

    async def arollup(state: dict[str, Any]) -> dict[str, Any]:
        result = rolled(state)
        return _written(result, await areport(callback, result))

    return dual_node(remembering(rollup), remembering_async(arollup), name=ROLLUP)
