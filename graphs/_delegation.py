"""The delegation graph: a task enters at an agent, every hand-off passes the guard."""

from __future__ import annotations

from typing import Any, TypeAlias

from langgraph.graph import END, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.guards import (
    GuardStateStore,
    LoopGuard,
    LoopPreventionConfig,
    LoopRecordStore,
    make_delegation_guard,
)
from langgraph_council.nodes._agents import Roster
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
from langgraph_council.nodes._delegation.state import (
    DelegationContext,
    DelegationInput,
    DelegationOutput,
    DelegationState,
)
from langgraph_council.nodes._escalation.store import EscalationStore, check_escalation_store
from langgraph_council.nodes._org import Org

__all__ = ["DelegationGraph", "build_delegation_graph", "create_delegation_graph"]

DelegationGraph: TypeAlias = CompiledStateGraph[
    DelegationState, DelegationContext, DelegationInput, DelegationOutput
]


def build_delegation_graph(
    org: Org,
    roster: Roster,
    *,
    guard_config: LoopPreventionConfig | None = None,
    guard_store: GuardStateStore | None = None,
    loop_records: LoopRecordStore | None = None,
    escalations: EscalationStore | None = None,
) -> StateGraph[DelegationState, DelegationContext, DelegationInput, DelegationOutput]:
    """Wire the delegation graph without compiling it (for composition and shape snapshots).

    `escalations` (e.g. `checkpoints.EscalationQueue`) keeps the human escalations of hand-offs
    blocked at the top of the hierarchy, listable and decidable from any process.

    Example:
        >>> builder = build_delegation_graph(org, roster)  # doctest: +SKIP
        >>> graph = builder.compile(checkpointer=saver)  # doctest: +SKIP

    Raises:
        TypeError: If `org` or `roster` has the wrong type.
        ValueError: If the roster was built for a different org.
    """
    if not isinstance(org, Org):
        raise TypeError(f"org must be an Org, got {type(org).__name__}")
    if not isinstance(roster, Roster):
        raise TypeError(f"roster must be a Roster, got {type(roster).__name__}")
    if roster.org is not org and {a.id for a in roster.org} != {a.id for a in org}:
        raise ValueError("roster was built for a different org; pass Roster(org, ...)")
    check_escalation_store(escalations)
    guard = LoopGuard(guard_config, guard_store)
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
    make_delegation_guard(org, guard, loop_records=loop_records).add_to(builder)
    builder.add_node(ESCALATE_TO_MANAGER, make_escalate_to_manager_node(org))
    builder.add_node(ESCALATE_TO_HUMAN, make_escalate_to_human_node(escalations))
    builder.add_node(
        AWAIT_HUMAN,
        make_await_human_node(escalations),
        destinations=(AWAIT_HUMAN, CALL_AGENT, FINISH),
    )
    builder.add_node(FINISH, finish)
    builder.set_entry_point(START_TASK)
    builder.add_edge(START_TASK, CALL_AGENT)
    builder.add_edge(ESCALATE_TO_MANAGER, CALL_AGENT)
    builder.add_edge(ESCALATE_TO_HUMAN, AWAIT_HUMAN)
    builder.add_edge(FINISH, END)
    return builder


def create_delegation_graph(
    org: Org,
    roster: Roster,
    *,
    guard_config: LoopPreventionConfig | None = None,
    guard_store: GuardStateStore | None = None,
    loop_records: LoopRecordStore | None = None,
    escalations: EscalationStore | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "delegation",
) -> DelegationGraph:
    """Build and compile the delegation graph.

    `store` is LangGraph's `BaseStore`, as on every factory; the guard state goes to
    `guard_store`. A `GuardStateStore` passed as `store=` (the spelling of DESIGN section 6)
    is still used as the guard store, without a warning; passing both is an error.
    `escalations` keeps human escalations (hand-offs blocked at the top of the hierarchy)
    decidable from any process, e.g. with `council escalations decide`.

    Input `{"task": str, "entry_agent": id, "task_id"?: str}`; output `result`
    (`DelegationResult`), `delegations` (audit trail) and `blocked` (refused hand-offs).
    Tunables come as the context (`DelegationConfig`, a plain dict of its fields, or a
    namespaced dict `{"delegation": {...}}`). With a checkpointer,
    invoke with `durability="sync"` so a crash never repeats a finished agent call; a guard
    node that re-runs after a crash replays its verdict instead of recording twice.

    Example:
        >>> graph = create_delegation_graph(org, roster)  # doctest: +SKIP
        >>> out = graph.invoke({"task": "Ship it", "entry_agent": "cto"})  # doctest: +SKIP
        >>> out["result"].answer  # doctest: +SKIP
    """
    base_store, guard_store = _split_stores(store, guard_store)
    compiled: DelegationGraph = build_delegation_graph(
        org,
        roster,
        guard_config=guard_config,
        guard_store=guard_store,
        loop_records=loop_records,
        escalations=escalations,
    ).compile(checkpointer=checkpointer, store=base_store, name=name)
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
