"""One factory surface: registries, graph aliases, `store=` and where state types live."""

from __future__ import annotations

from typing import Any, get_args

import pytest

import langgraph_council.graphs as graphs
import langgraph_council.graphs._conflicts as conflicts_module
import langgraph_council.graphs._meetings as meetings_module
from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    create_conflict_graph,
    create_delegation_graph,
    register_conflict_strategy,
    register_meeting_protocol,
)
from langgraph_council.graphs._meeting_protocols import build_round_robin
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel


def _strategy(org: Any, roster: Any, config: Any) -> Any:
    return conflicts_module.build_authority_strategy(org, roster, config)


@pytest.mark.parametrize(
    ("register", "module", "attribute", "builder", "taken"),
    [
        (register_meeting_protocol, meetings_module, "_PROTOCOLS", build_round_robin, "finalize"),
        (register_conflict_strategy, conflicts_module, "_STRATEGIES", _strategy, "await_human"),
    ],
)
def test_both_registries_refuse_an_existing_name_unless_replaced(
    monkeypatch: pytest.MonkeyPatch,
    register: Any,
    module: Any,
    attribute: str,
    builder: Any,
    taken: str,
) -> None:
    monkeypatch.setattr(module, attribute, getattr(module, attribute).copy())
    register("house_rule", builder)
    with pytest.raises(ValueError, match="'house_rule' is already registered; pass replace=True"):
        register("house_rule", builder)
    register("house_rule", builder, replace=True)
    with pytest.raises(ValueError, match="is a node of the"):
        register(taken, builder)
    with pytest.raises(ValueError, match="snake_case"):
        register("House Rule", builder)
    with pytest.raises(TypeError, match="must be callable"):
        register("other_rule", "not a builder")


def test_graph_aliases_are_typed_by_their_state() -> None:
    from langgraph_council.graphs._conflicts import ConflictGraph
    from langgraph_council.graphs._delegation import DelegationGraph
    from langgraph_council.graphs._meetings import MeetingGraph
    from langgraph_council.nodes._conflicts.state import ConflictState
    from langgraph_council.nodes._delegation.state import DelegationState
    from langgraph_council.nodes._meetings.state import MeetingState

    assert get_args(MeetingGraph)[0] is MeetingState
    assert get_args(ConflictGraph)[0] is ConflictState
    assert get_args(DelegationGraph)[0] is DelegationState


def test_store_means_langgraphs_store_and_guard_state_has_its_own_argument(org: Org) -> None:
    from langgraph.store.memory import InMemoryStore

    roster = Roster(org, default_model=ScriptedChatModel([]))
    store = InMemoryStore()
    assert create_delegation_graph(org, roster, store=store).store is store
    with pytest.raises(TypeError, match=r"store must be LangGraph's BaseStore.*guard_store="):
        create_delegation_graph(org, roster, store=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="escalations must be an EscalationStore"):
        create_conflict_graph(org, stores=CouncilStores(escalations=object()))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="escalations must be an EscalationStore"):
        create_delegation_graph(
            org,
            roster,
            stores=CouncilStores(escalations=object()),  # type: ignore[arg-type]
        )


def test_state_types_live_in_nodes_and_stay_importable_from_graphs() -> None:
    from langgraph_council.checkpoints._runner import meetings
    from langgraph_council.graphs._conflict_batch import BatchState
    from langgraph_council.nodes._conflicts.batch import BatchState as NodesBatchState

    assert BatchState is NodesBatchState
    assert graphs.MeetingType is meetings.MeetingType
    assert graphs.TriggeredMeeting is meetings.TriggeredMeeting
