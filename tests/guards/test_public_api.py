"""The names other code imports from the guard and checkpoint packages."""

from __future__ import annotations

import langgraph_council.checkpoints as checkpoints
import langgraph_council.graphs as graphs
import langgraph_council.guards as guards
import langgraph_council.nodes._delegation as delegation


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
