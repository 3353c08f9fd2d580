"""Run-time helpers of the pipeline's nodes: the run context, I/O nodes, progress, phase records."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Literal

from langchain_core.runnables import Runnable
from langgraph.config import get_stream_writer

from langgraph_council.nodes._calls import dual_node
from langgraph_council.nodes._context import run_context
from langgraph_council.nodes._deadline import TimeLimit
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.report import PhaseName, PhaseResult

__all__ = [
    "SECTION",
    "coordination_context",
    "emit",
    "io_node",
    "phase_result",
    "time_limit",
]

SECTION = "coordination"


def coordination_context(default: CoordinationConfig) -> CoordinationConfig:
    """The run's `CoordinationConfig`: the context's `"coordination"` section over `default`.

    The family accessor over `nodes._context.run_context` (see there for the forms a context
    may take); `default` is the build-time config.

    Raises:
        TypeError: If the context is neither a mapping nor a `CoordinationConfig`.
        ValueError: If a field is invalid (the message names it).
    """
    return run_context(SECTION, CoordinationConfig, default)


def time_limit(
    default: CoordinationConfig,
    field: Literal["executor_timeout_seconds", "agent_timeout_seconds", "callable_timeout_seconds"],
) -> TimeLimit:
    """The pipeline's time limit `field`, read from the run's config when a node needs it."""
    return TimeLimit(
        f"CoordinationConfig.{field}",
        lambda: float(getattr(coordination_context(default), field)),
    )


def io_node(fn: Callable[[Any], Any], *, name: str) -> Runnable[Any, Any]:
    """A node doing blocking I/O (git, a store): under `ainvoke` it runs in a worker thread.

    `asyncio.to_thread` copies the context, so `get_config`, `get_runtime`, the stream writer
    and `interrupt()` work inside `fn`.
    """

    async def afn(state: Any) -> Any:
        return await asyncio.to_thread(fn, state)

    node: Runnable[Any, Any] = dual_node(fn, afn, name=name)
    return node


def emit(event: str, **data: Any) -> None:
    """A progress event on LangGraph's `custom` stream (a no-op when nobody streams it)."""
    get_stream_writer()({"event": event, **data})


def phase_result(
    phase: PhaseName,
    started: float,
    error: str | None = None,
    *,
    usage: tuple[int, int] = (0, 0),
) -> PhaseResult:
    """The record of `phase`, begun at `started` (a `time.perf_counter()` reading); `usage` is
    its model call's (input, output) tokens."""
    return PhaseResult(
        phase=phase,
        success=error is None,
        duration_s=max(0.0, time.perf_counter() - started),
        error=error,
        input_tokens=usage[0],
        output_tokens=usage[1],
    )
