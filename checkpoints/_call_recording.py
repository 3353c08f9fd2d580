"""`CallRecordHandler`: a LangChain callback that writes a cost row before every model call.

Give it to a run (`config={"callbacks": [CallRecordHandler(store)]}`) or bind it to a compiled
graph (`graph.with_config(callbacks=[...])`): every chat-model call a node makes inherits it,
so nodes never see a database. LangChain runs `on_chat_model_start` before the provider is
asked, and this handler raises if the row cannot be written, so no call goes unrecorded.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

import psycopg
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import BaseMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, LLMResult

from langgraph_council.checkpoints._call_records import CallRecordStore
from langgraph_council.nodes._calls.replies import estimate_tokens
from langgraph_council.nodes._calls.roster import AGENT_ID_MARKER

__all__ = ["AGENT_ID_METADATA", "PROMPT_TOKENS_METADATA", "CallRecordHandler"]

AGENT_ID_METADATA = "council_agent_id"
"""Run-metadata key a call may set to name its agent (else read from the system prompt)."""
PROMPT_TOKENS_METADATA = "council_prompt_tokens"
"""Run-metadata key a call may set to the estimate its budget pricing made (else estimated)."""

_log = logging.getLogger(__name__)


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return " ".join(str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content)


def _agent_in(messages: Sequence[BaseMessage]) -> str | None:
    for message in messages:
        if isinstance(message, SystemMessage):
            for line in _text(message).splitlines():
                if line.startswith(AGENT_ID_MARKER):
                    return line[len(AGENT_ID_MARKER) :].strip() or None
    return None


def _reported_usage(response: LLMResult) -> tuple[int, int] | None:
    for generations in response.generations:
        for generation in generations:
            if isinstance(generation, ChatGeneration):
                usage = getattr(generation.message, "usage_metadata", None)
                if usage:
                    return int(usage["input_tokens"]), int(usage["output_tokens"])
    token_usage = (response.llm_output or {}).get("token_usage") or {}
    if "prompt_tokens" in token_usage and "completion_tokens" in token_usage:
        return int(token_usage["prompt_tokens"]), int(token_usage["completion_tokens"])
    return None


class CallRecordHandler(BaseCallbackHandler):
    """Writes `start` before each chat-model call and `finish` with its usage after.

    Example:
        >>> with PostgresCallRecordStore.from_conn_string(uri) as calls:  # doctest: +SKIP
        ...     graph.invoke(inputs, {"configurable": {"thread_id": "t-1"},
        ...                           "callbacks": [CallRecordHandler(calls)]})
    """

    raise_error = True  # a start row that cannot be written stops the call

    def __init__(self, store: CallRecordStore) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._estimates: dict[str, int] = {}

    def on_chat_model_start(
        self,
        serialized: dict[str, Any],
        messages: list[list[BaseMessage]],
        *,
        run_id: UUID,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """Record the call's start with its estimated input tokens."""
        meta: Mapping[str, Any] = metadata or {}
        batch = messages[0] if messages else []
        agent = meta.get(AGENT_ID_METADATA) or _agent_in(batch)
        agent = agent or meta.get("langgraph_node") or "unknown"
        estimate = meta.get(PROMPT_TOKENS_METADATA)
        if not isinstance(estimate, int) or estimate < 0:
            estimate = sum(estimate_tokens(_text(m)) for m in batch)
        thread = meta.get("thread_id")
        self._store.start(str(run_id), None if thread is None else str(thread), agent, estimate)
        with self._lock:
            self._estimates[str(run_id)] = estimate

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        """Record the usage the call reported (estimated when the model reports none)."""
        with self._lock:
            estimate = self._estimates.pop(str(run_id), None)
        if estimate is None:
            return  # not a chat-model call this handler saw start
        usage = _reported_usage(response)
        if usage is None:
            text = " ".join(g.text for gs in response.generations for g in gs)
            usage = (estimate, estimate_tokens(text))
        try:
            self._store.finish(str(run_id), *usage)
        except (LookupError, ValueError, psycopg.Error) as exc:
            # The answer is paid for and in hand: failing the node now would repeat the call.
            _log.warning("could not record the finish of model call %s: %s", run_id, exc)

    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        """Forget the call's estimate; its start row stays unfinished, like a killed call's."""
        with self._lock:
            self._estimates.pop(str(run_id), None)
