"""The worker's file tools (list, read, search, write, edit, delete), confined to one worktree."""

from __future__ import annotations

import fnmatch
import itertools
import os
import re
import stat
from collections.abc import Callable, Iterator
from functools import wraps
from pathlib import Path
from typing import ParamSpec

from langchain_core.tools import BaseTool, StructuredTool, ToolException
from pydantic import BaseModel, Field, ValidationError

from langgraph_council.nodes._worker.paths import (
    MAX_FILE_BYTES,
    WorkspacePathError,
    Worktree,
    read_all,
    write_all,
)
from langgraph_council.nodes._worker.regex_search import (
    REGEX_TIMEOUT_SECONDS,
    match_lines,
    regex_search,
)
from langgraph_council.nodes._workspace.tree_paths import committed_links

__all__ = ["FILE_TOOL_NAMES", "file_tools", "tool_error"]

P = ParamSpec("P")

MAX_LIST_ENTRIES = 500
MAX_SEARCH_MATCHES = 100
MAX_LINE_CHARS = 240
DEFAULT_READ_LINES = 400


class _ListArgs(BaseModel):
    path: str = Field(".", description="Directory relative to the worktree root.")
    recursive: bool = Field(False, description="List every file below it, not just its entries.")


class _ReadArgs(BaseModel):
    path: str = Field(description="File relative to the worktree root.")
    offset: int = Field(1, ge=1, description="First line to return (1-based).")
    limit: int = Field(DEFAULT_READ_LINES, ge=1, le=5000, description="Lines to return.")


class _SearchArgs(BaseModel):
    pattern: str = Field(min_length=1, description="Text to find (a regex with regex=true).")
    path: str = Field(".", description="Directory or file to search in.")
    regex: bool = False
    glob: str | None = Field(None, description="Only files whose name matches, e.g. '*.py'.")


class _WriteArgs(BaseModel):
    path: str = Field(description="File relative to the worktree root; created with its dirs.")
    content: str = Field(description="The whole new content of the file.")


class _EditArgs(BaseModel):
    path: str = Field(description="File relative to the worktree root.")
    old: str = Field(min_length=1, description="Exact text to replace; must occur exactly once.")
    new: str = Field(description="The replacement text.")


class _DeleteArgs(BaseModel):
    path: str = Field(description="File, link or empty directory to remove.")


def tool_error(exc: ValidationError) -> str:
    """The message a model sees when its tool arguments do not validate."""
    problems = "; ".join(
        f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors()
    )
    return f"error: invalid arguments ({problems})"


def _refusals(fn: Callable[P, str]) -> Callable[P, str]:
    """Turn refusals and file-system errors into tool errors the model reads."""

    @wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> str:
        try:
            return fn(*args, **kwargs)
        except WorkspacePathError as exc:
            raise ToolException(f"error: {exc}") from exc
        except UnicodeDecodeError as exc:
            raise ToolException("error: the file is not UTF-8 text") from exc
        except OSError as exc:
            raise ToolException(f"error: {exc.strerror or exc}") from exc

    return run


def _clip(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "..."


def _is_git(name: str) -> bool:
    """`.git` (a directory, or a worktree's gitfile naming the repository's absolute path):
    never listed, never searched."""
    return name.casefold() == ".git"


def _regular(top: str, name: str) -> bool:
    """True for a regular file (not a link, FIFO, socket or device): `search` reads only
    those, so a FIFO cannot block it."""
    try:
        return stat.S_ISREG(os.lstat(os.path.join(top, name)).st_mode)
    except OSError:
        return False


class _FileTools:
    """The tool bodies, bound to one worktree."""

    def __init__(self, worktree: Worktree) -> None:
        self.tree = worktree

    def list_files(self, path: str = ".", recursive: bool = False) -> str:
        real = self.tree.real(path)
        if not real.is_dir():
            raise WorkspacePathError(path, "not a directory; read it instead")
        found = self._walk(real) if recursive else self._entries(real)
        entries = list(itertools.islice(found, MAX_LIST_ENTRIES + 1))
        if len(entries) > MAX_LIST_ENTRIES:
            entries[-1] = f"[more than {MAX_LIST_ENTRIES} entries; list a subdirectory]"
        return "\n".join(entries) or "(empty directory)"

    def _entries(self, real: Path) -> Iterator[str]:
        for entry in sorted(os.scandir(real), key=lambda e: e.name):
            if _is_git(entry.name):
                continue
            name = self.tree.relative(real / entry.name)
            if entry.is_symlink():
                yield f"{name} -> {os.readlink(entry.path)} (symbolic link)"
            else:
                yield f"{name}/" if entry.is_dir(follow_symlinks=False) else name

    def _walk(self, real: Path) -> Iterator[str]:
        for top, dirs, files in os.walk(real, followlinks=False):
            dirs[:] = sorted(d for d in dirs if not _is_git(d))
            for name in sorted(f for f in files if not _is_git(f)):
                yield self.tree.relative(Path(top) / name)

    def read_file(self, path: str, offset: int = 1, limit: int = DEFAULT_READ_LINES) -> str:
        lines = self.tree.read_bytes(path).decode("utf-8").splitlines(keepends=True)
        chunk = lines[offset - 1 : offset - 1 + limit]
        text = "".join(_clip(line.rstrip("\n")) + "\n" for line in chunk)
        end = offset - 1 + len(chunk)
        if offset > 1 or end < len(lines):
            text += f"[lines {offset}-{end} of {len(lines)}"
            text += f"; read more with offset={end + 1}]" if end < len(lines) else "]"
        return text or "(empty file)"

    def search(
        self, pattern: str, path: str = ".", regex: bool = False, glob: str | None = None
    ) -> str:
        try:
            matcher = re.compile(pattern if regex else re.escape(pattern))
        except re.error as exc:
            raise WorkspacePathError(pattern, f"not a valid regular expression ({exc})") from None
        files = [
            rel
            for rel in self._files(path)
            if not glob or fnmatch.fnmatch(rel.rsplit("/", 1)[-1], glob)
        ]
        limit, root = MAX_SEARCH_MATCHES + 1, self.tree.root
        hits = (
            regex_search(root, files, pattern, limit)
            if regex
            else match_lines(root, files, matcher, limit)
        )
        if hits is None:
            raise WorkspacePathError(
                pattern,
                f"the search ran longer than {REGEX_TIMEOUT_SECONDS:g} s; use a simpler pattern "
                "(no nested repetition such as (a+)+)",
            )
        found = [f"{rel}:{number}: {_clip(line)}" for rel, number, line in hits]
        if len(found) > MAX_SEARCH_MATCHES:
            return "\n".join([*found[:MAX_SEARCH_MATCHES], "[more matches not shown]"])
        return "\n".join(found) or "no matches"

    def _files(self, path: str) -> Iterator[str]:
        real = self.tree.real(path)
        if _regular(str(real.parent), real.name):
            yield self.tree.relative(real)
            return
        for top, dirs, files in os.walk(real, followlinks=False):
            dirs[:] = sorted(d for d in dirs if not _is_git(d))
            for name in sorted(files):
                if not _is_git(name) and _regular(top, name):
                    yield self.tree.relative(Path(top) / name)

    def write_file(self, path: str, content: str) -> str:
        created = self.tree.write_bytes(path, content.encode("utf-8"))
        return f"{'created' if created else 'wrote'} {path} ({len(content)} characters)"

    def edit_file(self, path: str, old: str, new: str) -> str:
        fd = self.tree.open_file(path, os.O_RDWR)
        try:
            text = read_all(fd, path).decode("utf-8")
            count = text.count(old)
            if count != 1:
                where = "not found" if count == 0 else f"found {count} times"
                raise WorkspacePathError(
                    path, f"`old` {where}; give text that occurs exactly once (read the file)"
                )
            data = text.replace(old, new, 1).encode("utf-8")
            if len(data) > MAX_FILE_BYTES:
                raise WorkspacePathError(path, f"the result is larger than {MAX_FILE_BYTES} bytes")
            os.lseek(fd, 0, os.SEEK_SET)
            os.ftruncate(fd, 0)
            write_all(fd, data)
        finally:
            os.close(fd)
        return f"edited {path}"

    def delete_path(self, path: str) -> str:
        return f"deleted {self.tree.delete(path)} {path}"


_SPECS: tuple[tuple[str, type[BaseModel], str], ...] = (
    ("list_files", _ListArgs, "List a directory of the worktree (recursive: every file)."),
    ("read_file", _ReadArgs, "Read a text file, `limit` lines from line `offset`."),
    ("search", _SearchArgs, "Find lines containing `pattern` in the worktree's text files."),
    ("write_file", _WriteArgs, "Create or overwrite a file with `content`."),
    ("edit_file", _EditArgs, "Replace the one occurrence of `old` in a file with `new`."),
    ("delete_path", _DeleteArgs, "Delete a file, a symbolic link or an empty directory."),
)

FILE_TOOL_NAMES: tuple[str, ...] = tuple(name for name, _, _ in _SPECS)


def file_tools(root: Path | str) -> list[BaseTool]:
    """The six file tools for the worktree at `root`; refusals come back as tool errors."""
    bodies = _FileTools(Worktree(root, committed_links(Path(root))))
    return [
        _tool(_refusals(getattr(bodies, name)), name, schema, description)
        for name, schema, description in _SPECS
    ]


def _tool(fn: Callable[..., str], name: str, schema: type[BaseModel], description: str) -> BaseTool:
    tool: BaseTool = StructuredTool.from_function(
        fn,
        name=name,
        description=description,
        args_schema=schema,
        handle_tool_error=True,
        handle_validation_error=tool_error,
    )
    return tool
