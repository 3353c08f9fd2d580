"""Merging on real git: textual conflicts, keep/drop decisions, idempotence, one at a time."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from langgraph_council.nodes._workspace.merge_engine import (
    apply_decision,
    find_merge,
    finish_run,
    merge_subtask,
)
from langgraph_council.nodes._workspace.models import MergeResult, WorkspaceError
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import (
    branches,
    commit_all,
    config,
    git,
    git_exit,
    make_repo,
    no_git_identity,
    snapshot,
    write,
)
from tests.processes import HANG

__all__ = ["no_git_identity"]

SHARED = "greeting = 'hello'\nfarewell = 'bye'\n"

Conflicted = tuple[RunWorkspace, MergeResult, str]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo", {"shared.py": SHARED})


def _edit(workspace: RunWorkspace, subtask_id: str, line: str) -> Path:
    tree = workspace.create_worktree(subtask_id)
    write(tree.path, "shared.py", SHARED.replace("greeting = 'hello'", line))
    commit_all(tree.path, f"{subtask_id} edits the greeting")
    return tree.path


def _head(workspace: RunWorkspace) -> str:
    return git(workspace.integration_path, "rev-parse", "HEAD").strip()


@pytest.fixture
def conflicted(repo: Path) -> Conflicted:
    """`a` and `b` edit the same line; `a` merged, `b` conflicted. Returns the head after a."""
    workspace = RunWorkspace.open(config(repo), "run-1")
    _edit(workspace, "a", "greeting = 'hi from a'")
    _edit(workspace, "b", "greeting = 'hi from b'")
    assert merge_subtask(workspace, "a").status == "merged"
    head = _head(workspace)
    return workspace, merge_subtask(workspace, "b"), head


def test_same_line_conflict_is_reported_and_leaves_everything_clean(
    repo: Path, conflicted: Conflicted
) -> None:
    workspace, result, head = conflicted
    assert (result.status, result.files, result.needs_decision) == (
        "conflict",
        ("shared.py",),
        True,
    )
    assert "shared.py" in result.diff_summary and "shared.py" in result.message
    assert result.commit_sha is None
    assert _head(workspace) == head
    assert git(workspace.integration_path, "status", "--porcelain") == ""
    admin = Path(git(workspace.integration_path, "rev-parse", "--absolute-git-dir").strip())
    assert not (admin / "MERGE_HEAD").exists()
    assert {"council/run-1/task/a", "council/run-1/task/b"} <= branches(repo)
    assert workspace.live_worktrees() == ("b",)  # the unmerged work stays checked out


def test_keep_after_a_resolution_commit_on_the_subtask_branch(conflicted: Conflicted) -> None:
    workspace, _, head = conflicted
    b = workspace.subtask_path("b")
    # The human resolves on b's branch: merge the integration branch in, fix the line, commit.
    assert git_exit(b, "merge", "-q", workspace.integration_branch) != 0  # the same conflict
    write(b, "shared.py", SHARED.replace("greeting = 'hello'", "greeting = 'hi from a and b'"))
    commit_all(b, "resolve the greeting")
    kept = apply_decision(workspace, "b", "keep")
    assert kept.status == "merged" and kept.commit_sha == _head(workspace) != head
    assert "hi from a and b" in (workspace.integration_path / "shared.py").read_text()
    assert find_merge(workspace, "b") == kept.commit_sha


def test_keep_without_a_resolution_asks_again_unless_a_side_is_preferred(
    conflicted: Conflicted,
) -> None:
    workspace, _, head = conflicted
    assert apply_decision(workspace, "b", "keep").status == "conflict"
    assert _head(workspace) == head
    kept = apply_decision(workspace, "b", "keep", prefer="subtask")
    assert kept.status == "merged"
    assert "hi from b" in (workspace.integration_path / "shared.py").read_text()


def test_drop_discards_the_merge_but_never_the_branch(repo: Path, conflicted: Conflicted) -> None:
    workspace, _, head = conflicted
    b_tip = git(repo, "rev-parse", "council/run-1/task/b")
    dropped = apply_decision(workspace, "b", "drop")
    assert (dropped.status, dropped.files) == ("dropped", ("shared.py",))
    assert _head(workspace) == head
    assert "hi from a" in (workspace.integration_path / "shared.py").read_text()
    assert git(repo, "rev-parse", "council/run-1/task/b") == b_tip
    assert workspace.live_worktrees() == ()


def test_bad_decisions_are_refused(conflicted: Conflicted) -> None:
    workspace, _, _ = conflicted
    with pytest.raises(ValueError, match="decision 'merge'"):
        apply_decision(workspace, "b", "merge")
    with pytest.raises(WorkspaceError, match="already merged"):
        apply_decision(workspace, "a", "drop")


def test_finish_keeps_unmerged_work_in_place(repo: Path, conflicted: Conflicted) -> None:
    workspace, _, head = conflicted
    end = finish_run(workspace)
    assert (end.head_sha, end.kept_worktrees) == (head, ("b",))
    assert workspace.subtask_path("b").is_dir()
    assert "council/run-1/task/b" in branches(repo)


def test_merging_again_is_idempotent_and_empty_work_is_reported(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo, cleanup_on_merge=False), "run-1")
    _edit(workspace, "a", "greeting = 'a'")
    first = merge_subtask(workspace, "a")
    assert workspace.live_worktrees() == ("a",)  # cleanup_on_merge=False keeps it
    again = merge_subtask(RunWorkspace.open(config(repo), "run-1"), "a")  # cleanup on
    assert (again.status, again.commit_sha) == ("merged", first.commit_sha)
    assert workspace.live_worktrees() == ()  # a re-run finishes the clean-up a crash skipped
    workspace.create_worktree("idle")
    assert merge_subtask(workspace, "idle").status == "empty"
    with pytest.raises(WorkspaceError, match="no branch"):
        merge_subtask(workspace, "never-created")


def test_merges_from_many_threads_run_one_at_a_time(repo: Path) -> None:
    before = snapshot(repo)
    workspace = RunWorkspace.open(config(repo), "run-1")
    for i in range(5):
        tree = workspace.create_worktree(f"t{i}")
        write(tree.path, f"mod_{i}.py", f"VALUE = {i}\n")
    results: list[MergeResult] = []
    threads = [
        threading.Thread(target=lambda i=i: results.append(merge_subtask(workspace, f"t{i}")))
        for i in range(5)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.status for r in results) == ["merged"] * 5
    subjects = git(repo, "log", "--first-parent", "--format=%s", "-5", workspace.integration_branch)
    assert sorted(subjects.splitlines()) == [
        f"Merge subtask t{i} into council/run-1/integration" for i in range(5)
    ]
    assert snapshot(repo) == before


def test_work_added_after_a_merge_is_merged_again(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo, cleanup_on_merge=False), "run-1")
    tree = _edit(workspace, "a", "greeting = 'a'")
    first = merge_subtask(workspace, "a")
    write(tree, "later.py", "LATER = 1\n")  # the agent kept going after its first merge
    second = merge_subtask(workspace, "a")
    assert second.status == "merged" and second.commit_sha != first.commit_sha
    assert second.files == ("later.py",)
    assert (workspace.integration_path / "later.py").exists()
    assert find_merge(workspace, "a") == second.commit_sha


@pytest.mark.slow
def test_merges_from_two_processes_run_one_at_a_time(repo: Path) -> None:
    """The run lock holds across processes (a resumed run and a straggler, say)."""
    workspace = RunWorkspace.open(config(repo), "run-1")
    for i in range(6):
        write(workspace.create_worktree(f"t{i}").path, f"mod_{i}.py", f"VALUE = {i}\n")
    code = (
        "import sys\nfrom pathlib import Path\n"
        "from langgraph_council.nodes._workspace.merge_engine import merge_subtask\n"
        "from langgraph_council.nodes._workspace.worktrees import RunWorkspace\n"
        "from langgraph_council.nodes._workspace.models import WorkspaceConfig\n"
        "ws = RunWorkspace.open(WorkspaceConfig(repo_path=Path(sys.argv[1])), 'run-1')\n"
        "for sid in sys.argv[2:]:\n"
        "    assert merge_subtask(ws, sid).status == 'merged', sid\n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(repo), *ids], stderr=subprocess.PIPE)
        for ids in (["t0", "t2", "t4"], ["t1", "t3", "t5"])
    ]
    errors = [proc.communicate(timeout=HANG)[1] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], errors
    subjects = git(repo, "log", "--first-parent", "--format=%s", "-6", workspace.integration_branch)
    assert sorted(subjects.splitlines()) == [
        f"Merge subtask t{i} into council/run-1/integration" for i in range(6)
    ]
    assert all((workspace.integration_path / f"mod_{i}.py").exists() for i in range(6))
