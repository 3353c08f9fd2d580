"""A write inside a worktree never reaches the user's repository: the pipeline's git names its
repository and work tree itself, checks the worktree's git link before it stages or commits,
and never takes a git-control file (`.gitattributes`, `.gitmodules`) from a subtask on trust."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, create_coordination_graph
from langgraph_council.nodes import Org
from langgraph_council.nodes._workspace.gitlink import GitLinkError
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import busy_repo, git, no_git_identity, snapshot
from tests.coordination.workspace_pipeline import TASK, Writer

from .conftest import rows, run

__all__ = ["no_git_identity"]

BY = {"reasoning": "looked at it", "decided_by": "human:dana"}
SOLO = rows({"a": []})


def _graph(org: Org, repo: Path, writer: Writer, plan: Any = SOLO, **kw: Any) -> Any:
    return create_coordination_graph(
        org, executor=writer, decomposer=ManualDecomposer(plan),
        workspace=WorkspaceConfig(repo_path=repo), **kw,
    )  # fmt: skip


def _redirect(repo: Path, through: str) -> Any:
    """An edit that points the worktree's git link at the user's own repository, writing
    `through` (`.git` itself, or a committed link to it)."""

    def edit(root: Path) -> None:
        (root / through).write_text(f"gitdir: {repo / '.git'}\n")
        (root / "evil.py").write_text("EVIL = 1\n")

    return edit


def _cleanable(repo: Path) -> None:
    """Whatever the run left, git itself can clean it up: every worktree it registered is
    removable and nothing is left registered afterwards."""
    listed = git(repo, "worktree", "list", "--porcelain").split("\n\n")
    paths = [b.splitlines()[0].removeprefix("worktree ") for b in listed if b.strip()][1:]
    for path in paths:
        git(repo, "worktree", "remove", "--force", path)
    git(repo, "worktree", "prune")
    assert git(repo, "worktree", "list").count("\n") == 1


@pytest.mark.parametrize("check", [None, ["git", "status"]], ids=["no-check", "check"])
def test_an_executor_rewriting_its_gitfile_fails_its_subtask_and_leaves_the_repo_alone(
    org: Org, tmp_path: Path, check: list[str] | None
) -> None:
    repo = busy_repo(tmp_path / "repo")
    before = snapshot(repo)
    writer = Writer({"a": {".git": _redirect(repo, ".git")}}, commit=False)
    result = run(_graph(org, repo, writer, check=check))
    outcome = result.outcome("a")
    assert outcome.status == "failed", outcome
    assert ".git" in (outcome.error or "") and "link" in (outcome.error or ""), outcome.error
    assert result.merge("a").status == "refused"
    assert snapshot(repo) == before
    assert "Subtask" not in git(repo, "log", "--format=%s", "main")
    _cleanable(repo)
    assert snapshot(repo) == before


def test_a_later_subtask_writing_through_a_committed_link_to_git_fails_alone(
    org: Org, tmp_path: Path
) -> None:
    repo = busy_repo(tmp_path / "repo")
    os.symlink(".git", repo / "notes.md")  # a link that stays inside every worktree
    git(repo, "add", "notes.md")
    git(repo, "commit", "-q", "-m", "notes link")
    before = snapshot(repo)
    plan = rows({"a": [], "b": ["a"]})
    edits = {"a": {"a.py": "A = 1\n"}, "b": {"notes.md": _redirect(repo, "notes.md")}}
    result = run(_graph(org, repo, Writer(edits, commit=False), plan))
    assert result.outcome("a").status == "completed"
    assert result.merge("a").status == "merged"
    failed = result.outcome("b")
    assert failed.status == "failed" and ".git" in (failed.error or ""), failed
    assert snapshot(repo) == before
    assert result.integration is not None
    tree = git(repo, "ls-tree", "--name-only", result.integration.branch).split()
    assert "a.py" in tree and "evil.py" not in tree
    _cleanable(repo)
    assert snapshot(repo) == before


def test_a_changed_head_fails_the_subtask_instead_of_committing_elsewhere(
    org: Org, tmp_path: Path
) -> None:
    repo = busy_repo(tmp_path / "repo")
    git(repo, "branch", "side")
    before = snapshot(repo)

    def switch(root: Path) -> None:
        (root / "work.py").write_text("W = 1\n")
        git(root, "symbolic-ref", "HEAD", "refs/heads/side")

    result = run(_graph(org, repo, Writer({"a": {"work.py": switch}}, commit=False)))
    assert result.outcome("a").status == "failed"
    assert "side" in (result.outcome("a").error or "")
    assert git(repo, "rev-parse", "side") == git(repo, "rev-parse", "main")
    assert snapshot(repo) == before


def test_a_gitattributes_merge_union_is_held_and_never_steers_a_later_merge(
    org: Org, tmp_path: Path
) -> None:
    repo = busy_repo(tmp_path / "repo")
    before = snapshot(repo)
    plan = rows({"attrs": [], "two": ["attrs"], "three": ["attrs"]})
    edits = {
        "attrs": {".gitattributes": "*.py merge=union\n"},
        "two": {"app.py": "def main():\n    return 2\n"},
        "three": {"app.py": "def main():\n    return 3\n"},
    }
    writer = Writer(edits, delay={"three": 0.3})
    graph = _graph(org, repo, writer, plan, checkpointer=InMemorySaver())
    thread = {"configurable": {"thread_id": "attributes"}}
    asked = graph.invoke({"task": TASK}, thread)["__interrupt__"][0].value
    assert (asked["subtask"], asked["status"]) == ("attrs", "semantic_conflict")
    assert asked["files"] == [".gitattributes"]
    assert any(i.startswith("git_control in .gitattributes") for i in asked["issues"])
    # A person keeps it anyway: the pipeline's own merges still never act on it.
    state = graph.invoke(Command(resume={"decision": "keep", **BY}), thread)
    asked = state["__interrupt__"][0].value
    assert (asked["subtask"], asked["status"]) == ("three", "conflict"), asked
    assert asked["files"] == ["app.py"]
    out = graph.invoke(Command(resume={"decision": "drop", **BY}), thread)["result"]
    assert out.integration is not None
    app = git(repo, "show", f"{out.integration.branch}:app.py")
    assert "return 2" in app and "return 3" not in app
    assert snapshot(repo) == before


@pytest.mark.parametrize("name", [".gitmodules", "pkg/.gitattributes"])
def test_other_git_control_files_are_held(org: Org, tmp_path: Path, name: str) -> None:
    repo = busy_repo(tmp_path / "repo")
    writer = Writer({"a": {name: '[submodule "x"]\n\tpath = x\n\turl = ../x\n'}})
    graph = _graph(org, repo, writer, checkpointer=InMemorySaver())
    thread = {"configurable": {"thread_id": "control"}}
    asked = graph.invoke({"task": TASK}, thread)["__interrupt__"][0].value
    assert asked["status"] == "semantic_conflict" and asked["files"] == [name]


def test_a_link_into_git_is_held_at_merge(org: Org, tmp_path: Path) -> None:
    repo = busy_repo(tmp_path / "repo")

    def link(root: Path) -> None:
        os.symlink(".git", root / "notes.md")

    graph = _graph(org, repo, Writer({"a": {"notes.md": link}}), checkpointer=InMemorySaver())
    thread = {"configurable": {"thread_id": "into-git"}}
    asked = graph.invoke({"task": TASK}, thread)["__interrupt__"][0].value
    assert asked["status"] == "semantic_conflict" and asked["files"] == ["notes.md"]
    assert any(i.startswith("git_control in notes.md") for i in asked["issues"])


def test_the_users_own_gitattributes_are_not_held(org: Org, tmp_path: Path) -> None:
    repo = busy_repo(tmp_path / "repo")
    (repo / ".gitattributes").write_text("*.png binary\n")
    git(repo, "add", ".gitattributes")
    git(repo, "commit", "-q", "-m", "attributes")
    result = run(_graph(org, repo, Writer({"a": {"a.py": "A = 1\n"}})))
    assert result.merge("a").status == "merged"


def _forged_admin(repo: Path, root: Path) -> None:
    """A fake admin dir inside the worktree that points back at it and at the user's repo."""
    fake = root / "fake" / "worktrees" / "x"
    fake.mkdir(parents=True)
    (fake / "gitdir").write_text(f"{root / '.git'}\n")
    (fake / "commondir").write_text(f"{repo / '.git'}\n")
    (fake / "HEAD").write_text("ref: refs/heads/main\n")
    (root / ".git").write_text(f"gitdir: {fake}\n")


def _git_as_link(repo: Path, root: Path) -> None:
    (root / ".git").unlink()
    os.symlink(repo / ".git", root / ".git")


def _git_as_directory(repo: Path, root: Path) -> None:
    (root / ".git").unlink()
    git(root, "init", "-q")


@pytest.mark.parametrize("attack", [_forged_admin, _git_as_link, _git_as_directory])
def test_every_other_shape_of_git_link_is_refused_then_put_back(tmp_path: Path, attack) -> None:
    repo = busy_repo(tmp_path / "repo")
    before = snapshot(repo)
    workspace = RunWorkspace.open(WorkspaceConfig(repo_path=repo), "run-1")
    root = workspace.create_worktree("a").path
    (root / "work.py").write_text("W = 1\n")
    attack(repo, root)
    with pytest.raises(GitLinkError, match="git link was changed"):
        workspace.commit_pending("a")
    assert snapshot(repo) == before
    assert workspace.commit_pending("a") is not None  # the link was put back: work committed
    assert "work.py" in git(repo, "ls-tree", "--name-only", workspace.subtask_branch("a"))
    assert snapshot(repo) == before
