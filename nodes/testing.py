"""`ScriptedChatModel`: a deterministic chat model for tests, demos and users' own test suites."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, PrivateAttr

from langgraph_council.nodes._calls.json_text import too_deep
from langgraph_council.nodes._calls.replies import estimate_tokens
from langgraph_council.nodes._calls.roster import AGENT_ID_MARKER
from langgraph_council.nodes._errors import CouncilError

__all__ = ["Reply", "ScriptCall", "ScriptExhaustedError", "ScriptedChatModel", "last_human_text"]

Reply: TypeAlias = "str | AIMessage | Mapping[str, Any] | BaseModel | BaseException"
"""One scripted reply: text, a message (e.g. with tool calls), a structured value, or an error."""


class ScriptExhaustedError(CouncilError, RuntimeError):
    """The script has no reply left for `agent_id` (None when the script is shared)."""

    def __init__(self, agent_id: str | None, used: int) -> None:
        who = f"agent {agent_id!r}" if agent_id else "the shared script"
        super().__init__(f"ScriptedChatModel: {who} has no reply left after {used} call(s)")
        self.agent_id = agent_id
        self.used = used


@dataclass(frozen=True)
class ScriptCall:
    """One call the model received, as tests inspect it."""

    messages: tuple[BaseMessage, ...]
    agent_id: str | None
    max_tokens: int | None
    tools: tuple[Any, ...] = field(default=())
    """The bound tools as a provider receives them: OpenAI-format dicts (`bind_tools`)."""
    schema: Any = None
    """The schema asked for through `with_structured_output`, else None."""

    @property
    def tool_names(self) -> list[str]:
        """The names of the bound tools, in binding order."""
        return [_tool_name(t) for t in self.tools]

    @property
    def system(self) -> str:
        """The system prompt text ('' if none)."""
        return "\n".join(str(m.content) for m in self.messages if isinstance(m, SystemMessage))

    @property
    def prompt(self) -> str:
        """All non-system message text, joined."""
        return "\n".join(str(m.content) for m in self.messages if not isinstance(m, SystemMessage))


Script: TypeAlias = (
    "Sequence[Reply] | Mapping[str, Sequence[Reply]] | Callable[[ScriptCall], Reply]"
)


def _tool_name(tool: Any) -> str:
    """A bound tool's name: an OpenAI-format dict's function name, else its `name`."""
    if isinstance(tool, Mapping):
        function = tool.get("function")
        return str(function["name"] if isinstance(function, Mapping) else tool.get("name", ""))
    return str(getattr(tool, "name", tool))


def _agent_of(messages: Sequence[BaseMessage]) -> str | None:
    for message in messages:
        if isinstance(message, SystemMessage) and isinstance(message.content, str):
            for line in message.content.splitlines():
                if line.startswith(AGENT_ID_MARKER):
                    return line[len(AGENT_ID_MARKER) :].strip()
    return None


class ScriptedChatModel(BaseChatModel):
    """A scripted chat model that reports `usage_metadata`, like a real provider.

    `script` is a list of replies used in order, a mapping from agent id to such a list (the
    agent is read from the system prompt `Roster` builds), or a function of the `ScriptCall`.
    A reply that is an exception is raised. Running out of replies raises
    `ScriptExhaustedError`. Every call is kept in `calls`.

    Example:
        >>> model = ScriptedChatModel(["yes", "no"])
        >>> model.invoke("Ready?").content
        'yes'
        >>> model.calls[0].prompt
        'Ready?'
    """

    script: Any
    latency: float = 0.0
    max_tokens: int | None = None
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _cursor: dict[str | None, int] = PrivateAttr(default_factory=dict)
    _calls: list[ScriptCall] = PrivateAttr(default_factory=list)

    def __init__(self, script: Script, *, latency: float = 0.0, **kwargs: Any) -> None:
        super().__init__(script=script, latency=latency, **kwargs)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def calls(self) -> list[ScriptCall]:
        """Every call received so far, in arrival order."""
        with self._lock:
            return list(self._calls)

    def _next(self, messages: list[BaseMessage], kwargs: Mapping[str, Any]) -> Reply:
        agent_id = _agent_of(messages)
        cap = kwargs.get("max_tokens", self.max_tokens)
        call = ScriptCall(
            tuple(messages),
            agent_id,
            cap,
            tuple(kwargs.get("tools", ())),
            kwargs.get("structured_schema"),
        )
        with self._lock:
            self._calls.append(call)
            if callable(self.script):
                return self.script(call)  # type: ignore[no-any-return]
            key = agent_id if isinstance(self.script, Mapping) else None
            replies = self.script.get(agent_id, ()) if key is not None else self.script
            used = self._cursor.get(key, 0)
            if used >= len(replies):
                raise ScriptExhaustedError(key, used)
            self._cursor[key] = used + 1
            return replies[used]  # type: ignore[no-any-return]

    def _result(self, messages: list[BaseMessage], reply: Reply, cap: int | None) -> ChatResult:
        if isinstance(reply, BaseException):
            raise reply
        if isinstance(reply, AIMessage):
            message = reply
        else:
            if isinstance(reply, BaseModel):
                text = reply.model_dump_json()
            elif isinstance(reply, Mapping):
                text = json.dumps(reply)
            else:
                text = str(reply)
                if cap is not None and estimate_tokens(text) > cap:
                    text = text[: cap * 4]
            message = AIMessage(content=text)
        if message.usage_metadata is None:
            input_tokens = sum(estimate_tokens(str(m.content)) for m in messages)
            output_tokens = estimate_tokens(str(message.content))
            message = message.model_copy(
                update={
                    "usage_metadata": {
                        "input_tokens": input_tokens,
                        "output_tokens": output_tokens,
                        "total_tokens": input_tokens + output_tokens,
                    }
                }
            )
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        reply = self._next(messages, kwargs)
        if self.latency:
            time.sleep(self.latency)
        return self._result(messages, reply, kwargs.get("max_tokens", self.max_tokens))

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        reply = self._next(messages, kwargs)
        if self.latency:
            await asyncio.sleep(self.latency)
        return self._result(messages, reply, kwargs.get("max_tokens", self.max_tokens))

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Bind tools as real providers do: converted to OpenAI-format dicts.

        LangGraph's prebuilt agent (`create_react_agent`, used by `create_supervisor`) reads a
        model's bound tools as such dicts, so a test model must bind them the same way.
        Scripted `AIMessage` replies carry the tool calls; `ScriptCall.tool_names` lists them.
        """
        formatted = [convert_to_openai_tool(tool) for tool in tools]
        if tool_choice is not None:
            kwargs["tool_choice"] = tool_choice
        return self.bind(tools=formatted, **kwargs)

    def with_structured_output(
        self, schema: Any, *, include_raw: bool = False, **kwargs: Any
    ) -> Runnable[LanguageModelInput, Any]:
        """Parse the reply's JSON into `schema` (a pydantic model or dict-like)."""

        def parse(message: AIMessage) -> Any:
            try:
                if too_deep(str(message.content)):
                    raise ValueError("the reply holds JSON nested too deep to read")
                data = json.loads(str(message.content))
                parsed = (
                    schema.model_validate(data)
                    if isinstance(schema, type) and issubclass(schema, BaseModel)
                    else data
                )
                error = None
            except (ValueError, TypeError) as exc:
                parsed, error = None, exc
                if not include_raw:
                    raise
            if include_raw:
                return {"raw": message, "parsed": parsed, "parsing_error": error}
            return parsed

        return self.bind(structured_schema=schema) | RunnableLambda(parse)


def last_human_text(call: ScriptCall) -> str:
    """The text of the last human message of a call (handy in scripted functions)."""
    for message in reversed(call.messages):
        if isinstance(message, HumanMessage):
            return str(message.content)
    return ""
