"""A conflict started from messages only: the parties answer the question, then the strategy."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import create_conflict_graph
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes._conflicts.from_messages import MAX_ASKED_PARTIES
from langgraph_council.nodes.testing import Reply, ScriptCall, ScriptedChatModel
from tests.graphs.councils import conflict_org, party_reply

QUESTION = "Postgres or MongoDB for billing?"


def _debate(org: Org, **config: Any) -> tuple[Any, ScriptedChatModel]:
    def reply(call: ScriptCall) -> Reply:
        if call.agent_id == "boss":
            return "I pick dev: transactions settle it."
        return party_reply(call)

    model = ScriptedChatModel(reply)
    graph = create_conflict_graph(
        org,
        Roster(org, default_model=model),
        config={"strategy": "debate", **config},
        checkpointer=InMemorySaver(),
    )
    return graph, model


def test_the_parties_answer_the_question_and_the_debate_rules() -> None:
    graph, _ = _debate(conflict_org(), parties=["dev", "ops"])
    cfg: Any = {"configurable": {"thread_id": "cm"}}
    out = graph.invoke({"messages": [HumanMessage(QUESTION, id="q1")]}, cfg)
    conflict = out["conflict"]
    assert conflict.id == "asked-q1" and conflict.subject == QUESTION
    assert {p.agent_id: p.position for p in conflict.positions} == {
        "dev": "Postgres",
        "ops": "MongoDB",
    }
    assert conflict.position_of("ops").agent_department == "ops"  # filled from the org
    assert out["resolution"].winning_agent_id == "dev"
    messages = out["messages"]
    assert messages[0].content == QUESTION
    assert [m.name for m in messages[1:3]] == ["dev", "ops"]  # their answers, then the debate
    closing = messages[-1]
    assert closing.name == "council"
    assert closing.content.startswith(f"Ruling on {QUESTION}: dev's position stands")
    assert out["tokens_used"] > 0


def test_without_configured_parties_the_roster_is_asked_up_to_the_cap() -> None:
    boss = AgentProfile(id="boss", name="Boss", role="cto", department="eng", level="director")
    members = [
        AgentProfile(
            id=f"a{i}", name=f"A{i}", role="dev", department="eng", level="mid", manager_id="boss"
        )
        for i in range(6)
    ]
    graph, model = _debate(Org([boss, *members]))
    graph.invoke({"messages": [HumanMessage(QUESTION)]}, {"configurable": {"thread_id": "cc"}})
    asked = {c.agent_id for c in model.calls if "A question was put" in c.prompt}
    assert len(asked) == MAX_ASKED_PARTIES == 4
    assert asked == {"boss", "a0", "a1", "a2"}  # org order


def test_an_unknown_configured_party_is_refused_when_the_graph_is_built() -> None:
    with pytest.raises(ValueError, match=r"config.parties 'nobody' is not an agent of the org"):
        _debate(conflict_org(), parties=["dev", "nobody"])


async def test_the_parties_answer_in_parallel_under_ainvoke() -> None:
    graph, model = _debate(conflict_org(), parties=["dev", "ops"])
    cfg: Any = {"configurable": {"thread_id": "ca"}}
    out = await graph.ainvoke({"messages": [HumanMessage(QUESTION)]}, cfg)
    assert out["resolution"].winning_agent_id == "dev"
    asked = sorted(c.agent_id or "" for c in model.calls if "A question was put" in c.prompt)
    assert asked == ["dev", "ops"]
    assert '<task-data field="question">' in model.calls[0].prompt  # the question is fenced
