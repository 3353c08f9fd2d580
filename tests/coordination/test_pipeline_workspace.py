"""The pipeline over real git worktrees: waves build on merged work, the user's checkout stays
as it was, the fan-out fits the worktree limit, and unfinished work is never thrown away."""

from __future__ import annotations

from pathlib import Path

import pytest

from langgraph_council.graphs import (
    ManualDecomposer,
    WorkspaceConfig,
    build_coordination_graph,
    create_coordination_graph,
)
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._pipeline.decompose import build_plan
from langgraph_council.nodes._pipeline.merge_node import merge_sequence
from langgraph_council.nodes._pipeline.models import SubtaskResult
from tests.coordination.gitrepo import (
    branches,
    busy_repo,
    git,
    make_repo,
    no_git_identity,
    snapshot,
)
from tests.coordination.workspace_pipeline import TASK, Writer

from .conftest import CoordinationConfig, rows, run

__all__ = ["no_git_identity"]

THREE = rows({"a": [], "b": [], "c": ["a", "b"]})
THREE_EDITS = {
    "a": {"a.py": "A = 1\n"},
    "b": {"b.py": "B = 2\n"},
    "c": {"c.py": "from a import A\nfrom b import B\n\nC = A + B\n"},
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return busy_repo(tmp_path / "repo")


def _graph(org: Org, repo: Path, writer: Writer, plan=THREE, saver=None, **kw):
    return create_coordination_graph(
        org,
        executor=writer,
        decomposer=ManualDecomposer(plan),
        workspace=WorkspaceConfig(repo_path=repo, **kw),
        checkpointer=saver,
    )


def test_wave_two_builds_on_wave_one_and_the_checkout_is_untouched(org, repo, backend) -> None:
    before = snapshot(repo)
    writer = Writer(THREE_EDITS)
    result = run(_graph(org, repo, writer, saver=backend.checkpointer), TASK)
    assert result.rollup == "completed"
    assert writer.seen["c"] >= {"a.py", "b.py", "app.py"}  # wave 1's merged files
    assert "b.py" not in writer.seen["a"] and "a.py" not in writer.seen["b"]
    assert writer.seen["c"].isdisjoint({"staged.txt", "notes.txt"})  # from main, not the checkout
    integration = result.integration
    assert integration is not None and integration.kept_worktrees == ()
    subjects = git(repo, "log", "--format=%s", integration.branch).splitlines()
    for sid in "abc":
        assert any(s.startswith(f"{sid}: edit") for s in subjects), subjects
    tree = git(repo, "ls-tree", "--name-only", integration.branch).split()
    assert {"a.py", "b.py", "c.py", "app.py"} <= set(tree)
    assert [m.status for m in result.merges] == ["merged"] * 3
    assert result.merge("c").files == ("c.py",)
    assert snapshot(repo) == before  # HEAD, branch, index bytes, status, every file
    assert git(repo, "worktree", "list").count("\n") == 1  # every worktree was cleaned up
    runs = {b for b in branches(repo) if b.startswith("council/")}
    assert len(runs) == 4  # the integration branch and one per subtask: none deleted


def test_the_fan_out_fits_the_worktree_limit(org, repo) -> None:
    """One worktree at a time: a wave of three runs one by one, each on the others' merges."""
    edits = {sid: {f"{sid}.py": f"{sid.upper()} = 1\n"} for sid in ("p", "q", "r")}
    writer = Writer(edits)
    plan = rows({"p": [], "q": [], "r": []})
    result = run(_graph(org, repo, writer, plan, max_concurrent_worktrees=1), TASK)
    assert result.rollup == "completed"
    first, second, third = writer.calls
    assert f"{first}.py" in writer.seen[second]
    assert {f"{first}.py", f"{second}.py"} <= writer.seen[third]


def test_without_a_free_worktree_the_rest_is_blocked_not_lost(org, repo) -> None:
    edits = {sid: {f"{sid}.py": "X = 1\n"} for sid in ("p", "q")}
    graph = _graph(
        org, repo, Writer(edits), rows({"p": [], "q": []}),
        max_concurrent_worktrees=1, cleanup_on_merge=False,
    )  # fmt: skip
    result = run(graph, TASK)
    blocked = [r for r in (result.outcome("p"), result.outcome("q")) if r.status == "blocked"]
    assert len(blocked) == 1 and "max_concurrent_worktrees=1" in (blocked[0].reason or "")
    assert result.rollup == "blocked"
    assert result.integration is not None and len(result.integration.kept_worktrees) == 1


def test_a_failed_subtask_keeps_its_work_on_its_branch(org, repo) -> None:
    writer = Writer(THREE_EDITS, fail=("b",), commit=False)
    result = run(_graph(org, repo, writer), TASK)
    assert result.statuses == {"a": "completed", "b": "failed", "c": "blocked"}
    parked = result.merge("b")
    assert parked.status == "dropped" and "the subtask is failed" in parked.message
    assert git(repo, "show", f"{parked.branch}:b.py") == "B = 2\n"  # committed for the user
    assert "c" not in writer.calls
    assert git(repo, "worktree", "list").count("\n") == 1


def test_merge_order_priority_and_manual() -> None:
    plan = build_plan(TASK, rows({"x": [], "y": [], "z": ["y"], "w": ["z"]}), CoordinationConfig())
    done = {i: SubtaskResult(subtask_id=i) for i in "xyzw"}
    assert merge_sequence(plan, ["x", "y"], done, "priority") == ["y", "x"]  # y unblocks z, w
    assert merge_sequence(plan, ["y", "x"], done, "manual") == ["x", "y"]  # plan order


def test_bad_workspace_settings_are_named(org, tmp_path: Path) -> None:
    plan = ManualDecomposer(THREE)
    with pytest.raises(ValueError, match=r"repo_path .* is not a directory"):
        build_coordination_graph(
            org, executor=Writer({}), decomposer=plan,
            workspace=WorkspaceConfig(repo_path=tmp_path / "nowhere"),
        )  # fmt: skip
    repo = make_repo(tmp_path / "repo")
    with pytest.raises(ValueError, match="base_branch 'develop' is not a local branch"):
        build_coordination_graph(
            org, executor=Writer({}), decomposer=plan,
            workspace={"repo_path": repo, "base_branch": "develop"},
        )  # fmt: skip
    with pytest.raises(ValueError, match="needs roster=Roster"):
        build_coordination_graph(
            org, executor=Writer({}), decomposer=plan,
            workspace=WorkspaceConfig(repo_path=repo, conflict_escalation="review_agent"),
        )  # fmt: skip
    builder = build_coordination_graph(
        org, Roster(org), executor=Writer({}), decomposer=plan,
        workspace=WorkspaceConfig(repo_path=repo, conflict_escalation="review_agent"),
    )  # fmt: skip
    assert "review_merge" in builder.nodes and "await_merge_decision" not in builder.nodes


def test_the_pipelines_public_names_are_exported() -> None:
    """DESIGN section 10: the pipeline's names import from the subpackages' `__all__`."""
    import langgraph_council.graphs as graphs
    import langgraph_council.nodes as nodes

    names = {"create_coordination_graph", "build_coordination_graph", "CoordinationConfig"}
    assert names | {"WorkspaceConfig", "ManualDecomposer"} <= set(graphs.__all__)
    assert "Task" in nodes.__all__
