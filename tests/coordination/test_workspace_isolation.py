"""A whole run on real git: waves build on merged work, the user's checkout is never touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from langgraph_council.nodes._workspace.merge_engine import finish_run, merge_subtask
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import (
    branches,
    busy_repo,
    commit_all,
    config,
    git,
    make_repo,
    snapshot,
    write,
)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return busy_repo(tmp_path / "repo")


def _work(workspace: RunWorkspace, subtask_id: str, rel: str, text: str, *, commit: bool) -> None:
    tree = workspace.create_worktree(subtask_id)
    write(tree.path, rel, text)
    if commit:
        commit_all(tree.path, f"{subtask_id}: add {rel}")


def test_two_waves_build_on_merged_work_and_leave_the_checkout_alone(repo: Path) -> None:
    before = snapshot(repo)
    workspace = RunWorkspace.open(config(repo), "run-7")
    _work(workspace, "a", "pkg_a.py", "def a():\n    return 'a'\n", commit=True)
    _work(workspace, "b", "docs/b.md", "# b\n", commit=False)  # left uncommitted by the agent
    wave1 = [merge_subtask(workspace, "a"), merge_subtask(workspace, "b")]
    assert [r.status for r in wave1] == ["merged", "merged"]
    assert wave1[1].files == ("docs/b.md",)

    c = workspace.create_worktree("c")
    assert (c.path / "pkg_a.py").exists() and (c.path / "docs/b.md").exists()
    write(c.path, "pkg_c.py", "from pkg_a import a\n\n\ndef c():\n    return a() + 'c'\n")
    commit_all(c.path, "c: build on a")
    assert merge_subtask(workspace, "c").status == "merged"
    end = finish_run(workspace)

    files = set(git(repo, "ls-tree", "-r", "--name-only", end.branch).split())
    assert {"app.py", "pkg_a.py", "docs/b.md", "pkg_c.py"} <= files
    merges = git(repo, "log", "--first-parent", "--format=%s", end.branch).splitlines()
    assert merges[:3] == [
        "Merge subtask c into council/run-7/integration",
        "Merge subtask b into council/run-7/integration",
        "Merge subtask a into council/run-7/integration",
    ]
    log = git(repo, "log", "--first-parent", "--format=%an <%ae>", "-3", end.branch)
    assert set(log.splitlines()) == {"council <council@localhost>"}
    for subtask in ("a", "b", "c"):  # every subtask's own commit is on the integration branch
        tip = git(repo, "rev-parse", f"council/run-7/task/{subtask}").strip()
        git(repo, "merge-base", "--is-ancestor", tip, end.branch)
    assert end.merged_into_base is False and end.kept_worktrees == ()
    assert snapshot(repo) == before
    task_branches = {f"council/run-7/task/{s}" for s in "abc"}
    assert task_branches <= branches(repo)
    assert not workspace.integration_path.exists()


def test_merge_into_base_fast_forwards_a_base_that_is_not_checked_out(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "x = 1\n"})
    git(repo, "switch", "-q", "-c", "user-topic")
    workspace = RunWorkspace.open(config(repo, merge_into_base=True), "run-1")
    _work(workspace, "a", "a.py", "A = 1\n", commit=True)
    merge_subtask(workspace, "a")
    end = finish_run(workspace)
    assert end.merged_into_base and end.message == ""
    assert git(repo, "rev-parse", "main").strip() == end.head_sha == end.base_sha
    assert git(repo, "symbolic-ref", "--short", "HEAD").strip() == "user-topic"
    assert not (repo / "a.py").exists()


def test_merge_into_base_merges_a_moved_base_then_updates_a_clean_checkout(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "x = 1\n"})
    workspace = RunWorkspace.open(config(repo, merge_into_base=True), "run-1")
    _work(workspace, "a", "a.py", "A = 1\n", commit=True)
    merge_subtask(workspace, "a")
    write(repo, "user.py", "U = 1\n")
    user_commit = commit_all(repo, "the user kept working on main")
    end = finish_run(workspace)
    assert end.merged_into_base, end.message
    assert git(repo, "rev-parse", "HEAD").strip() == end.head_sha
    assert (repo / "a.py").read_text() == "A = 1\n" and (repo / "user.py").exists()
    assert git(repo, "merge-base", "--is-ancestor", user_commit, "HEAD") == ""
    assert git(repo, "status", "--porcelain") == ""


def test_merge_into_base_never_touches_a_dirty_checkout(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "x = 1\n"})
    workspace = RunWorkspace.open(config(repo, merge_into_base=True), "run-1")
    _work(workspace, "a", "a.py", "A = 1\n", commit=True)
    merge_subtask(workspace, "a")
    write(repo, "app.py", "x = 2  # unsaved\n")
    head = git(repo, "rev-parse", "HEAD")
    end = finish_run(workspace)
    assert not end.merged_into_base
    assert "uncommitted changes" in end.message
    assert git(repo, "rev-parse", "HEAD") == head
    assert (repo / "app.py").read_text() == "x = 2  # unsaved\n"
    assert git(repo, "rev-parse", end.branch).strip() == end.head_sha
