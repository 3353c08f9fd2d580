"""Delegation as a conversation: each hand-off and answer is a named AI message, once."""

from __future__ import annotations

from langchain_core.messages import AIMessage
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import create_delegation_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.delegation.scripts import HandOffReply


def test_hand_offs_and_answers_read_as_a_conversation(org: Org, hand: HandOffReply) -> None:
    model = ScriptedChatModel(
        {
            "cto": [hand("backend_lead", "design the API"), "CTO: approved"],
            "backend_lead": ["lead: designed"],
        }
    )
    graph = create_delegation_graph(
        org, Roster(org, default_model=model), checkpointer=InMemorySaver()
    )
    cfg = {"configurable": {"thread_id": "d"}}
    out = graph.invoke({"task": "Ship the billing API", "entry_agent": "cto"}, cfg)
    messages = graph.get_state(cfg).values["messages"]
    assert all(isinstance(m, AIMessage) for m in messages)
    assert [(m.name, m.content) for m in messages[:-1]] == [
        ("cto", "Handing to backend_lead: design the API"),
        ("backend_lead", "lead: designed"),
        ("cto", "CTO: approved"),
    ]
    closing = messages[-1]  # the council's reply: the answer, in prose
    assert closing.name == "council" and closing.response_metadata["kind"] == "outcome"
    assert closing.content.startswith("Answer from cto:\nCTO: approved")
    assert "Hand-offs: 1 delivered, 0 blocked." in closing.content
    assert len({m.id for m in messages}) == 4
    assert out["messages"] == messages
