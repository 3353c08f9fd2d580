"""Delegation started from messages only: the last human message is the task."""

from __future__ import annotations

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import create_delegation_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.delegation.scripts import HandOffReply


def test_a_human_message_is_the_task_from_the_most_senior_agent(
    org: Org, hand: HandOffReply
) -> None:
    model = ScriptedChatModel(
        {
            "ceo": [hand("cto", "ship the billing API"), "CEO: shipped", "CEO: both shipped"],
            "cto": ["CTO: done", "CTO: refunds done"],
        }
    )
    graph = create_delegation_graph(
        org, Roster(org, default_model=model), checkpointer=InMemorySaver()
    )
    cfg = {"configurable": {"thread_id": "dm"}}
    out = graph.invoke({"messages": [HumanMessage("Ship the billing API")]}, cfg)
    assert out["result"].answered_by == "ceo"  # the org's most senior agent entered
    assert model.calls[0].agent_id == "ceo"
    assert "Ship the billing API" in model.calls[0].prompt
    assert out["messages"][0].content == "Ship the billing API"
    closing = out["messages"][-1]
    assert closing.name == "council"
    assert closing.content.startswith("Answer from ceo:\nCEO: shipped")
    # A follow-up on the thread is a new task, not the old one again.
    out = graph.invoke({"messages": [HumanMessage("Now add refunds")]}, cfg)
    assert "Now add refunds" in model.calls[-1].prompt
    assert out["messages"][-1].content.startswith("Answer from ceo:")
