"""A chat model made ready for one call: its output cap and the tools bound for that call.

An output cap is set on a copy of the model when the model has a `max_tokens` field (an
OpenAI-compatible model on another server also gets it in `extra_body`, since
langchain-openai sends `max_completion_tokens`, which llama.cpp-style servers ignore), else
bound as a call argument; tools are bound with `bind_tools` when the model supports it (a
model without tool calling answers in text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool

from langgraph_council.nodes._calls.structured import custom_base_url

__all__ = ["capped", "with_max_tokens", "with_tools"]


def capped(model: BaseChatModel, max_tokens: int) -> BaseChatModel:
    """A copy of `model` with its `max_tokens` field set. An OpenAI-compatible model on another
    server also sends the cap as `max_tokens` (langchain-openai sends `max_completion_tokens`,
    which llama.cpp's and other servers ignore) through `extra_body`."""
    update: dict[str, Any] = {"max_tokens": max_tokens}
    if custom_base_url(model):
        extra = getattr(model, "extra_body", None) or {}
        update["extra_body"] = {**extra, "max_tokens": max_tokens}
    return model.model_copy(update=update)


def with_max_tokens(model: BaseChatModel, max_tokens: int | None) -> Runnable[Any, Any]:
    """`model` with its output capped at `max_tokens` (None: as it is)."""
    if max_tokens is None:
        return model
    if "max_tokens" in type(model).model_fields:
        return capped(model, max_tokens)
    return model.bind(max_tokens=max_tokens)


def with_tools(
    model: BaseChatModel, max_tokens: int | None, tools: Sequence[BaseTool]
) -> Runnable[Any, Any]:
    """`model` capped at `max_tokens` with `tools` bound (none: `with_max_tokens`)."""
    if not tools:
        return with_max_tokens(model, max_tokens)
    copied = max_tokens is not None and "max_tokens" in type(model).model_fields
    base = capped(model, max_tokens) if copied and max_tokens is not None else model
    try:
        bound: Runnable[Any, Any] = base.bind_tools(list(tools))
    except NotImplementedError:  # a model without tool calling answers in text
        bound = base
    if max_tokens is not None and not copied:
        bound = bound.bind(max_tokens=max_tokens)
    return bound
