"""Where a subtask's attempt starts: its worktree, reset to the attempt's base commit.

`create_worktrees` records each attempt's base commit (its branch tip when the worktree is
handed out) in the attempt's `Send`; the executor node calls `restore_attempt` before every
run of the attempt. A first run finds the worktree at its base already (a no-op); a re-run
after a crash or kill finds what the killed run left (edits, new files, even commits made by
the agent's own code) and starts again from the base, so a worker's side effects never apply
twice. Git is asked about the worktree through the repository (`git worktree list`), never
through the worktree's own `.git` file, which the killed run's code may have rewritten.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._workspace.git import run_git
from langgraph_council.nodes._workspace.models import WorkspaceConfig, WorkspaceError
from langgraph_council.nodes._workspace.nodes import run_workspace
from langgraph_council.nodes._workspace.tree_paths import hide_escaping_links
from langgraph_council.nodes._workspace.worktrees import RunWorkspace

__all__ = ["AttemptRestorer", "restore_attempt"]


def _admin_dir(workspace: RunWorkspace, path: Path) -> Path:
    """The worktree's own git directory, found from the repository's side (`worktrees/*/gitdir`
    names the worktree's `.git`), so a rewritten gitfile cannot point us elsewhere."""
    for gitdir in sorted((workspace.git_dir / "worktrees").glob("*/gitdir")):
        named = Path(gitdir.read_text().strip())
        if named.parent.resolve() == path:
            return gitdir.parent
    raise WorkspaceError(f"{path} is not a worktree of {workspace.git_dir}; not resetting it")


def _relink(path: Path, admin: Path) -> None:
    """Put back the worktree's `.git` file as git wrote it (the killed run's code may have
    rewritten it, made it a link or a directory): git clean and reset never touch it."""
    gitfile, wanted = path / ".git", f"gitdir: {admin}\n"
    if gitfile.is_symlink() or gitfile.is_file():
        if not gitfile.is_symlink() and gitfile.read_text(errors="replace") == wanted:
            return
        gitfile.unlink()
    elif gitfile.exists():
        shutil.rmtree(gitfile)
    gitfile.write_text(wanted)


def restore_attempt(workspace: RunWorkspace, subtask_id: str, path: Path, base: str) -> None:
    """Put the subtask's worktree at `path` (its own or the shared one) back to `base`:
    its `.git` file, tracked files, the branch, and no untracked or ignored files (everything
    a killed run of the attempt may have left).

    Raises:
        WorkspaceError: `path` is not a live worktree of the run on the subtask's branch.
    """
    path, branch = path.resolve(), workspace.subtask_branch(subtask_id)
    with workspace.lock():
        entry = workspace.registered().get(path)
        ours = path.parent == workspace.run_dir / "tasks"
        if not ours or entry is None or not entry.healthy or entry.branch != branch:
            raise WorkspaceError(
                f"subtask {subtask_id!r}: {path} is not its live worktree on {branch}; "
                "cannot restart its attempt"
            )
        admin = _admin_dir(workspace, path)
        _relink(path, admin)
        (admin / "index.lock").unlink(missing_ok=True)
        pinned = (f"--git-dir={admin}", f"--work-tree={path}")
        run_git(path, *pinned, "reset", "-q", "--hard", base)
        run_git(path, *pinned, "clean", "-ffdxq")
        hide_escaping_links(path)


class AttemptRestorer:
    """`restore_attempt` for the executor node, given the workspace config the graph was built
    with (the node knows the run's workspace id and the subtask, not the config)."""

    def __init__(self, config: WorkspaceConfig) -> None:
        self.config = config

    def restore(self, workspace_id: str, run: SubtaskRun, base: str) -> None:
        """Reset the worktree of `run` (in the run `workspace_id`) to `base`."""
        if run.workspace_path is None:
            raise WorkspaceError(f"subtask {run.subtask.id!r} has no worktree to reset")
        workspace = run_workspace(self.config, workspace_id)
        restore_attempt(workspace, run.subtask.id, Path(run.workspace_path), base)
