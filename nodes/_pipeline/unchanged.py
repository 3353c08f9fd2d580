"""A worker that finished without changing anything is flagged, never reported as plain success.

An agent that never got the worktree's tools (or ignored them) ends "completed" with nothing to
merge; the run then looked successful while the integration branch lacked its work. After a
completed attempt with a worktree, its files are compared with the attempt's base commit: no
change in the tree (tracked, untracked, or a commit of its own) puts a warning on the subtask's
result, which the rollup repeats.
"""

from __future__ import annotations

from pathlib import Path

from langgraph_council.nodes._pipeline.models import SubtaskResult, SubtaskRun
from langgraph_council.nodes._workspace.git import try_git

__all__ = ["NO_CHANGES", "flag_unchanged", "may_be_unchanged"]

NO_CHANGES = "finished without changing anything in its worktree (attempt {attempt})"
"""The warning on a completed subtask whose attempt left its worktree as it found it."""


def _unchanged(root: Path, base: str) -> bool:
    status = try_git(root, "status", "--porcelain=v1", "--untracked-files=all")
    head = try_git(root, "rev-parse", "HEAD")
    if not status.ok or not head.ok:
        return False  # unknown: the merge reports what it finds
    return not status.stdout.strip() and head.stdout.strip() == base


def may_be_unchanged(run: SubtaskRun, result: SubtaskResult, base: str | None) -> bool:
    """Whether `flag_unchanged` has anything to look at: a completed attempt in a worktree with
    its base commit (a `Send` saved before attempts had one is not judged). Without it, no git
    call is made (and the async node skips its thread hop)."""
    return result.status == "completed" and run.workspace_path is not None and base is not None


def flag_unchanged(run: SubtaskRun, result: SubtaskResult, base: str | None) -> SubtaskResult:
    """`result` with a warning when it completed but its attempt changed nothing.

    Only with a worktree and the attempt's base commit (a `Send` saved before attempts had
    one is not judged).
    """
    if result.status != "completed" or run.workspace_path is None or base is None:
        return result
    if not _unchanged(Path(run.workspace_path), base):
        return result
    warning = f"subtask {run.subtask.id}: " + NO_CHANGES.format(attempt=run.attempt)
    return result.model_copy(update={"warnings": (*result.warnings, warning)})
