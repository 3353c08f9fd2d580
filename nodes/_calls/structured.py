"""The structured-call ladder: bind what a model supports for a schema, fall back to text.

A structured call asks a model for a pydantic schema in the first way it supports (OpenAI's
`json_schema`, function calling, JSON mode, the model's own `with_structured_output`, or the
schema in the prompt) and learns, per model, a way the server refused, so the next call starts
lower. Replies that come back as prose are read by `parse_from_text` (`_calls.json_text`),
re-exported here with `too_deep` for the callers that import them from this module.
"""

from __future__ import annotations

import json
import os
from typing import Any, Literal, TypeVar, cast
from urllib.parse import urlparse

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.runnables import Runnable
from pydantic import BaseModel, ValidationError

from langgraph_council.nodes._calls.json_text import parse_from_text, too_deep
from langgraph_council.nodes._errors import error_line

__all__ = [
    "StructuredMethod",
    "StructuredMode",
    "StructuredModes",
    "bind_structured",
    "completed_message",
    "custom_base_url",
    "first_mode",
    "openai_compatible",
    "parse_from_text",
    "read_out",
    "read_reply",
    "refusal",
    "schema_instruction",
    "too_deep",
    "with_instruction",
]

M = TypeVar("M", bound=BaseModel)

_ONCE_KEPT = 256  # models kept without client retries, per roster

StructuredMode = Literal["json_schema", "function_calling", "json_mode", "native", "text"]
"""How a structured call asks for its schema.

`json_schema` / `function_calling` / `json_mode` are OpenAI-compatible bindings made here (the
reply is parsed here, so the raw message and its usage survive a reply that does not parse);
`native` is the model's own `with_structured_output(include_raw=True)` (other providers);
`text` is a plain call with the JSON schema in the prompt, read by `parse_from_text`.
"""

StructuredMethod = Literal["auto", "json_schema", "function_calling", "json_mode", "text"]
"""What `Roster(structured_method=...)` asks for first; `auto` is `json_schema` on an
OpenAI-compatible model and the model's own default elsewhere."""

_REFUSAL_WORDS = ("response_format", "json_schema", "json_object", "tool_choice", "tools")

SCHEMA_INSTRUCTION = (
    "Answer with one JSON object that matches this JSON schema, in a ```json fence, "
    "and nothing else:\n{schema}"
)


def openai_compatible(model: object) -> bool:
    """True for langchain-openai chat models (duck-typed on their `openai_api_base` field)."""
    return isinstance(model, BaseModel) and "openai_api_base" in type(model).model_fields


_BASE_URL_VARIABLES = ("OPENAI_API_BASE", "OPENAI_BASE_URL")


def _base_url(model: object) -> str | None:
    """Where `model`'s requests go, however it was configured: the openai client's own
    `base_url` (it reads `OPENAI_BASE_URL` itself, while langchain-openai leaves
    `openai_api_base` unset then), else the model's field, else the environment."""
    client = getattr(model, "root_client", None) or getattr(model, "root_async_client", None)
    found = getattr(client, "base_url", None)
    if found:
        return str(found)
    base = getattr(model, "openai_api_base", None)
    if base:
        return str(base)
    return next((os.environ[v] for v in _BASE_URL_VARIABLES if os.environ.get(v)), None)


def custom_base_url(model: object) -> bool:
    """True for an OpenAI-compatible model pointed at a server other than api.openai.com,
    given as `base_url=`, `OPENAI_API_BASE` or `OPENAI_BASE_URL`."""
    if not openai_compatible(model) or type(model).__name__.startswith("Azure"):
        return False  # Azure OpenAI reads `max_completion_tokens`, as OpenAI does
    base = _base_url(model)
    return bool(base) and urlparse(str(base)).hostname != "api.openai.com"


def first_mode(model: object, method: StructuredMethod) -> StructuredMode:
    """The mode a model's first structured call tries."""
    if method == "text" or not isinstance(model, BaseChatModel):
        return "text"
    if openai_compatible(model):
        return "json_schema" if method == "auto" else method
    return "native"


def refusal(exc: BaseException) -> str | None:
    """Why the server refused a structured request, or None when `exc` is anything else.

    Duck-typed on the openai / httpx error types: an HTTP 4xx/5xx status (`status_code`, or
    `response.status_code`) whose message names `response_format`, `json_schema` or tools.
    """
    status = getattr(exc, "status_code", None)
    if status is None:
        status = getattr(getattr(exc, "response", None), "status_code", None)
    if not isinstance(status, int) or not 400 <= status < 600:
        return None
    if not any(word in str(exc).lower() for word in _REFUSAL_WORDS):
        return None
    return f"HTTP {status}: {error_line(exc)}"


def completed_message(exc: BaseException) -> AIMessage | None:
    """The reply a server completed before the client raised on it (openai's
    `LengthFinishReasonError` / `ContentFilterFinishReasonError` carry it as `completion`)."""
    completion = getattr(exc, "completion", None)
    choices = getattr(completion, "choices", None)
    if not choices:
        return None
    choice = choices[0]
    usage = getattr(completion, "usage", None)
    message = AIMessage(
        content=str(getattr(choice.message, "content", None) or ""),
        response_metadata={"finish_reason": getattr(choice, "finish_reason", None)},
    )
    if usage is not None:
        prompt, output = int(usage.prompt_tokens), int(usage.completion_tokens)
        message.usage_metadata = {
            "input_tokens": prompt,
            "output_tokens": output,
            "total_tokens": prompt + output,
        }
    return message


def _retried_by_client(exc: BaseException) -> bool:
    """True for an error the openai client retries: no connection, a timeout, HTTP 408, 409,
    429 or 5xx."""
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        return status in (408, 409, 429) or status >= 500
    return type(exc).__module__.startswith("openai") and type(exc).__name__ in (
        "APIConnectionError",
        "APITimeoutError",
    )


def schema_instruction(schema: type[BaseModel]) -> str:
    """The prompt text asking for `schema` as JSON (text and JSON modes)."""
    return SCHEMA_INSTRUCTION.format(schema=json.dumps(schema.model_json_schema()))


def _response_format(schema: type[BaseModel]) -> dict[str, Any]:
    """The `response_format` langchain-openai would send for `schema`, as a plain dict, so the
    openai client does not parse (and raise on) the reply itself."""
    try:
        from openai.lib._parsing._completions import type_to_response_format_param
    except ImportError:  # pragma: no cover - langchain-openai always brings openai
        name, body = schema.__name__, schema.model_json_schema()
        return {"type": "json_schema", "json_schema": {"name": name, "schema": body}}
    return cast(dict[str, Any], type_to_response_format_param(schema))


def bind_structured(
    model: Runnable[Any, Any], schema: type[BaseModel], mode: StructuredMode
) -> Runnable[Any, Any]:
    """`model` bound to ask for `schema` in `mode` (`text`: unchanged)."""
    if mode == "json_schema":
        return model.bind(response_format=_response_format(schema))
    if mode == "json_mode":
        return model.bind(response_format={"type": "json_object"})
    if mode == "function_calling" and isinstance(model, BaseChatModel):
        return model.bind_tools([schema], tool_choice=schema.__name__, parallel_tool_calls=False)
    if mode == "native" and isinstance(model, BaseChatModel):
        return model.with_structured_output(schema, include_raw=True)
    return model


def with_instruction(
    messages: list[BaseMessage], schema: type[BaseModel], mode: StructuredMode
) -> list[BaseMessage]:
    """The messages of a `text` or `json_mode` call: the schema joins the last user message."""
    if mode not in ("text", "json_mode"):
        return messages
    note = schema_instruction(schema)
    last = messages[-1] if messages else None
    if isinstance(last, HumanMessage) and isinstance(last.content, str):
        return [*messages[:-1], HumanMessage(content=f"{last.content}\n\n{note}")]
    return [*messages, HumanMessage(content=note)]


def read_reply(
    message: BaseMessage, text: str, schema: type[M], mode: StructuredMode
) -> tuple[M | None, bool]:
    """The `schema` instance in a bound reply, and whether it came from the text (not from a
    tool call or a reply that is exactly the JSON asked for)."""
    calls = message.tool_calls if isinstance(message, AIMessage) else []
    if mode == "function_calling" and calls:
        try:
            return schema.model_validate(calls[0]["args"]), False
        except ValidationError:
            pass
    if mode != "text":
        try:
            return schema.model_validate_json(text), False
        except ValidationError:
            pass
    parsed = parse_from_text(text, schema)
    return parsed, parsed is not None


def _model_schema(schema: object) -> type[BaseModel] | None:
    return schema if isinstance(schema, type) and issubclass(schema, BaseModel) else None


def read_out(out: Any, schema: object, mode: StructuredMode) -> tuple[BaseMessage, Any, bool]:
    """The raw message, the parsed value (None when unusable) and whether it came from text,
    for what a bound call returned (a message, or `native`'s `raw`/`parsed` mapping)."""
    model_schema = _model_schema(schema)
    if isinstance(out, BaseMessage):
        if model_schema is None:
            return out, None, False
        content = out.content if isinstance(out.content, str) else out.text
        parsed, from_text = read_reply(out, content, model_schema, mode)
        return out, parsed, from_text
    raw, parsed = out["raw"], out.get("parsed")
    if out.get("parsing_error") is not None or (
        model_schema is not None and not isinstance(parsed, model_schema)
    ):
        parsed = None
    if parsed is None and model_schema is not None:
        text = raw.content if isinstance(raw.content, str) else raw.text
        parsed = parse_from_text(text, model_schema)
        return raw, parsed, parsed is not None
    return raw, parsed, False


class StructuredModes:
    """What a roster's structured calls learned, per model instance: the mode that works, why.

    Kept for the roster's life (one run, or one server process): a server that refused or
    ignored a binding is asked in `text` mode from then on, without paying to be refused again.
    """

    def __init__(self, method: StructuredMethod) -> None:
        self.method: StructuredMethod = method
        self._known: dict[int, tuple[object, StructuredMode, str]] = {}
        self._once: dict[int, tuple[object, Runnable[Any, Any]]] = {}

    @staticmethod
    def sends_once(model: object, mode: StructuredMode) -> bool:
        """True when a `mode` request to `model` goes without the client's retries: a bound
        mode on a server other than OpenAI's, which may refuse it (llama.cpp answers HTTP 500,
        which the openai client would send twice more)."""
        return mode in ("json_schema", "json_mode", "function_calling") and custom_base_url(model)

    def _without_retries(self, sized: Runnable[Any, Any]) -> Runnable[Any, Any]:
        """`sized` (a langchain-openai model) with clients that do not retry, kept per model."""
        kept = self._once.get(id(sized))
        if kept is not None and kept[0] is sized:
            return kept[1]
        update: dict[str, Any] = {}
        for root, leaf in (("root_client", "client"), ("root_async_client", "async_client")):
            client = getattr(sized, root, None)
            if client is not None and hasattr(client, "with_options"):
                once = client.with_options(max_retries=0)
                update[root], update[leaf] = once, once.chat.completions
        single = (
            sized.model_copy(update=update) if update and isinstance(sized, BaseModel) else sized
        )
        if len(self._once) >= _ONCE_KEPT:
            self._once.clear()
        self._once[id(sized)] = (sized, single)
        return single

    def mode(self, model: object) -> StructuredMode:
        """The mode `model`'s next structured call uses."""
        known = self._known.get(id(model))
        if known is not None and known[0] is model:
            return known[1]
        return first_mode(model, self.method)

    def why(self, model: object) -> str | None:
        """Why `model` is not asked through its first mode any more, or None."""
        known = self._known.get(id(model))
        return known[2] if known is not None and known[0] is model else None

    def learn(self, model: object, mode: StructuredMode, why: str) -> str:
        """Remember that `model` is asked in `mode` from now on, because of `why`."""
        self._known[id(model)] = (model, mode, why)
        return why

    def attempt(
        self,
        model: object,
        sized: Runnable[Any, Any],
        messages: list[BaseMessage],
        schema: object,
    ) -> tuple[StructuredMode, Runnable[Any, Any], list[BaseMessage]]:
        """The mode, the bound runnable (`sized` is `model` with its output cap) and the
        messages of the next structured call to `model`."""
        mode, model_schema = self.mode(model), _model_schema(schema)
        if model_schema is None:  # a dict or TypedDict schema: only the model can read it
            return "native", bind_structured(sized, cast(Any, schema), "native"), messages
        if mode != "text" and not isinstance(sized, BaseChatModel):
            mode = "text"
        if mode != "text":
            if self.sends_once(model, mode):
                sized = self._without_retries(sized)
            try:
                bound = bind_structured(sized, model_schema, mode)
                return mode, bound, with_instruction(messages, model_schema, mode)
            except NotImplementedError:  # no structured output at all: text from now on
                self.learn(model, "text", f"{type(model).__name__} has no {mode} binding")
        return "text", sized, with_instruction(messages, model_schema, "text")

    def recover(
        self, model: object, mode: StructuredMode, exc: Exception
    ) -> AIMessage | tuple[StructuredMode, str] | None:
        """After a structured call raised: the reply the server completed (usage kept), the
        mode to ask again in and why, or None to send the same request again with the client's
        retries (a request sent once failed as the client would have retried); any other
        error is re-raised."""
        done = completed_message(exc)
        if done is not None:
            return done
        why = refusal(exc)
        if why is not None and mode != "text":
            return "text", self.learn(model, "text", f"{mode} refused: {why}")
        if self.sends_once(model, mode) and _retried_by_client(exc):
            return None
        raise exc

    def settle(
        self, model: object, mode: StructuredMode, parsed: object, from_text: bool, over_cap: bool
    ) -> str | None:
        """After a reply: a bound mode the server ignored is dropped for `text`; the reason."""
        ignored = parsed is None or from_text
        if mode in ("json_schema", "json_mode", "function_calling") and ignored and not over_cap:
            return self.learn(model, "text", f"{mode} ignored: the reply was not the JSON")
        return self.why(model)
