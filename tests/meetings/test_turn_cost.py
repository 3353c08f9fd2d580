"""A round-robin turn costs the same at turn 40 and turn 400: the contributions and messages
reducers and the windowed transcript do work proportional to the new turn and the window, not
to the meeting's length (counted in Python calls, messages read and ids read, which do not move
with the machine's load)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar, overload

from langchain_core.messages import AIMessage

from bench.measure import calls_of
from langgraph_council.nodes._meetings.models import Contribution
from langgraph_council.nodes._meetings.prompts import render_transcript
from langgraph_council.nodes._meetings.state import merge_contributions
from langgraph_council.nodes._meetings.transcript import message_texts
from langgraph_council.nodes._messages import merge_messages, said


def _calls(fn: Callable[[], object]) -> int:
    fn()  # warm: first-use caches (isinstance checks against ABCs) are not the turn's cost
    return calls_of(fn)


def _said(turns: int) -> list[Contribution]:
    return [
        Contribution(agent_id=f"agent{t % 8}", phase="round_robin", turn=t,
                     content=f"Point {t % 10} on the trade-offs. More detail follows here.",
                     input_tokens=10, output_tokens=20,
                     timestamp=datetime(2026, 1, 1, tzinfo=UTC))
        for t in range(turns)
    ]  # fmt: skip


def test_adding_a_turn_costs_the_same_after_40_and_after_400_turns() -> None:
    short, long = _said(41), _said(401)
    cost_short = _calls(lambda: merge_contributions(short[:-1], [[short[-1]]]))
    cost_long = _calls(lambda: merge_contributions(long[:-1], [[long[-1]]]))
    assert cost_long == cost_short
    merged = merge_contributions(long[:-1], [[long[-1]]])
    assert merged == long  # appended in order


def test_an_earlier_turn_and_json_dicts_are_still_ordered_and_validated() -> None:
    said = _said(5)
    late = merge_contributions(said[2:], [[said[0].model_dump(mode="json")], said[1]])
    assert [c.turn for c in late] == [0, 1, 2, 3, 4]
    assert all(isinstance(c, Contribution) for c in late)
    from_json = merge_contributions([c.model_dump(mode="json") for c in said[:3]], [said[3:]])
    assert from_json == said


def test_the_windowed_transcript_costs_the_same_at_turn_40_and_400_and_reads_the_same() -> None:
    short, long = _said(40), _said(400)
    assert _calls(lambda: render_transcript(long, window=4)) == _calls(
        lambda: render_transcript(short, window=4)
    )
    rendered = render_transcript(long, window=4)
    full = " | ".join(f"{c.agent_id}: {c.content.split('.')[0][:160]}" for c in long[:-4])
    assert full[-1200:] in rendered  # the digest is the tail of every older turn's first sentence


class _Reads(Sequence[AIMessage]):
    """A conversation that counts the messages read from it."""

    def __init__(self, messages: list[AIMessage]) -> None:
        self.messages, self.read = messages, 0

    def __len__(self) -> int:
        return len(self.messages)

    @overload
    def __getitem__(self, i: int) -> AIMessage: ...
    @overload
    def __getitem__(self, i: slice) -> list[AIMessage]: ...
    def __getitem__(self, i: int | slice) -> AIMessage | list[AIMessage]:
        got = self.messages[i]
        self.read += len(got) if isinstance(got, list) else 1
        return got


def _referring(turns: int) -> tuple[list[Contribution], list[AIMessage]]:
    spoken = _said(turns)
    messages = [said(c.agent_id, c.content, message_id=f"m:{c.turn}") for c in spoken]
    refs = [c.model_copy(update={"content": "", "content_ref": f"m:{c.turn}"}) for c in spoken]
    return refs, messages


def _turn_prompt(turns: int) -> tuple[str, int]:
    """A round-robin turn's windowed transcript once `turns` turns were spoken, words stored
    once in the messages, and how many messages it read."""
    refs, messages = _referring(turns)
    conversation = _Reads(messages)
    texts = message_texts({"messages": conversation})
    return render_transcript(refs, window=4, texts=texts), conversation.read


def test_a_turn_reads_the_same_few_messages_after_100_and_after_400_turns() -> None:
    (_, read_short), (long, read_long) = _turn_prompt(100), _turn_prompt(400)
    assert read_long == read_short <= 64  # the window and the digest, not the conversation
    assert long == render_transcript(_said(400), window=4)  # the words are those of every turn


def test_a_message_no_longer_in_the_conversation_reads_as_its_contribution_did() -> None:
    refs, messages = _referring(6)
    texts = message_texts({"messages": messages[:-1]})  # the last one was removed
    shown = render_transcript(refs, window=2, texts=texts)
    assert "Point 4 on the trade-offs" in shown and "Point 5" not in shown


class _CountedId(AIMessage):
    """A message that counts reads of its id (what indexing a conversation costs)."""

    reads: ClassVar[list[int]] = [0]

    def __getattribute__(self, name: str) -> Any:
        if name == "id":
            _CountedId.reads[0] += 1
        return super().__getattribute__(name)


def _ids_read_by_one_turn(turns: int) -> int:
    earlier = [_CountedId(content="words", name="a", id=f"m:{t}") for t in range(turns)]
    conversation = merge_messages([], [earlier])  # the channel's value after the last turn
    _CountedId.reads[0] = 0
    merged = merge_messages(conversation, [[_CountedId(content="new", name="b", id="m:new")]])
    reads = _CountedId.reads[0]
    assert [m.id for m in merged] == [*(f"m:{t}" for t in range(turns)), "m:new"]
    return reads


def test_adding_a_message_reads_the_same_ids_after_40_and_after_400_turns() -> None:
    assert _ids_read_by_one_turn(400) == _ids_read_by_one_turn(40)


def test_two_meetings_interleaved_on_one_thread_each_keep_their_index() -> None:
    a = merge_messages([], [[_CountedId(content="a", name="a", id=f"a:{t}") for t in range(400)]])
    b = merge_messages([], [[_CountedId(content="b", name="b", id=f"b:{t}") for t in range(400)]])
    _CountedId.reads[0] = 0
    for turn in range(3):
        a = merge_messages(a, [[_CountedId(content="a", name="a", id=f"a:new{turn}")]])
        b = merge_messages(b, [[_CountedId(content="b", name="b", id=f"b:new{turn}")]])
    assert _CountedId.reads[0] < 40  # a few per new message, none per earlier one
    assert [m.id for m in a[-3:]] == ["a:new0", "a:new1", "a:new2"] and len(a) == len(b) == 403


def test_a_conversation_the_reducer_did_not_return_last_is_indexed_again() -> None:
    pair = [said("a", "one", message_id="m1"), said("b", "two", message_id="m2")]
    first = merge_messages([], [pair])
    other = [said("a", "one", message_id="m1"), said("c", "three", message_id="m3")]
    replaced = merge_messages(other, [[said("c", "THREE", message_id="m3")]])
    assert [m.content for m in replaced] == ["one", "THREE"]
    again = merge_messages(first, [[said("b", "TWO", message_id="m2")]])
    assert [m.content for m in again] == ["one", "TWO"]
    assert [m.content for m in first] == ["one", "two"]  # the earlier value is not changed
