"""Topology: explicit wins; otherwise chosen from the task structure and its artifact count.

What each value changes (docs/design.md, "Topology"): `sas` runs one subtask at a time, in
one shared worktree, each seeing every earlier subtask's results; `centralized` gives each
subtask its own worktree when there is a workspace and runs without one otherwise;
`decentralized` requires a workspace (each subtask in its own worktree); `context_dependent`
runs single-subtask waves (the sequential backbone) in one shared worktree and gives each
subtask of a wider wave its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import Plan, Task, TaskStructure, Topology
from langgraph_council.nodes._pipeline.report import RoutingDecision, TopologyDecision

__all__ = [
    "DECENTRALIZED_ABOVE_ARTIFACTS",
    "auto_topology",
    "isolation_error",
    "resolve_topology",
    "shared_worktree_ids",
    "validation_error",
]

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


def resolve_topology(
    task: Task, plan: Plan, config: CoordinationConfig, *, isolated: bool = True
) -> TopologyDecision:
    """The task's explicit topology wins, then `config.topology`, then `auto_topology`.

    The artifact count is the task's `expected_artifacts`, or the sum over its subtasks.
    Without workspace isolation (`isolated=False`) auto never picks `decentralized`, which
    needs a worktree per subtask: it picks `centralized` and says why; and no subtask has a
    `shared_worktree` (there are no worktrees).
    """
    artifacts = task.expected_artifacts or sum(s.expected_artifacts for s in plan.subtasks)
    if task.topology is not None:
        topology, source, reason = task.topology, "task", "set on the task"
    elif config.topology is not None:
        topology, source, reason = config.topology, "config", "set in the config"
    else:
        topology, why = auto_topology(plan.structure, artifacts)
        if topology == "decentralized" and not isolated:
            topology, why = "centralized", f"{why}; decentralized needs a workspace, none given"
        source, reason = "auto", f"{plan.structure} ({why})"
    shared = shared_worktree_ids(topology, plan) if isolated else frozenset()
    return TopologyDecision(
        topology=topology,
        source=source,
        reason=reason,
        structure=plan.structure,
        artifacts=artifacts,
        shared_worktree=tuple(s.id for s in plan.subtasks if s.id in shared),
    )


def shared_worktree_ids(topology: Topology | None, plan: Plan | None) -> frozenset[str]:
    """Subtasks that work one after another in the run's one shared worktree: every subtask
    under `sas`, the subtasks of single-subtask waves under `context_dependent`, else none."""
    if plan is None or topology not in ("sas", "context_dependent"):
        return frozenset()
    if topology == "sas":
        return frozenset(s.id for s in plan.subtasks)
    return frozenset(level[0] for level in plan.levels if len(level) == 1)


def isolation_error(topology: Topology, isolated: bool) -> str | None:
    """Why `topology` cannot run as it says without a workspace (else None)."""
    if topology == "decentralized" and not isolated:
        return (
            "topology decentralized runs each subtask in its own git worktree, and this "
            "pipeline has no workspace: pass workspace=WorkspaceConfig(repo_path=...), or set "
            "the task's or CoordinationConfig's topology to \"centralized\""
        )
    return None


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
