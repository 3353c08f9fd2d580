"""Attribution: each agent's contribution to a run and, when its work fell short, why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from langgraph_council.nodes._pipeline.attempts import work_attempts
from langgraph_council.nodes._pipeline.models import Complexity, Plan, SubtaskResult
from langgraph_council.nodes._pipeline.report import (
    AgentAttribution,
    AttributionCategory,
    RoutingDecision,
)

__all__ = ["CATEGORY_PRECEDENCE", "COMPLEXITY_WEIGHTS", "attribute", "failure_category"]

COMPLEXITY_WEIGHTS: Mapping[Complexity, int] = {"simple": 1, "medium": 2, "complex": 3, "epic": 5}
"""How much a subtask of each complexity counts towards a contribution score."""

CATEGORY_PRECEDENCE: tuple[AttributionCategory, ...] = (
    "direct",
    "quality_gate",
    "upstream_contamination",
    "coordination_overhead",
)
"""An agent's category is the first of these among its subtasks that fell short."""


def failure_category(result: SubtaskResult | None) -> AttributionCategory | None:
    """Why a subtask fell short: None when completed.

    The category set where the result was made wins (the executor's `quality_gate`, a skip's
    `upstream_contamination`); otherwise failed -> direct, anything else -> coordination
    overhead (never routed, blocked by the guard, cancelled, never started).
    """
    if result is None:
        return "coordination_overhead"
    if result.status == "completed":
        return None
    if result.failure_category is not None:
        return result.failure_category
    return "direct" if result.status == "failed" else "coordination_overhead"


def _agents_of(
    routing: Sequence[RoutingDecision], outcomes: Mapping[str, SubtaskResult]
) -> dict[str, list[str]]:
    """Agent -> subtasks it was routed or attempted, in order of first assignment."""
    assigned: dict[str, list[str]] = {}
    for decision in routing:
        if decision.agent_id is not None:
            assigned.setdefault(decision.agent_id, []).append(decision.subtask_id)
    for sid, result in outcomes.items():
        for attempt in work_attempts(result.attempts):
            ids = assigned.setdefault(attempt.agent_id, [])
            if sid not in ids:
                ids.append(sid)
    return assigned


def _finisher(result: SubtaskResult | None) -> str | None:
    return result.agent_id if result is not None and result.status == "completed" else None


def _shortfall(agent_id: str, result: SubtaskResult | None) -> AttributionCategory | None:
    """Why `agent_id`'s work on a subtask fell short: None when it finished it; its own
    failed attempts' category when somebody else finished it; else the subtask's."""
    if _finisher(result) == agent_id:
        return None
    mine = [a for a in (result.attempts if result else ()) if a.agent_id == agent_id]
    failed = [a.failure_category or "direct" for a in mine if a.status == "failed"]
    if failed:
        return next(c for c in CATEGORY_PRECEDENCE if c in failed)
    return failure_category(result) or "coordination_overhead"


def attribute(
    plan: Plan, routing: Sequence[RoutingDecision], outcomes: Mapping[str, SubtaskResult]
) -> tuple[AgentAttribution, ...]:
    """One `AgentAttribution` per agent routed or attempting work, in order of first assignment.

    `contribution_score` is the complexity-weighted share of the whole plan the agent
    completed (credit goes to whoever finished a subtask), so the scores of a run sum to its
    completed share (at most 1). An agent whose attempt failed on a subtask somebody else
    finished has that subtask in `failures` (`direct`, or `quality_gate` for a failed check);
    `attempts` lists every attempt it made.
    """
    weight = {s.id: COMPLEXITY_WEIGHTS[s.complexity] for s in plan.subtasks}
    total = sum(weight.values()) or 1
    fell_back = {d.subtask_id: d.agent_id for d in routing if d.fallback}
    rows = []
    for agent_id, ids in _agents_of(routing, outcomes).items():
        failures = {i: c for i in ids if (c := _shortfall(agent_id, outcomes.get(i))) is not None}
        done = [i for i in ids if i not in failures]
        worst = next((c for c in CATEGORY_PRECEDENCE if c in failures.values()), None)
        tried = tuple(
            a for i in ids if i in outcomes for a in outcomes[i].attempts
            if a.agent_id == agent_id and a.status not in ("scheduled", "replanned")
        )  # fmt: skip
        rows.append(
            AgentAttribution(
                agent_id=agent_id,
                subtask_ids=tuple(ids),
                completed=len(done),
                contribution_score=round(sum(weight.get(i, 0) for i in done) / total, 6),
                failure_category=worst,
                failures=failures,
                attempts=tried,
                fallbacks=tuple(i for i in ids if fell_back.get(i) == agent_id),
            )
        )
    return tuple(rows)
