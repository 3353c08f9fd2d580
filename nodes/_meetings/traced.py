"""Where a meeting's model call stands, for its trace: meeting id, phase and turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from langgraph_council.nodes._calls.tracing import Trace
from langgraph_council.nodes._meetings.ledger import turn_of

__all__ = ["meeting_trace"]


def meeting_trace(phase: str | None = None) -> Callable[[Mapping[str, Any]], Trace]:
    """The `trace=` of a meeting node whose calls are in `phase` (a parallel branch's payload
    names its own phase when `phase` is None; else the node's name is used)."""

    def trace(state: Mapping[str, Any]) -> Trace:
        named = phase or state.get("phase")
        return Trace(
            phase=named if isinstance(named, str) else None,
            meeting_id=state.get("meeting_id") or None,
            turn=turn_of(state) if "input_calibration" in state or "turn" in state else None,
        )

    return trace
