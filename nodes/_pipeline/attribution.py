"""Attribution: each agent's contribution to a run and, when its work fell short, why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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


def attribute(
    plan: Plan, routing: Sequence[RoutingDecision], outcomes: Mapping[str, SubtaskResult]
) -> tuple[AgentAttribution, ...]:
    """One `AgentAttribution` per assigned agent, in order of first assignment.

    `contribution_score` is the complexity-weighted share of the whole plan the agent
    completed, so the scores of a run sum to its completed share (at most 1).
    """
    weight = {s.id: COMPLEXITY_WEIGHTS[s.complexity] for s in plan.subtasks}
    total = sum(weight.values()) or 1
    assigned: dict[str, list[str]] = {}
    for decision in routing:
        if decision.agent_id is not None:
            assigned.setdefault(decision.agent_id, []).append(decision.subtask_id)
    rows = []
    for agent_id, ids in assigned.items():
        failures = {i: c for i in ids if (c := failure_category(outcomes.get(i))) is not None}
        done = [i for i in ids if i not in failures]
        worst = next((c for c in CATEGORY_PRECEDENCE if c in failures.values()), None)
        rows.append(
            AgentAttribution(
                agent_id=agent_id,
                subtask_ids=tuple(ids),
                completed=len(done),
                contribution_score=round(sum(weight[i] for i in done) / total, 6),
                failure_category=worst,
                failures=failures,
            )
        )
    return tuple(rows)
