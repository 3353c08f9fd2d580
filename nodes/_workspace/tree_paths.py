"""Worktree paths not taken on trust: links out or into `.git`, git-control files, untracked."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from langgraph_council.nodes._workspace.git import run_git
from langgraph_council.nodes._workspace.models import SemanticIssue, WorkspaceError

__all__ = [
    "GIT_CONTROL",
    "MAX_REPORTED",
    "SpecialEntries",
    "committed_links",
    "escaping_links",
    "git_control_issues",
    "hide_escaping_links",
    "link_issues",
    "links_into_git",
    "special_entries",
    "untracked_writes",
    "walk_files",
]

MAX_REPORTED = 100
"""At most this many untracked paths are listed per subtask (the message gives the count)."""

_SYMLINK, _GITLINK = "120000", "160000"


@dataclass(frozen=True, slots=True)
class SpecialEntries:
    """The index entries of a worktree git does not treat as plain files."""

    symlinks: tuple[str, ...]
    gitlinks: tuple[str, ...]
    hidden: tuple[str, ...]
    """Entries marked skip-worktree (links `hide_escaping_links` took off the disk)."""


def special_entries(cwd: Path) -> SpecialEntries:
    """Symbolic links (mode 120000), submodule entries (160000) and skip-worktree entries of
    the index at `cwd` (one `git ls-files`)."""
    found: dict[str, list[str]] = {_SYMLINK: [], _GITLINK: [], "S": []}
    for record in run_git(cwd, "ls-files", "-z", "-t", "--stage").split("\0"):
        tag, _, rest = record.partition(" ")
        mode, _, rest = rest.partition(" ")
        path = rest.partition("\t")[2]
        for key in (mode, tag):
            if path and key in found:
                found[key].append(path)
    links, modules, hidden = (tuple(dict.fromkeys(found[k])) for k in (_SYMLINK, _GITLINK, "S"))
    return SpecialEntries(links, modules, hidden)


def committed_links(cwd: Path) -> tuple[str, ...]:
    """The symbolic links committed in the git worktree at `cwd` (none outside a repository,
    or where git cannot read one: writes still never follow a link on disk)."""
    try:
        return special_entries(cwd).symlinks if (cwd / ".git").exists() else ()
    except WorkspaceError:
        return ()


def escaping_links(root: Path, links: tuple[str, ...]) -> dict[str, str]:
    """{link: its target} for the links under `root` that resolve outside `root`.

    Resolution is the operating system's (`realpath`, through every link on the way), so an
    absolute target, `../..` and a chain such as `d -> .` plus `x -> d/../outside` all count.
    """
    top = root.resolve()
    found: dict[str, str] = {}
    for rel in links:
        path = root / rel
        if not path.is_symlink():
            continue
        if not Path(os.path.realpath(path)).is_relative_to(top):
            found[rel] = os.readlink(path)
    return found


def link_issues(found: dict[str, str]) -> tuple[SemanticIssue, ...]:
    """One `unsafe_symlink` issue per link leading out of the worktree."""
    issues: list[SemanticIssue] = []
    for rel, target in sorted(found.items()):
        message = (
            f"is a symbolic link to {target!r}, outside the worktree; a later subtask writing "
            f"{rel} would write there (drop the merge unless the link is wanted)"
        )
        issues.append(SemanticIssue(kind="unsafe_symlink", file=rel, name=rel, message=message))
    return tuple(issues)


GIT_CONTROL = frozenset({".gitattributes", ".gitmodules"})
"""Committed files git itself acts on: attributes pick merge drivers, filters and line endings
(`*.py merge=union` merges conflicting lines silently); `.gitmodules` adds submodules and
their URLs. A subtask's change to one is held at merge. `.gitignore` is not among them: it
only decides which untracked paths `git add -A` takes, and those are reported
(`untracked_writes`), never lost silently."""


def links_into_git(root: Path, links: tuple[str, ...]) -> dict[str, str]:
    """{link: its target} for the links under `root` that resolve to its `.git` or below it
    (writing such a link would rewrite the worktree's git link)."""
    dot = root.resolve() / ".git"
    found: dict[str, str] = {}
    for rel in links:
        path = root / rel
        if path.is_symlink() and Path(os.path.realpath(path)).is_relative_to(dot):
            found[rel] = os.readlink(path)
    return found


def _control_issue(rel: str, message: str, name: str) -> SemanticIssue:
    return SemanticIssue(kind="git_control", file=rel, name=name, message=message)


def git_control_issues(
    changed: Iterable[str], into_git: dict[str, str]
) -> tuple[SemanticIssue, ...]:
    """One `git_control` issue per changed git-control file and per new link into `.git`."""
    issues: list[SemanticIssue] = []
    for rel in sorted(set(changed)):
        name = PurePosixPath(rel).name
        if name in GIT_CONTROL:
            why = f"is a git-control file: git acts on {name} (merges, checkouts, submodules)"
            decide = f"{why}, so a person decides whether to keep it"
            issues.append(_control_issue(rel, decide, name))
    for rel, target in sorted(into_git.items()):
        why = f"is a symbolic link to {target!r}, into the worktree's .git; a later subtask "
        issues.append(_control_issue(rel, f"{why}writing {rel} would rewrite its git link", rel))
    return tuple(issues)


def hide_escaping_links(cwd: Path) -> tuple[str, ...]:
    """Take the links of the worktree at `cwd` that lead out of it off the disk, so nothing
    working there can follow them; returns their paths. They are marked skip-worktree first:
    commits keep them and git never sees their absence as a change. Idempotent (a re-run after
    a crash finishes the job). A file written at such a path later is not taken by `git add`;
    `untracked_writes` reports it.
    """
    found = sorted(escaping_links(cwd, special_entries(cwd).symlinks))
    if found:
        run_git(cwd, "update-index", "--skip-worktree", "--", *found)
        for rel in found:
            (cwd / rel).unlink()
    return tuple(found)


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


def _files_in(folder: Path, rel: str) -> list[str]:
    """Files under an uninitialised submodule folder (one without its own `.git`)."""
    if not folder.is_dir() or folder.is_symlink() or (folder / ".git").exists():
        return []
    found: list[str] = []
    for path in walk_files(folder):
        found.append((PurePosixPath(rel) / path).as_posix())
        if len(found) > MAX_REPORTED:
            break
    return found


def untracked_writes(cwd: Path) -> tuple[str, ...]:
    """What the worktree at `cwd` holds that `git add -A` does not take: ignored paths (a
    directory wholly ignored ends in `/`), files inside submodule folders git has not
    checked out, and files at skip-worktree paths (a hidden link's path). Such writes would
    be lost with the worktree; callers report them.
    """
    ignored = run_git(
        cwd, "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"
    ).split("\0")
    found = [path for path in ignored if path]
    entries = special_entries(cwd)
    for module in entries.gitlinks:
        found += _files_in(cwd / module, module)
    found += [rel for rel in entries.hidden if os.path.lexists(cwd / rel)]
    return tuple(sorted(found))
