"""Agents as roster entries: one agent run, what it added to its messages, what it cost.

A roster entry that is not a chat model is an agent: any Runnable or compiled graph taking
`{"messages": [...]}` and returning `{"messages": [...]}` (langchain's `create_agent`, a user's
`StateGraph`, a `RemoteGraph`). `Roster` runs it through `run_agent` / `arun_agent` (the only
place that does): the messages sent are tagged with ids so the run's own messages can be told
apart whatever the agent's reducer does with its input, and the reply and usage are read out.

No config is passed to the agent: the calling node's runnable config (callbacks, checkpoint
namespace) comes from the context, so a compiled agent runs as a subgraph of the node (its own
checkpoint namespace under the parent's checkpointer) and its steps stream to the parent under
`stream(..., subgraphs=True)`. Nothing is caught around the run: `GraphInterrupt` propagates.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, convert_to_messages
from langchain_core.runnables import Runnable

from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError

__all__ = [
    "AGENT_TEXT_MODE",
    "AgentRun",
    "agent_entries",
    "arun_agent",
    "read_run",
    "run_agent",
    "tagged",
]

AGENT_TEXT_MODE = "an agent cannot bind a schema: the schema was asked for in the prompt"
"""The `fallback_reason` of every structured call to an agent."""

_ID_PREFIX = "council-"


def agent_entries(
    agent_ids: Sequence[str],
    models: Mapping[str, object],
    default: object | None,
) -> dict[str, Runnable[Any, Any]]:
    """The agents among the roster's entries, by agent id (chat models left out).

    The kind of each entry is decided once here, so a call pays one dict lookup for it.

    Raises:
        TypeError: An entry is neither a chat model nor a Runnable.
    """
    for agent_id, entry in [*models.items(), ("default_model", default)]:
        if entry is not None and not isinstance(entry, Runnable):
            raise InvalidInputTypeError(
                f"roster entry {agent_id!r} is a {type(entry).__name__}; give a chat model "
                "(BaseChatModel), an agent (a Runnable over {'messages': [...]}, e.g. "
                "langchain.agents.create_agent(...)) or AgentFactory(lambda tools: ...)"
            )
    found: dict[str, Runnable[Any, Any]] = {}
    for agent_id in agent_ids:
        entry = models.get(agent_id, default)
        if isinstance(entry, Runnable) and not isinstance(entry, BaseChatModel):
            found[agent_id] = entry
    return found


def tagged(messages: Sequence[BaseMessage]) -> tuple[list[BaseMessage], frozenset[str]]:
    """`messages` each with an id (a copy given one when it has none), and the ids sent."""
    sent = [
        m if m.id else m.model_copy(update={"id": f"{_ID_PREFIX}{uuid.uuid4().hex}"})
        for m in messages
    ]
    return sent, frozenset(str(m.id) for m in sent)


@dataclass(frozen=True)
class AgentRun:
    """What an agent run added: its last AI message (the reply) and its usage."""

    reply: AIMessage
    input_tokens: int
    output_tokens: int
    estimated: bool
    finish_length: bool
    """Some AI message of the run stopped at its cap (`finish_reason="length"`)."""
    duration_s: float = 0.0

    def over(self, max_tokens: int | None) -> bool:
        """The run went past `max_tokens` of output (it cannot be bound on an agent), or
        some reply of the run was cut by a cap or the context (`finish_reason="length"`)."""
        return self.finish_length or (max_tokens is not None and self.output_tokens > max_tokens)


def _messages_of(agent_id: str, out: object) -> list[BaseMessage]:
    raw = out.get("messages") if isinstance(out, Mapping) else None
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise InvalidInputTypeError(
            f"agent {agent_id!r} returned {type(out).__name__}, not a state with a `messages` "
            "list; an agent must take and return {'messages': [...]}"
        )
    return [_message(m) for m in raw]


def _message(item: object) -> BaseMessage:
    if isinstance(item, BaseMessage):
        return item
    if isinstance(item, Mapping) and item.get("type") == "ai":  # a RemoteGraph's JSON
        return AIMessage.model_validate(dict(item))
    return convert_to_messages([item])[0]  # type: ignore[list-item]


def _text(message: BaseMessage) -> str:
    return message.text if not isinstance(message.content, str) else message.content


def read_run(
    agent_id: str,
    out: object,
    sent: Sequence[BaseMessage],
    sent_ids: frozenset[str],
    estimate: Callable[[str], int],
) -> AgentRun:
    """The reply and usage of the run that returned `out` for the messages `sent`.

    The reply is the last AI message the run added; usage sums `usage_metadata` over the AI
    messages it added (not those passed in). An AI message reporting none is estimated from
    its text with `estimate` (the input as the messages sent) and the run marked estimated.

    Raises:
        TypeError: `out` is not a messages state.
        ValueError: The run added no AI message.
    """
    added = [
        m
        for m in _messages_of(agent_id, out)
        if isinstance(m, AIMessage) and (m.id is None or m.id not in sent_ids)
    ]
    if not added:
        raise InvalidInputError(f"agent {agent_id!r} ran but added no AI message to reply with")
    tokens_in = tokens_out = 0
    estimated = False
    for message in added:
        usage = message.usage_metadata
        if usage:
            tokens_in += usage["input_tokens"]
            tokens_out += usage["output_tokens"]
        else:
            estimated = True
            tokens_in += sum(estimate(_text(m)) for m in sent)
            tokens_out += estimate(_text(message))
    length = any(m.response_metadata.get("finish_reason") == "length" for m in added)
    return AgentRun(added[-1], tokens_in, tokens_out, estimated, length)


Estimate = Callable[[str], int]


@dataclass(frozen=True)
class AgentStep:
    """One agent run on its way: what the agent is sent, and how its output is read (the
    same for `invoke` and `ainvoke`; only the call between differs)."""

    agent_id: str
    payload: dict[str, list[BaseMessage]]
    sent_ids: frozenset[str]
    estimate: Estimate
    started: float

    def read(self, out: object) -> AgentRun:
        """The run that returned `out` (see `read_run`), timed from the step's start."""
        sent = self.payload["messages"]
        run = read_run(self.agent_id, out, sent, self.sent_ids, self.estimate)
        return replace(run, duration_s=time.perf_counter() - self.started)


def agent_step(agent_id: str, messages: Sequence[BaseMessage], estimate: Estimate) -> AgentStep:
    """The step of a run of `agent_id` on `messages` (tagged, so its own replies are told apart)."""
    sent, ids = tagged(messages)
    return AgentStep(agent_id, {"messages": sent}, ids, estimate, time.perf_counter())


def run_agent(
    agent_id: str, agent: Runnable[Any, Any], messages: Sequence[BaseMessage], estimate: Estimate
) -> AgentRun:
    """Run `agent` once on `messages` (config from the context; nothing caught)."""
    step = agent_step(agent_id, messages, estimate)
    return step.read(agent.invoke(step.payload))


async def arun_agent(
    agent_id: str, agent: Runnable[Any, Any], messages: Sequence[BaseMessage], estimate: Estimate
) -> AgentRun:
    """Async twin of `run_agent`."""
    step = agent_step(agent_id, messages, estimate)
    return step.read(await agent.ainvoke(step.payload))
