"""The coordination pipeline's domain: tasks, plans, routing, topology, dispatch, worktrees,
merges and rollup."""

from langgraph_council.nodes._pipeline.attribution import attribute, failure_category
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import (
    ManualDecomposer,
    PlanError,
    build_plan,
    check_rows,
    classify_structure,
    dependency_levels,
    resolve_structure,
)
from langgraph_council.nodes._pipeline.execute import Executor, ExecutorLike
from langgraph_council.nodes._pipeline.models import (
    Complexity,
    Plan,
    PlanRow,
    Subtask,
    SubtaskResult,
    SubtaskRun,
    SubtaskStatus,
    Task,
    TaskStructure,
    Topology,
)
from langgraph_council.nodes._pipeline.parent import ParentUpdater
from langgraph_council.nodes._pipeline.planner import (
    DecompositionPlan,
    PlannedSubtask,
    apply_plan,
)
from langgraph_council.nodes._pipeline.report import (
    AgentAttribution,
    AttributionCategory,
    AuthorityFlag,
    CoordinationResult,
    HandoffCheck,
    ParentUpdate,
    PhaseName,
    PhaseResult,
    RollupStatus,
    RouteCandidate,
    RoutingDecision,
    TopologyDecision,
    Wave,
)
from langgraph_council.nodes._pipeline.rollup import rollup_status
from langgraph_council.nodes._pipeline.route import route_plan, score_agent
from langgraph_council.nodes._pipeline.topology import auto_topology, resolve_topology
from langgraph_council.nodes._workspace.merge_node import merge_sequence
from langgraph_council.nodes._workspace.merge_review import MergeVerdict
from langgraph_council.nodes._workspace.models import (
    IntegrationResult,
    MergeResult,
    MergeRuling,
    SemanticIssue,
    WorkspaceConfig,
    WorkspaceError,
)

__all__ = [
    "AgentAttribution",
    "AttributionCategory",
    "AuthorityFlag",
    "Complexity",
    "CoordinationConfig",
    "CoordinationResult",
    "DecompositionPlan",
    "Executor",
    "ExecutorLike",
    "HandoffCheck",
    "IntegrationResult",
    "ManualDecomposer",
    "MergeResult",
    "MergeRuling",
    "MergeVerdict",
    "ParentUpdate",
    "ParentUpdater",
    "PhaseName",
    "PhaseResult",
    "Plan",
    "PlanError",
    "PlanRow",
    "PlannedSubtask",
    "RollupStatus",
    "RouteCandidate",
    "RoutingDecision",
    "SemanticIssue",
    "Subtask",
    "SubtaskResult",
    "SubtaskRun",
    "SubtaskStatus",
    "Task",
    "TaskStructure",
    "Topology",
    "TopologyDecision",
    "Wave",
    "WorkspaceConfig",
    "WorkspaceError",
    "apply_plan",
    "attribute",
    "auto_topology",
    "build_plan",
    "check_rows",
    "classify_structure",
    "dependency_levels",
    "failure_category",
    "merge_sequence",
    "resolve_structure",
    "resolve_topology",
    "rollup_status",
    "route_plan",
    "score_agent",
]
