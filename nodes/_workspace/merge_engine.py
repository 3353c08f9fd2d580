"""Merge subtask branches into a run's integration worktree, one at a time, checked before kept.

A merge runs `git merge --no-ff --no-commit` inside the integration worktree (never the user's
checkout), then `merge_checks.py`: links that lead out of the tree and the bounded AST checks of
`semantic.py` over the whole merged tree; only a merge with no textual conflict, no new link out
and no *new* semantic issue is committed. Otherwise the merge is aborted, the
integration worktree is clean again and the `MergeResult` names the files, so the run can go on
after a `keep` or `drop` decision (`apply_decision`). Every merge commit carries
`Council-Run`/`Council-Subtask` trailers, which make merging idempotent after a crash.

A subtask's worktree whose git link or HEAD was changed is `refused`: nothing is staged or
committed there (`RunWorkspace.guard_link`). The pipeline's merges never let an attribute
pick a merge driver that resolves conflicts silently (`merge_drivers`): a git-control file
from a subtask is held for a person, and even one a person kept cannot steer a later merge.
"""

from __future__ import annotations

import contextlib
import re
from typing import Literal

from langgraph_council.nodes._workspace.git import run_git, try_git
from langgraph_council.nodes._workspace.gitlink import GitLinkError
from langgraph_council.nodes._workspace.merge_checks import MergeChecks
from langgraph_council.nodes._workspace.models import (
    IntegrationResult,
    MergeResult,
    WorkspaceError,
)
from langgraph_council.nodes._workspace.tree_paths import MAX_REPORTED
from langgraph_council.nodes._workspace.worktrees import RunWorkspace

__all__ = [
    "Preference",
    "apply_decision",
    "find_merge",
    "finish_run",
    "merge_drivers",
    "merge_subtask",
    "preview_merge",
    "refused",
    "with_untracked",
]

Preference = Literal["subtask", "integration"]
"""Which side wins conflicting hunks when a decision asks for it (`-X theirs` / `-X ours`)."""

TRAILER_RUN = "Council-Run"
TRAILER_SUBTASK = "Council-Subtask"
_STAT_LINES = 20
_STAT_BOUND = ("-c", "core.bigFileThreshold=8m")
"""The diff summary counts lines of files up to 8 MiB; bigger ones show as `Bin` (a 50 MB
generated file took 3 s to count)."""


_DRIVER_NAME = re.compile(r"[A-Za-z0-9_.-]+")


def merge_drivers(workspace: RunWorkspace, prefer: Preference | None) -> list[str]:
    """`-c` options that make every merge driver an attribute can name (`union`, and each
    `merge.<name>.driver` of the user's config) a plain three-way text merge.

    Git reads attributes from the worktree it merges in, and `merge=union` (or a configured
    driver such as `ours`) would settle conflicting lines without anyone seeing them. A
    configured driver wins over git's built-in of the same name, so `union` becomes
    `git merge-file` too; `prefer` is passed on (`-X` does not reach an external driver).
    """
    side = {"subtask": " --theirs", "integration": " --ours"}.get(prefer or "", "")
    text = f"git merge-file --marker-size=%L{side} %A %O %B"
    listed = try_git(workspace.git_dir, "config", "--get-regexp", r"^merge\..+\.driver$")
    names = {"union"}
    for line in listed.stdout.splitlines() if listed.ok else ():
        key = line.split(" ", 1)[0]
        name = key.removeprefix("merge.").removesuffix(".driver")
        if _DRIVER_NAME.fullmatch(name):
            names.add(name)
    options = ["-c", "merge.default=text"]
    for name in sorted(names):
        options += ["-c", f"merge.{name}.driver={text}"]
    return options


def find_merge(workspace: RunWorkspace, subtask_id: str) -> str | None:
    """The sha of the integration commit that merged `subtask_id` in this run, or None."""
    wanted = {f"{TRAILER_RUN}: {workspace.run_id}", f"{TRAILER_SUBTASK}: {subtask_id}"}
    out = run_git(
        workspace.git_dir, "log", "--first-parent", "--fixed-strings",
        f"--grep={TRAILER_SUBTASK}: {subtask_id}", "--format=%H%x1f%B%x1e",
        workspace.integration_branch,
    )  # fmt: skip
    for record in out.split("\x1e"):
        sha, _, body = record.strip().partition("\x1f")
        if sha and wanted <= set(body.splitlines()):
            return sha
    return None


def _changes(workspace: RunWorkspace, ref: str) -> tuple[tuple[str, ...], str]:
    """Files `ref` changed since it forked from the integration branch, and a short stat."""
    span = f"{workspace.integration_branch}...{ref}"
    names = run_git(workspace.git_dir, "diff", "-z", "--name-only", span).split("\0")
    stat = run_git(workspace.git_dir, *_STAT_BOUND, "diff", "--stat=100", span).splitlines()
    if len(stat) > _STAT_LINES:
        hidden = len(stat) - _STAT_LINES
        stat = [*stat[: _STAT_LINES - 1], f" ... {hidden} more files", stat[-1]]
    return tuple(n for n in names if n), "\n".join(stat)


def _commit_merge(workspace: RunWorkspace, subtask_id: str | None, ref: str) -> str:
    cwd = workspace.integration_path
    what = f"subtask {subtask_id}" if subtask_id else ref
    title = f"Merge {what} into {workspace.integration_branch}"
    trailers = (
        f"\n\n{TRAILER_RUN}: {workspace.run_id}\n{TRAILER_SUBTASK}: {subtask_id}\n"
        if subtask_id
        else "\n"
    )
    run_git(cwd, "commit", "-q", "--no-verify", "-m", title + trailers, identity=True)
    return run_git(cwd, "rev-parse", "HEAD").strip()


def _try_merge(
    workspace: RunWorkspace,
    ref: str,
    *,
    subtask_id: str | None,
    prefer: Preference | None,
    enforce_semantics: bool,
) -> MergeResult:
    """Merge `ref` into the integration worktree; commit it only when it is clean."""
    cwd = workspace.integration_path
    files, summary = _changes(workspace, ref)
    result = MergeResult(
        subtask_id=subtask_id or "", branch=ref, status="merged", files=files,
        diff_summary=summary,
    )  # fmt: skip
    checks = MergeChecks(cwd, workspace.config, links=subtask_id is not None)
    strategy = ["-X", "theirs" if prefer == "subtask" else "ours"] if prefer else []
    drivers = merge_drivers(workspace, prefer)
    merged = try_git(
        cwd, *drivers, "merge", "--no-ff", "--no-commit", *strategy, ref, identity=True
    )
    if not merged.ok:
        unmerged = run_git(cwd, "diff", "-z", "--name-only", "--diff-filter=U").split("\0")
        conflicted = tuple(n for n in unmerged if n)
        workspace.restore_integration()
        if not conflicted:
            raise WorkspaceError(f"git merge {ref} failed: {merged.stderr.strip()}")
        return result.model_copy(
            update={
                "status": "conflict", "files": conflicted,
                "message": f"textual conflict in {', '.join(conflicted)}",
            }
        )  # fmt: skip
    found = checks.after()
    issues, skipped = found.issues, found.describe_skipped()
    result = result.model_copy(update={"semantic_skipped": tuple(found.skipped)})
    if issues and enforce_semantics:
        workspace.restore_integration()
        involved = sorted({i.file for i in issues} | {i.target for i in issues if i.target})
        first = f"{len(issues)} issue(s) held the merge, first: {issues[0].kind} in "
        return result.model_copy(
            update={
                "status": "semantic_conflict", "files": tuple(involved),
                "semantic_issues": issues,
                "message": _join(f"{first}{issues[0].file}: {issues[0].message}", skipped),
            }
        )  # fmt: skip
    sha = _commit_merge(workspace, subtask_id, ref)
    return result.model_copy(
        update={"commit_sha": sha, "semantic_issues": issues, "message": skipped}
    )


def _join(*parts: str) -> str:
    return "; ".join(part for part in parts if part)


def with_untracked(result: MergeResult, written: tuple[str, ...]) -> MergeResult:
    """`result` naming what the subtask wrote where git does not track it (not merged)."""
    if not written:
        return result
    shown = ", ".join(written[:5]) + (f" and {len(written) - 5} more" if len(written) > 5 else "")
    note = (
        f"{len(written)} path(s) written where git does not track them (ignored, or inside a "
        f"submodule folder git has not checked out) were not merged: {shown}"
    )
    return result.model_copy(
        update={
            "untracked_writes": written[:MAX_REPORTED],
            "message": _join(result.message, note),
        }
    )


def refused(workspace: RunWorkspace, subtask_id: str, error: GitLinkError) -> MergeResult:
    """The record of a subtask whose worktree's git link or HEAD had been changed."""
    return MergeResult(
        subtask_id=subtask_id, branch=workspace.subtask_branch(subtask_id), status="refused",
        message=f"not merged: {error}",
    )  # fmt: skip


def _require_branch(workspace: RunWorkspace, subtask_id: str) -> str:
    branch = workspace.subtask_branch(subtask_id)
    if not workspace.branch_exists(branch):
        raise WorkspaceError(
            f"subtask {subtask_id!r} has no branch {branch}; create its worktree first"
        )
    return branch


def merge_subtask(
    workspace: RunWorkspace,
    subtask_id: str,
    *,
    prefer: Preference | None = None,
    enforce_semantics: bool = True,
) -> MergeResult:
    """Merge one subtask's branch into the integration branch, under the run lock.

    Work left uncommitted in the subtask's worktree is committed first. Idempotent: a subtask
    merged before (say, by a process that then crashed) returns `merged` with the same sha;
    work added on its branch after a merge is merged again.
    `enforce_semantics=False` keeps a merge despite new semantic issues (they are reported).
    With `cleanup_on_merge`, the worktree of a merged or empty subtask is removed; its branch
    stays.

    Example:
        >>> merge_subtask(RunWorkspace.open(config, "run-1"), "api").status  # doctest: +SKIP
        'merged'
    """
    branch = _require_branch(workspace, subtask_id)
    with workspace.lock():
        workspace.restore_integration()
        try:
            workspace.commit_pending(subtask_id)
        except GitLinkError as error:
            return refused(workspace, subtask_id, error)
        written = workspace.untracked_writes(subtask_id)
        if workspace.is_ancestor(branch, workspace.integration_branch):
            done = find_merge(workspace, subtask_id)
            result = MergeResult(
                subtask_id=subtask_id, branch=branch, status="merged" if done else "empty",
                commit_sha=done, message="merged before" if done else "nothing to merge",
            )  # fmt: skip
        else:
            result = _try_merge(
                workspace, branch, subtask_id=subtask_id, prefer=prefer,
                enforce_semantics=enforce_semantics,
            )  # fmt: skip
        if result.status in ("merged", "empty") and workspace.config.cleanup_on_merge:
            workspace.remove_worktree(subtask_id)
        return with_untracked(result, written)


def preview_merge(workspace: RunWorkspace, subtask_id: str) -> MergeResult:
    """What merging `subtask_id` would bring in, without merging (`merge_order="manual"`).

    Work left uncommitted in its worktree is committed first, so the preview shows it. A
    branch that is already merged, or has nothing to merge, needs no go-ahead: it is handed to
    `merge_subtask` (idempotent) and its `merged` / `empty` result returned.
    """
    branch = _require_branch(workspace, subtask_id)
    with workspace.lock():
        try:
            workspace.commit_pending(subtask_id)
        except GitLinkError as error:
            return refused(workspace, subtask_id, error)
        files, summary = _changes(workspace, branch)
        if not files or workspace.is_ancestor(branch, workspace.integration_branch):
            return merge_subtask(workspace, subtask_id)
        waiting = MergeResult(
            subtask_id=subtask_id, branch=branch, status="pending_approval", files=files,
            diff_summary=summary, message=f"waiting for a go-ahead to merge {len(files)} file(s)",
        )  # fmt: skip
        return with_untracked(waiting, workspace.untracked_writes(subtask_id))


def _drop(workspace: RunWorkspace, subtask_id: str) -> MergeResult:
    branch = _require_branch(workspace, subtask_id)
    with workspace.lock():
        workspace.restore_integration()
        with contextlib.suppress(GitLinkError):  # dropped anyway; its link is put back
            workspace.commit_pending(
                subtask_id, f"Subtask {subtask_id}: work kept when its merge was dropped"
            )
        merged = workspace.is_ancestor(branch, workspace.integration_branch)
        if merged and find_merge(workspace, subtask_id) is not None:
            raise WorkspaceError(
                f"subtask {subtask_id!r} is already merged into {workspace.integration_branch}; "
                "revert its merge commit instead of dropping it"
            )
        files, summary = _changes(workspace, branch)
        written = workspace.untracked_writes(subtask_id)
        if workspace.config.cleanup_on_merge:
            workspace.remove_worktree(subtask_id)
        dropped = MergeResult(
            subtask_id=subtask_id, branch=branch, status="dropped", files=files,
            diff_summary=summary, message=f"merge dropped; the work stays on {branch}",
        )  # fmt: skip
        return with_untracked(dropped, written)


def apply_decision(
    workspace: RunWorkspace,
    subtask_id: str,
    decision: str,
    *,
    prefer: Preference | None = None,
) -> MergeResult:
    """Act on a human's or review agent's decision about a conflicted merge.

    - `keep`: merge the subtask branch again, now including any resolution commit made on it
      (or left uncommitted in its worktree); semantic issues no longer block, they are
      reported. A textual conflict that nobody resolved comes back as `conflict` unless
      `prefer` picks a side for the conflicting hunks.
    - `drop`: discard the merge; the branch and its commits stay (never deleted), the
      worktree goes when `cleanup_on_merge`.

    Raises:
        ValueError: When `decision` is neither "keep" nor "drop".

    Example:
        >>> apply_decision(workspace, "api", "drop").status  # doctest: +SKIP
        'dropped'
    """
    if decision == "keep":
        return merge_subtask(workspace, subtask_id, prefer=prefer, enforce_semantics=False)
    if decision == "drop":
        return _drop(workspace, subtask_id)
    raise ValueError(f"decision {decision!r} is not a merge decision; use 'keep' or 'drop'")


def _advance_base(workspace: RunWorkspace) -> str:
    """Fast-forward the base branch to the integration branch; '' or why it did not."""
    base = workspace.config.base_branch
    base_sha = workspace.tip(base)
    if not workspace.is_ancestor(base_sha, workspace.integration_branch):
        moved = _try_merge(workspace, base, subtask_id=None, prefer=None, enforce_semantics=True)
        if moved.status != "merged":
            return (
                f"{base} moved on and merging it into {workspace.integration_branch} gave "
                f"{moved.status} in {', '.join(moved.files)}; merge the integration branch by hand"
            )
    target = workspace.tip(workspace.integration_branch)
    holder = next((e for e in workspace.registered().values() if e.branch == base), None)
    if holder is None:
        done = try_git(workspace.git_dir, "update-ref", f"refs/heads/{base}", target, base_sha)
        return "" if done.ok else f"could not move {base}: {done.stderr.strip()}"
    if run_git(holder.path, "status", "--porcelain", "--untracked-files=no").strip():
        return f"{base} is checked out at {holder.path} with uncommitted changes; not touching it"
    done = try_git(holder.path, "merge", "--ff-only", "-q", target)
    return "" if done.ok else f"could not fast-forward {base}: {done.stderr.strip()}"


def finish_run(workspace: RunWorkspace) -> IntegrationResult:
    """End a run: the integration branch holds the result; optionally move the base branch.

    With `merge_into_base`, the base branch is fast-forwarded to the integration branch (a
    base that moved on is first merged into the integration branch, checked like any merge);
    if the base is checked out with uncommitted changes, or the merge conflicts, nothing is
    touched and `message` says why. With `cleanup_on_merge`, merged subtask worktrees and the
    integration worktree are removed; unmerged ones stay (listed in `kept_worktrees`) and no
    branch is ever deleted. Idempotent: calling it again gives the same result.
    """
    with workspace.lock():
        workspace.restore_integration()
        message = _advance_base(workspace) if workspace.config.merge_into_base else ""
        if workspace.config.cleanup_on_merge:
            workspace.remove_merged()  # fully merged ones only; git refuses dirty ones
            try_git(workspace.git_dir, "worktree", "remove", str(workspace.integration_path))
        return IntegrationResult(
            branch=workspace.integration_branch,
            head_sha=workspace.tip(workspace.integration_branch),
            merged_into_base=workspace.config.merge_into_base and not message,
            base_sha=workspace.tip(workspace.config.base_branch),
            kept_worktrees=workspace.live_worktrees(),
            message=message,
        )
