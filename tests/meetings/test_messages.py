"""The meeting as a conversation: one named AI message per contribution, in order, once."""

from __future__ import annotations

import operator
from typing import Annotated, Any

import pytest
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import MeetingKeys
from langgraph_council.nodes.testing import ScriptCall

PROTOCOL_CONTEXT: dict[str, dict[str, Any]] = {
    "round_robin": {"round_robin": {"max_turns_per_agent": 2}},
    "position_papers": {},
    "structured_phases": {
        "structured_phases": {
            "skip_discussion_if_no_conflicts": False,
            "premortem": True,
        }
    },
}


SYNTHESIS = ("summary", "synthesis")  # their messages are prose, their contributions raw


def _reply(position: Any) -> Any:
    def reply(call: ScriptCall) -> str:
        return position(f"{call.agent_id} backs Postgres", f"{call.agent_id} ran the numbers")

    return reply


def _named(messages: list[Any]) -> list[tuple[str | None, str]]:
    assert all(isinstance(m, AIMessage) for m in messages)
    return [(m.name, m.content) for m in messages]


@pytest.mark.parametrize("protocol", sorted(PROTOCOL_CONTEXT))
def test_one_named_message_per_contribution_in_order(
    protocol: str, make_roster: Any, meeting_input: Any, position: Any
) -> None:
    roster, _ = make_roster(_reply(position))
    graph = create_meeting_graph(roster, protocol=protocol, checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": protocol}}
    out = graph.invoke(meeting_input(), cfg, context=PROTOCOL_CONTEXT[protocol])
    minutes = out["minutes"]
    messages = graph.get_state(cfg).values["messages"]
    speech, closing = messages[:-1], messages[-1]
    assert [m.name for m in speech] == [c.agent_id for c in minutes.contributions]
    said = [(m.name, m.content) for m in speech if m.response_metadata["phase"] not in SYNTHESIS]
    assert said == [
        (c.agent_id, c.content) for c in minutes.contributions if c.phase not in SYNTHESIS
    ]
    assert len({m.id for m in messages}) == len(messages)
    assert speech[-1].name == "cto"  # the leader's synthesis, then the council's outcome
    assert (closing.name, closing.response_metadata["kind"]) == ("council", "outcome")
    assert out["messages"] == messages  # the output schema carries them too
    phases = {m.response_metadata["phase"] for m in speech}
    assert phases == {c.phase for c in minutes.contributions}


def test_a_second_meeting_on_the_thread_starts_a_fresh_conversation(
    make_roster: Any, meeting_input: Any, position: Any
) -> None:
    roster, _ = make_roster(_reply(position))
    graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "again"}}
    ctx = {"round_robin": {"max_turns_per_agent": 1}}
    graph.invoke(meeting_input(), cfg, context=ctx)
    second = graph.invoke(meeting_input(), cfg, context=ctx)["minutes"]
    messages = graph.get_state(cfg).values["messages"]
    assert len(messages) == len(second.contributions) + 1  # and the closing message
    assert all(m.id.startswith(second.meeting_id) for m in messages)


class AppState(MeetingKeys):
    """A parent graph with its own conversation."""

    messages: Annotated[list[AnyMessage], add_messages]
    asked: Annotated[int, operator.add]


def test_a_parent_with_its_own_messages_receives_the_meeting_after_its_own(
    make_roster: Any, meeting_input: Any, position: Any
) -> None:
    roster, _ = make_roster(_reply(position))
    meeting = create_meeting_graph(roster, protocol="round_robin")
    parent = StateGraph(AppState)
    parent.add_node("meet", meeting)
    parent.add_edge(START, "meet")
    app = parent.compile(checkpointer=InMemorySaver())
    cfg = {"configurable": {"thread_id": "parent"}}
    question = HumanMessage("Which database?", id="q1")
    out = app.invoke(
        {**meeting_input(), "messages": [question], "asked": 1},
        cfg,
        context={"round_robin": {"max_turns_per_agent": 1}},
    )
    minutes = out["minutes"]
    assert out["messages"][0] == question  # the parent's own message is kept, first
    meeting = out["messages"][1:-1]
    assert [m.name for m in meeting] == [c.agent_id for c in minutes.contributions]
    assert out["messages"][-1].name == "council"
