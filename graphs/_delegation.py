"""The delegation graph: a task enters at an agent, every hand-off passes the guard."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, TypedDict, Unpack

from langgraph.graph import END, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs._compile import compile_graph
from langgraph_council.graphs._shape import bundle, check_options, coerce_config, roster_team
from langgraph_council.guards import (
    GuardStateStore,
    LoopGuard,
    LoopPreventionConfig,
    LoopRecordStore,
    make_delegation_guard,
)
from langgraph_council.nodes._calls.roster import Entry, Roster
from langgraph_council.nodes._context import build_time_metadata
from langgraph_council.nodes._delegation.flow import (
    CALL_AGENT,
    DELEGATION_GUARD,
    ESCALATE_TO_HUMAN,
    ESCALATE_TO_MANAGER,
    FINISH,
    START_TASK,
    finish,
    make_agent_node,
    make_escalate_to_manager_node,
    make_start_node,
)
from langgraph_council.nodes._delegation.human import (
    AWAIT_HUMAN,
    make_await_human_node,
    make_escalate_to_human_node,
)
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._delegation.state import (
    DelegationContext,
    DelegationInput,
    DelegationOutput,
    DelegationState,
)
from langgraph_council.nodes._escalation.store import Escalations
from langgraph_council.nodes._org import Org

__all__ = [
    "DelegationGraph",
    "DelegationOptions",
    "build_delegation_graph",
    "create_delegation_graph",
]

DelegationGraph: TypeAlias = CompiledStateGraph[
    DelegationState, DelegationContext, DelegationInput, DelegationOutput
]


class DelegationOptions(TypedDict, total=False):
    """The delegation family's own keywords of `build_delegation_graph` and
    `create_delegation_graph`."""

    guard_config: LoopPreventionConfig | None
    """The loop guard's limits (depth, dedup, rate, breaker)."""
    guard_store: GuardStateStore | None
    """Alias of `stores.guard_state`."""
    loop_records: LoopRecordStore | None
    """Alias of `stores.loop_records`."""
    escalations: Escalations | None
    """Alias of `stores.escalations`."""


def build_delegation_graph(
    org: Roster | Org | Mapping[str, Entry],
    roster: Roster | None = None,
    *,
    config: DelegationConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    **options: Unpack[DelegationOptions],
) -> StateGraph[DelegationState, DelegationContext, DelegationInput, DelegationOutput]:
    """Wire the delegation graph without compiling it (for composition and shape snapshots).

    `config` is the build-time `DelegationConfig` (a run's context is merged over it);
    `stores.escalations` (e.g. `checkpoints.EscalationQueue`) keeps the human escalations of
    hand-offs blocked at the top of the hierarchy, listable and decidable from any process;
    `stores.guard_state` holds the loop guard's state (shared: limits hold across graphs and
    workers) and `stores.loop_records` the refused hand-offs.

    Example:
        >>> builder = build_delegation_graph(roster)  # doctest: +SKIP
        >>> graph = builder.compile(checkpointer=saver)  # doctest: +SKIP

    Raises:
        TypeError: If `org` or `roster` has the wrong type.
        ValueError: If the roster was built for a different org, or `config` is invalid.
    """
    check_options(options, DelegationOptions, "build_delegation_graph")
    org, roster = roster_team(org, roster, why="a delegation graph")
    settings = None if config is None else coerce_config(config, DelegationConfig)
    kept = bundle(
        stores,
        guard_store=options.get("guard_store"),
        loop_records=options.get("loop_records"),
        escalations=options.get("escalations"),
    )
    guard = LoopGuard(options.get("guard_config"), kept.guard_state)
    builder: StateGraph[Any, Any, Any, Any] = StateGraph(
        DelegationState,
        context_schema=DelegationContext,
        input_schema=DelegationInput,
        output_schema=DelegationOutput,
    )
    builder.add_node(START_TASK, make_start_node(org, roster))
    builder.add_node(
        CALL_AGENT,
        make_agent_node(org, roster),
        destinations=(DELEGATION_GUARD, CALL_AGENT, FINISH),
    )
    make_delegation_guard(org, guard, loop_records=kept.loop_records).add_to(builder)
    builder.add_node(ESCALATE_TO_MANAGER, make_escalate_to_manager_node(org))
    builder.add_node(ESCALATE_TO_HUMAN, make_escalate_to_human_node(kept.escalations))
    builder.add_node(
        AWAIT_HUMAN,
        make_await_human_node(kept.escalations),
        destinations=(AWAIT_HUMAN, CALL_AGENT, FINISH),
    )
    builder.add_node(FINISH, finish)
    builder.set_entry_point(START_TASK)
    builder.add_edge(START_TASK, CALL_AGENT)
    builder.add_edge(ESCALATE_TO_MANAGER, CALL_AGENT)
    builder.add_edge(ESCALATE_TO_HUMAN, AWAIT_HUMAN)
    builder.add_edge(FINISH, END)
    if settings is not None:
        metadata = build_time_metadata("delegation", settings)
        for spec in builder.nodes.values():
            spec.metadata = {**(spec.metadata or {}), **metadata}
    return builder


def create_delegation_graph(
    org: Roster | Org | Mapping[str, Entry],
    roster: Roster | None = None,
    *,
    config: DelegationConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "delegation",
    **options: Unpack[DelegationOptions],
) -> DelegationGraph:
    """Build and compile the delegation graph.

    `store` is LangGraph's `BaseStore`, as on every factory; the guard state goes to
    `stores.guard_state` (or its alias `guard_store=`). A `GuardStateStore` passed as `store=`
    (the spelling of DESIGN section 6) is still used as the guard store, without a warning;
    passing both is an error.

    Input `{"task": str, "entry_agent": id, "task_id"?: str}`; output `result`
    (`DelegationResult`), `delegations` (audit trail) and `blocked` (refused hand-offs).
    Tunables: `config=DelegationConfig(...)` (or a dict) at build time; a run's context (the
    config, a plain dict of its fields, or a namespaced dict `{"delegation": {...}}`) is
    merged over it. With a checkpointer, durability is "sync" by default, so a crash never
    repeats a finished agent call; a guard node that re-runs after a crash replays its
    verdict instead of recording twice.

    Example:
        >>> graph = create_delegation_graph(roster)  # doctest: +SKIP
        >>> out = graph.invoke({"task": "Ship it", "entry_agent": "cto"})  # doctest: +SKIP
        >>> out["result"].answer  # doctest: +SKIP
    """
    base_store, guard_store = _split_stores(store, options.get("guard_store"))
    if guard_store is not None:
        options = {**options, "guard_store": guard_store}
    builder = build_delegation_graph(org, roster, config=config, stores=stores, **options)
    compiled: DelegationGraph = compile_graph(
        builder, checkpointer=checkpointer, store=base_store, name=name
    )
    return compiled


def _split_stores(
    store: object, guard_store: GuardStateStore | None
) -> tuple[BaseStore | None, GuardStateStore | None]:
    """`store=` is LangGraph's BaseStore; a GuardStateStore there is the guard store."""
    if store is None or isinstance(store, BaseStore):
        return store, guard_store
    if not isinstance(store, GuardStateStore):
        raise TypeError(
            f"store must be LangGraph's BaseStore (or None), got {type(store).__name__}; "
            "pass guard state as guard_store="
        )
    if guard_store is not None:
        raise ValueError(
            "store= got a GuardStateStore while guard_store= is also set; pass the guard "
            "state store once (guard_store=) and LangGraph's BaseStore as store="
        )
    return None, store
