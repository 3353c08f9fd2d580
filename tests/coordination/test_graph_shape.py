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


def _workspace_builder(org, repo, **kw):
    from langgraph_council.graphs import WorkspaceConfig

    return build_coordination_graph(
        org,
        kw.pop("roster", None),
        executor=Recorder(),
        decomposer=ManualDecomposer(rows({"a": []})),
        workspace=WorkspaceConfig(repo_path=repo, **kw),
    )


def test_mermaid_snapshot_with_a_workspace(org, tmp_path, snapshot) -> None:
    """Studio's drawing: worktrees before the fan-out, the merge node, the human interrupt."""
    from langgraph_council.nodes import Roster
    from tests.coordination.gitrepo import make_repo

    repo = make_repo(tmp_path / "repo")
    human = _workspace_builder(org, repo).compile().get_graph()
    assert human.draw_mermaid(with_styles=False) == snapshot(name="human")
    review = _workspace_builder(org, repo, roster=Roster(org), conflict_escalation="review_agent")
    assert review.compile().get_graph().draw_mermaid(with_styles=False) == snapshot(name="review")


def test_runs_with_held_merges_only_take_drawn_edges(org, tmp_path) -> None:
    from langgraph.types import Command

    from langgraph_council.graphs import WorkspaceConfig, create_coordination_graph
    from tests.coordination import workspace_pipeline as wp
    from tests.coordination.gitrepo import make_repo

    repo = make_repo(tmp_path / "repo", {"shared.py": wp.SHARED})
    graph = create_coordination_graph(
        org,
        executor=wp.Writer(wp.SAME_LINE_EDITS, delay=wp.SAME_LINE_DELAY),
        decomposer=ManualDecomposer(wp.SAME_LINE),
        workspace=WorkspaceConfig(repo_path=repo),
        checkpointer=InMemorySaver(),
    )
    config = {"configurable": {"thread_id": "held"}}
    graph.invoke({"task": wp.TASK}, config)
    graph.invoke(Command(resume={"decision": "keep", "decided_by": "human:x"}), config)  # re-asked
    by = {"reasoning": "fine", "decided_by": "human:x"}
    assert graph.invoke(Command(resume={"decision": "keep", **by}), config)["result"]
    steps = [s.next for s in reversed(list(graph.get_state_history(config))) if s.next]
    steps = [*steps, ("__end__",)]
    drawn = {(e.source, e.target) for e in graph.get_graph().edges}
    assert ("await_merge_decision", "await_merge_decision") in drawn
    for before, after in itertools.pairwise(steps):
        for node in set(after):
            assert any((a, node) in drawn for a in before), (before, node, sorted(drawn))
    names = {n for step in steps for n in step}
    assert {"create_worktrees", "merge_subtasks", "await_merge_decision"} <= names
