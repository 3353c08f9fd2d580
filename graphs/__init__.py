"""Compiled LangGraph graphs: this package only wires nodes and guards together."""

from langgraph_council.graphs.delegation import (
    DelegationGraph,
    build_delegation_graph,
    create_delegation_graph,
)

__all__ = ["DelegationGraph", "build_delegation_graph", "create_delegation_graph"]
