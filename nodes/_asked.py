"""What a messages-only run answers: the caller's last request in the conversation.

A council graph runs as an agent among agents: a chat pane, a supervisor or a swarm starts it
with `{"messages": [...]}` alone. The request is the last human message, or a hand-off's own
task text (a hand-off tool call with a `task`-like argument) when that comes after it. Hand-off
notices ("Successfully transferred to ...", the transferring AI message without such an
argument) are read past. The council's own closing message ends the search: a request the
council already answered is not asked again, so a typed re-run of a thread is not mistaken
for a new question.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.messages.utils import convert_to_messages

from langgraph_council.nodes._messages import COUNCIL_NAME

__all__ = ["HANDOFF_TASK_ARGS", "MAX_TITLE", "Request", "last_request", "title_of"]

HANDOFF_TASK_ARGS = ("task", "task_description", "question", "request", "query")
"""Arguments of a hand-off tool call read as the task it hands over (custom hand-off tools
of the "forward a task" kind); langgraph-supervisor's and langgraph-swarm's take none."""

MAX_TITLE = 120
"""The longest title taken from a request's first line (characters); the full text is kept."""


@dataclass(frozen=True)
class Request:
    """The request a run answers: its text and the id of the message that carried it."""

    text: str
    message_id: str | None


def _messages(value: Sequence[Any]) -> list[BaseMessage]:
    if all(isinstance(m, BaseMessage) for m in value):
        return list(value)
    return convert_to_messages(value)  # JSON dicts (a server's state read)


def _is_outcome(message: BaseMessage) -> bool:
    return (
        isinstance(message, AIMessage)
        and message.name == COUNCIL_NAME
        and message.response_metadata.get("kind") == "outcome"
    )


def _handoff_task(message: AIMessage) -> str | None:
    for call in message.tool_calls:
        args = call.get("args") or {}
        for key in HANDOFF_TASK_ARGS:
            value = args.get(key) if isinstance(args, Mapping) else None
            if isinstance(value, str) and value.strip():
                return value.strip()
    return None


def last_request(messages: Sequence[Any] | None) -> Request | None:
    """The caller's last unanswered request in `messages`, or None.

    Scans back from the end: a human message's text, or a hand-off's task argument, is the
    request; the council's own closing message (`COUNCIL_NAME`, kind `outcome`) means the
    last request was answered (None).
    """
    for message in reversed(_messages(messages or [])):
        if _is_outcome(message):
            return None
        if isinstance(message, HumanMessage) and message.text.strip():
            return Request(message.text.strip(), message.id)
        if isinstance(message, AIMessage) and (task := _handoff_task(message)) is not None:
            return Request(task, message.id)
    return None


def title_of(text: str) -> str:
    """A one-line title for `text`: its first non-empty line, cut at `MAX_TITLE` characters."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), text.strip())
    return line if len(line) <= MAX_TITLE else line[: MAX_TITLE - 3].rstrip() + "..."
