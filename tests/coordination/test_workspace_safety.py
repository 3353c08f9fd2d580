"""The user's repository set-up never acts on a run: their hooks, their branch names, and the
paths git does not track (an uninitialised submodule, an ignored directory) are reported."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, create_coordination_graph
from langgraph_council.nodes import Org
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import branches, config, git, make_repo, no_git_identity, snapshot
from tests.coordination.workspace_pipeline import TASK, Writer

from .conftest import rows, run

__all__ = ["no_git_identity"]

HOOKS = (
    "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
    "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout",
    "post-merge", "pre-push", "reference-transaction", "post-rewrite", "post-index-change",
    "pre-auto-gc", "push-to-checkout", "fsmonitor-watchman",
)  # fmt: skip
THREE = rows({"a": [], "b": [], "c": ["a", "b"]})
THREE_EDITS = {
    "a": {"a.py": "A = 1\n"},
    "b": {"b.py": "B = 2\n"},
    "c": {"c.py": "from a import A\nfrom b import B\n\nC = A + B\n"},
}


def _graph(org: Org, repo: Path, writer: Writer, plan=THREE, **kw):
    return create_coordination_graph(
        org,
        executor=writer,
        decomposer=ManualDecomposer(plan),
        workspace=WorkspaceConfig(repo_path=repo, **kw),
    )


def _install_hooks(folder: Path, marker: Path) -> None:
    """Every hook records that it ran and fails; `prepare-commit-msg` also rewrites the message."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in HOOKS:
        rewrite = 'echo "rewritten by a hook" > "$1"\n' if name == "prepare-commit-msg" else ""
        hook = folder / name
        hook.write_text(f'#!/bin/sh\necho "{name}" >> "{marker}"\n{rewrite}exit 1\n')
        hook.chmod(hook.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


@pytest.mark.parametrize("where", ["git-dir", "core.hooksPath"])
def test_a_repository_whose_every_hook_fails_runs_to_completion(
    org: Org, tmp_path: Path, where: str
) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "def main():\n    return 0\n"})
    marker = tmp_path / "hooks-ran.txt"
    if where == "git-dir":
        _install_hooks(repo / ".git" / "hooks", marker)
    else:  # husky / lefthook style: a hooks folder named in the repository's config
        _install_hooks(repo / ".husky", marker)  # committed: every worktree has it
        git(repo, "add", ".husky")
        git(repo, "-c", "core.hooksPath=/dev/null", "commit", "-q", "-m", "husky")
        git(repo, "config", "core.hooksPath", ".husky")
    marker.unlink(missing_ok=True)  # the test's own `git add` ran post-index-change
    before = snapshot(repo)
    result = run(_graph(org, repo, Writer(THREE_EDITS, commit=False)), TASK)
    assert result.rollup == "completed", [p.error for p in result.phases if p.error]
    assert [m.status for m in result.merges] == ["merged"] * 3
    assert not marker.exists(), marker.read_text()
    assert result.integration is not None
    bodies = git(repo, "log", "--first-parent", "--format=%B", result.integration.branch)
    assert "rewritten by a hook" not in bodies
    assert bodies.count("Council-Subtask: ") == 3  # the trailers that make merges idempotent
    assert snapshot(repo) == before
    assert git(repo, "worktree", "list").count("\n") == 1  # nothing left registered


def test_a_user_branch_named_council_gets_a_message_naming_both_fixes(
    org: Org, tmp_path: Path
) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "X = 1\n"})
    git(repo, "branch", "council")
    with pytest.raises(ValueError, match=r"branch 'council'.*git branch -m council.*branch_prefix"):
        _graph(org, repo, Writer({}))
    with pytest.raises(ValueError, match="cannot lock ref"):
        RunWorkspace.open(config(repo), "run-1")
    assert branches(repo) == {"main", "council"}  # nothing was created

    result = run(_graph(org, repo, Writer(THREE_EDITS), branch_prefix="agents/council"), TASK)
    assert result.rollup == "completed"
    assert result.integration is not None
    assert result.integration.branch.startswith("agents/council/")
    made = branches(repo) - {"main", "council"}
    assert len(made) == 4 and all(b.startswith("agents/council/") for b in made)


def test_a_run_branch_in_the_way_is_named(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    git(repo, "branch", "council/run-1")  # where the run's own branches would go
    with pytest.raises(ValueError, match=r"branch 'council/run-1'"):
        RunWorkspace.open(config(repo), "run-1")


@pytest.mark.parametrize("prefix", ["", "bad prefix", "council/", "-x", "a..b", "refs/x", "heads"])
def test_a_bad_branch_prefix_is_refused_naming_the_field(tmp_path: Path, prefix: str) -> None:
    with pytest.raises(ValueError, match=r"WorkspaceConfig\.branch_prefix"):
        WorkspaceConfig(repo_path=tmp_path, branch_prefix=prefix)


@pytest.fixture
def repo_with_submodule(tmp_path: Path) -> Path:
    """A repository with a submodule entry `libsub` that is not checked out, and `build/`
    ignored."""
    repo = make_repo(
        tmp_path / "repo",
        {
            "app.py": "X = 1\n",
            ".gitignore": "build/\n*.log\n",
            ".gitmodules": '[submodule "libsub"]\n\tpath = libsub\n\turl = ../libsub.git\n',
        },
    )
    head = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{head},libsub")
    git(repo, "commit", "-q", "-m", "add the libsub submodule")
    return repo


def test_writes_git_does_not_track_are_reported_never_dropped_silently(
    org: Org, repo_with_submodule: Path
) -> None:
    repo = repo_with_submodule
    before = snapshot(repo)
    edits = {
        "sub": {"libsub/x.py": "def x():\n    return 1\n"},  # only into the submodule folder
        "mixed": {"b.py": "B = 1\n", "build/out.txt": "artefact\n", "run.log": "log\n"},
    }
    plan = rows({"sub": [], "mixed": []})
    result = run(_graph(org, repo, Writer(edits, commit=False), plan), TASK)
    sub, mixed = result.merge("sub"), result.merge("mixed")
    assert sub.status == "empty" and sub.untracked_writes == ("libsub/x.py",)
    assert "libsub/x.py" in sub.message and "not merged" in sub.message
    assert mixed.status == "merged" and mixed.files == ("b.py",)
    assert mixed.untracked_writes == ("build/", "run.log")
    assert result.outcome("sub").untracked_writes == ("libsub/x.py",)
    assert result.outcome("mixed").untracked_writes == ("build/", "run.log")
    assert result.rollup == "completed"
    assert snapshot(repo) == before


def test_a_failed_subtasks_untracked_writes_are_reported(org: Org, repo_with_submodule) -> None:
    edits = {"broken": {"libsub/y.py": "Y = 1\n", "y.py": "Y = 1\n"}}
    writer = Writer(edits, fail=("broken",), commit=False)
    result = run(_graph(org, repo_with_submodule, writer, rows({"broken": []})), TASK)
    parked = result.merge("broken")
    assert parked.status == "dropped" and parked.untracked_writes == ("libsub/y.py",)
    assert result.outcome("broken").untracked_writes == ("libsub/y.py",)
