"""The coordination pipeline graph: decompose -> route -> topology -> validate -> guard ->
dispatch in waves -> rollup -> update parent, as one compiled graph."""

from __future__ import annotations

from typing import TypeAlias

from langgraph._internal._constants import CONFIG_KEY_DURABILITY
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.guards.authority_deference import authority_cues_in
from langgraph_council.guards.config import LoopPreventionConfig
from langgraph_council.guards.coordination import make_handoff_guard
from langgraph_council.guards.loop import LoopGuard
from langgraph_council.guards.store import GuardStateStore, LoopRecordStore
from langgraph_council.nodes.agents import Roster
from langgraph_council.nodes.coordination.config import CoordinationConfig
from langgraph_council.nodes.coordination.decompose import ManualDecomposer
from langgraph_council.nodes.coordination.dispatch import make_dispatch_node
from langgraph_council.nodes.coordination.execute import Executor, ExecutorLike, make_execute_node
from langgraph_council.nodes.coordination.names import (
    DECOMPOSE,
    DISPATCH,
    EXECUTE_SUBTASK,
    GUARD_HANDOFFS,
    RESOLVE_TOPOLOGY,
    ROLLUP,
    ROUTE,
    UPDATE_PARENT,
    VALIDATE,
)
from langgraph_council.nodes.coordination.parent import ParentUpdater, make_update_parent_node
from langgraph_council.nodes.coordination.phases import (
    make_decompose_node,
    make_resolve_topology_node,
    make_route_node,
    make_validate_node,
)
from langgraph_council.nodes.coordination.rollup import make_rollup_node
from langgraph_council.nodes.coordination.state import (
    CoordinationContext,
    CoordinationInput,
    CoordinationOutput,
    CoordinationState,
    ExecutePayload,
)
from langgraph_council.nodes.org import Org

__all__ = [
    "CoordinationGraph",
    "build_coordination_graph",
    "create_coordination_graph",
    "sync_durability",
]

CoordinationGraph: TypeAlias = CompiledStateGraph[
    CoordinationState, CoordinationContext, CoordinationInput, CoordinationOutput
]
CoordinationBuilder: TypeAlias = StateGraph[
    CoordinationState, CoordinationContext, CoordinationInput, CoordinationOutput
]


def _check_arguments(
    org: Org, roster: Roster | None, decomposer: ManualDecomposer | None, workspace: object
) -> ManualDecomposer:
    if not isinstance(org, Org):
        raise TypeError(f"org must be an Org, got {type(org).__name__}")
    if roster is not None and not isinstance(roster, Roster):
        raise TypeError(f"roster must be a Roster or None, got {type(roster).__name__}")
    if roster is not None and {a.id for a in roster.org} != {a.id for a in org}:
        raise ValueError("roster was built for a different org; pass Roster(org, ...)")
    if workspace is not None:
        # Wiring point: WorkspaceConfig (pipeline-git) adds worktree, merge and human-merge
        # nodes between execute_subtask and dispatch.
        raise ValueError("workspace isolation is not available yet; pass workspace=None")
    if decomposer is None:
        # Wiring point: the model-driven decomposer (nodes.coordination.planner) runs through
        # the one agent-call node once nodes/calls.py lands.
        raise ValueError(
            "decomposer=None (the model-driven planner) is not wired yet; pass "
            "decomposer=ManualDecomposer(rows)"
        )
    if not isinstance(decomposer, ManualDecomposer):
        raise TypeError(f"decomposer must be a ManualDecomposer, got {type(decomposer).__name__}")
    return decomposer


def build_coordination_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    executor: ExecutorLike,
    decomposer: ManualDecomposer | None = None,
    config: CoordinationConfig = CoordinationConfig(),  # noqa: B008 - frozen
    workspace: object | None = None,
    guard_config: LoopPreventionConfig | None = None,
    guard_store: GuardStateStore | None = None,
    loop_records: LoopRecordStore | None = None,
    update_parent: ParentUpdater | None = None,
) -> CoordinationBuilder:
    """Wire the coordination graph without compiling it (for composition and shape snapshots).

    Nodes: `decompose`, `route`, `resolve_topology`, `validate`, `guard_handoffs`, `dispatch`,
    `execute_subtask` (one `Send` per subtask of a wave), `rollup`, `update_parent`. Compile
    it yourself with a checkpointer and invoke with `durability="sync"`, or use
    `create_coordination_graph`, which makes "sync" the default.

    Example:
        >>> builder = build_coordination_graph(org, executor=run,  # doctest: +SKIP
        ...     decomposer=ManualDecomposer([{"id": "a", "title": "Schema"}]))

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If the roster is for another org, or a part that is not wired yet is asked
            for (`decomposer=None`, `workspace=...`).
    """
    plan = _check_arguments(org, roster, decomposer, workspace)
    if not isinstance(config, CoordinationConfig):
        raise TypeError(f"config must be a CoordinationConfig, got {type(config).__name__}")
    runner = Executor(executor)
    guard = LoopGuard(guard_config, guard_store)
    builder: CoordinationBuilder = StateGraph(
        CoordinationState,
        context_schema=CoordinationContext,
        input_schema=CoordinationInput,
        output_schema=CoordinationOutput,
    )
    builder.add_node(
        DECOMPOSE, make_decompose_node(plan.plan, org, config), destinations=(ROUTE, ROLLUP)
    )
    builder.add_node(ROUTE, make_route_node(org, config))
    builder.add_node(RESOLVE_TOPOLOGY, make_resolve_topology_node(config))
    builder.add_node(VALIDATE, make_validate_node(), destinations=(GUARD_HANDOFFS, ROLLUP))
    builder.add_node(GUARD_HANDOFFS, make_handoff_guard(guard, loop_records=loop_records))
    builder.add_node(
        DISPATCH, make_dispatch_node(org, config), destinations=(EXECUTE_SUBTASK, ROLLUP)
    )
    builder.add_node(EXECUTE_SUBTASK, make_execute_node(runner), input_schema=ExecutePayload)
    builder.add_node(ROLLUP, make_rollup_node(authority_cues_in, config))
    builder.add_node(UPDATE_PARENT, make_update_parent_node(update_parent))
    builder.add_edge(START, DECOMPOSE)
    builder.add_edge(ROUTE, RESOLVE_TOPOLOGY)
    builder.add_edge(RESOLVE_TOPOLOGY, VALIDATE)
    builder.add_edge(GUARD_HANDOFFS, DISPATCH)
    builder.add_edge(EXECUTE_SUBTASK, DISPATCH)  # wiring point: merge nodes go in between
    builder.add_edge(ROLLUP, UPDATE_PARENT)
    builder.add_edge(UPDATE_PARENT, END)
    return builder


def sync_durability(graph: CoordinationGraph) -> CoordinationGraph:
    """`graph` with `durability="sync"` as its default (an explicit `durability=` still wins).

    LangGraph 1.2 has no public compile-time default for durability; the run's configurable
    key it reads one from is set here, so every step's writes are saved before the next step
    starts and a crash never repeats a finished subtask.
    """
    return graph.with_config({"configurable": {CONFIG_KEY_DURABILITY: "sync"}})


def create_coordination_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    executor: ExecutorLike,
    decomposer: ManualDecomposer | None = None,
    config: CoordinationConfig = CoordinationConfig(),  # noqa: B008 - frozen
    workspace: object | None = None,
    guard_config: LoopPreventionConfig | None = None,
    guard_store: GuardStateStore | None = None,
    loop_records: LoopRecordStore | None = None,
    update_parent: ParentUpdater | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "coordination",
) -> CoordinationGraph:
    """Build and compile the coordination pipeline; with a checkpointer, durability is "sync".

    Input `{"task": Task}` (or its JSON dict); output `result` (`CoordinationResult`). The
    run context's `"coordination"` section (a dict or `CoordinationConfig`) is merged over
    `config` for one run. `executor` receives a `SubtaskRun` per subtask and returns text or a
    `SubtaskResult` (raising means failed); under `ainvoke` a wave's executor calls overlap.
    Every hand-off passes a `LoopGuard(guard_config, guard_store)`; pass a
    `PostgresGuardStateStore` to share guard state across workers. `update_parent` gets a
    `ParentUpdate` at the end (its failure is recorded, not raised).

    Example:
        >>> graph = create_coordination_graph(org, executor=run,  # doctest: +SKIP
        ...     decomposer=ManualDecomposer([{"id": "a", "title": "Schema"},
        ...                                  {"id": "b", "title": "API", "dependencies": ["a"]}]))
        >>> out = graph.invoke({"task": Task(id="t1", title="Billing")})  # doctest: +SKIP
        >>> out["result"].rollup  # doctest: +SKIP
        'completed'
    """
    builder = build_coordination_graph(
        org,
        roster,
        executor=executor,
        decomposer=decomposer,
        config=config,
        workspace=workspace,
        guard_config=guard_config,
        guard_store=guard_store,
        loop_records=loop_records,
        update_parent=update_parent,
    )
    compiled: CoordinationGraph = builder.compile(checkpointer=checkpointer, store=store, name=name)
    # Only with a saver of its own: without one, LangGraph 1.2's ainvoke fails on "sync".
    return sync_durability(compiled) if isinstance(checkpointer, BaseCheckpointSaver) else compiled
