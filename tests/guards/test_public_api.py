"""The names other code imports, and the drawn shape of the delegation graph."""

from __future__ import annotations

from syrupy.assertion import SnapshotAssertion

import langgraph_council.checkpoints as checkpoints
import langgraph_council.graphs as graphs
import langgraph_council.guards as guards
import langgraph_council.nodes.delegation as delegation
from langgraph_council.graphs import build_delegation_graph, create_delegation_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel


def test_the_exported_names() -> None:
    for module in (guards, graphs, delegation):
        assert module.__all__ == sorted(module.__all__), module.__name__
    for module in (guards, graphs, delegation, checkpoints):
        for name in module.__all__:
            assert getattr(module, name) is not None
    assert {
        "GuardOutcome",
        "GuardStateStore",
        "InMemoryGuardStateStore",
        "LoopGuard",
        "LoopPreventionConfig",
        "make_delegation_guard",
    } <= set(guards.__all__)
    assert {"build_delegation_graph", "create_delegation_graph"} <= set(graphs.__all__)
    assert {"PostgresGuardStateStore", "PostgresLoopRecordStore"} <= set(checkpoints.__all__)


def test_the_postgres_store_satisfies_the_protocol_structurally() -> None:
    assert issubclass(checkpoints.PostgresGuardStateStore, guards.GuardStateStore)
    assert issubclass(checkpoints.PostgresLoopRecordStore, guards.LoopRecordStore)


def test_the_graph_shape(org: Org, snapshot: SnapshotAssertion) -> None:
    roster = Roster(org, default_model=ScriptedChatModel([]))
    drawn = create_delegation_graph(org, roster).get_graph().draw_mermaid(with_styles=False)
    assert drawn == snapshot
    builder = build_delegation_graph(org, roster)
    assert set(builder.nodes) == {
        "start_task",
        "call_agent",
        "delegation_guard",
        "escalate_to_manager",
        "escalate_to_human",
        "finish",
    }
