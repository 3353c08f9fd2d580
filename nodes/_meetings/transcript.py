"""The transcript stored once: a contribution refers to its message, and is read back here.

Every spoken turn writes its text once, in its named `AIMessage` in `messages` (what Studio's
chat pane, a supervisor and a parent graph read). The contribution beside it keeps who, when,
which phase and what it cost, with `content=""` and `content_ref` naming the message's id
(state version 2). A contribution whose message says something else keeps its own text: the
synthesis (its message is prose, the contribution the raw reply). Contributions saved before
version 2 carry their text and no reference, and read as they are.

Readers that need the words use `transcript(state)` (every contribution with its text) or,
on the round robin's per-turn path, `message_texts(state)` with `render_transcript`, which
reads only the messages of the turns it shows, from the conversation's end (issue 33: a
whole-conversation index per turn made a 1,000-turn meeting's last turns cost more CPU than
its first).

Since state version 4 a spoken turn writes no contribution at all: its message is the record
(`said_at` and the phase and turn in `response_metadata`, its tokens in `usage_metadata`),
and `contributions_of(state)` reads the meeting's contributions back from the messages, with
whatever the `contributions` channel still holds (the synthesis, and turns of threads saved
by versions 1-3). Per step it reads only the messages added since it last read the
conversation (see `_Read`), so a long meeting's turn stays flat.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any, NamedTuple

from pydantic import ValidationError

from langgraph_council.nodes._meetings.models import Contribution

__all__ = [
    "SAID_AT",
    "MessageTexts",
    "contributions_of",
    "message_texts",
    "read_back",
    "transcript",
]

SAID_AT = "said_at"
"""The `response_metadata` key (an ISO 8601 time) that makes a turn's message its contribution."""


class MessageTexts(dict[str, Any]):
    """The text of each message in a conversation, by message id, read from its end on demand.

    A lookup of an id not read yet reads further back (a chunk at a time, inside one call)
    until it is found, so a turn that shows its last few contributions reads the last few
    messages: its cost stays flat however long the meeting is, and a reader of every turn
    still reads each message once. Look up with `texts[id]` (a found id is a plain dict hit,
    no Python call); an id no message has reads as None. A later message with the same id
    wins, as in a dict built from the list.
    """

    __slots__ = ("_messages", "_unread")

    _CHUNK = 32

    def __init__(self, messages: Sequence[Any]) -> None:
        super().__init__()
        self._messages = messages
        self._unread = len(messages)

    def __missing__(self, key: str) -> Any:
        messages, at = self._messages, self._unread
        while at > 0:
            stop = max(0, at - self._CHUNK)
            for m in messages[stop:at][::-1]:  # newest first: the first seen of an id wins
                if m.id is not None and m.id not in self:
                    self[m.id] = m.content
            at = self._unread = stop
            if key in self:
                return self[key]
        return None


def message_texts(state: Mapping[str, Any]) -> MessageTexts:
    """The text of each message in `state["messages"]`, by message id, read on demand.

    A contribution refers only to a message our own nodes wrote, whose content is a string;
    other messages (a human's question) may hold content blocks and are never looked up.
    """
    return MessageTexts(state.get("messages", ()))


def read_back(
    contributions: Sequence[Contribution], texts: Mapping[str, str]
) -> list[Contribution]:
    """`contributions` with the text of those that refer to a message put back.

    A referenced message that is gone (a user removed it from the conversation) reads as "".
    """
    return [
        c
        if c.content_ref is None
        else c.model_copy(
            update={"content": str(texts.get(c.content_ref, "")), "content_ref": None}
        )
        for c in contributions
    ]


def _order(c: Contribution) -> tuple[int, str]:
    return (c.turn, c.agent_id)


def spoken(message: Any) -> Contribution | None:
    """The contribution a turn's message records (None for any other message). `message` is a
    LangChain message or its JSON form (LangGraph Server's state API, Studio)."""
    field: Callable[[str, Any], Any] = (
        message.get if isinstance(message, Mapping) else partial(getattr, message)
    )
    meta = field("response_metadata", None)
    if not isinstance(meta, Mapping) or (at := meta.get(SAID_AT)) is None:
        return None
    # LangChain's `convert_to_messages` (a JSON state edit) moves it to `additional_kwargs`
    usage = field("usage_metadata", None) or (field("additional_kwargs", None) or {}).get(
        "usage_metadata"
    )
    usage = usage if isinstance(usage, Mapping) else {}
    try:
        return Contribution(
            agent_id=field("name", None),
            phase=meta["phase"],
            turn=meta["turn"],
            content_ref=field("id", None),
            input_tokens=usage.get("input_tokens", 0),
            output_tokens=usage.get("output_tokens", 0),
            usage_estimated=bool(meta.get("usage_estimated", False)),
            over_cap=bool(meta.get("over_cap", False)),
            timestamp=datetime.fromisoformat(at) if isinstance(at, str) else at,
        )
    except (KeyError, TypeError, ValueError, ValidationError):
        return None  # edited beyond recognition (a state edit): not a contribution any more


def _spoken_in(messages: Sequence[Any]) -> list[Contribution]:
    """The contributions `messages` record, in the order the channel kept them (by turn, then
    agent; a batch that comes after the last is appended as it is)."""
    found = [c for c in map(spoken, messages) if c is not None]
    if len(found) > 1:
        found.sort(key=_order)  # stable: a batch's messages keep their order within a turn
    return found


class _Read(NamedTuple):
    """What `contributions_of` read last for one meeting: the conversation (a list the
    messages' reducer returned), the contributions its messages record, the channel's value
    and the merged answer."""

    messages: Sequence[Any]
    spoken: list[Contribution]
    stored: Any
    merged: list[Contribution]


_READ: dict[Any, _Read] = {}
_READ_LOCK = threading.Lock()
_KEEP_READS = 16
"""Meetings whose last read is kept: each entry holds its conversation, so few (as the messages'
reducer keeps 16 lists per thread); a meeting evicted is read whole once more, nothing else."""


def _spoken_since(meeting: Any, messages: Sequence[Any]) -> tuple[_Read | None, list[Contribution]]:
    """The contributions `messages` record, reading only the messages added since the last
    read of this meeting when the conversation grew from that list (the same message
    objects in front, checked without a Python call per message)."""
    last = _READ.get(meeting)
    if last is None:
        return None, _spoken_in(messages)
    if last.messages is messages:
        return last, last.spoken
    n = len(last.messages)
    if len(messages) >= n and all(map(operator.is_, last.messages, messages)):
        tail = _spoken_in(messages[n:])
        if not tail:
            return last, last.spoken
        if last.spoken and _order(tail[0]) < _order(last.spoken[-1]):
            return last, sorted([*last.spoken, *tail], key=_order)
        return last, [*last.spoken, *tail]
    return last, _spoken_in(messages)


def contributions_of(state: Mapping[str, Any]) -> list[Contribution]:
    """Every contribution of the meeting so far, in order (turn, then agent), without words
    where a message holds them: those its messages record (state version 4) and those the
    `contributions` channel holds (the synthesis; every turn of a thread saved before).

    The list is shared by every reader of the step (it is kept for the next read): read it,
    do not change it."""
    messages: Sequence[Any] = state.get("messages") or ()
    stored = state.get("contributions") or ()
    meeting = state.get("meeting_id")
    last, found = _spoken_since(meeting, messages)
    if last is not None and last.spoken is found and last.stored is stored:
        if last.messages is not messages:  # grew by messages that are no contribution
            _READ[meeting] = last._replace(messages=messages)
        return last.merged
    if stored:
        kept = [
            c if isinstance(c, Contribution) else Contribution.model_validate(c) for c in stored
        ]
        refs = {c.content_ref for c in kept if c.content_ref is not None}
        merged = sorted([*kept, *(c for c in found if c.content_ref not in refs)], key=_order)
    else:
        merged = found
    with _READ_LOCK:
        _READ[meeting] = _Read(messages, found, stored, merged)
        if len(_READ) > _KEEP_READS:
            del _READ[next(iter(_READ))]  # the oldest: a meeting that ended or moved on
    return merged


def transcript(state: Mapping[str, Any]) -> list[Contribution]:
    """Every contribution of the meeting so far, each with its words."""
    contributions = contributions_of(state)
    if all(c.content_ref is None for c in contributions):
        return list(contributions)
    texts = {m.id: m.content for m in state.get("messages", ()) if m.id is not None}
    return read_back(contributions, texts)
