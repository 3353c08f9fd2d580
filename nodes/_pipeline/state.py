"""Graph state of the coordination pipeline: small channels, outcomes in a delta channel."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, NotRequired

from langchain_core.messages import AnyMessage
from langgraph.channels.delta import DeltaChannel
from langgraph.managed import RemainingSteps
from typing_extensions import TypedDict

from langgraph_council.nodes._escalation.models import MergeDecision
from langgraph_council.nodes._messages import Messages
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import Plan, SubtaskResult, SubtaskRun, Task
from langgraph_council.nodes._pipeline.report import (
    CoordinationResult,
    HandoffCheck,
    PhaseResult,
    RoutingDecision,
    TopologyDecision,
)
from langgraph_council.nodes._workspace.models import (
    IntegrationResult,
    MergeResult,
    MergeRuling,
)

__all__ = [
    "CoordinationContext",
    "CoordinationInput",
    "CoordinationOutput",
    "CoordinationState",
    "ExecutePayload",
    "handoffs_of",
    "merge_outcomes",
    "merges_of",
    "outcomes_of",
    "phases_of",
    "plan_of",
    "routing_of",
    "task_of",
    "topology_of",
]


def merge_outcomes(
    current: Mapping[str, Any], writes: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """Fold batches of `{subtask_id: result}` writes in; a later write for an id wins.

    Batching-invariant, as `DeltaChannel` requires, so each result (with its output text) is
    stored once instead of once per checkpoint. Values may be JSON dicts (LangGraph Server).
    """
    merged = dict(current)
    for write in writes:
        merged.update(write)
    return merged


class CoordinationInput(TypedDict):
    """What a caller passes: the parent task (a `Task` or its JSON dict)."""

    task: Task | dict[str, Any]


class CoordinationOutput(TypedDict):
    """What a run returns: the result, and one named AI message per subtask and the rollup."""

    result: CoordinationResult
    messages: NotRequired[list[AnyMessage]]


class CoordinationContext(TypedDict, total=False):
    """The run context: the `coordination` section is merged over the build-time config."""

    coordination: CoordinationConfig | dict[str, Any]


class ExecutePayload(TypedDict):
    """What `Send` carries to the executor node: one subtask's run."""

    subtask_run: SubtaskRun


class CoordinationState(TypedDict):
    """Everything the pipeline tracks between super-steps.

    `recovering` names the failed subtask a recovery node (retry, reassign, replan) works on.
    Bulky text (executor outputs) lives only in `outcomes`, a `DeltaChannel`, and in the
    final `result`; merge records (with their diff summaries) in `merges`, another one. The
    other channels are small.
    """

    task: Task
    run_id: NotRequired[str]
    plan: NotRequired[Plan | None]
    routing: NotRequired[list[RoutingDecision]]
    topology: NotRequired[TopologyDecision | None]
    handoffs: NotRequired[list[HandoffCheck]]
    phases: Annotated[list[PhaseResult], operator.add]
    warnings: Annotated[list[str], operator.add]
    outcomes: Annotated[dict[str, SubtaskResult], DeltaChannel(merge_outcomes)]
    messages: Messages
    dispatch_started: NotRequired[float | None]
    recovering: NotRequired[str | None]
    result: NotRequired[CoordinationResult]
    remaining_steps: RemainingSteps
    # With a WorkspaceConfig: the run's workspace, the batch awaiting worktrees, the merges.
    workspace_id: NotRequired[str | None]
    batch: NotRequired[list[str]]
    merges: Annotated[dict[str, MergeResult], DeltaChannel(merge_outcomes)]
    merge_pending: NotRequired[MergeResult | None]
    merge_ruling: NotRequired[MergeRuling | None]
    integration: NotRequired[IntegrationResult | None]
    # The one escalation path's keys (nodes._escalation.ESCALATION_KEYS), kind "merge".
    escalation_id: NotRequired[str | None]
    escalation_expires_at: NotRequired[str | None]
    escalation_attempts: NotRequired[int]
    escalation_error: NotRequired[str | None]
    escalation_decision: NotRequired[MergeDecision | None]


def task_of(state: Mapping[str, Any]) -> Task:
    """The state's task as a model (the server may hand back its JSON dict)."""
    return Task.model_validate(state["task"])


def plan_of(state: Mapping[str, Any]) -> Plan | None:
    """The run's plan, None when decomposition failed."""
    value = state.get("plan")
    return None if value is None else Plan.model_validate(value)


def outcomes_of(state: Mapping[str, Any]) -> dict[str, SubtaskResult]:
    """Subtask id -> result so far, as models."""
    return {k: SubtaskResult.model_validate(v) for k, v in (state.get("outcomes") or {}).items()}


def routing_of(state: Mapping[str, Any]) -> list[RoutingDecision]:
    """The routing decisions, as models."""
    return [RoutingDecision.model_validate(r) for r in state.get("routing") or ()]


def topology_of(state: Mapping[str, Any]) -> TopologyDecision | None:
    """The resolved topology, as a model."""
    value = state.get("topology")
    return None if value is None else TopologyDecision.model_validate(value)


def handoffs_of(state: Mapping[str, Any]) -> list[HandoffCheck]:
    """The guard's verdicts, as models."""
    return [HandoffCheck.model_validate(h) for h in state.get("handoffs") or ()]


def phases_of(state: Mapping[str, Any]) -> list[PhaseResult]:
    """The phase records so far, as models."""
    return [PhaseResult.model_validate(p) for p in state.get("phases") or ()]


def merges_of(state: Mapping[str, Any]) -> dict[str, MergeResult]:
    """Subtask id -> merge record so far, as models, in the order the merges happened."""
    return {k: MergeResult.model_validate(v) for k, v in (state.get("merges") or {}).items()}
