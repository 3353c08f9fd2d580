"""A check's edits are discarded: the worktree is put back as the executor left it.

A check command runs code the agent wrote, in the subtask's worktree, before the pipeline
commits that worktree as the subtask's work. Whatever the check changes there (tracked files
edited or deleted, files added) would be merged as if the agent had written it. So before the
check every path git would commit is recorded (its `lstat`, and its content: the index blob
for a tracked file the executor left unchanged, a copy for anything else), and afterwards any
path whose `lstat` changed is written back, a path that appeared is removed.

Git only reads here (`ls-files`, `diff-files`, `cat-file`): every write to the worktree is
done by this module, path by path from the worktree root, never through a link, so a
rewritten `.git` (whose `core.worktree` could point anywhere) cannot steer the clean-up.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import git

from langgraph_council.nodes._workspace.git import NO_HOOKS, try_git

__all__ = ["discarding_edits"]

_GITLINK, _LINK, _EXECUTABLE = "160000", "120000", "100755"


@dataclass(frozen=True, slots=True)
class _Saved:
    """One path before the check: its `lstat` key (None: absent) and where its bytes are."""

    key: tuple[int, ...] | None
    blob: str | None = None
    mode: str = ""
    copy: Path | None = None


def _key(path: Path) -> tuple[int, ...] | None:
    try:
        st = path.lstat()
    except FileNotFoundError:
        return None
    return (st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _lines(worktree: Path, *args: str) -> list[str]:
    listed = try_git(worktree, *args, "-z")
    return [p for p in listed.stdout.split("\0") if p] if listed.ok else []


def _tracked(worktree: Path) -> dict[str, tuple[str, str]]:
    """Tracked paths: their index mode and blob (stage 0 only; gitlinks left out)."""
    entries: dict[str, tuple[str, str]] = {}
    for line in _lines(worktree, "ls-files", "--stage"):
        meta, _, path = line.partition("\t")
        mode, sha, stage = meta.split(" ")
        if stage == "0" and mode != _GITLINK:
            entries[path] = (mode, sha)
    return entries


def _committable(worktree: Path) -> set[str]:
    """Every path git would commit from the worktree (nested repositories left out)."""
    others = _lines(worktree, "ls-files", "--others", "--exclude-standard")
    return set(_tracked(worktree)) | {p for p in others if not p.endswith("/")}


def _save(worktree: Path, keep: Path) -> dict[str, _Saved]:
    tracked = _tracked(worktree)
    changed = set(_lines(worktree, "diff-files", "--name-only"))
    saved: dict[str, _Saved] = {}
    for number, path in enumerate(sorted(_committable(worktree))):
        where = worktree / path
        key = _key(where)
        if path in tracked and path not in changed and key is not None:
            mode, sha = tracked[path]
            saved[path] = _Saved(key, blob=sha, mode=mode)
        elif key is not None and not stat.S_ISDIR(key[0]):
            copy = keep / str(number)
            shutil.copy2(where, copy, follow_symlinks=False)
            saved[path] = _Saved(key, copy=copy)
        else:
            saved[path] = _Saved(key)
    return saved


def _clear(where: Path) -> None:
    if where.is_dir() and not where.is_symlink():
        shutil.rmtree(where)
    elif os.path.lexists(where):
        where.unlink()


def _make_way(worktree: Path, path: str) -> Path:
    """`worktree / path` with every folder on the way a real folder (a link is removed)."""
    here = worktree
    for part in Path(path).parts[:-1]:
        here = here / part
        if os.path.lexists(here) and (here.is_symlink() or not here.is_dir()):
            here.unlink()
        here.mkdir(exist_ok=True)
    return here / Path(path).name


def _blob(worktree: Path, sha: str) -> bytes:
    command = ["git", "-C", str(worktree), *NO_HOOKS, "cat-file", "blob", sha]
    data = git.Git(str(worktree)).execute(
        command, stdout_as_string=False, strip_newline_in_stdout=False
    )
    assert isinstance(data, bytes)
    return data


def _restore(worktree: Path, path: str, saved: _Saved) -> None:
    where = _make_way(worktree, path)
    _clear(where)
    if saved.copy is not None:
        shutil.copy2(saved.copy, where, follow_symlinks=False)
    elif saved.blob is not None:
        data = _blob(worktree, saved.blob)
        if saved.mode == _LINK:
            os.symlink(os.fsdecode(data), where)
        else:
            where.write_bytes(data)
            where.chmod(0o755 if saved.mode == _EXECUTABLE else 0o644)


@contextmanager
def discarding_edits(worktree: Path) -> Iterator[None]:
    """Run the body (a check) and then undo what it changed among the paths git would commit."""
    with tempfile.TemporaryDirectory(prefix="council-check-keep-") as keep:
        saved = _save(worktree, Path(keep))
        try:
            yield
        finally:
            for path, before in saved.items():
                if _key(worktree / path) != before.key:
                    _restore(worktree, path, before)
            for path in sorted(_committable(worktree) - set(saved), reverse=True):
                _clear(_make_way(worktree, path))
