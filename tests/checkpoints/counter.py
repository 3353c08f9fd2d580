"""The small graphs the saver tests share: a counter that writes a checkpoint per run, and a
one-question approval that waits on an interrupt."""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict


class Counter(TypedDict):
    n: Annotated[int, operator.add]


def counter_graph() -> StateGraph[Counter, Any, Counter, Counter]:
    """Uncompiled: `bump` adds 1 to `n` on each run."""
    builder = StateGraph(Counter)
    builder.add_node("bump", lambda s: {"n": 1})
    builder.add_edge(START, "bump")
    return builder


class Approval(TypedDict):
    request: str
    answer: str


def ask(state: Approval) -> dict[str, str]:
    return {"answer": str(interrupt({"question": f"approve {state['request']}?"}))}


def approval_graph(saver: BaseCheckpointSaver[Any]) -> Any:
    """Compiled on `saver`: `ask` interrupts with a question; the resume value is `answer`."""
    builder = StateGraph(Approval)
    builder.add_node("ask", ask)
    builder.add_edge(START, "ask")
    builder.add_edge("ask", END)
    return builder.compile(checkpointer=saver)
