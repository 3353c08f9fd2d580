"""A worktree's git link (its `.git` file and git's admin dir for it), checked before git uses it.

A linked worktree's `.git` is a plain file, `gitdir: <admin dir>`, that anything writing in
the worktree can rewrite: an executor, a worker's `write_file`, a later subtask writing through
a committed link `notes.md -> .git`. Git follows it without question, so a `git add` meant for
the worktree would stage into whatever repository it names (the user's own `.git`, whose
`main` then gets the commit). The pipeline therefore never lets git discover a worktree's
repository: it names the admin dir with `--git-dir` and the worktree with `--work-tree` (see
`git.py`), and checks the link both ways first: the `.git` file must name an admin dir outside
the worktree, under a repository's `worktrees/`, whose own `gitdir` file points back at this
worktree (a worktree can forge neither), and, for the pipeline's own worktrees, the admin dir
git registered for that path, on the branch the pipeline created.
"""

from __future__ import annotations

from pathlib import Path

from langgraph_council.nodes._workspace.models import WorkspaceError

__all__ = ["GitLinkError", "admin_of", "linked_admin", "mend_link", "repair_link", "verify_link"]

_SMALL = 4096
"""Git's link files are one short line; nothing longer is read."""
_PREFIX = "gitdir: "


class GitLinkError(WorkspaceError):
    """A worktree's git link is not the one git made for it (`path`, `reason`).

    Nothing is staged or committed there; the subtask that worked in it fails with the message,
    which names no path (it reaches the next attempt's prompt).
    """

    def __init__(self, path: Path, reason: str) -> None:
        self.path, self.reason = path, reason
        super().__init__(
            f"the worktree's git link was changed ({reason}); council staged and committed "
            "nothing there, so the repository is untouched"
        )


def _read_small(path: Path) -> str:
    with path.open("rb") as handle:
        return handle.read(_SMALL).decode("utf-8", errors="replace")


def _resolved(base: Path, text: str) -> Path:
    named = Path(text.strip())
    return (named if named.is_absolute() else base / named).resolve()


def _back_pointer(admin: Path) -> Path | None:
    """Where git's admin dir `admin` says its worktree's `.git` is, or None."""
    back = admin / "gitdir"
    if back.is_symlink() or not back.is_file():
        return None
    named = Path(_read_small(back).strip())
    # the folder resolved, never the file itself: a `.git` replaced by a link must not move it
    return _resolved(admin, str(named.parent)) / named.name


def linked_admin(work_tree: Path) -> Path:
    """The admin dir `work_tree/.git` names, once it is known to be git's own link.

    Raises:
        GitLinkError: `.git` is a link, a directory or not a gitfile, or names anything but a
            repository's admin dir for this very worktree.
    """
    top, dot = work_tree.resolve(), work_tree / ".git"
    if dot.is_symlink():
        raise GitLinkError(work_tree, ".git is a symbolic link, not git's gitfile")
    if not dot.is_file():
        raise GitLinkError(work_tree, ".git is missing or not a file")
    text = _read_small(dot)
    if not text.startswith(_PREFIX) or len(text.strip().splitlines()) != 1:
        raise GitLinkError(work_tree, ".git is not a gitfile (`gitdir: <path>`) any more")
    admin = _resolved(top, text.removeprefix(_PREFIX))
    if admin.is_relative_to(top):
        raise GitLinkError(work_tree, ".git names a folder inside the worktree itself")
    if admin.parent.name != "worktrees" or _back_pointer(admin) != top / ".git":
        raise GitLinkError(work_tree, ".git names another repository, not this worktree's own")
    common = admin / "commondir"
    if not common.is_file() or _resolved(admin, _read_small(common)) != admin.parent.parent:
        raise GitLinkError(work_tree, ".git names a folder that is no repository's worktree")
    return admin


def admin_of(common_dir: Path, work_tree: Path) -> Path | None:
    """The admin dir the repository at `common_dir` registered for `work_tree`, or None
    (found as git does: the one whose `gitdir` file points at `work_tree/.git`)."""
    folder, wanted = common_dir / "worktrees", work_tree.resolve() / ".git"
    if not folder.is_dir():
        return None
    for admin in sorted(folder.iterdir()):
        if admin.is_dir() and not admin.is_symlink() and _back_pointer(admin) == wanted:
            return admin.resolve()
    return None


def verify_link(common_dir: Path, work_tree: Path, branch: str) -> Path:
    """Check that `work_tree` is the repository's own worktree, with HEAD on `branch`; its
    admin dir.

    Raises:
        GitLinkError: Naming what differs (the `.git` file, the admin dir, HEAD).
    """
    expected = admin_of(common_dir, work_tree)
    if expected is None:
        raise GitLinkError(work_tree, "the repository has no worktree registered there")
    if linked_admin(work_tree) != expected:
        raise GitLinkError(work_tree, ".git names another worktree's admin dir")
    head = _read_small(expected / "HEAD").strip()
    if head != f"ref: refs/heads/{branch}":
        now = head.removeprefix("ref: refs/heads/") if head.startswith("ref: ") else "detached"
        raise GitLinkError(work_tree, f"its HEAD was moved to {now!r}, off the branch {branch}")
    return expected


def repair_link(common_dir: Path, work_tree: Path, branch: str, aside: Path) -> None:
    """Put git's own link back: the gitfile naming the registered admin dir, HEAD on `branch`.

    Whatever stood at `.git` is removed (a file or link) or moved to `aside` (a directory:
    it may hold something, so it is never deleted). Afterwards `git worktree remove` and
    `prune` work again. A worktree git has not registered is left as it is.
    """
    admin = admin_of(common_dir, work_tree)
    if admin is None:
        return
    dot = work_tree / ".git"
    if dot.is_dir() and not dot.is_symlink():
        aside.parent.mkdir(parents=True, exist_ok=True)
        dot.rename(aside)
    elif dot.is_symlink() or dot.exists():
        dot.unlink()
    dot.write_text(f"{_PREFIX}{admin}\n")
    (admin / "HEAD").write_text(f"ref: refs/heads/{branch}\n")


def mend_link(
    common_dir: Path, work_tree: Path, branch: str, orphaned: Path
) -> GitLinkError | None:
    """`verify_link`; when it fails, `repair_link` (a `.git` directory goes to a new folder
    under `orphaned`) and return the error saying what had been changed."""
    try:
        verify_link(common_dir, work_tree, branch)
    except GitLinkError as error:
        number = 1
        while (orphaned / f"{work_tree.name}-dot-git-{number}").exists():
            number += 1
        repair_link(common_dir, work_tree, branch, orphaned / f"{work_tree.name}-dot-git-{number}")
        return error
    return None
