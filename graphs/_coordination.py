"""The coordination pipeline graph: decompose -> route -> topology -> validate -> guard ->
dispatch in waves (over git worktrees, merged after each batch) -> rollup -> update parent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, TypeAlias, Unpack

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs._compile import compile_graph
from langgraph_council.graphs._coordination_parts import (
    CoordinationBuilder,
    add_recovery,
    add_workspace,
    check_workspace_config,
    decompose_node,
    merge_checker,
    protect_repository,
)
from langgraph_council.graphs._shape import (
    EscalationsAlias,
    GuardStoreAlias,
    LoopRecordsAlias,
    bundle,
    coerce_config,
    leading_org,
    store_aliases,
)
from langgraph_council.graphs._worker import WorktreeAgent, pipeline_executor
from langgraph_council.guards._authority_deference import authority_cues_in
from langgraph_council.guards._config import LoopPreventionConfig
from langgraph_council.guards._coordination import make_handoff_guard
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.attempt_start import AttemptRestorer
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import ManualDecomposer
from langgraph_council.nodes._pipeline.dispatch import make_dispatch_node
from langgraph_council.nodes._pipeline.execute import make_execute_node
from langgraph_council.nodes._pipeline.executor import Executor, ExecutorLike
from langgraph_council.nodes._pipeline.names import (
    CREATE_WORKTREES,
    DECOMPOSE,
    DISPATCH,
    EXECUTE_SUBTASK,
    FINISH_WORKSPACE,
    GUARD_HANDOFFS,
    REASSIGN_SUBTASK,
    REPLAN_SUBTASK,
    RESOLVE_TOPOLOGY,
    RETRY_SUBTASK,
    ROLLUP,
    ROUTE,
    UPDATE_PARENT,
    VALIDATE,
)
from langgraph_council.nodes._pipeline.parent import ParentUpdater, make_update_parent_node
from langgraph_council.nodes._pipeline.phases import (
    make_resolve_topology_node,
    make_route_node,
    make_validate_node,
)
from langgraph_council.nodes._pipeline.rollup import make_rollup_node
from langgraph_council.nodes._pipeline.runtime import time_limit
from langgraph_council.nodes._pipeline.state import (
    CoordinationContext,
    CoordinationInput,
    CoordinationOutput,
    CoordinationState,
    ExecutePayload,
)
from langgraph_council.nodes._pipeline.subtask_check import CheckLike
from langgraph_council.nodes._workspace.models import WorkspaceConfig

__all__ = [
    "CoordinationGraph",
    "CoordinationStoreAliases",
    "build_coordination_graph",
    "create_coordination_graph",
]

CoordinationGraph: TypeAlias = CompiledStateGraph[
    CoordinationState, CoordinationContext, CoordinationInput, CoordinationOutput
]


class CoordinationStoreAliases(EscalationsAlias, GuardStoreAlias, LoopRecordsAlias, total=False):
    """The pipeline factories' deprecated store keywords (each warns; use `stores=`)."""


class _Parts(NamedTuple):
    """The pipeline's own keywords, packed once (positionally) for `_build` by both factories."""

    executor: ExecutorLike | None
    decomposer: ManualDecomposer | None
    workspace: WorkspaceConfig | Mapping[str, Any] | None
    guard_config: LoopPreventionConfig | None
    update_parent: ParentUpdater | None
    check: CheckLike | None


def build_coordination_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    executor: ExecutorLike | None = None,
    decomposer: ManualDecomposer | None = None,
    config: CoordinationConfig | Mapping[str, Any] | None = None,
    workspace: WorkspaceConfig | Mapping[str, Any] | None = None,
    guard_config: LoopPreventionConfig | None = None,
    update_parent: ParentUpdater | None = None,
    check: CheckLike | None = None,
    stores: CouncilStores | None = None,
    **deprecated: Unpack[CoordinationStoreAliases],
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

    Args:
        org: The organisation (routing reads its skills, roles and seniority).
        roster: The agents' models: the planner (with no `decomposer`), replanning and a
            review agent need it; None runs a fixed or input plan with `executor` alone.
        executor: Runs one subtask: a Runnable, compiled graph or (async) callable taking a
            `SubtaskRun`, returning text or a `SubtaskResult` (raising means failed); a
            compiled agent over `messages` (works with its own tools on a prompt naming the
            worktree); an `AgentFactory` (its agent gets the worktree tools); or
            `worktree_agent(roster)`.
        decomposer: A fixed plan (`ManualDecomposer`); None plans with the planner agent
            (with a roster), else each run's input must carry the plan. An input's plan
            always wins.
        config: `CoordinationConfig` or a dict of its fields; a run's context is merged over it.
        workspace: Git worktree isolation and merges (`WorkspaceConfig` or a dict); None
            runs without a workspace.
        guard_config: The hand-off guard's limits.
        update_parent: Called with a `ParentUpdate` at the end (its failure is recorded).
        check: The check before a merge: a callable `(worktree path or None, SubtaskRun) ->
            CheckResult | bool | (passed, output)`, or a command as an argv list run in the
            worktree (or `WorkspaceConfig.check`; one place only).
        stores: `stores.guard_state`, `stores.loop_records` and `stores.escalations`.
        **deprecated: The older store keywords `escalations=`, `guard_store=` and
            `loop_records=` (they warn).

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If the roster is for another org, an agent must be asked but there is no
            roster, or the workspace's `repo_path` / `base_branch` is unusable (named).
    """
    org, roster = leading_org("build_coordination_graph", org, roster)
    aliases = store_aliases("build_coordination_graph", deprecated, CoordinationStoreAliases)
    parts = _Parts(executor, decomposer, workspace, guard_config, update_parent, check)
    return _build(org, roster, config, bundle(stores, **aliases), parts)


def _build(
    org: Org,
    roster: Roster | None,
    config: CoordinationConfig | Mapping[str, Any] | None,
    kept: CouncilStores,
    parts: _Parts,
) -> CoordinationBuilder:
    """`build_coordination_graph` once its arguments are in their taught spelling."""
    settings = coerce_config(config, CoordinationConfig)
    decompose = decompose_node(org, roster, parts.decomposer, settings)
    isolated = check_workspace_config(parts.workspace, roster)
    checker = merge_checker(parts.check, isolated, settings)
    if parts.executor is None:  # a keyword with a default, so the refusal is ours, one line
        raise InvalidInputTypeError(
            "executor: the pipeline needs executor=..., what does each subtask: a Runnable, "
            "a compiled agent graph, an (async) callable taking a SubtaskRun, an "
            "AgentFactory or worktree_agent(roster)"
        )
    executor = pipeline_executor(parts.executor, org)
    if isinstance(executor, WorktreeAgent) and parts.workspace is None:
        raise InvalidInputError(
            "executor: worktree_agent(...) or an AgentFactory works in a git worktree of each "
            "subtask; pass workspace=WorkspaceConfig(repo_path=...) too"
        )
    runner = Executor(protect_repository(executor, isolated))
    guard = LoopGuard(parts.guard_config, kept.guard_state)
    builder: CoordinationBuilder = StateGraph(
        CoordinationState,
        context_schema=CoordinationContext,
        input_schema=CoordinationInput,
        output_schema=CoordinationOutput,
    )
    builder.add_node(DECOMPOSE, decompose, destinations=(ROUTE, ROLLUP))
    builder.add_node(ROUTE, make_route_node(org, settings))
    builder.add_node(
        RESOLVE_TOPOLOGY, make_resolve_topology_node(settings, isolated=isolated is not None)
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
        settings,
        done=done,
        worktrees=None if isolated is None else CREATE_WORKTREES,
        can_replan=roster is not None,
    )
    rungs = (RETRY_SUBTASK, REASSIGN_SUBTASK) + ((REPLAN_SUBTASK,) if roster else ())
    builder.add_node(DISPATCH, dispatch, destinations=(*after, done, *rungs))
    builder.add_node(
        EXECUTE_SUBTASK,
        make_execute_node(
            runner,
            checker,
            time_limit(settings, "executor_timeout_seconds"),
            None if isolated is None else AttemptRestorer(isolated),
        ),
        input_schema=ExecutePayload,
    )
    add_recovery(builder, org, roster, settings, guard, kept.loop_records)
    parent = parts.update_parent
    builder.add_node(ROLLUP, make_rollup_node(authority_cues_in, settings, parent))
    builder.add_node(UPDATE_PARENT, make_update_parent_node(parent))
    builder.add_edge(START, DECOMPOSE)
    builder.add_edge(ROUTE, RESOLVE_TOPOLOGY)
    builder.add_edge(RESOLVE_TOPOLOGY, VALIDATE)
    if isolated is None:
        builder.add_edge(GUARD_HANDOFFS, DISPATCH)
        builder.add_edge(EXECUTE_SUBTASK, DISPATCH)
    else:
        add_workspace(builder, org, roster, isolated, kept.escalations, settings)
    builder.add_edge(ROLLUP, UPDATE_PARENT)
    builder.add_edge(UPDATE_PARENT, END)
    return builder


def create_coordination_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    executor: ExecutorLike | None = None,
    decomposer: ManualDecomposer | None = None,
    config: CoordinationConfig | Mapping[str, Any] | None = None,
    workspace: WorkspaceConfig | Mapping[str, Any] | None = None,
    guard_config: LoopPreventionConfig | None = None,
    update_parent: ParentUpdater | None = None,
    check: CheckLike | None = None,
    stores: CouncilStores | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "coordination",
    **deprecated: Unpack[CoordinationStoreAliases],
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

    Args:
        org, roster, executor, decomposer, config, workspace, guard_config, update_parent,
            check, stores: As `build_coordination_graph`.
        checkpointer: LangGraph's checkpointer (durable runs, merge escalations).
        store: LangGraph's `BaseStore`, passed to `compile`.
        name: The compiled graph's name.
        **deprecated: The older store keywords `escalations=`, `guard_store=` and
            `loop_records=` (they warn).

    Raises:
        TypeError, ValueError: As `build_coordination_graph`.
    """
    org, roster = leading_org("create_coordination_graph", org, roster)
    aliases = store_aliases("create_coordination_graph", deprecated, CoordinationStoreAliases)
    parts = _Parts(executor, decomposer, workspace, guard_config, update_parent, check)
    builder = _build(org, roster, config, bundle(stores, **aliases), parts)
    compiled: CoordinationGraph = compile_graph(
        builder, checkpointer=checkpointer, store=store, name=name, family="pipeline"
    )
    return compiled
