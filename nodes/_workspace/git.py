"""Thin gitpython helpers for the workspace: run a command, council's identity, the run lock.

Every command runs as `git -C <dir> ...` after checking that `<dir>` exists: gitpython quietly
falls back to the process's own working directory when its directory is missing, which would
point a `reset --hard` meant for a vanished worktree at whatever checkout the process runs in.
Every command also runs without the user's hooks (`-c core.hooksPath=/dev/null`): a failing
`post-checkout` (husky, lefthook) would fail the run, and a `prepare-commit-msg` could rewrite
the trailers that make a repeated merge a no-op. `--no-verify` alone skips only two hooks.
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

from langgraph_council.nodes._workspace.models import WorkspaceError

__all__ = ["IDENTITY", "NO_HOOKS", "GitOutcome", "git_ok", "run_git", "run_lock", "try_git"]

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


def _command(cwd: Path, args: tuple[str, ...], identity: bool) -> list[str]:
    if not cwd.is_dir():
        raise WorkspaceError(f"git {' '.join(args[:2])}: directory {cwd} does not exist")
    redirecting = [name for name in _REDIRECTING_ENV if os.environ.get(name)]
    if redirecting:
        raise WorkspaceError(
            f"{', '.join(redirecting)} is set in the environment and would send git to another "
            "repository; unset it before running a coordination workspace"
        )
    options = [part for setting in IDENTITY for part in ("-c", setting)] if identity else []
    return ["git", "-C", str(cwd), *NO_HOOKS, *options, *args]


def try_git(cwd: Path, *args: str, identity: bool = False) -> GitOutcome:
    """Run `git args` in `cwd` and return its status and output without raising on failure.

    Raises:
        WorkspaceError: When `cwd` does not exist (git is then not run at all).
    """
    command = _command(cwd, args, identity)
    status, out, err = git.Git(str(cwd)).execute(
        command, with_extended_output=True, with_exceptions=False
    )
    return GitOutcome(int(status), str(out), str(err))


def run_git(cwd: Path, *args: str, identity: bool = False) -> str:
    """Run `git args` in `cwd` and return stdout.

    Raises:
        WorkspaceError: When git fails; the message carries git's own explanation.
    """
    outcome = try_git(cwd, *args, identity=identity)
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
