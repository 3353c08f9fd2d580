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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph_council.nodes._meetings.models import Contribution

__all__ = ["MessageTexts", "message_texts", "read_back", "transcript"]


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


def transcript(state: Mapping[str, Any]) -> list[Contribution]:
    """Every contribution of the meeting so far, each with its words."""
    contributions: Sequence[Contribution] = state["contributions"]
    if all(c.content_ref is None for c in contributions):
        return list(contributions)
    texts = {m.id: m.content for m in state.get("messages", ()) if m.id is not None}
    return read_back(contributions, texts)
