"""A spoken turn's message is its contribution (state version 4): the minutes, the state read
back and a Studio edit of a message all see the same turns, tokens and times."""

from __future__ import annotations

import json
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes._meetings.transcript import SAID_AT, contributions_of, transcript

TRIO_TURNS = {"round_robin": {"max_turns_per_agent": 2}}


def _meeting(make_roster: Any, meeting_input: Any, thread: str) -> tuple[Any, Any, Any]:
    roster, _ = make_roster(lambda call: f"{call.agent_id} says turn words.")
    graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": thread}}
    out = graph.invoke(meeting_input(), config, context=TRIO_TURNS)
    return graph, config, out


def test_each_turn_is_recorded_once_in_its_message(make_roster: Any, meeting_input: Any) -> None:
    graph, config, out = _meeting(make_roster, meeting_input, "records-1")
    minutes = out["minutes"]
    turns = [c for c in minutes.contributions if c.phase == "round_robin"]
    assert len(turns) == 6 and [c.turn for c in turns] == list(range(6))
    values = graph.get_state(config).values
    # the channel keeps no turn, only the summary (its raw reply; its message is prose)
    assert [c.phase for c in values["contributions"]] == ["summary"]
    by_id = {m.id: m for m in values["messages"]}
    for c in turns:
        message = by_id[c.content_ref]
        assert message.name == c.agent_id and message.content == c.content
        assert message.response_metadata["phase"] == "round_robin"
        assert message.response_metadata["turn"] == c.turn
        assert message.response_metadata[SAID_AT] == c.timestamp.isoformat()
        assert message.usage_metadata == {
            "input_tokens": c.input_tokens,
            "output_tokens": c.output_tokens,
            "total_tokens": c.input_tokens + c.output_tokens,
        }
    # read back from the checkpoint: the same contributions, with their words, as the minutes
    assert transcript(values) == [
        c.model_copy(update={"content_ref": None}) for c in minutes.contributions
    ]
    assert minutes.total_output_tokens == sum(c.output_tokens for c in contributions_of(values))


def test_a_message_edited_as_json_keeps_its_turns_tokens(
    make_roster: Any, meeting_input: Any
) -> None:
    graph, config, out = _meeting(make_roster, meeting_input, "records-2")
    first = out["messages"][0]
    spoken = contributions_of(graph.get_state(config).values)[0]
    # Studio and LangGraph Server send a message back as JSON; LangChain's conversion moves
    # usage_metadata into additional_kwargs on the way in
    edited = json.loads(json.dumps(first.model_dump()))
    edited["content"] = "An edited first turn."
    graph.update_state(config, {"messages": [edited]})
    values = graph.get_state(config).values
    again = contributions_of(values)[0]
    assert again.model_dump(exclude={"timestamp"}) == spoken.model_dump(exclude={"timestamp"})
    assert again.timestamp == spoken.timestamp and again.output_tokens > 0
    assert transcript(values)[0].content == "An edited first turn."
    # the JSON state itself reads the same way (the server's state API, a client's code)
    as_json = json.loads(json.dumps({**values, "minutes": None}, default=_json))
    assert [c.model_dump() for c in contributions_of(as_json)] == [
        c.model_dump() for c in contributions_of(values)
    ]


def _json(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    if dump is not None:
        return dump(mode="json")
    return str(value)
