"""The coordination pipeline graph: decompose -> route -> topology -> validate -> guard ->
dispatch in waves (over git worktrees, merged after each batch) -> rollup -> update parent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Required, TypeAlias, TypedDict, Unpack

from langchain_core.runnables import Runnable
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs._compile import compile_graph
from langgraph_council.graphs._shape import bundle, check_options, coerce_config, team
from langgraph_council.graphs._worker import WorktreeAgent
from langgraph_council.guards._authority_deference import authority_cues_in
from langgraph_council.guards._config import LoopPreventionConfig
from langgraph_council.guards._coordination import make_handoff_guard
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._reassign import make_reassign_node
from langgraph_council.guards._store import GuardStateStore, LoopRecordStore
from langgraph_council.nodes._agents import Entry, Roster
from langgraph_council.nodes._escalation.store import Escalations
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import ManualDecomposer
from langgraph_council.nodes._pipeline.dispatch import make_dispatch_node
from langgraph_council.nodes._pipeline.execute import Executor, ExecutorLike, make_execute_node
from langgraph_council.nodes._pipeline.names import (
    AWAIT_MERGE_DECISION,
    CREATE_WORKTREES,
    DECOMPOSE,
    DISPATCH,
    EXECUTE_SUBTASK,
    FINISH_WORKSPACE,
    GUARD_HANDOFFS,
    MERGE_SUBTASKS,
    OPEN_MERGE_ESCALATION,
    OPEN_WORKSPACE,
    REASSIGN_SUBTASK,
    REPLAN_SUBTASK,
    RESOLVE_TOPOLOGY,
    RETRY_SUBTASK,
    REVIEW_MERGE,
    ROLLUP,
    ROUTE,
    UPDATE_PARENT,
    VALIDATE,
)
from langgraph_council.nodes._pipeline.parent import ParentUpdater, make_update_parent_node
from langgraph_council.nodes._pipeline.phases import (
    make_decompose_node,
    make_resolve_topology_node,
    make_route_node,
    make_validate_node,
)
from langgraph_council.nodes._pipeline.planner import make_planner_node
from langgraph_council.nodes._pipeline.recovery import make_retry_node
from langgraph_council.nodes._pipeline.replan import make_replan_node
from langgraph_council.nodes._pipeline.rollup import make_rollup_node
from langgraph_council.nodes._pipeline.state import (
    CoordinationContext,
    CoordinationInput,
    CoordinationOutput,
    CoordinationState,
    ExecutePayload,
)
from langgraph_council.nodes._workspace.merge_node import make_merge_node
from langgraph_council.nodes._workspace.merge_review import (
    make_await_merge_node,
    make_open_merge_node,
    make_review_node,
)
from langgraph_council.nodes._workspace.models import WorkspaceConfig
from langgraph_council.nodes._workspace.nodes import (
    make_create_worktrees_node,
    make_finish_workspace_node,
    make_open_workspace_node,
)
from langgraph_council.nodes._workspace.repo import check_workspace
from langgraph_council.nodes._workspace.subtask_check import CheckLike, SubtaskChecker

__all__ = [
    "CoordinationGraph",
    "CoordinationOptions",
    "build_coordination_graph",
    "create_coordination_graph",
]

CoordinationGraph: TypeAlias = CompiledStateGraph[
    CoordinationState, CoordinationContext, CoordinationInput, CoordinationOutput
]
CoordinationBuilder: TypeAlias = StateGraph[
    CoordinationState, CoordinationContext, CoordinationInput, CoordinationOutput
]


class CoordinationOptions(TypedDict, total=False):
    """The pipeline's own keywords of `build_coordination_graph` / `create_coordination_graph`."""

    executor: Required[ExecutorLike]
    """Runs one subtask: a Runnable, compiled graph or (async) callable taking a `SubtaskRun`."""
    decomposer: ManualDecomposer | None
    """A fixed plan; None plans with the planner agent (with a roster), else each run's input
    must carry the plan (`subtasks`, or `Task.subtasks`). An input's plan always wins."""
    workspace: WorkspaceConfig | Mapping[str, Any] | None
    """Git worktree isolation and merges; None runs without a workspace."""
    guard_config: LoopPreventionConfig | None
    """The hand-off guard's limits."""
    update_parent: ParentUpdater | None
    """Called with a `ParentUpdate` at the end (its failure is recorded, not raised)."""
    escalations: Escalations | None
    """Alias of `stores.escalations`."""
    guard_store: GuardStateStore | None
    """Alias of `stores.guard_state`."""
    loop_records: LoopRecordStore | None
    """Alias of `stores.loop_records`."""
    check: CheckLike | None
    """The check before a merge: a callable `(worktree path or None, SubtaskRun) -> CheckResult
    | bool | (passed, output)`, or a command as an argv list run in the worktree (or give the
    command as `WorkspaceConfig.check`; one place only)."""


def _decompose_node(
    org: Org, roster: Roster | None, decomposer: object, config: CoordinationConfig
) -> Runnable[Any, Any]:
    """The decompose node: the fixed plan, else the planner agent, else the input's plan only
    (a run whose input carries none is refused, naming both ways to give one)."""
    if decomposer is not None and not isinstance(decomposer, ManualDecomposer):
        raise InvalidInputTypeError(
            f"decomposer must be a ManualDecomposer, got {type(decomposer).__name__}"
        )
    if decomposer is not None:
        return make_decompose_node(decomposer.plan, org, config)
    if roster is not None:
        return make_planner_node(org, roster, config)
    return make_decompose_node(None, org, config)


def _check_workspace(
    workspace: WorkspaceConfig | Mapping[str, Any] | None, roster: Roster | None
) -> WorkspaceConfig | None:
    if workspace is None:
        return None
    if isinstance(workspace, Mapping):
        workspace = WorkspaceConfig.model_validate(dict(workspace))
    if not isinstance(workspace, WorkspaceConfig):
        raise InvalidInputTypeError(
            f"workspace must be a WorkspaceConfig or None, got {type(workspace).__name__}"
        )
    if workspace.conflict_escalation == "review_agent" and roster is None:
        raise InvalidInputError(
            'WorkspaceConfig.conflict_escalation="review_agent" asks an agent, which needs '
            'roster=Roster(org, models); or use conflict_escalation="human"'
        )
    check_workspace(workspace)
    return workspace


def _checker(check: CheckLike | None, workspace: WorkspaceConfig | None) -> SubtaskChecker | None:
    """The pipeline's check before a merge: the factory's `check=` or `WorkspaceConfig.check`."""
    if check is not None and workspace is not None and workspace.check is not None:
        raise InvalidInputError(
            "check= and WorkspaceConfig.check both give a check; keep one of them"
        )
    given = check if check is not None else (workspace.check if workspace else None)
    if given is None:
        return None
    if not callable(given) and workspace is None:
        raise InvalidInputError(
            "a check command runs in the subtask's worktree: pass workspace=WorkspaceConfig("
            "repo_path=...), or a callable check"
        )
    timeout = workspace.check_timeout_seconds if workspace else 600.0
    chars = workspace.check_output_chars if workspace else 4000
    return SubtaskChecker(given, timeout=timeout, output_chars=chars)


def _add_recovery(
    builder: CoordinationBuilder,
    org: Org,
    roster: Roster | None,
    config: CoordinationConfig,
    guard: LoopGuard,
    loop_records: LoopRecordStore | None,
) -> None:
    """The recovery nodes: dispatch sends a failed subtask to one, which leads back to it."""
    if config.replan and roster is None:
        raise InvalidInputError(
            "CoordinationConfig(replan=True) asks the planner agent for a replacement row, which "
            "needs roster=Roster(org, models); or leave replan off"
        )
    builder.add_node(RETRY_SUBTASK, make_retry_node())
    builder.add_node(REASSIGN_SUBTASK, make_reassign_node(guard, loop_records=loop_records))
    builder.add_edge(RETRY_SUBTASK, DISPATCH)
    builder.add_edge(REASSIGN_SUBTASK, DISPATCH)
    if roster is not None:
        builder.add_node(REPLAN_SUBTASK, make_replan_node(org, roster, config))
        builder.add_edge(REPLAN_SUBTASK, DISPATCH)


def _add_workspace(
    builder: CoordinationBuilder,
    org: Org,
    roster: Roster | None,
    workspace: WorkspaceConfig,
    escalations: Escalations | None,
) -> None:
    """The workspace nodes: worktrees before each batch, merges after it, a merge decision."""
    human = workspace.conflict_escalation == "human"
    decide = OPEN_MERGE_ESCALATION if human else REVIEW_MERGE
    builder.add_node(OPEN_WORKSPACE, make_open_workspace_node(workspace))
    builder.add_node(
        CREATE_WORKTREES,
        make_create_worktrees_node(org, workspace),
        destinations=(EXECUTE_SUBTASK, DISPATCH),
    )
    builder.add_node(
        MERGE_SUBTASKS,
        make_merge_node(workspace, escalate=decide),
        destinations=(DISPATCH, decide),
    )
    if human:
        builder.add_node(OPEN_MERGE_ESCALATION, make_open_merge_node(escalations, workspace))
        builder.add_node(
            AWAIT_MERGE_DECISION,
            make_await_merge_node(escalations, workspace),
            destinations=(AWAIT_MERGE_DECISION, MERGE_SUBTASKS),
        )
        builder.add_edge(OPEN_MERGE_ESCALATION, AWAIT_MERGE_DECISION)
    else:
        builder.add_node(
            REVIEW_MERGE, make_review_node(org, roster, workspace), destinations=(MERGE_SUBTASKS,)
        )
    builder.add_node(FINISH_WORKSPACE, make_finish_workspace_node(workspace))
    builder.add_edge(GUARD_HANDOFFS, OPEN_WORKSPACE)
    builder.add_edge(OPEN_WORKSPACE, DISPATCH)
    builder.add_edge(EXECUTE_SUBTASK, MERGE_SUBTASKS)
    builder.add_edge(FINISH_WORKSPACE, ROLLUP)


def _executor(options: CoordinationOptions) -> Executor:
    """The pipeline's executor, refused here when missing or unusable without a workspace."""
    if "executor" not in options:
        raise InvalidInputTypeError(
            "create_coordination_graph: executor= is required: pass executor=your_agent "
            "(a Runnable, a compiled graph or a callable taking a SubtaskRun)"
        )
    if isinstance(options["executor"], WorktreeAgent) and options.get("workspace") is None:
        raise InvalidInputError(
            "executor: worktree_agent(...) works in a git worktree of each subtask; pass "
            "workspace=WorkspaceConfig(repo_path=...) too"
        )
    return Executor(options["executor"])


def build_coordination_graph(
    org: Roster | Org | Mapping[str, Entry],
    roster: Roster | None = None,
    *,
    config: CoordinationConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    **options: Unpack[CoordinationOptions],
) -> CoordinationBuilder:
    """Wire the coordination graph without compiling it (for composition and shape snapshots).

    Nodes: `decompose`, `route`, `resolve_topology`, `validate`, `guard_handoffs`, `dispatch`,
    `execute_subtask` (one `Send` per subtask of a batch), `rollup`, `update_parent`. With a
    `workspace`: `open_workspace` after the guard, `create_worktrees` between dispatch and the
    executor (its `Send`s carry each subtask's worktree), `merge_subtasks` after each batch,
    `open_merge_escalation` + `await_merge_decision` (a human, through `escalations`) or
    `review_merge` (a review agent) for a held merge, and `finish_workspace` before rollup.
    `decomposer=None` plans with the planner agent (`CoordinationConfig.planner_id`, else the
    task's owner) through `roster`; with no roster either, each run's input carries its plan
    (`{"task": ..., "subtasks": [...]}` or `Task(subtasks=...)`), which always wins. A failed
    subtask goes from dispatch to `retry_subtask`, `reassign_subtask` (guarded) or
    `replan_subtask` (with a roster) and back, as `CoordinationConfig.max_retries` /
    `reassign` / `replan` say. Compile it yourself with a
    checkpointer and invoke with `durability="sync"`, or use `create_coordination_graph`,
    which makes "sync" the default.

    Example:
        >>> builder = build_coordination_graph(org, executor=run,  # doctest: +SKIP
        ...     decomposer=ManualDecomposer([{"id": "a", "title": "Schema"}]),
        ...     workspace=WorkspaceConfig(repo_path="/src/app"))

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If the roster is for another org, an agent must be asked but there is no
            roster, or the workspace's `repo_path` / `base_branch` is unusable (named).
    """
    check_options(options, CoordinationOptions, "build_coordination_graph")
    org, roster = team(org, roster)
    config = coerce_config(config, CoordinationConfig)
    decompose = _decompose_node(org, roster, options.get("decomposer"), config)
    isolated = _check_workspace(options.get("workspace"), roster)
    checker = _checker(options.get("check"), isolated)
    kept = bundle(
        stores,
        escalations=options.get("escalations"),
        guard_store=options.get("guard_store"),
        loop_records=options.get("loop_records"),
    )
    runner = _executor(options)
    guard = LoopGuard(options.get("guard_config"), kept.guard_state)
    builder: CoordinationBuilder = StateGraph(
        CoordinationState,
        context_schema=CoordinationContext,
        input_schema=CoordinationInput,
        output_schema=CoordinationOutput,
    )
    builder.add_node(DECOMPOSE, decompose, destinations=(ROUTE, ROLLUP))
    builder.add_node(ROUTE, make_route_node(org, config))
    builder.add_node(
        RESOLVE_TOPOLOGY, make_resolve_topology_node(config, isolated=isolated is not None)
    )
    builder.add_node(
        VALIDATE,
        make_validate_node(isolated=isolated is not None),
        destinations=(GUARD_HANDOFFS, ROLLUP),
    )
    builder.add_node(GUARD_HANDOFFS, make_handoff_guard(guard, loop_records=kept.loop_records))
    done = ROLLUP if isolated is None else FINISH_WORKSPACE
    after = (EXECUTE_SUBTASK,) if isolated is None else (CREATE_WORKTREES,)
    dispatch = make_dispatch_node(
        org,
        config,
        done=done,
        worktrees=None if isolated is None else CREATE_WORKTREES,
        can_replan=roster is not None,
    )
    rungs = (RETRY_SUBTASK, REASSIGN_SUBTASK) + ((REPLAN_SUBTASK,) if roster else ())
    builder.add_node(DISPATCH, dispatch, destinations=(*after, done, *rungs))
    builder.add_node(
        EXECUTE_SUBTASK, make_execute_node(runner, checker), input_schema=ExecutePayload
    )
    _add_recovery(builder, org, roster, config, guard, kept.loop_records)
    builder.add_node(ROLLUP, make_rollup_node(authority_cues_in, config))
    builder.add_node(UPDATE_PARENT, make_update_parent_node(options.get("update_parent")))
    builder.add_edge(START, DECOMPOSE)
    builder.add_edge(ROUTE, RESOLVE_TOPOLOGY)
    builder.add_edge(RESOLVE_TOPOLOGY, VALIDATE)
    if isolated is None:
        builder.add_edge(GUARD_HANDOFFS, DISPATCH)
        builder.add_edge(EXECUTE_SUBTASK, DISPATCH)
    else:
        _add_workspace(builder, org, roster, isolated, kept.escalations)
    builder.add_edge(ROLLUP, UPDATE_PARENT)
    builder.add_edge(UPDATE_PARENT, END)
    return builder


def create_coordination_graph(
    org: Roster | Org | Mapping[str, Entry],
    roster: Roster | None = None,
    *,
    config: CoordinationConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "coordination",
    **options: Unpack[CoordinationOptions],
) -> CoordinationGraph:
    """Build and compile the coordination pipeline; with a checkpointer, durability is "sync".

    Input `{"task": Task}` (or its JSON dict), with the plan as `"subtasks"` (or
    `Task.subtasks`) when the caller has one; output `result` (`CoordinationResult`). The
    run context's `"coordination"` section or flat `CoordinationConfig` keys (a dict or a
    `CoordinationConfig`) are merged over `config` for one run. `executor` receives a
    `SubtaskRun` per subtask and returns text or a `SubtaskResult` (raising means failed);
    under `ainvoke` a wave's executor calls overlap. Every hand-off passes a
    `LoopGuard(guard_config, stores.guard_state)`; pass a `PostgresGuardStateStore` there to
    share guard state across workers. `update_parent` gets a `ParentUpdate` at the end (its
    failure is recorded, not raised).

    With `workspace=WorkspaceConfig(repo_path=...)` every subtask works in its own git
    worktree (`SubtaskRun.workspace_path`), branched from the run's integration branch as it
    stands, so later waves see earlier merged work; finished subtasks are merged one at a time
    after each batch, checked before kept, and a conflict waits for a human (an interrupt; the
    row goes to `stores.escalations`, e.g. `checkpoints.EscalationQueue`, decidable from any
    process) or a review agent. The user's checkout is never touched; the result is on the
    integration branch (`result.integration`), each branch's fate in `result.merges`.

    `check` (a callable `(worktree path, SubtaskRun) -> CheckResult | bool`, or a command as
    an argv list run in the worktree; or `WorkspaceConfig.check`) runs on each attempt's work
    before it is merged; a failing check fails the attempt, and a failed subtask is retried,
    reassigned or replanned (`CoordinationConfig`) with what went wrong as
    `SubtaskRun.feedback`. Every attempt is in `SubtaskResult.attempts` and the attribution.

    Example:
        >>> graph = create_coordination_graph(org, executor=run,  # doctest: +SKIP
        ...     decomposer=ManualDecomposer([{"id": "a", "title": "Schema"},
        ...                                  {"id": "b", "title": "API", "dependencies": ["a"]}]))
        >>> out = graph.invoke({"task": Task(id="t1", title="Billing")})  # doctest: +SKIP
        >>> out["result"].rollup  # doctest: +SKIP
        'completed'

    Raises:
        TypeError, ValueError: As `build_coordination_graph`.
    """
    builder = build_coordination_graph(org, roster, config=config, stores=stores, **options)
    compiled: CoordinationGraph = compile_graph(
        builder, checkpointer=checkpointer, store=store, name=name
    )
    return compiled
