"""Dissent records persist and answer queries; custom strategies plug in by name."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from langgraph.graph import END, START, StateGraph
from syrupy.assertion import SnapshotAssertion

import langgraph_council.graphs._conflicts as conflicts_module
from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    build_conflict_graph,
    create_conflict_graph,
    register_conflict_strategy,
)
from langgraph_council.nodes import ConflictOutcome, ConflictResolution, Org, Roster
from langgraph_council.nodes._conflicts.dissent import (
    DissentStore,
    build_dissent_records,
)
from langgraph_council.nodes._conflicts.state import StrategyInput, StrategyOutput, StrategyState
from tests.backends import Backend

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def dissent_store(backend: Backend) -> DissentStore:
    """The dissent store of the memory-or-Postgres matrix."""
    store: DissentStore = backend.dissent_store
    return store


def _resolve(
    kit: Any,
    agents: tuple[str, ...],
    winner: str,
    *,
    kind: str,
    at: datetime,
    strategy: str,
    conflict_id: str,
) -> list[Any]:
    conflict = kit.conflict(*agents, kind=kind, conflict_id=conflict_id)
    resolution = ConflictResolution(
        conflict_id=conflict.id,
        outcome=ConflictOutcome.RESOLVED_BY_DEBATE,
        winning_agent_id=winner,
        winning_position=conflict.position_of(winner).position,
        decided_by="cto",
        reasoning="r",
        resolved_at=at,
    )
    return build_dissent_records(conflict, resolution, strategy=strategy)


def test_queries_filter_by_agent_type_strategy_and_time(kit: Any, dissent_store: Any) -> None:
    records = [
        *_resolve(
            kit,
            ("junior_dev", "senior_dev"),
            "senior_dev",
            kind="architecture",
            at=T0,
            strategy="debate",
            conflict_id="a",
        ),
        *_resolve(
            kit,
            ("junior_dev", "ui_dev"),
            "ui_dev",
            kind="priority",
            at=T0 + timedelta(hours=1),
            strategy="debate",
            conflict_id="b",
        ),
        *_resolve(
            kit,
            ("junior_dev", "qa_engineer", "cto"),
            "cto",
            kind="architecture",
            at=T0 + timedelta(hours=2),
            strategy="authority",
            conflict_id="c",
        ),
    ]
    dissent_store.put_many(records)
    dissent_store.put_many(records)  # storing twice keeps one copy

    def ids(**filters: Any) -> list[str]:
        return [f"{r.conflict_id}:{r.dissenting_agent_id}" for r in dissent_store.list(**filters)]

    assert ids() == ["a:junior_dev", "b:junior_dev", "c:junior_dev", "c:qa_engineer"]
    assert ids(agent_id="junior_dev", conflict_type="architecture") == [
        "a:junior_dev",
        "c:junior_dev",
    ]
    assert ids(agent_id="junior_dev", strategy="debate", since=T0 + timedelta(hours=1)) == [
        "b:junior_dev"
    ]
    assert ids(since=T0 + timedelta(hours=2)) == ["c:junior_dev", "c:qa_engineer"]
    assert ids(strategy="authority", conflict_type="priority") == []
    with pytest.raises(ValueError, match="timezone-aware"):
        dissent_store.list(since=datetime(2026, 1, 1))


def test_bad_filters_are_refused_before_any_record_is_stored(dissent_store: Any) -> None:
    """Every store checks `since` and `conflict_type` up front, not record by record."""
    with pytest.raises(ValueError, match="timezone-aware"):
        dissent_store.list(since=datetime(2026, 1, 1))
    with pytest.raises(ValueError, match="not a valid ConflictType"):
        dissent_store.list(conflict_type="no_such_type")


def test_the_graph_persists_dissent(kit: Any, org: Org, dissent_store: Any) -> None:
    graph = create_conflict_graph(org, stores=CouncilStores(dissent=dissent_store))
    out = graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev", "ui_dev")})
    stored = dissent_store.list(strategy="authority")
    assert stored == sorted(out["dissent_records"], key=lambda r: r.dissenting_agent_id)
    assert {r.dissenting_agent_id for r in stored} == {"junior_dev", "ui_dev"}


def _build_youngest_wins(org: Org, roster: Roster | None, config: Any) -> Any:
    """A user strategy: the most junior party wins (for testing the registry)."""

    def decide(state: StrategyState) -> dict[str, Any]:
        conflict = state["conflict"]
        winner = min(conflict.positions, key=lambda p: (p.agent_level.rank, p.agent_id))
        resolution = ConflictResolution(
            conflict_id=conflict.id,
            outcome=ConflictOutcome.RESOLVED_BY_AUTHORITY,
            winning_agent_id=winner.agent_id,
            winning_position=winner.position,
            decided_by="policy:youngest",
            reasoning="fresh eyes",
        )
        return {"route": "resolved", "resolution": resolution}

    graph = StateGraph(StrategyState, input_schema=StrategyInput, output_schema=StrategyOutput)
    graph.add_node("pick_youngest", decide)
    graph.add_edge(START, "pick_youngest")
    graph.add_edge("pick_youngest", END)
    return graph


def test_a_registered_strategy_is_selectable(
    kit: Any, org: Org, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(conflicts_module, "_STRATEGIES", conflicts_module._STRATEGIES.copy())
    register_conflict_strategy("youngest_wins", _build_youngest_wins)
    config = ConflictResolutionConfig(by_department={"backend": "youngest_wins"})
    graph = create_conflict_graph(org, config=config)
    out = graph.invoke({"conflict": kit.conflict("senior_dev", "junior_dev")})
    assert out["resolution"].winning_agent_id == "junior_dev"
    assert out["dissent_records"][0].strategy_used == "youngest_wins"
    cross = graph.invoke({"conflict": kit.conflict("senior_dev", "ui_dev")})
    assert cross["resolution"].winning_agent_id == "senior_dev"
    with pytest.raises(ValueError, match="already registered"):
        register_conflict_strategy("youngest_wins", _build_youngest_wins)
    with pytest.raises(ValueError, match="snake_case"):
        register_conflict_strategy("Youngest Wins", _build_youngest_wins)
    with pytest.raises(ValueError, match="is a node of the conflict graph"):
        register_conflict_strategy("await_human", _build_youngest_wins)


def test_graph_shape_names_every_public_node(org: Org, snapshot: SnapshotAssertion) -> None:
    graph = build_conflict_graph(org).compile()
    assert graph.get_graph().draw_mermaid(with_styles=False) == snapshot
    inner = set(graph.get_graph(xray=True).nodes)
    assert {
        "debate:argue",
        "debate:rebut",
        "debate:judge",
        "ladder:negotiate",
        "authority:rank_parties",
        "hybrid:review",
    } <= inner
