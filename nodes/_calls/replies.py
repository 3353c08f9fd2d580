"""What one agent call returns: the reply, its tool calls and its tokens.

Tokens are what the model reported, summed over an agent's run, or estimated.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.runnables import Runnable
from pydantic import BaseModel, ConfigDict

from langgraph_council.nodes._calls.agent_runs import AGENT_TEXT_MODE, AgentRun
from langgraph_council.nodes._calls.structured import StructuredMode, read_out
from langgraph_council.nodes._text import replace_nul, scrub_nul

__all__ = [
    "AgentReply",
    "PendingCall",
    "StructuredReply",
    "agent_reply",
    "agent_structured",
    "estimate_tokens",
    "model_reply",
    "text_of",
]

T = TypeVar("T")


def estimate_tokens(text: str) -> int:
    """Rough token count (4 characters a token) for prompts and models that report no usage."""
    return max(1, math.ceil(len(text) / 4)) if text else 0


class AgentReply(BaseModel):
    """What one agent call returned, with its token usage.

    `tool_calls` are the calls the model asked for (when the call bound tools), as
    langchain-core writes them (`name`, `args`, `id`). `parsed_from_text` is True when a
    structured call's result was read from JSON in the reply text, not from the model's own
    structured output.
    """

    model_config = ConfigDict(frozen=True)

    agent_id: str
    content: str
    input_tokens: int
    output_tokens: int
    usage_estimated: bool = False
    duration_s: float = 0.0
    tool_calls: tuple[dict[str, Any], ...] = ()
    parsed_from_text: bool = False
    structured_mode: StructuredMode | None = None
    """How a structured call asked for its schema (`nodes._calls.structured.StructuredMode`)."""
    fallback_reason: str | None = None
    """Why a structured call was not answered through the model's schema binding (the server
    refused or ignored it, now or earlier in the run), else None."""
    over_cap: bool = False
    """The reply may be cut short: the server stopped it at its output cap or at the end of
    the context (`finish_reason="length"`), or billed at least the cap's output tokens. Its
    tokens are what it cost."""
    nul_replaced: int = 0
    """NUL characters replaced by U+FFFD in `content` and the parsed output (`nodes._text`)."""

    @property
    def total_tokens(self) -> int:
        """Input plus output tokens."""
        return self.input_tokens + self.output_tokens


class StructuredReply(BaseModel, Generic[T]):
    """A structured call: `parsed` is None when the model gave no parsable structure."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    parsed: T | None
    reply: AgentReply

    @property
    def parsed_from_text(self) -> bool:
        """True when `parsed` was read from JSON in the reply text (see `AgentReply`)."""
        return self.reply.parsed_from_text


def text_of(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return "".join(part if isinstance(part, str) else str(part.get("text", "")) for part in content)


def model_reply(
    agent_id: str,
    messages: list[BaseMessage],
    message: BaseMessage,
    started: float,
    max_tokens: int | None = None,
) -> AgentReply:
    """The reply of one chat-model call: its text (NUL replaced), tool calls and usage, reported
    or estimated from `messages` when the model reports none."""
    content, replaced = replace_nul(text_of(message))  # PostgreSQL cannot store NUL
    usage = message.usage_metadata if isinstance(message, AIMessage) else None
    calls: tuple[dict[str, Any], ...] = ()
    if isinstance(message, AIMessage) and message.tool_calls:
        calls = tuple(dict(c) for c in message.tool_calls)
    if usage:
        tokens_in, tokens_out, estimated = usage["input_tokens"], usage["output_tokens"], False
    else:
        tokens_in = sum(estimate_tokens(text_of(m)) for m in messages)
        tokens_out, estimated = estimate_tokens(content), True
    # Cut by its cap or by the context: the server says so, or billed the whole cap (an
    # estimate only counts past the cap).
    cut = message.response_metadata.get("finish_reason") == "length"
    at_cap = max_tokens is not None and tokens_out >= max_tokens + int(estimated)
    over = cut or at_cap
    return AgentReply(
        agent_id=agent_id,
        content=content,
        input_tokens=tokens_in,
        output_tokens=tokens_out,
        usage_estimated=estimated,
        duration_s=time.perf_counter() - started,
        tool_calls=calls,
        nul_replaced=replaced,
        over_cap=over,
    )


def agent_reply(agent_id: str, run: AgentRun, max_tokens: int | None) -> AgentReply:
    """The reply of an agent run (`nodes._calls.agent_runs`): its last AI message, its usage."""
    content, replaced = replace_nul(text_of(run.reply))
    return AgentReply(
        agent_id=agent_id,
        content=content,
        input_tokens=run.input_tokens,
        output_tokens=run.output_tokens,
        usage_estimated=run.estimated,
        duration_s=run.duration_s,
        nul_replaced=replaced,
        over_cap=run.over(max_tokens),
    )


def agent_structured(
    agent_id: str, run: AgentRun, schema: type[T], max_tokens: int | None
) -> StructuredReply[T]:
    """A structured reply read from an agent's last AI message (text mode, tolerant parse)."""
    reply = agent_reply(agent_id, run, max_tokens)
    _, parsed, from_text = read_out(run.reply, schema, "text")
    parsed, replaced = scrub_nul(parsed) if parsed is not None else (None, 0)
    update: dict[str, Any] = {
        "parsed_from_text": from_text,
        "structured_mode": "text",
        "fallback_reason": AGENT_TEXT_MODE,
        "nul_replaced": reply.nul_replaced + replaced,
    }
    return StructuredReply(parsed=parsed, reply=reply.model_copy(update=update))


@dataclass(frozen=True)
class PendingCall:
    """A call on its way: the model or agent, what it is sent, and how its output is read
    into the reply; a sync and an async caller differ only in how they invoke it."""

    runnable: Runnable[Any, Any]
    payload: Any
    read: Callable[[Any], AgentReply]
