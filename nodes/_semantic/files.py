"""Which files a check reads: a walk over a tree that never follows a link, Python files only.

Shared by the AST checks (which files to index) and the git engine (which untracked files a
subtask wrote).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath

__all__ = ["python_files", "walk_files"]

_SKIP_DIRS = frozenset({"__pycache__", "node_modules", "venv", "site-packages"})


def walk_files(root: Path, keep: Callable[[str], bool] = bool) -> Iterator[PurePosixPath]:
    """Paths (relative to `root`) of what `os.walk` lists as files under it, in its order,
    entering only directories whose name `keep` accepts and never following a link.

    An explicit stack: `os.walk` recurses once per level on Python 3.11, so a thousand
    nested folders would crash it.
    """
    stack = [PurePosixPath()]
    while stack:
        rel = stack.pop()
        try:
            entries = sorted(os.scandir(root / rel), key=lambda e: e.name)
        except OSError:
            continue
        folders = [e.name for e in entries if e.is_dir(follow_symlinks=False) and keep(e.name)]
        yield from (rel / e.name for e in entries if not e.is_dir())  # os.walk's `files`
        stack.extend(rel / name for name in reversed(folders))


def python_files(root: Path) -> list[str]:
    """Repo-relative paths of the `.py` files under `root`, skipping hidden and vendored dirs."""
    wanted = walk_files(root, lambda d: not d.startswith(".") and d not in _SKIP_DIRS)
    return [path.as_posix() for path in wanted if path.suffix == ".py"]
