"""Compiled LangGraph graphs: this package only wires nodes and guards together."""

from langgraph_council.graphs.delegation import (
    DelegationGraph,
    build_delegation_graph,
    create_delegation_graph,
)
from langgraph_council.nodes.delegation.models import DelegationConfig

__all__ = [
    "DelegationConfig",
    "DelegationGraph",
    "build_delegation_graph",
    "create_delegation_graph",
]
