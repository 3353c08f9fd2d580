"""Run-time helpers of the pipeline's nodes: the run context, progress events, phase records."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from langgraph.config import get_stream_writer
from langgraph.runtime import get_runtime
from pydantic import ValidationError

from langgraph_council.nodes.coordination.config import CoordinationConfig
from langgraph_council.nodes.coordination.report import PhaseName, PhaseResult

__all__ = ["SECTION", "coordination_context", "emit", "phase_result"]

SECTION = "coordination"
_OTHER_SECTIONS = frozenset({"meeting", "conflict", "delegation"})


def coordination_context(default: CoordinationConfig) -> CoordinationConfig:
    """The run's `CoordinationConfig`: the context merged over the build-time `default`.

    Stand-in for SPEC section 2's `run_context("coordination", CoordinationConfig, default)`
    (nodes/context.py); the lead swaps this one body at integration. None or `{}` gives
    `default`; a `CoordinationConfig` is used as is; a mapping's `"coordination"` section (or
    the flat mapping, minus other families' sections) is merged over `default` and validated.

    Raises:
        TypeError: If the context is neither a mapping nor a `CoordinationConfig`.
        ValueError: If a field is invalid (the message names it).
    """
    ctx = get_runtime().context
    if not ctx:
        return default
    if isinstance(ctx, CoordinationConfig):
        return ctx
    if not isinstance(ctx, Mapping):
        raise TypeError(
            f"context must be a mapping with a {SECTION!r} section or a CoordinationConfig, "
            f"got {type(ctx).__name__}"
        )
    section = (
        ctx.get(SECTION, None)
        if SECTION in ctx
        else {k: v for k, v in ctx.items() if k not in _OTHER_SECTIONS}
    )
    if isinstance(section, CoordinationConfig):
        return section
    if not section:
        return default
    if not isinstance(section, Mapping):
        raise TypeError(f"context[{SECTION!r}] must be a mapping, got {type(section).__name__}")
    try:
        return CoordinationConfig.model_validate({**default.model_dump(), **section})
    except ValidationError as exc:
        raise ValueError(f"invalid {SECTION} context: {exc}") from None


def emit(event: str, **data: Any) -> None:
    """A progress event on LangGraph's `custom` stream (a no-op when nobody streams it)."""
    get_stream_writer()({"event": event, **data})


def phase_result(phase: PhaseName, started: float, error: str | None = None) -> PhaseResult:
    """The record of `phase`, begun at `started` (a `time.perf_counter()` reading)."""
    return PhaseResult(
        phase=phase,
        success=error is None,
        duration_s=max(0.0, time.perf_counter() - started),
        error=error,
    )
