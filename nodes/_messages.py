"""The conversation every family writes: named AI messages in a delta channel (linear storage)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from langchain_core.messages import AIMessage, AnyMessage, BaseMessage, RemoveMessage
from langchain_core.messages.ai import UsageMetadata
from langchain_core.messages.utils import convert_to_messages

from langgraph_council.nodes._doubling import DoublingDeltaChannel

__all__ = ["COUNCIL_NAME", "Messages", "council_said", "merge_messages", "said", "said_once"]

COUNCIL_NAME = "council"
"""The `name` of the one AI message every run of every family ends with: its outcome in prose
(decisions and action items, the ruling and why, the rollup, the answer), the message a
supervisor, a chat pane or a caller reads as the council's reply. Stable: match on it."""

MessageWrite = BaseMessage | Mapping[str, Any]


def _flatten(writes: Sequence[Sequence[MessageWrite] | MessageWrite]) -> list[BaseMessage]:
    new: list[Any] = []  # messages, or JSON dicts from a server state edit
    for w in writes:  # a node writes a list of messages, or one message
        if isinstance(w, list | tuple):
            new.extend(w)
        else:
            new.append(w)
    plain = [m for m in new if not isinstance(m, BaseMessage)]
    if not plain:  # the usual case: our own nodes write messages, not dicts
        return [m for m in new if isinstance(m, BaseMessage)]
    return convert_to_messages(new)  # JSON dicts from LangGraph Server state edits


class _Kept(threading.local):
    """Per thread: {id(list): (a list this reducer returned, its id index, its length)} for the
    last `_KEEP` lists it returned. A meeting's next merge starts from the list it returned
    last (the channel's value), so it reuses the index instead of building it again over the
    whole conversation (issue 33: that made a turn's CPU grow with the meeting). Several
    entries, so meetings interleaved on one thread (an event loop) each keep theirs."""

    def __init__(self) -> None:
        self.lists: dict[int, tuple[list[Any], dict[Any, int], int]] = {}


_kept = _Kept()

_KEEP = 16


def _index_of(current: Sequence[MessageWrite]) -> tuple[list[Any], dict[Any, int]]:
    """A copy of `current` as messages, and their positions by id: the index this reducer kept
    when `current` is a list it returned on this thread, else built."""
    kept = _kept.lists.pop(id(current), None)  # taken: it is updated in place for the next
    if kept is not None and kept[0] is current and len(current) == kept[2]:
        return list(current), kept[1]
    merged: list[Any] = list(current)
    try:  # one comprehension, no per-message Python call
        return merged, {m.id: i for i, m in enumerate(merged)}
    except AttributeError:  # JSON dicts (an `Overwrite` written through a server state edit)
        merged = convert_to_messages(merged)
        return merged, {m.id: i for i, m in enumerate(merged)}


def _keep(merged: list[Any], index: dict[Any, int]) -> None:
    kept = _kept.lists
    kept[id(merged)] = (merged, index, len(merged))
    if len(kept) > _KEEP:
        del kept[next(iter(kept))]  # the oldest: a meeting that ended or moved on


def merge_messages(
    current: Sequence[MessageWrite],
    writes: Sequence[Sequence[MessageWrite] | MessageWrite],
) -> list[AnyMessage]:
    """Fold batches of messages in the way `add_messages` does: a known id replaces, a new one
    appends, a `RemoveMessage` removes.

    A fold over the writes, so batching-invariant as `DeltaChannel` requires: each message is
    stored once, not once per checkpoint. A node re-run after a crash writes the same ids again
    and replaces its first writes instead of duplicating them. Proportional to the writes, not
    to the conversation, on a meeting's turn (the id index is kept between turns: `_index_of`).
    """
    merged, index = _index_of(current)
    removed = False
    for m in _flatten(writes):
        if m.id is None:  # as `add_messages` does; our nodes always give stable ids
            m = m.model_copy(update={"id": str(uuid.uuid4())})
        at = index.get(m.id)
        if isinstance(m, RemoveMessage):
            if at is not None:
                merged[at], removed = None, True
                del index[m.id]
        elif at is None:
            index[m.id] = len(merged)
            merged.append(m)
        else:
            merged[at] = m
    if removed:
        return [m for m in merged if m is not None]
    _keep(merged, index)
    return merged


Messages = Annotated[list[AnyMessage], DoublingDeltaChannel(merge_messages)]
"""The `messages` channel type: what Studio's chat pane and agent-chat-ui read (a snapshot
each time the conversation doubled, `nodes._doubling`)."""


def said(
    agent_id: str,
    content: str,
    *,
    message_id: str,
    usage: UsageMetadata | None = None,
    **metadata: Any,
) -> AIMessage:
    """One agent's words as a named AI message with a stable id (a re-run replaces it).

    `metadata` (phase, turn, kind...) goes to `response_metadata` for readers that group;
    `usage` (the reply's tokens) to `usage_metadata`, where LangChain's tools look for it.
    """
    return AIMessage(
        content=content,
        name=agent_id,
        id=message_id,
        response_metadata=dict(metadata),
        usage_metadata=usage,
    )


def said_once(channel: str, entry: Any, scope: str, **metadata: Any) -> dict[str, Any]:
    """The update that records `entry` (an agent's words: `.agent_id`, `.content`) in
    `channel` and as a named AI message, as meeting contributions and conflict statements are.

    The message id is `<scope>:<agent_id>`, `scope` naming the step (e.g.
    `<meeting_id>:<phase>:<turn>`): a node re-run after a crash writes the same id again, so
    the conversation never shows it twice. `metadata` goes to the message as in `said`.
    """
    message_id = f"{scope}:{entry.agent_id}"
    message = said(entry.agent_id, entry.content, message_id=message_id, **metadata)
    return {channel: [entry], "messages": [message]}


def council_said(content: str, *, message_id: str, **metadata: Any) -> AIMessage:
    """The run's closing message: its outcome as prose, named `COUNCIL_NAME`.

    `metadata` (the family, its status...) goes to `response_metadata` with `kind="outcome"`.
    """
    return said(COUNCIL_NAME, content, message_id=message_id, kind="outcome", **metadata)
