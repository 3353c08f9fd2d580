"""The drawn shape of the delegation graph (node names are public: they live in checkpoints)."""

from __future__ import annotations

from syrupy.assertion import SnapshotAssertion

from langgraph_council.graphs import create_delegation_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel


def test_the_graph_shape(org: Org, snapshot: SnapshotAssertion) -> None:
    roster = Roster(org, default_model=ScriptedChatModel([]))
    drawn = create_delegation_graph(org, roster).get_graph().draw_mermaid(with_styles=False)
    assert drawn == snapshot
    graph = create_delegation_graph(org, roster)
    assert set(graph.builder.nodes) == {
        "start_task",
        "call_agent",
        "delegation_guard",
        "escalate_to_manager",
        "escalate_to_human",
        "await_human",
        "finish",
    }
