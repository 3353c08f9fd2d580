"""Thin gitpython helpers for the workspace: run a command, council's identity, the run lock.

Every command runs as `git -C <dir> ...` after checking that `<dir>` exists: gitpython quietly
falls back to the process's own working directory when its directory is missing, which would
point a `reset --hard` meant for a vanished worktree at whatever checkout the process runs in.
Every command also runs without the user's hooks (`-c core.hooksPath=/dev/null`): a failing
`post-checkout` (husky, lefthook) would fail the run, and a `prepare-commit-msg` could rewrite
the trailers that make a repeated merge a no-op. `--no-verify` alone skips only two hooks.

Git never discovers the repository of a worktree by itself: `.git` inside a worktree is a file
the worktree's own code can rewrite. A command run at a worktree names git's admin dir for it
(`--git-dir`, after `gitlink.linked_admin` checked the link both ways) and the worktree
(`--work-tree`); one run at a git directory names it with `--git-dir`. Only a path the user
gave (the configured `repo_path`, a new demo repository) is left to git's discovery.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import git

from langgraph_council.nodes._workspace.gitlink import linked_admin
from langgraph_council.nodes._workspace.models import WorkspaceError

__all__ = [
    "IDENTITY",
    "NO_HOOKS",
    "GitOutcome",
    "git_ok",
    "repository_of",
    "run_git",
    "run_lock",
    "try_git",
]

IDENTITY: tuple[str, ...] = (
    "user.name=council",
    "user.email=council@localhost",
    "commit.gpgsign=false",
)
"""`-c` settings for every commit council makes, so it works without any git config."""

NO_HOOKS: tuple[str, ...] = ("-c", f"core.hooksPath={os.devnull}")
"""Options for every internal git command: no hook of the user's repository runs (git finds
no hook under a path that is not a directory; the setting reaches the git processes that a
command starts itself, such as the checkout of `git worktree add`)."""

_REDIRECTING_ENV = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_COMMON_DIR",
    "GIT_OBJECT_DIRECTORY",
    "GIT_NAMESPACE",
)


@dataclass(frozen=True, slots=True)
class GitOutcome:
    """Exit status and output of one git command that is allowed to fail."""

    status: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        """True when git exited with status 0."""
        return self.status == 0


def _is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def repository_of(cwd: Path) -> list[str]:
    """The options that name the repository (and work tree) at `cwd` explicitly: git's admin
    dir of a linked worktree (its link checked), a checkout's own `.git` directory, or `cwd`
    itself when it is a git directory; none for any other path (git discovers it).

    Raises:
        GitLinkError: `cwd/.git` is a link, or a gitfile naming anything but this worktree's
            admin dir.
    """
    top = cwd.absolute()
    dot = top / ".git"
    if dot.is_symlink() or dot.is_file():
        return [f"--git-dir={linked_admin(top)}", f"--work-tree={top}"]
    if dot.is_dir():
        return [f"--git-dir={dot}", f"--work-tree={top}"]
    if os.path.lexists(dot):
        raise WorkspaceError(f"{dot} is neither git's directory nor its gitfile")
    return [f"--git-dir={top}"] if _is_git_dir(top) else []


_NO_IMPLICIT_WORK_TREE = {"GIT_IMPLICIT_WORK_TREE": "0"}
"""With `--git-dir` and no `--work-tree`, git would take the current directory (the git
directory itself) as the work tree; this makes it work without one, as discovery does there."""


def _command(
    cwd: Path, args: tuple[str, ...], identity: bool, discover: bool
) -> tuple[list[str], dict[str, str]]:
    if not cwd.is_dir():
        raise WorkspaceError(f"git {' '.join(args[:2])}: directory {cwd} does not exist")
    redirecting = [name for name in _REDIRECTING_ENV if os.environ.get(name)]
    if redirecting:
        raise WorkspaceError(
            f"{', '.join(redirecting)} is set in the environment and would send git to another "
            "repository; unset it before running a coordination workspace"
        )
    options = [part for setting in IDENTITY for part in ("-c", setting)] if identity else []
    place = [] if discover else repository_of(cwd)
    env = _NO_IMPLICIT_WORK_TREE if len(place) == 1 else {}
    return ["git", "-C", str(cwd), *place, *NO_HOOKS, *options, *args], env


def try_git(cwd: Path, *args: str, identity: bool = False, discover: bool = False) -> GitOutcome:
    """Run `git args` in `cwd` and return its status and output without raising on failure.
    `discover=True` lets git find the repository around `cwd` (only for a path the user gave).

    Raises:
        WorkspaceError: When `cwd` does not exist (git is then not run at all), or its git
            link is not git's own (`GitLinkError`).
    """
    command, env = _command(cwd, args, identity, discover)
    status, out, err = git.Git(str(cwd)).execute(
        command, with_extended_output=True, with_exceptions=False, env=env
    )
    return GitOutcome(int(status), str(out), str(err))


def run_git(cwd: Path, *args: str, identity: bool = False, discover: bool = False) -> str:
    """Run `git args` in `cwd` and return stdout (`discover` as for `try_git`).

    Raises:
        WorkspaceError: When git fails; the message carries git's own explanation.
    """
    outcome = try_git(cwd, *args, identity=identity, discover=discover)
    if not outcome.ok:
        detail = (outcome.stderr or outcome.stdout).strip()
        raise WorkspaceError(f"git {' '.join(args[:3])} failed in {cwd}: {detail}")
    return outcome.stdout


def git_ok(cwd: Path, *args: str) -> bool:
    """True when `git args` exits 0 (for questions such as `merge-base --is-ancestor`)."""
    return try_git(cwd, *args).ok


_GUARD = threading.Lock()
_THREAD_LOCKS: dict[str, threading.RLock] = {}
_DEPTH = threading.local()


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on `path` across processes (POSIX `flock`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+") as handle:
        if sys.platform != "win32":
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield


@contextmanager
def run_lock(path: Path) -> Iterator[None]:
    """Serialise one run's git operations across threads and processes; re-entrant per thread.

    Example:
        >>> with run_lock(Path("/tmp/run-a/.lock")):  # doctest: +SKIP
        ...     pass
    """
    key = str(path)
    with _GUARD:
        lock = _THREAD_LOCKS.setdefault(key, threading.RLock())
    with lock:
        depths: dict[str, int] = _DEPTH.__dict__.setdefault("depths", {})
        if depths.get(key):
            depths[key] += 1
            try:
                yield
            finally:
                depths[key] -= 1
            return
        with _file_lock(path):
            depths[key] = 1
            try:
                yield
            finally:
                depths[key] = 0
