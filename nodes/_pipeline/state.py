"""Graph state of the coordination pipeline: small channels, outcomes in a delta channel."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, NotRequired

from langchain_core.messages import AnyMessage
from langgraph.channels.delta import DeltaChannel
from langgraph.graph.message import add_messages
from langgraph.managed import RemainingSteps
from typing_extensions import TypedDict

from langgraph_council.nodes._clash import key_clash
from langgraph_council.nodes._escalation.models import MergeDecision
from langgraph_council.nodes._memory.config import MemoryConfig
from langgraph_council.nodes._messages import Messages
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import (
    Plan,
    Subtask,
    SubtaskResult,
    SubtaskRun,
    Task,
    Topology,
)
from langgraph_council.nodes._pipeline.report import (
    CoordinationResult,
    HandoffCheck,
    PhaseResult,
    RoutingDecision,
    TopologyDecision,
)
from langgraph_council.nodes._state_version import StateVersionKey
from langgraph_council.nodes._workspace.models import (
    IntegrationResult,
    MergeResult,
    MergeRuling,
)

__all__ = [
    "CoordinationContext",
    "CoordinationInput",
    "CoordinationKeys",
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
    """What a caller passes: the parent task (a `Task` or its JSON dict), and its plan when
    the caller has one.

    The plan is `subtasks` (a list of `Subtask` rows or their dicts) or the task's own
    `Task.subtasks`: that run neither asks the planner agent nor uses the build-time
    decomposer. A pipeline built with neither needs it in every input.
    """

    task: NotRequired[Task | dict[str, Any]]
    subtasks: NotRequired[list[Subtask | dict[str, Any]]]
    messages: NotRequired[list[AnyMessage]]
    """Or only `messages`: the last human message is the task (`nodes._pipeline.from_messages`)."""


class CoordinationOutput(TypedDict):
    """What a run returns: the result, and one named AI message per subtask and the rollup."""

    result: CoordinationResult
    messages: NotRequired[list[AnyMessage]]


class CoordinationKeys(TypedDict):
    """The keys a parent graph's state needs to run the pipeline as one of its nodes.

    Inherit it (with `MeetingKeys`, `ConflictKeys` and your own keys): the subgraph reads
    `task` and, when a step of yours wrote one, the plan `subtasks` (e.g. a meeting's action
    items) from the parent's state and writes `result` and `messages` back (see `MeetingKeys`).

    Example:
        >>> class AppState(MeetingKeys, CoordinationKeys):  # doctest: +SKIP
        ...     pass
    """

    task: NotRequired[Task | dict[str, Any]]
    subtasks: NotRequired[list[Subtask | dict[str, Any]]]
    result: NotRequired[CoordinationResult]
    messages: NotRequired[Annotated[list[AnyMessage], add_messages]]


class CoordinationContext(TypedDict, total=False):
    """The pipeline's context schema: the `coordination` section of a namespaced run context,
    or the flat fields of `CoordinationConfig` (see `nodes._context.run_context`); the flat
    keys are listed because LangGraph Server drops context keys its schema does not name.
    """

    coordination: CoordinationConfig | dict[str, Any]
    memory: MemoryConfig | dict[str, Any]
    max_subtasks: int
    max_depth: int
    min_score: float
    load_penalty: float
    rule_bonus: float
    max_concurrency_per_wave: int | None
    wave_batching: bool
    fail_fast: bool
    topology: Topology | None
    team_size_warning: int
    planner_id: str | None
    planner_max_tokens: int
    summary_chars: int
    max_retries: int
    reassign: bool
    replan: bool
    unroutable: Literal["fail", "closest"]
    executor_timeout_seconds: float
    agent_timeout_seconds: float
    callable_timeout_seconds: float


class ExecutePayload(TypedDict):
    """What `Send` carries to the executor node: one subtask's run (`subtask_run`) or, with
    wave batching (`CoordinationConfig.wave_batching`), a batch's runs (`attempts`, each item an
    `ExecutePayload` of one run); with a workspace, the run's workspace id and the attempt's
    base commit, which every run of the attempt starts from (a re-run after a crash resets the
    worktree to it).

    `quiet` says the step after the batch writes the subtasks' messages (`nodes._pipeline.chat`),
    so the executor node writes one row, the outcome. Sends saved before these keys existed
    lack them: such an attempt runs on its worktree as found, and its node writes its message
    itself, as it did then. `wave_run` is the wave's run id in traces (only when a callback
    handler listened; `nodes._pipeline.waves`): absent, the attempt runs under its step."""

    subtask_run: NotRequired[SubtaskRun]
    workspace_id: NotRequired[str]
    base: NotRequired[str]
    quiet: NotRequired[bool]
    attempts: NotRequired[list[dict[str, Any]]]
    wave: NotRequired[int]
    wave_run: NotRequired[str]


class CoordinationState(TypedDict):
    """Everything the pipeline tracks between super-steps.

    `recovering` names the failed subtask a recovery node (retry, reassign, replan) works on.
    Bulky text (executor outputs) lives only in `outcomes`, a `DeltaChannel`, and in the
    final `result`; merge records (with their diff summaries) in `merges`, another one. The
    other channels are small.
    """

    task: Task
    state_version: NotRequired[StateVersionKey]
    """The layout version (`nodes._state_version`), written by `decompose` once per run."""
    subtasks: NotRequired[list[Subtask | dict[str, Any]] | None]
    """The input's plan rows; decompose reads them once and clears them."""
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
    """The state's task as a model (the server may hand back its JSON dict).

    Raises:
        InvalidInputTypeError: `task` holds text, the delegation's task (a flat state with both).
    """
    task = state["task"]
    if isinstance(task, str):
        raise key_clash(
            "task",
            task,
            reader="pipeline",
            writer="delegation",
            fix="give the delegation its own keys: delegation_task and delegation_entry_agent "
            "(inherit DelegationKeys in the parent state), and pass the pipeline a Task",
        )
    return Task.model_validate(task)


def plan_of(state: Mapping[str, Any]) -> Plan | None:
    """The run's plan, None when decomposition failed."""
    value = state.get("plan")
    return None if value is None else Plan.model_validate(value)


def outcomes_of(state: Mapping[str, Any]) -> dict[str, SubtaskResult]:
    """Subtask id -> result so far, as models (JSON dicts from a server are validated; models,
    what a run holds, are taken as they are: dispatch reads every result at each step)."""
    return {
        k: v if v.__class__ is SubtaskResult else SubtaskResult.model_validate(v)
        for k, v in (state.get("outcomes") or {}).items()
    }


def routing_of(state: Mapping[str, Any]) -> list[RoutingDecision]:
    """The routing decisions, as models (dicts validated, models taken as they are)."""
    return [
        r if r.__class__ is RoutingDecision else RoutingDecision.model_validate(r)
        for r in state.get("routing") or ()
    ]


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
