"""What a crashed run leaves in its workspace, and how it is cleared.

Half-created and stale worktree registrations are removed, stray directories are moved to
`orphaned/` (they may hold uncommitted work; empty ones are removed), an unfinished merge in the
integration worktree is aborted. Branches are never deleted. `RunWorkspace` calls these under
its run lock: when it opens, and before it puts a worktree on a path.
"""

from __future__ import annotations

import logging
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

from langgraph_council.nodes._workspace.git import run_git
from langgraph_council.nodes._workspace.models import ReconcileReport, WorkspaceError
from langgraph_council.nodes._workspace.repo import Registered

__all__ = ["clear_path", "reconcile"]

logger = logging.getLogger(__name__)


class Workspace(Protocol):
    """What clearing reads of a run's workspace (`nodes._workspace.worktrees.RunWorkspace`)."""

    git_dir: Path
    run_dir: Path
    branch_root: str
    integration_path: Path

    def lock(self) -> AbstractContextManager[None]: ...
    def registered(self) -> dict[Path, Registered]: ...
    def restore_integration(self) -> bool: ...
    def subtask_branches(self) -> tuple[str, ...]: ...


def reconcile(ws: Workspace) -> ReconcileReport:
    """Repair what a crashed run left: stale registrations, half-created worktrees, stray
    directories (empty ones removed, others moved to `orphaned/`, never deleted), an
    unfinished merge in the integration worktree. Branches are never deleted; a subtask
    branch without a worktree is re-attached by the next `create_worktree`.
    """
    with ws.lock():
        found: dict[str, list[str]] = {"pruned": [], "half": [], "empty": [], "moved": []}
        tasks = ws.run_dir / "tasks"
        candidates = [ws.integration_path]
        candidates += sorted(tasks.iterdir()) if tasks.is_dir() else []
        candidates += [p for p in ws.registered() if p.parent == tasks]
        for path in dict.fromkeys(candidates):
            done = clear_path(ws, path, keep_healthy=True)
            if done:
                found[done].append(path.name)
        aborted = ws.restore_integration()
        tasks, prefix = ws.run_dir / "tasks", f"{ws.branch_root}/task/"
        live = {
            e.branch.removeprefix(prefix)
            for e in ws.registered().values()
            if e.path.parent == tasks and e.healthy and e.branch
        }
        return ReconcileReport(
            pruned=tuple(found["pruned"]),
            aborted_merge=aborted,
            removed_empty=tuple(found["empty"]),
            quarantined=tuple(found["moved"]),
            removed_half_created=tuple(found["half"]),
            unattached_branches=tuple(b for b in ws.subtask_branches() if b not in live),
        )


def clear_path(ws: Workspace, path: Path, *, keep_healthy: bool = False) -> str | None:
    """Free `path` for a new worktree; say what was done ("pruned", "half", ...) or None."""
    entry = ws.registered().get(path)
    if entry is not None and entry.half_created:
        run_git(ws.git_dir, "worktree", "unlock", str(path))
        if path.exists():
            run_git(ws.git_dir, "worktree", "remove", "--force", str(path))
        else:
            run_git(ws.git_dir, "worktree", "prune")
        return "half"
    if entry is not None and entry.prunable:
        run_git(ws.git_dir, "worktree", "prune")
        return "pruned"
    if entry is not None:
        if keep_healthy:
            return None
        raise WorkspaceError(f"{path} is a live worktree on {entry.branch}; not replacing it")
    if not path.exists():
        return None
    if path.is_dir() and not any(path.iterdir()):
        path.rmdir()
        return "empty"
    _quarantine(ws.run_dir, path)
    return "moved"


def _quarantine(run_dir: Path, path: Path) -> Path:
    """Move a stray directory aside (it may hold uncommitted work) instead of deleting it."""
    orphaned = run_dir / "orphaned"
    orphaned.mkdir(parents=True, exist_ok=True)
    number = 1
    while (orphaned / f"{path.name}-{number}").exists():
        number += 1
    target = orphaned / f"{path.name}-{number}"
    path.rename(target)
    logger.warning("moved stray directory %s to %s", path, target)
    return target
