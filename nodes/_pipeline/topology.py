"""Topology: explicit wins; otherwise chosen from the task structure and its artifact count."""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import Plan, Task, TaskStructure, Topology
from langgraph_council.nodes._pipeline.report import RoutingDecision, TopologyDecision

__all__ = ["DECENTRALIZED_ABOVE_ARTIFACTS", "auto_topology", "resolve_topology", "validation_error"]

DECENTRALIZED_ABOVE_ARTIFACTS = 4
"""A parallel task with more expected artifacts than this runs decentralized."""


def auto_topology(structure: TaskStructure, artifacts: int) -> tuple[Topology, str]:
    """sequential -> sas; parallel -> centralized (decentralized above 4 artifacts); mixed ->
    context_dependent. Returns the topology and why."""
    if structure == "sequential":
        return "sas", "sequential work runs best in a single agent system"
    if structure == "parallel":
        if artifacts > DECENTRALIZED_ABOVE_ARTIFACTS:
            return "decentralized", (
                f"parallel work with {artifacts} artifacts (> {DECENTRALIZED_ABOVE_ARTIFACTS})"
            )
        return "centralized", f"parallel work with {artifacts} artifacts"
    return "context_dependent", "mixed work: a sequential backbone with parallel parts"


def resolve_topology(task: Task, plan: Plan, config: CoordinationConfig) -> TopologyDecision:
    """The task's explicit topology wins, then `config.topology`, then `auto_topology`.

    The artifact count is the task's `expected_artifacts`, or the sum over its subtasks.
    """
    artifacts = task.expected_artifacts or sum(s.expected_artifacts for s in plan.subtasks)
    common = {"structure": plan.structure, "artifacts": artifacts}
    if task.topology is not None:
        return TopologyDecision(
            topology=task.topology, source="task", reason="set on the task", **common
        )
    if config.topology is not None:
        return TopologyDecision(
            topology=config.topology, source="config", reason="set in the config", **common
        )
    topology, why = auto_topology(plan.structure, artifacts)
    return TopologyDecision(
        topology=topology, source="auto", reason=f"{plan.structure} ({why})", **common
    )


def validation_error(routing: Sequence[RoutingDecision]) -> str | None:
    """Why the run cannot be dispatched (else None): a subtask needs a skill no active agent
    has (each named with its skills and the fixes), or no subtask is routable at all."""
    lacking = [d for d in routing if d.agent_id is None and d.missing_skills]
    if lacking:
        named = "; ".join(
            f"subtask {d.subtask_id} needs {', '.join(d.missing_skills)}" for d in lacking
        )
        return (
            f"unroutable: no active agent has the skill ({named}); add an agent with the "
            "skill to the org (active, accepting subtasks), or set "
            'CoordinationConfig(unroutable="closest") to give it to the closest agent'
        )
    if any(d.agent_id is not None for d in routing):
        return None
    reasons = "; ".join(f"{d.subtask_id}: {d.reason}" for d in routing)
    return f"no subtask is routable ({reasons})"
