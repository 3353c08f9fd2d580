"""Any agent hands work off (issue 32 item 4): an `AgentFactory` entry is built around the
hand-off tool, calls it inside its own run, and the delegation graph's guard checks it."""

from __future__ import annotations

from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.tools import BaseTool

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import create_delegation_graph
from langgraph_council.guards import InMemoryLoopRecordStore
from langgraph_council.nodes import AgentFactory, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.delegation.scripts import HandOffReply, run

MODES = pytest.mark.parametrize("mode", ["sync", "async"])


def _agent_of(model: ScriptedChatModel, built: list[list[str]]) -> AgentFactory:
    def build(tools: list[BaseTool]) -> Any:
        built.append([t.name for t in tools])
        return create_agent(model, tools)

    return AgentFactory(build)


@MODES
async def test_an_agent_delegates_through_the_guard_and_gets_the_answer_back(
    org: Org, hand: HandOffReply, mode: str
) -> None:
    agent_model = ScriptedChatModel(
        {"cto": [hand("backend_lead", "design the API"), "CTO: approved the lead's design"]}
    )
    built: list[list[str]] = []
    roster = Roster(
        org,
        {"cto": _agent_of(agent_model, built)},
        default_model=ScriptedChatModel({"backend_lead": ["lead: API designed"]}),
    )
    graph = create_delegation_graph(org, roster)
    out = await run(graph, {"task": "Ship the billing API", "entry_agent": "cto"}, mode)
    result = out["result"]
    assert (result.status, result.answer, result.answered_by) == (
        "answered",
        "CTO: approved the lead's design",
        "cto",
    )
    assert [(d.delegator, d.delegatee, d.refinement) for d in out["delegations"]] == [
        ("cto", "backend_lead", "design the API")
    ]
    assert out["blocked"] == []
    assert built[-1] == ["delegate_to"]  # the factory was given the hand-off tool
    # the agent's hand-off ended its run: one model call, then one for the answer
    assert [c.agent_id for c in agent_model.calls] == ["cto", "cto"]
    assert "lead: API designed" in agent_model.calls[1].prompt


def test_an_agents_blocked_hand_off_is_still_blocked(org: Org, hand: HandOffReply) -> None:
    agent_model = ScriptedChatModel({"backend_lead": [hand("ui_dev", "style the page")]})
    records = InMemoryLoopRecordStore()
    roster = Roster(
        org,
        {"backend_lead": _agent_of(agent_model, [])},
        default_model=ScriptedChatModel(
            {"cto": [hand("backend_lead"), "CTO: I styled it myself", "CTO: done"]}
        ),
    )
    graph = create_delegation_graph(org, roster, stores=CouncilStores(loop_records=records))
    out = graph.invoke({"task": "Landing page", "entry_agent": "cto", "task_id": "T-1"})
    (blocked,) = out["blocked"]
    assert (blocked.delegator, blocked.delegatee, blocked.mechanism) == (
        "backend_lead",
        "ui_dev",
        "authority",
    )
    assert [(d.delegator, d.delegatee) for d in out["delegations"]] == [("cto", "backend_lead")]
