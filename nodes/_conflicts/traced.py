"""Where a conflict's model call stands, for its trace: the conflict's id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph_council.nodes._calls.tracing import Trace, id_of

__all__ = ["conflict_trace"]


def conflict_trace(state: Mapping[str, Any]) -> Trace:
    """The `trace=` of every conflict node: the conflict (a model, or its JSON form after a
    server's round trip), or the one being framed from messages; the phase is the node."""
    asked = state.get("asked_conflict_id")
    return Trace(conflict_id=id_of(state.get("conflict")) or (asked or None))
