"""What each topology changes: where subtasks work, in what order, and what each one sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, create_coordination_graph
from langgraph_council.nodes import Org, Task
from langgraph_council.nodes._workspace.models import WorkspaceError
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import branches, commit_all, config, git, make_repo, write
from tests.coordination.workspace_pipeline import Writer

from .conftest import Recorder, rows, run

# a and b are independent (one wave), c builds on a.
THREE = rows({"a": [], "b": [], "c": ["a"]})
# a, then b and c side by side, then d on both: a sequential backbone with a parallel part.
DIAMOND = rows({"a": [], "b": ["a"], "c": ["a"], "d": ["b", "c"]})


def _edits(ids: str) -> dict[str, dict[str, str]]:
    return {sid: {f"{sid}.py": f"{sid.upper()} = 1\n"} for sid in ids}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo", {"app.py": "def main():\n    return 0\n"})


def _run(org: Org, repo: Path, topology: str, plan=THREE, ids: str = "abc"):
    writer = Writer(_edits(ids))
    graph = create_coordination_graph(
        org,
        executor=writer,
        decomposer=ManualDecomposer(plan),
        workspace=WorkspaceConfig(repo_path=repo),
    )
    result = run(graph, Task(id="t1", title="Billing", owner_id="cto", topology=topology))
    assert result.rollup == "completed", result.summary
    return result, writer


def _task_branches(repo: Path) -> set[str]:
    return {b for b in branches(repo) if "/task/" in b}


def test_sas_runs_every_subtask_in_one_worktree_in_order_each_seeing_the_last(org, repo) -> None:
    result, writer = _run(org, repo, "sas")
    assert writer.calls == ["a", "b", "c"]
    assert len(set(writer.paths.values())) == 1  # one place for the whole run
    assert "a.py" in writer.seen["b"]  # b does not depend on a, and still sees its work
    assert {"a.py", "b.py"} <= writer.seen["c"]
    assert result.topology is not None and result.topology.shared_worktree == ("a", "b", "c")
    assert len(_task_branches(repo)) == 3  # each subtask's work is still its own merge
    assert [m.status for m in result.merges] == ["merged"] * 3
    assert result.integration is not None and result.integration.kept_worktrees == ()
    assert git(repo, "worktree", "list").count("\n") == 1


@pytest.mark.parametrize("topology", ["centralized", "decentralized"])
def test_centralized_and_decentralized_give_each_subtask_its_own_worktree(
    org, repo, topology
) -> None:
    result, writer = _run(org, repo, topology)
    assert sorted(writer.calls[:2]) == ["a", "b"] and writer.calls[2] == "c"
    assert len(set(writer.paths.values())) == 3
    assert "a.py" not in writer.seen["b"] and "b.py" not in writer.seen["a"]  # one wave, apart
    assert "a.py" in writer.seen["c"]  # the next wave branches from the merged work
    assert result.topology is not None and result.topology.shared_worktree == ()
    assert len(_task_branches(repo)) == 3


def test_context_dependent_shares_a_worktree_along_the_backbone_only(org, repo) -> None:
    result, writer = _run(org, repo, "context_dependent", DIAMOND, "abcd")
    assert result.topology is not None and result.topology.shared_worktree == ("a", "d")
    paths = writer.paths
    assert paths["a"] == paths["d"]  # single-subtask waves: one place, in order
    assert len({paths["a"], paths["b"], paths["c"]}) == 3  # the wide wave: isolated
    assert "b.py" not in writer.seen["c"] and "c.py" not in writer.seen["b"]
    assert {"a.py", "b.py", "c.py"} <= writer.seen["d"]
    assert git(repo, "worktree", "list").count("\n") == 1


def test_decentralized_needs_a_workspace_and_auto_does_not_pick_it_without_one(
    org, make_graph
) -> None:
    recorder = Recorder()
    graph = make_graph(rows({"a": [], "b": []}), recorder)
    explicit = run(graph, Task(id="t", title="x", topology="decentralized"))
    validate = explicit.phase("validate")
    assert validate is not None and not validate.success
    assert "workspace=WorkspaceConfig" in (validate.error or "")
    assert recorder.calls == [] and explicit.parent_status == "failed"
    wide = Task(id="t", title="x", structure="parallel", expected_artifacts=9)
    auto = run(graph, wide)
    assert auto.topology is not None and auto.topology.topology == "centralized"
    assert "decentralized needs a workspace" in auto.topology.reason
    assert sorted(recorder.calls) == ["a", "b"]


@pytest.mark.parametrize(("topology", "sees_a"), [("sas", True), ("centralized", False)])
def test_without_a_workspace_sas_hands_each_subtask_the_earlier_results(
    make_graph, topology, sees_a
) -> None:
    recorder = Recorder()
    result = run(make_graph(THREE, recorder), Task(id="t", title="x", topology=topology))
    assert result.rollup == "completed"
    assert ("a" in recorder.runs["b"].upstream_results) is sees_a
    assert set(recorder.runs["c"].upstream_results) == ({"a", "b"} if sees_a else {"a"})


def test_sas_never_hands_a_failed_subtasks_work_to_the_next_one(org, repo) -> None:
    """a writes, then fails for good: its work is kept on its branch, and b, in the same
    worktree, starts from the integration branch without it."""
    writer = Writer(_edits("ab"), fail=("a",))
    graph = create_coordination_graph(
        org,
        executor=writer,
        decomposer=ManualDecomposer(rows({"a": [], "b": []})),
        workspace=WorkspaceConfig(repo_path=repo),
        config={"max_retries": 0, "reassign": False},
    )
    result = run(graph, Task(id="t1", title="Billing", owner_id="cto", topology="sas"))
    assert result.statuses == {"a": "failed", "b": "completed"}
    assert writer.paths["a"] == writer.paths["b"]
    assert "a.py" not in writer.seen["b"]
    parked = result.merge("a")
    assert parked.status == "dropped"
    assert git(repo, "show", f"{parked.branch}:a.py") == "A = 1\n"
    assert result.integration is not None
    tree = git(repo, "ls-tree", "--name-only", result.integration.branch).split()
    assert "b.py" in tree and "a.py" not in tree


def test_the_shared_worktree_moves_on_only_when_clean_and_is_idempotent(repo) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1").sharing(["a", "b"])
    first = workspace.create_worktree("a")
    write(first.path, "a.py", "A = 1\n")
    with pytest.raises(WorkspaceError, match=r"uncommitted work of .*/task/a"):
        workspace.create_worktree("b")
    commit_all(first.path, "a: edit a.py")
    second = workspace.create_worktree("b")
    again = workspace.create_worktree("b")  # a re-run after a crash: the same place, reused
    assert first.path == second.path == again.path and again.reused
    assert workspace.commit_pending("a") is None  # a's branch is no longer checked out there
    assert workspace.remove_worktree("b") is False  # the shared worktree stays for the next
    assert workspace.live_worktrees() == ("_shared",)
