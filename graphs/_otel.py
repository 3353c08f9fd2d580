"""The OpenTelemetry export: a callback handler that turns a council run's runs into spans.

Install the extra (`pip install "langgraph-council[otel]"`) and pass the handler as a
callback: every run LangChain and LangGraph report (the graph, each step, each model call
and agent run) becomes a span, nested as the runs are, with the same names and attributes:
the `council.*` keys of `nodes._calls.tracing` (family, graph, meeting or conflict id,
phase, agent id and role, subtask, wave, attempt, turn), LangGraph's node and step, the
run's type and tags. A failed run's span has status ERROR and the exception recorded.
A root run becomes a child of the OpenTelemetry span current where the graph was called,
so a council run nests inside the app's own trace.

Without the extra, importing this module raises `MissingExtraError` (a `CouncilError` and an
`ImportError`) naming the install command.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from uuid import UUID

from langchain_core.tracers.base import BaseTracer
from langchain_core.tracers.schemas import Run

from langgraph_council.nodes._calls.tracing import TRACE_KEYS
from langgraph_council.nodes._errors import MissingExtraError

try:
    from opentelemetry import trace
    from opentelemetry.trace import Span, Status, StatusCode, TracerProvider
except ImportError:  # pragma: no cover - the dev extra installs it
    raise MissingExtraError("OTelCallbackHandler", extra="otel", package="opentelemetry") from None

__all__ = ["OTelCallbackHandler"]

_LANGGRAPH_KEYS = {
    "langgraph_node": "langgraph.node",
    "langgraph_step": "langgraph.step",
    "langgraph_checkpoint_ns": "langgraph.checkpoint_ns",
}
_SCALARS = (str, bool, int, float)


def _ns(moment: datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1_000_000_000)


def attributes_of(run: Run) -> dict[str, Any]:
    """A run's span attributes: its type and tags, the council keys, LangGraph's node and
    step (only values OpenTelemetry accepts: text, numbers, booleans)."""
    found: dict[str, Any] = {"langchain.run_type": run.run_type}
    if run.tags:
        found["langchain.tags"] = list(run.tags)
    metadata: Mapping[str, Any] = (run.extra or {}).get("metadata") or {}
    for key in TRACE_KEYS:
        value = metadata.get(key)
        if isinstance(value, _SCALARS):
            found[key] = value
    for key, name in _LANGGRAPH_KEYS.items():
        value = metadata.get(key)
        if isinstance(value, _SCALARS):
            found[name] = value
    return found


class OTelCallbackHandler(BaseTracer):
    """A langchain-core callback handler exporting every run as an OpenTelemetry span.

    `tracer_provider` is where spans go (the global provider when None, as OpenTelemetry's
    own instrumentations do). Pass it in the run config's callbacks; it sees every run below
    the call, council graphs and subgraphs, steps, model calls and agent runs.

    Example:
        >>> from opentelemetry.sdk.trace import TracerProvider  # doctest: +SKIP
        >>> handler = OTelCallbackHandler(TracerProvider())  # doctest: +SKIP
        >>> graph.invoke(inp, {"callbacks": [handler]})  # doctest: +SKIP
    """

    run_inline = True
    """Called in the calling thread, in order, under `ainvoke` too: a span's parent is
    always started before it."""

    def __init__(self, tracer_provider: TracerProvider | None = None) -> None:
        super().__init__()
        self._tracer = trace.get_tracer("langgraph_council", tracer_provider=tracer_provider)
        self._spans: dict[UUID, Span] = {}

    def _on_run_create(self, run: Run) -> None:
        parent = self._spans.get(run.parent_run_id) if run.parent_run_id else None
        context = trace.set_span_in_context(parent) if parent is not None else None
        self._spans[run.id] = self._tracer.start_span(
            run.name,
            context=context,
            attributes=attributes_of(run),
            start_time=_ns(run.start_time),
        )

    def _on_run_update(self, run: Run) -> None:
        span = self._spans.pop(run.id, None)
        if span is None:
            return
        if run.error:
            span.set_status(Status(StatusCode.ERROR, _first_line(run.error)))
            span.add_event("exception", {"exception.message": run.error})
        span.end(end_time=_ns(run.end_time))

    def _persist_run(self, run: Run) -> None:
        """Nothing to keep: each span was exported when its run ended."""


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else text
