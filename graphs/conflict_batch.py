"""The batch conflict graph: resolve several conflicts in parallel, each with its own escalation."""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypeAlias

from langchain_core.runnables import RunnableConfig, RunnableLambda
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer, Send
from typing_extensions import TypedDict

from langgraph_council.graphs.conflicts import build_conflict_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.conflicts import (
    Conflict,
    ConflictContext,
    ConflictInput,
    ConflictResolution,
    ConflictResolutionConfig,
    DissentRecord,
    DissentStore,
    EscalationStore,
)
from langgraph_council.nodes.conflicts.intake import coerce_conflict

__all__ = [
    "BatchInput",
    "BatchState",
    "build_conflict_batch_graph",
    "create_conflict_batch_graph",
]


def add_resolutions(
    left: list[ConflictResolution], right: list[ConflictResolution]
) -> list[ConflictResolution]:
    """Merge resolutions from parallel branches, ordered by conflict id."""
    return sorted([*left, *right], key=lambda r: r.conflict_id)


class BatchInput(TypedDict):
    """What a caller passes: the conflicts to resolve (unique ids)."""

    conflicts: list[Conflict]


class BatchState(TypedDict):
    """Batch state: every branch appends its resolution and dissent records."""

    conflicts: list[Conflict]
    resolutions: Annotated[list[ConflictResolution], add_resolutions]
    dissent_records: Annotated[list[DissentRecord], operator.add]
    tokens_used: Annotated[int, operator.add]


BatchGraph: TypeAlias = "CompiledStateGraph[BatchState, ConflictContext, BatchInput, Any]"


def _fan_out(state: BatchState) -> list[Send]:
    conflicts = [coerce_conflict(c) for c in state.get("conflicts") or []]
    if not conflicts:
        raise ValueError("input needs {'conflicts': [Conflict, ...]} with at least one conflict")
    ids = [c.id for c in conflicts]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(
            f"conflicts: ids {duplicates} appear twice; every conflict needs its own id"
        )
    return [Send("resolve_conflict", {"conflict": c}) for c in conflicts]


def build_conflict_batch_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    config: ConflictResolutionConfig = ConflictResolutionConfig(),  # noqa: B008 - frozen
    escalations: EscalationStore | None = None,
    dissent_store: DissentStore | None = None,
) -> StateGraph[BatchState, ConflictContext, BatchInput, Any]:
    """Wire the batch graph (uncompiled): one `resolve_conflict` branch per conflict.

    Each branch runs the conflict graph, so several human escalations can wait at once, each
    with its own `interrupt()`; answer them together with `EscalationQueue.decide_many`.

    Example:
        >>> graph = build_conflict_batch_graph(org, roster).compile()  # doctest: +SKIP
    """
    inner = build_conflict_graph(
        org, roster, config=config, escalations=escalations, dissent_store=dissent_store
    ).compile()

    def resolve(state: ConflictInput, config: RunnableConfig) -> dict[str, Any]:
        return _collect(inner.invoke({"conflict": state["conflict"]}, config))

    async def aresolve(state: ConflictInput, config: RunnableConfig) -> dict[str, Any]:
        return _collect(await inner.ainvoke({"conflict": state["conflict"]}, config))

    graph = StateGraph(BatchState, context_schema=ConflictContext, input_schema=BatchInput)
    graph.add_node("resolve_conflict", RunnableLambda(resolve, afunc=aresolve))
    graph.add_conditional_edges(START, _fan_out, ["resolve_conflict"])
    graph.add_edge("resolve_conflict", END)
    return graph


def _collect(out: dict[str, Any]) -> dict[str, Any]:
    return {
        "resolutions": [out["resolution"]],
        "dissent_records": out["dissent_records"],
        "tokens_used": out["tokens_used"],
    }


def create_conflict_batch_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    config: ConflictResolutionConfig = ConflictResolutionConfig(),  # noqa: B008 - frozen
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    escalations: EscalationStore | None = None,
    dissent_store: DissentStore | None = None,
    name: str = "conflict_batch",
) -> BatchGraph:
    """Build and compile the batch graph. Input `{"conflicts": [...]}`; output `resolutions`.

    Example:
        >>> graph = create_conflict_batch_graph(org, checkpointer=saver)  # doctest: +SKIP
        >>> graph.invoke({"conflicts": [a, b]}, cfg)["resolutions"]  # doctest: +SKIP
    """
    builder = build_conflict_batch_graph(
        org, roster, config=config, escalations=escalations, dissent_store=dissent_store
    )
    return builder.compile(checkpointer=checkpointer, store=store, name=name)
