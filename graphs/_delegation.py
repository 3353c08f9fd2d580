"""The delegation graph: a task enters at an agent, every hand-off passes the guard."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, Unpack

from langgraph.graph import END, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs._compile import compile_graph
from langgraph_council.graphs._shape import (
    EscalationsAlias,
    LoopRecordsAlias,
    bundle,
    coerce_config,
    deprecated,
    leading_org,
    store_aliases,
    uncompiled,
)
from langgraph_council.guards import (
    GuardStateStore,
    LoopGuard,
    LoopPreventionConfig,
    make_delegation_guard,
)
from langgraph_council.nodes._calls.roster import Roster
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
from langgraph_council.nodes._org import Org

__all__ = [
    "DelegationGraph",
    "DelegationStoreAliases",
    "create_delegation_graph",
]

DelegationGraph: TypeAlias = CompiledStateGraph[
    DelegationState, DelegationContext, DelegationInput, DelegationOutput
]


class DelegationStoreAliases(LoopRecordsAlias, EscalationsAlias, total=False):
    """The delegation factories' deprecated store keywords (each warns; use `stores=`)."""


def _build(
    org: Org,
    roster: Roster | None,
    config: DelegationConfig | Mapping[str, Any] | None,
    guard_config: LoopPreventionConfig | None,
    kept: CouncilStores,
) -> StateGraph[DelegationState, DelegationContext, DelegationInput, DelegationOutput]:
    """The delegation graph, wired, once the arguments are in their taught spelling."""
    if roster is None:
        raise ValueError("a delegation graph needs roster=Roster(org, models) after the org")
    settings = None if config is None else coerce_config(config, DelegationConfig)
    guard = LoopGuard(guard_config, kept.guard_state)
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
    org: Org,
    roster: Roster | None = None,
    *,
    config: DelegationConfig | Mapping[str, Any] | None = None,
    guard_config: LoopPreventionConfig | None = None,
    guard_store: GuardStateStore | None = None,
    stores: CouncilStores | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "delegation",
    **deprecated: Unpack[DelegationStoreAliases],
) -> DelegationGraph:
    """Build and compile the delegation graph.

    Input `{"task": str, "entry_agent": id, "task_id"?: str}`; output `result`
    (`DelegationResult`), `delegations` (audit trail) and `blocked` (refused hand-offs).
    Tunables: `config=DelegationConfig(...)` (or a dict) at build time; a run's context (the
    config, a plain dict of its fields, or a namespaced dict `{"delegation": {...}}`) is
    merged over it. With a checkpointer, durability is "sync" by default, so a crash never
    repeats a finished agent call; a guard node that re-runs after a crash replays its
    verdict instead of recording twice.

    `stores.escalations` (e.g. `checkpoints.EscalationQueue`) keeps the human escalations of
    hand-offs blocked at the top of the hierarchy, listable and decidable from any process;
    `stores.guard_state` holds the loop guard's state (shared: limits hold across graphs and
    workers) and `stores.loop_records` the refused hand-offs.

    Args:
        org: The organisation (who may hand off to whom, managers for escalation).
        roster: The agents' models (required: every agent answers or hands off).
        config: `DelegationConfig` or a dict of its fields.
        guard_config: The loop guard's limits (depth, dedup, rate, breaker).
        guard_store: The guard state (DESIGN section 6's spelling of `stores.guard_state`).
        stores: `stores.guard_state`, `stores.loop_records`, `stores.escalations`.
        checkpointer: LangGraph's checkpointer (durable threads, human escalations).
        store: LangGraph's `BaseStore`, passed to `compile` (a `GuardStateStore` here is the
            older spelling of `guard_store=`: it warns).
        name: The compiled graph's name.
        **deprecated: The older store keywords `loop_records=` and `escalations=` (they warn).

    Example:
        >>> graph = create_delegation_graph(org, roster)  # doctest: +SKIP
        >>> out = graph.invoke({"task": "Ship it", "entry_agent": "cto"})  # doctest: +SKIP
        >>> out["result"].answer  # doctest: +SKIP
    """
    org, members = leading_org("create_delegation_graph", org, roster)
    aliases = store_aliases("create_delegation_graph", deprecated, DelegationStoreAliases)
    base_store, guard_store = _split_stores(store, guard_store)
    kept = bundle(stores, guard_store=guard_store, **aliases)
    builder = _build(org, members, config, guard_config, kept)
    compiled: DelegationGraph = compile_graph(
        builder, checkpointer=checkpointer, store=base_store, name=name, family="delegation"
    )
    return compiled


def _split_stores(
    store: object, guard_store: GuardStateStore | None
) -> tuple[BaseStore | None, GuardStateStore | None]:
    """`store=` is LangGraph's BaseStore; a GuardStateStore there is the older spelling of
    `guard_store=` (it warns)."""
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
    deprecated(
        "create_delegation_graph(store=<GuardStateStore>)",
        "guard_store= (or stores=CouncilStores(guard_state=...))",
        stacklevel=3,
    )
    return None, store


build_delegation_graph = uncompiled(create_delegation_graph)
"""Dropped from the surface (issue 31): the facade hands it out with a warning for one release."""
