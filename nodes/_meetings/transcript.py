"""The transcript stored once: a contribution refers to its message, and is read back here.

Every spoken turn writes its text once, in its named `AIMessage` in `messages` (what Studio's
chat pane, a supervisor and a parent graph read). The contribution beside it keeps who, when,
which phase and what it cost, with `content=""` and `content_ref` naming the message's id
(state version 2). A contribution whose message says something else keeps its own text: the
synthesis (its message is prose, the contribution the raw reply). Contributions saved before
version 2 carry their text and no reference, and read as they are.

Readers that need the words use `transcript(state)` (every contribution with its text) or,
on the round robin's per-turn path, `message_texts(state)` with `render_transcript`, which
looks up only the turns it shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph_council.nodes._meetings.models import Contribution

__all__ = ["message_texts", "read_back", "transcript"]


def message_texts(state: Mapping[str, Any]) -> dict[str, str]:
    """The text of each message in `state["messages"]`, by message id.

    One comprehension and no call per message, so a turn's cost stays flat in the meeting's
    length. A contribution refers only to a message our own nodes wrote, whose content is a
    string; other messages (a human's question) may hold content blocks and are never looked up.
    """
    return {m.id: m.content for m in state.get("messages", ()) if m.id is not None}


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
    return read_back(contributions, message_texts(state))
