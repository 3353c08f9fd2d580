"""An attempt starts from its base commit: what a killed run left in the worktree is undone,
through git pinned to the worktree's own git directory, never through its `.git` file."""

from __future__ import annotations

from pathlib import Path

import pytest
from langgraph.graph import START, StateGraph

from langgraph_council.nodes._pipeline.attempt_start import AttemptRestorer
from langgraph_council.nodes._pipeline.execute import make_execute_node
from langgraph_council.nodes._pipeline.executor import Executor
from langgraph_council.nodes._pipeline.models import Subtask, SubtaskRun
from langgraph_council.nodes._pipeline.state import ExecutePayload
from langgraph_council.nodes._workspace.models import WorkspaceError
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import config, git, make_repo, no_git_identity, snapshot, write
from tests.worker.scripted import worker_org

__all__ = ["no_git_identity"]


def _run(path: Path, sid: str = "a") -> SubtaskRun:
    return SubtaskRun(
        subtask=Subtask(id=sid, title=f"Do {sid}"),
        agent=worker_org().get("dev"),
        workspace_path=str(path),
    )


def test_a_killed_runs_leftovers_are_undone_even_with_its_gitfile_rewritten(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "x = 1\n", ".gitignore": "*.log\n"})
    before = snapshot(repo)
    workspace = RunWorkspace.open(config(repo), "run-1")
    tree = workspace.create_worktree("a")
    base = workspace.tip(tree.branch)
    gitfile = (tree.path / ".git").read_text()
    # What a killed attempt may leave: an edit, a new file, an ignored file, a commit of its
    # own, and a gitfile pointing at the user's repository.
    write(tree.path, "app.py", "x = 2\n")
    write(tree.path, "new/mod.py", "y = 1\n")
    write(tree.path, "debug.log", "noise\n")
    git(tree.path, "add", "-A")
    git(tree.path, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "agent's own")
    write(tree.path, "app.py", "x = 3\n")
    (tree.path / ".git").write_text(f"gitdir: {repo / '.git'}\n")

    AttemptRestorer(config(repo)).restore("run-1", _run(tree.path), base)

    assert (tree.path / ".git").read_text() == gitfile
    assert workspace.tip(tree.branch) == base
    assert sorted(p.name for p in tree.path.iterdir()) == [".git", ".gitignore", "app.py"]
    assert (tree.path / "app.py").read_text() == "x = 1\n"
    assert git(tree.path, "status", "--porcelain", "--ignored") == ""
    assert snapshot(repo) == before  # the user's checkout, index, HEAD and main untouched


def test_a_path_that_is_not_the_subtasks_worktree_is_refused(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "x = 1\n"})
    before = snapshot(repo)
    workspace = RunWorkspace.open(config(repo), "run-1")
    tree = workspace.create_worktree("a")
    base = workspace.tip(tree.branch)
    write(repo, "mine.txt", "the user's own work\n")
    restorer = AttemptRestorer(config(repo))
    for path, sid in ((repo, "a"), (tree.path, "b")):
        with pytest.raises(WorkspaceError, match="not its live worktree"):
            restorer.restore("run-1", _run(path, sid), base)
    (repo / "mine.txt").unlink()
    assert snapshot(repo) == before


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
async def test_a_rerun_of_the_execute_node_starts_from_the_attempts_base(
    tmp_path: Path, mode: str
) -> None:
    """The node re-runs from its first line after a crash: the second run of the same attempt
    (same `Send` payload) finds the worktree as the attempt began, not the first run's edits."""
    repo = make_repo(tmp_path / "repo", {"app.py": "x = 1\n"})
    workspace = RunWorkspace.open(config(repo), "run-1")
    tree = workspace.create_worktree("a")
    seen: list[str] = []

    def executor(run: SubtaskRun) -> str:
        root = Path(str(run.workspace_path))
        seen.append(git(root, "status", "--porcelain", "--untracked=all"))
        write(root, "app.py", (root / "app.py").read_text() + "x += 1\n")
        return "done"

    node = make_execute_node(Executor(executor), restorer=AttemptRestorer(config(repo)))
    payload = {"subtask_run": _run(tree.path), "workspace_id": "run-1",
               "base": workspace.tip(tree.branch)}  # fmt: skip
    builder = StateGraph(ExecutePayload)
    builder.add_node("execute_subtask", node)
    builder.add_edge(START, "execute_subtask")
    graph = builder.compile()
    for _ in range(2):  # the same attempt, run twice: what a resume after a kill does
        await graph.ainvoke(payload) if mode == "ainvoke" else graph.invoke(payload)
    assert seen == ["", ""]
    assert (tree.path / "app.py").read_text() == "x = 1\nx += 1\n"  # applied once
