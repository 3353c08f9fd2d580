"""Worktree life cycle on real git: idempotent creation, limits, crash reconciliation."""

from __future__ import annotations

import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from langgraph_council.nodes._workspace.git import run_git
from langgraph_council.nodes._workspace.merge_engine import finish_run, merge_subtask
from langgraph_council.nodes._workspace.models import (
    WorkspaceError,
    WorktreeLimitError,
)
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import branches, commit_all, config, git, make_repo, snapshot, write


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo", {"app.py": "x = 1\n"})


def test_the_machine_has_no_git_identity(repo: Path) -> None:
    """Guards the other tests: a commit without an explicit identity fails here."""
    write(repo, "new.txt", "n\n")
    git(repo, "add", "new.txt")
    done = subprocess.run(["git", "-C", str(repo), "commit", "-qm", "x"], capture_output=True)
    assert done.returncode != 0


def test_open_creates_the_integration_branch_outside_the_users_tree(repo: Path) -> None:
    before = snapshot(repo)
    workspace = RunWorkspace.open(config(repo), "run-1")
    assert workspace.integration_branch in branches(repo)
    assert git(repo, "rev-parse", workspace.integration_branch) == git(repo, "rev-parse", "main")
    assert (workspace.integration_path / "app.py").read_text() == "x = 1\n"
    assert workspace.integration_path.is_relative_to((repo / ".git").resolve())
    assert snapshot(repo) == before
    again = RunWorkspace.open(config(repo), "run-1")
    assert again.integration_path == workspace.integration_path


def test_creation_is_idempotent_and_never_resets_work(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    first = workspace.create_worktree("a")
    assert (first.reused, first.branch) == (False, "council/run-1/task/a")
    write(first.path, "committed.py", "c = 1\n")
    commit_all(first.path, "agent work")
    write(first.path, "pending.py", "p = 1\n")
    again = RunWorkspace.open(config(repo), "run-1").create_worktree("a")
    assert (again.path, again.branch, again.reused) == (first.path, first.branch, True)
    assert (again.path / "pending.py").read_text() == "p = 1\n"
    assert (again.path / "committed.py").exists()
    assert again.base_sha == first.base_sha


def test_a_later_worktree_starts_from_the_integration_branch_as_it_stands(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    a = workspace.create_worktree("a")
    write(a.path, "from_a.py", "A = 1\n")
    assert merge_subtask(workspace, "a").status == "merged"
    b = workspace.create_worktree("b")
    assert (b.path / "from_a.py").read_text() == "A = 1\n"
    assert b.base_sha == git(repo, "rev-parse", workspace.integration_branch).strip()


def test_the_limit_raises_at_once_and_frees_up_after_a_merge(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo, max_concurrent_worktrees=2), "run-1")
    a = workspace.create_worktree("a")
    workspace.create_worktree("b")
    assert workspace.free_slots() == 0
    with pytest.raises(WorktreeLimitError, match="max_concurrent_worktrees=2") as caught:
        workspace.create_worktree("c")
    assert caught.value.live == ("a", "b")
    assert "council/run-1/task/c" not in branches(repo)
    assert workspace.create_worktree("a").reused  # an existing one is never refused
    write(a.path, "a.py", "A = 1\n")
    merge_subtask(workspace, "a")
    assert workspace.create_worktree("c").path.is_dir()


def test_removal_keeps_the_branch_and_refuses_uncommitted_work(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    a = workspace.create_worktree("a")
    write(a.path, "wip.py", "w = 1\n")
    assert workspace.remove_worktree("a") is False
    assert (a.path / "wip.py").exists()
    workspace.commit_pending("a")
    assert workspace.remove_worktree("a") is True
    assert not a.path.exists()
    assert "council/run-1/task/a" in branches(repo)


def _crash_leftovers(workspace: RunWorkspace) -> None:
    """What a killed run leaves: a vanished worktree dir with committed work on its branch, a
    stray directory with unsaved notes, an empty directory, a merge half done."""
    a = workspace.create_worktree("a")
    write(a.path, "a.py", "A = 1\n")
    commit_all(a.path, "agent work on a")
    shutil.rmtree(a.path)
    write(workspace.run_dir / "tasks" / "ghost", "notes.txt", "unsaved agent notes\n")
    (workspace.run_dir / "tasks" / "empty").mkdir()
    git(workspace.integration_path, "merge", "--no-ff", "--no-commit", a.branch)


def test_reconcile_after_a_crash_prunes_reattaches_and_keeps_strays(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    _crash_leftovers(workspace)
    report = workspace.reconcile()
    assert report.pruned == ("a",)
    assert report.quarantined == ("ghost",)
    assert report.removed_empty == ("empty",)
    assert report.aborted_merge is True
    assert report.unattached_branches == ("a",)
    assert git(workspace.integration_path, "status", "--porcelain") == ""
    notes = workspace.run_dir / "orphaned" / "ghost-1" / "notes.txt"
    assert notes.read_text() == "unsaved agent notes\n"
    assert "council/run-1/task/a" in branches(repo)
    again = RunWorkspace.open(config(repo), "run-1").create_worktree("a")
    assert again.reused and (again.path / "a.py").read_text() == "A = 1\n"


def test_open_reconciles_by_itself(repo: Path) -> None:
    _crash_leftovers(RunWorkspace.open(config(repo), "run-1"))
    resumed = RunWorkspace.open(config(repo), "run-1")
    assert git(resumed.integration_path, "status", "--porcelain") == ""
    assert resumed.reconcile().unattached_branches == ("a",)
    assert (resumed.run_dir / "orphaned" / "ghost-1").is_dir()


def test_a_half_created_worktree_is_replaced(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    a = workspace.create_worktree("a")
    git(repo, "worktree", "lock", "--reason", "initializing", str(a.path))  # killed mid-add
    report = workspace.reconcile()
    assert report.removed_half_created == ("a",)
    assert workspace.create_worktree("a").path.is_dir()


def test_concurrent_creation_from_threads_is_serialised(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    paths: dict[str, Path] = {}
    errors: list[BaseException] = []

    def create(subtask_id: str) -> None:
        try:
            paths[subtask_id] = workspace.create_worktree(subtask_id).path
        except BaseException as error:  # noqa: BLE001 - collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=create, args=(f"t{i}",)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert workspace.live_worktrees() == tuple(f"t{i}" for i in range(6))
    assert all((p / "app.py").exists() for p in paths.values())


def test_a_deleted_integration_worktree_comes_back_and_finish_is_idempotent(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    a = workspace.create_worktree("a")
    write(a.path, "a.py", "A = 1\n")
    shutil.rmtree(workspace.integration_path)  # someone cleaned up by hand mid-run
    assert merge_subtask(workspace, "a").status == "merged"
    first = finish_run(workspace)
    second = finish_run(RunWorkspace.open(config(repo), "run-1"))
    assert first == second
    assert not workspace.integration_path.exists()


def test_a_vanished_worktree_never_sends_git_to_the_process_checkout(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: gitpython runs in the process's cwd when its directory is missing; a reset
    meant for a vanished integration worktree must never land in the user's checkout."""
    users = make_repo(tmp_path / "users-checkout", {"keep.py": "K = 1\n"})
    write(users, "keep.py", "K = 2  # unsaved\n")
    write(users, "untracked.txt", "precious\n")
    before = snapshot(users)
    monkeypatch.chdir(users)
    workspace = RunWorkspace.open(config(repo), "run-1")
    shutil.rmtree(workspace.integration_path)
    with pytest.raises(WorkspaceError, match="does not exist"):
        run_git(workspace.integration_path, "status")
    workspace.create_worktree("a")
    assert merge_subtask(workspace, "a").status == "empty"
    assert snapshot(users) == before


def test_a_redirecting_git_environment_is_refused(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_DIR", str(repo / ".git"))
    with pytest.raises(WorkspaceError, match="GIT_DIR"):
        RunWorkspace.open(config(repo), "run-1")


def test_an_integration_worktree_someone_switched_is_never_reset(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo), "run-1")
    git(workspace.integration_path, "switch", "-q", "-c", "someones-branch")
    write(workspace.integration_path, "theirs.py", "T = 1\n")
    with pytest.raises(WorkspaceError, match="someones-branch"):
        RunWorkspace.open(config(repo), "run-1")
    assert (workspace.integration_path / "theirs.py").read_text() == "T = 1\n"
