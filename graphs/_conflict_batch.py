"""The batch conflict graph: resolve several conflicts in parallel, each with its own escalation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, Unpack

from langchain_core.runnables import RunnableConfig, RunnableLambda
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs._compile import compile_graph, mark_steps
from langgraph_council.graphs._conflicts import ConflictStoreAliases, conflict_builder
from langgraph_council.graphs._shape import bundle, leading_org, store_aliases, uncompiled
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._conflicts.batch import (
    ANNOUNCE_RULINGS,
    RESOLVE_CONFLICT,
    BatchInput,
    BatchState,
    announce_rulings,
    collect_resolution,
    fan_out_conflicts,
)
from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes._conflicts.state import ConflictContext, ConflictInput

__all__ = [
    "BatchGraph",
    "BatchInput",
    "BatchState",
    "create_conflict_batch_graph",
]


BatchGraph: TypeAlias = CompiledStateGraph[BatchState, ConflictContext, BatchInput, Any]


def _build(
    org: Org,
    roster: Roster | None,
    config: ConflictResolutionConfig | Mapping[str, Any] | None,
    kept: CouncilStores,
) -> StateGraph[BatchState, ConflictContext, BatchInput, Any]:
    """The batch graph, wired, once the arguments are in their taught spelling."""
    inner = mark_steps(conflict_builder(org, roster, config, kept).compile(), "conflict")

    def resolve(state: ConflictInput, config: RunnableConfig) -> dict[str, Any]:
        return collect_resolution(inner.invoke({"conflict": state["conflict"]}, config))

    async def aresolve(state: ConflictInput, config: RunnableConfig) -> dict[str, Any]:
        return collect_resolution(await inner.ainvoke({"conflict": state["conflict"]}, config))

    graph = StateGraph(BatchState, context_schema=ConflictContext, input_schema=BatchInput)
    graph.add_node(RESOLVE_CONFLICT, RunnableLambda(resolve, afunc=aresolve))
    graph.add_conditional_edges(START, fan_out_conflicts, [RESOLVE_CONFLICT])
    graph.add_node(ANNOUNCE_RULINGS, announce_rulings)
    graph.add_edge(RESOLVE_CONFLICT, ANNOUNCE_RULINGS)
    graph.add_edge(ANNOUNCE_RULINGS, END)
    return graph


def create_conflict_batch_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    config: ConflictResolutionConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "conflict_batch",
    **deprecated: Unpack[ConflictStoreAliases],
) -> BatchGraph:
    """Build and compile the batch graph. Input `{"conflicts": [...]}`; output `resolutions`.

    One `resolve_conflict` branch runs the conflict graph per conflict, so several human
    escalations can wait at once, each with its own `interrupt()`; answer them together with
    `EscalationQueue.decide_many`.

    Args:
        org, roster, config, stores: As `build_conflict_graph`.
        checkpointer, store, name: As `create_conflict_graph`.
        **deprecated: The older store keywords `escalations=` and `dissent_store=` (they warn).

    Example:
        >>> graph = create_conflict_batch_graph(org, checkpointer=saver)  # doctest: +SKIP
        >>> graph.invoke({"conflicts": [a, b]}, cfg)["resolutions"]  # doctest: +SKIP
    """
    org, roster = leading_org("create_conflict_batch_graph", org, roster)
    aliases = store_aliases("create_conflict_batch_graph", deprecated, ConflictStoreAliases)
    builder = _build(org, roster, config, bundle(stores, **aliases))
    compiled: BatchGraph = compile_graph(
        builder, checkpointer=checkpointer, store=store, name=name, family="conflict_batch"
    )
    return compiled


build_conflict_batch_graph = uncompiled(create_conflict_batch_graph)
"""Dropped from the surface (issue 31): the facade hands it out with a warning for one release."""
