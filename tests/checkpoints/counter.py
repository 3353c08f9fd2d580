"""The smallest graph that writes checkpoints: one node adds 1 to `n` (the saver tests)."""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict


class Counter(TypedDict):
    n: Annotated[int, operator.add]


def counter_graph() -> StateGraph[Counter, Any, Counter, Counter]:
    """Uncompiled: `bump` adds 1 to `n` on each run."""
    builder = StateGraph(Counter)
    builder.add_node("bump", lambda s: {"n": 1})
    builder.add_edge(START, "bump")
    return builder
