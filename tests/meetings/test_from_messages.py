"""A meeting started from messages only, and a follow-up meeting that sees the first's minutes."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import create_meeting_graph
from tests.graphs.councils import DECISION, ROUND, is_outcome, meeting_agent, meeting_roster


def test_a_human_message_is_the_agenda_and_the_run_ends_with_one_prose_outcome() -> None:
    graph = meeting_agent(InMemorySaver())
    cfg: Any = {"configurable": {"thread_id": "mm"}}
    out = graph.invoke({"messages": [HumanMessage("Which database for billing?")]}, cfg)
    assert out["minutes"].agenda.title == "Which database for billing?"
    assert out["minutes"].leader_id == "lead"  # defaults from the roster
    messages = out["messages"]
    assert messages[0].content == "Which database for billing?"
    assert [m for m in messages if is_outcome(m)] == [messages[-1]]
    assert messages[-1].content.startswith("The meeting ended: Which database for billing?")
    assert f"Decisions:\n- {DECISION}" in messages[-1].content


def test_a_follow_up_starts_a_new_meeting_with_the_earlier_minutes_fenced() -> None:
    graph = meeting_agent(InMemorySaver())
    cfg: Any = {"configurable": {"thread_id": "mf"}}
    first = graph.invoke({"messages": [HumanMessage("Which database for billing?")]}, cfg)
    second = graph.invoke({"messages": [HumanMessage("Who sets up the backups?")]}, cfg)
    minutes = second["minutes"]
    assert minutes.meeting_id != first["minutes"].meeting_id
    assert minutes.agenda.title == "Who sets up the backups?"
    assert first["minutes"].meeting_id in minutes.agenda.context
    assert DECISION in minutes.agenda.context
    state = graph.get_state(cfg).values
    outcomes = [m for m in state["messages"] if is_outcome(m)]
    assert len(outcomes) == 2  # the conversation keeps both questions and both outcomes
    assert second["messages"][-1].content.startswith("The meeting ended: Who sets up")


def test_the_earlier_minutes_reach_the_agents_as_fenced_context() -> None:
    roster = meeting_roster()
    graph = create_meeting_graph(
        roster, protocol="round_robin", config=ROUND, checkpointer=InMemorySaver()
    )
    cfg: Any = {"configurable": {"thread_id": "mc"}}
    graph.invoke({"messages": [HumanMessage("Which database for billing?")]}, cfg)
    graph.invoke({"messages": [HumanMessage("Who sets up the backups?")]}, cfg)
    model: Any = roster.model_for("dev")
    prompt = model.calls[-1].prompt
    assert '<task-data field="context">' in prompt
    assert f"- {DECISION}" in prompt.split('<task-data field="context">', 1)[1]


def test_contributions_stream_as_messages_from_the_subgraph() -> None:
    graph = meeting_agent()
    chunks = list(
        graph.stream(
            {"messages": [HumanMessage("Which database for billing?")]},
            stream_mode="messages",
            subgraphs=True,
        )
    )
    said = [msg for _ns, (msg, _meta) in chunks if isinstance(msg, AIMessage)]
    names = [m.name for m in said]
    assert {"dev", "ops"} <= set(names)  # the contributions reach a chat UI as they are said
    assert names.index("dev") < names.index("council")
    assert is_outcome(said[-1])
