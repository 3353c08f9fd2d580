"""Compiled LangGraph graphs: this package only wires nodes and guards together."""

from langgraph_council.graphs.conflict_batch import (
    build_conflict_batch_graph,
    create_conflict_batch_graph,
)
from langgraph_council.graphs.conflicts import (
    build_conflict_graph,
    conflict_strategies,
    create_conflict_graph,
    register_conflict_strategy,
)
from langgraph_council.nodes.conflicts import ConflictResolutionConfig

__all__ = [
    "ConflictResolutionConfig",
    "build_conflict_batch_graph",
    "build_conflict_graph",
    "conflict_strategies",
    "create_conflict_batch_graph",
    "create_conflict_graph",
    "register_conflict_strategy",
]
