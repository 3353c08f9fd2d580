"""Graphs that wait on a human, as `council escalations decide --graph FILE:factory` loads them."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_delegation_graph,
)
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel
from tests.conftest import ORG_YAML

ORG = Org.load(ORG_YAML)
HERE = __file__


def conflict_graph(*, checkpointer: Any, escalations: Any, dissent_store: Any = None) -> Any:
    """A conflict graph whose strategy is `human` (no model is called on that path)."""
    return create_conflict_graph(
        ORG,
        Roster(ORG, default_model=ScriptedChatModel([])),
        config=ConflictResolutionConfig(strategy="human"),
        checkpointer=checkpointer,
        stores=CouncilStores(escalations=escalations, dissent=dissent_store),
    )


def _hand_off(call: ScriptCall) -> AIMessage:
    """Every agent hands the task to an unknown agent: blocked at the top, a human answers."""
    args = {"agent_id": "ghost", "refinement": "x"}
    return AIMessage("", tool_calls=[{"name": "delegate_to", "args": args, "id": "c1"}])


def delegation_graph(*, checkpointer: Any, escalations: Any) -> Any:
    """A delegation graph whose agents hand every task to nobody."""
    return create_delegation_graph(
        ORG,
        Roster(ORG, default_model=ScriptedChatModel(_hand_off)),
        checkpointer=checkpointer,
        stores=CouncilStores(escalations=escalations),
    )
