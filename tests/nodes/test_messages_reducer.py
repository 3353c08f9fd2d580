"""The messages reducer: `add_messages` semantics, batching-invariant as `DeltaChannel` needs."""

from __future__ import annotations

from langchain_core.messages import AIMessage, RemoveMessage

from langgraph_council.nodes._messages import merge_messages, said


def _ids(messages: list[AIMessage]) -> list[str | None]:
    return [m.id for m in messages]


def test_folding_batches_one_by_one_or_at_once_gives_the_same_conversation() -> None:
    a, b, c = (said(x, x, message_id=x) for x in "abc")
    b2 = said("b", "b again", message_id="b")
    batches = [[a], [b, c], b2, [RemoveMessage(id="a")]]
    one_by_one: list[AIMessage] = []
    for batch in batches:
        one_by_one = merge_messages(one_by_one, [batch])
    at_once = merge_messages([], batches)
    assert one_by_one == at_once
    assert _ids(at_once) == ["b", "c"] and at_once[0].content == "b again"


def test_json_dicts_from_a_server_edit_come_back_as_messages() -> None:
    edited = {"type": "ai", "content": "from the server", "id": "s1", "name": "cto"}
    out = merge_messages([edited], [[said("qa", "hi", message_id="m1")]])
    assert [(type(m).__name__, m.name) for m in out] == [("AIMessage", "cto"), ("AIMessage", "qa")]


def test_a_message_without_an_id_gets_one_and_is_appended() -> None:
    out = merge_messages([], [[AIMessage("x"), AIMessage("y")]])
    assert len(out) == 2 and all(m.id for m in out) and out[0].id != out[1].id
