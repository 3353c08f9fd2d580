"""The worker's path policy: paths resolve inside the worktree; writes never follow links."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from langgraph_council.nodes._errors import CouncilError

__all__ = [
    "GIT_CONTROL_NAMES",
    "MAX_FILE_BYTES",
    "WorkspacePathError",
    "Worktree",
    "read_all",
    "write_all",
]

MAX_FILE_BYTES = 1_000_000
"""The largest file the tools read, edit or write (bytes)."""

GIT_CONTROL_NAMES = frozenset({".git", ".gitattributes", ".gitmodules"})
"""Names the tools never write, edit or delete, at any depth: they steer git itself (where
the repository is, how files merge and filter, which submodules exist), not the code."""

_MAX_PATH_CHARS = 4096
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class WorkspacePathError(CouncilError, ValueError):
    """A tool refused `path`; the message (shown to the model) says why and what to do."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"refused {path!r}: {reason}")
        self.path = path
        self.reason = reason


def _lexical_parts(path: str) -> tuple[str, ...]:
    """The components of `path`, after the checks that need no file system."""
    if not isinstance(path, str) or "\x00" in path or len(path) > _MAX_PATH_CHARS:
        raise WorkspacePathError(str(path)[:80], "not a usable path")
    if PurePosixPath(path).is_absolute():
        raise WorkspacePathError(
            path, "absolute paths are refused; give a path relative to the worktree root"
        )
    parts = tuple(p for p in path.split("/") if p not in ("", "."))
    if ".." in parts:
        raise WorkspacePathError(path, "'..' is refused; paths stay inside the worktree")
    if any(p.casefold() == ".git" for p in parts):
        raise WorkspacePathError(path, "the .git entry is off-limits")
    return parts


class Worktree:
    """A worktree root and the only ways the worker's tools reach files under it.

    Reads follow a symbolic link only when its target stays inside the worktree (and outside
    `.git`). Writes, edits and deletes never follow one: every directory on the way and the
    file itself are opened with `O_NOFOLLOW`, relative to the directory before them, so a
    committed link (or a linked parent directory) cannot send a write out of the worktree.

    Example:
        >>> Worktree(Path(".")).parts("src/app.py")  # doctest: +SKIP
        ('src', 'app.py')
    """

    def __init__(self, root: Path | str, links: tuple[str, ...] = ()) -> None:
        self.root = Path(os.path.realpath(root))
        if not self.root.is_dir():
            raise WorkspacePathError(str(root), "the worktree does not exist")
        self.links = frozenset(links)
        """Committed symbolic links (git mode 120000), also those kept off the disk."""

    def parts(self, path: str) -> tuple[str, ...]:
        """`path`'s components, refusing absolute paths, `..` and `.git`."""
        return _lexical_parts(path)

    def relative(self, real: Path) -> str:
        """`real` (inside the root) as a worktree-relative POSIX path ('.' for the root)."""
        return real.relative_to(self.root).as_posix() or "."

    def real(self, path: str) -> Path:
        """The real location `path` names, for reading; links that leave are refused."""
        parts = self.parts(path)
        real = Path(os.path.realpath(self.root.joinpath(*parts)))
        if real != self.root and self.root not in real.parents:
            raise WorkspacePathError(
                path,
                "it is, or passes through, a symbolic link that leads outside the worktree",
            )
        if any(p.casefold() == ".git" for p in real.relative_to(self.root).parts):
            raise WorkspacePathError(path, "it leads into .git, which is off-limits")
        return real

    def _target(self, path: str) -> tuple[str, ...]:
        """`path`'s components for a write, edit or delete: never the root, never a file
        that steers git (`GIT_CONTROL_NAMES`)."""
        parts = self.parts(path)
        if not parts:
            raise WorkspacePathError(path, "that is the worktree root; name a file")
        control = next((p for p in parts if p.casefold() in GIT_CONTROL_NAMES), None)
        if control is not None:
            raise WorkspacePathError(
                path,
                f"{control} controls git itself (attributes, submodules), so the tools never "
                "write, edit or delete it; leave it to a person",
            )
        return parts

    def _no_committed_link(self, path: str, parts: tuple[str, ...]) -> None:
        """Refuse `path` when it is, or passes through, a link the repository has committed
        (a link leading out is kept off the disk, so the disk alone cannot tell)."""
        for depth in range(1, len(parts) + 1):
            shown = "/".join(parts[:depth])
            if shown in self.links:
                raise WorkspacePathError(
                    path,
                    f"{shown!r} is a symbolic link committed to the repository; "
                    "the tools never write through links",
                )

    @contextmanager
    def parent(self, path: str, *, create: bool = False) -> Iterator[tuple[int, str]]:
        """(fd of the parent directory, final name) of `path`, opened without following links.

        With `create`, missing directories are made on the way.
        """
        parts = self._target(path)
        self._no_committed_link(path, parts[:-1])
        fd = os.open(self.root, _DIR_FLAGS)
        try:
            for depth, name in enumerate(parts[:-1], start=1):
                fd = self._step(fd, name, "/".join(parts[:depth]), path, create)
            yield fd, parts[-1]
        finally:
            os.close(fd)

    def _step(self, fd: int, name: str, shown: str, path: str, create: bool) -> int:
        try:
            child = os.open(name, _DIR_FLAGS, dir_fd=fd)
        except FileNotFoundError:
            if not create:
                raise WorkspacePathError(path, f"directory {shown!r} does not exist") from None
            os.mkdir(name, 0o755, dir_fd=fd)
            child = os.open(name, _DIR_FLAGS, dir_fd=fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise WorkspacePathError(path, self._not_a_dir(fd, name, shown)) from None
            raise
        os.close(fd)
        return child

    @staticmethod
    def _not_a_dir(fd: int, name: str, shown: str) -> str:
        if stat.S_ISLNK(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
            return f"{shown!r} is a symbolic link; the tools never write through links"
        return f"{shown!r} is not a directory"

    def open_file(self, path: str, flags: int, *, create: bool = False) -> int:
        """An fd for the regular file `path` (`os.O_RDWR` or `os.O_WRONLY`), never via a link.

        Refuses links, directories, special files and files with other hard links.
        """
        self._no_committed_link(path, self._target(path))
        with self.parent(path, create=create) as (dir_fd, name):
            extra = os.O_CREAT if create else 0
            try:
                fd = os.open(name, flags | _FILE_FLAGS | extra, 0o644, dir_fd=dir_fd)
            except FileNotFoundError:
                raise WorkspacePathError(path, "no such file") from None
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    raise WorkspacePathError(
                        path,
                        "it is a symbolic link; the tools never write through links "
                        "(delete the link first to replace it with a file)",
                    ) from None
                if exc.errno in (errno.EISDIR, errno.ENXIO):
                    raise WorkspacePathError(path, "not a regular file") from None
                raise
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
            os.close(fd)
            why = "not a regular file" if not stat.S_ISREG(info.st_mode) else "it has hard links"
            raise WorkspacePathError(path, why)
        return fd

    def read_bytes(self, path: str) -> bytes:
        """The bytes of the regular file `path` (links followed only inside the worktree)."""
        real = self.real(path)
        try:
            fd = os.open(real, os.O_RDONLY | _FILE_FLAGS)
        except FileNotFoundError:
            raise WorkspacePathError(path, "no such file") from None
        except IsADirectoryError:
            raise WorkspacePathError(path, "it is a directory; list it instead") from None
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise WorkspacePathError(path, "it is a directory; list it instead")
            if not stat.S_ISREG(info.st_mode):
                raise WorkspacePathError(path, "not a regular file")
            if info.st_size > MAX_FILE_BYTES:
                raise WorkspacePathError(path, f"larger than {MAX_FILE_BYTES} bytes")
            return read_all(fd, path)
        finally:
            os.close(fd)

    def write_bytes(self, path: str, data: bytes) -> bool:
        """Replace or create `path` with `data`; True when the file is new."""
        if len(data) > MAX_FILE_BYTES:
            raise WorkspacePathError(path, f"content larger than {MAX_FILE_BYTES} bytes")
        with self.parent(path, create=True) as (dir_fd, name):
            existed = _exists(dir_fd, name)
        fd = self.open_file(path, os.O_WRONLY, create=True)
        try:
            os.ftruncate(fd, 0)
            write_all(fd, data)
        finally:
            os.close(fd)
        return not existed

    def delete(self, path: str) -> str:
        """Remove the file, link (never its target) or empty directory `path`; what it was."""
        with self.parent(path) as (dir_fd, name):
            try:
                mode = os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode
            except FileNotFoundError:
                raise WorkspacePathError(path, "no such file") from None
            if stat.S_ISDIR(mode):
                try:
                    os.rmdir(name, dir_fd=dir_fd)
                except OSError as exc:
                    if exc.errno == errno.ENOTEMPTY:
                        raise WorkspacePathError(
                            path, "the directory is not empty; delete its files first"
                        ) from None
                    raise
                return "directory"
            os.unlink(name, dir_fd=dir_fd)
            return "link" if stat.S_ISLNK(mode) else "file"


def _exists(dir_fd: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def read_all(fd: int, path: str) -> bytes:
    """Everything left to read from `fd`, refusing more than `MAX_FILE_BYTES`."""
    chunks: list[bytes] = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
        if sum(map(len, chunks)) > MAX_FILE_BYTES:
            raise WorkspacePathError(path, f"larger than {MAX_FILE_BYTES} bytes")
    return b"".join(chunks)


def write_all(fd: int, data: bytes) -> None:
    """Write all of `data` to `fd`."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
