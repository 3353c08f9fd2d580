"""Graph shape: a mermaid snapshot, and every transition a run takes is a drawn edge."""

from __future__ import annotations

import itertools

from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import ManualDecomposer, build_coordination_graph
from langgraph_council.nodes import Task

from .conftest import Recorder, rows


def test_mermaid_snapshot(org, snapshot) -> None:
    builder = build_coordination_graph(
        org, executor=Recorder(), decomposer=ManualDecomposer(rows({"a": []}))
    )
    assert builder.compile().get_graph().draw_mermaid(with_styles=False) == snapshot


def _assert_run_follows_drawn_edges(graph, task, ctx=None) -> None:
    config = {"configurable": {"thread_id": f"shape-{task.id}"}}
    graph.invoke({"task": task}, config, context=ctx)
    steps = [s.next for s in reversed(list(graph.get_state_history(config))) if s.next]
    steps = [*steps, ("__end__",)]
    drawn = {(e.source, e.target) for e in graph.get_graph().edges}
    for before, after in itertools.pairwise(steps):
        for node in set(after):
            assert any((a, node) in drawn for a in before), (before, node, sorted(drawn))


def test_runs_only_take_drawn_edges(make_graph) -> None:
    plan = rows({"a": [], "b": ["a"], "c": ["a"], "d": ["b", "c"]})
    graph = make_graph(plan, Recorder(fail=["b"]), checkpointer=InMemorySaver())
    _assert_run_follows_drawn_edges(graph, Task(id="ok", title="x"))
    _assert_run_follows_drawn_edges(graph, Task(id="deep", title="x"), {"max_depth": 2})
    _assert_run_follows_drawn_edges(graph, Task(id="none", title="x"), {"min_score": 1.0})
