"""What a merge must pass before it is kept: no link out, no git-control change, no new AST issue.

A subtask's merge must bring no link out of the tree, no change to a git-control file and no
link into `.git`; and no new issue of the bounded AST checks.

`MergeChecks` is taken in the integration worktree before `git merge --no-commit` (the tree as
it stands) and asked again after it (the merged tree). Tree checks are cached by git tree id and
bounds, so the merged tree checked for one merge is the next merge's baseline: the integration
tree is checked once per commit, never once per merge against a baseline recomputed each time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from langgraph_council.nodes._semantic.checks import (
    CheckLimits,
    TreeCheck,
    check_tree_within,
    new_issues,
)
from langgraph_council.nodes._workspace.git import run_git
from langgraph_council.nodes._workspace.models import SemanticIssue, WorkspaceConfig
from langgraph_council.nodes._workspace.tree_paths import (
    escaping_links,
    git_control_issues,
    link_issues,
    links_into_git,
    special_entries,
)

__all__ = ["Findings", "MergeChecks", "limits_of"]

_CACHE_SIZE = 256
_CHECKS: OrderedDict[tuple[str, CheckLimits], TreeCheck] = OrderedDict()
_CHECKS_LOCK = threading.Lock()


def limits_of(config: WorkspaceConfig) -> CheckLimits:
    """The bounds of the AST checks `config` asks for."""
    return CheckLimits(
        max_file_bytes=config.semantic_max_file_bytes,
        budget_bytes=config.semantic_budget_bytes,
        timeout_seconds=config.semantic_timeout_seconds,
    )


@dataclass(frozen=True, slots=True)
class Findings:
    """What the merged tree has that the tree before did not, and the files not checked."""

    issues: tuple[SemanticIssue, ...] = ()
    skipped: dict[str, str] = field(default_factory=dict)

    def describe_skipped(self) -> str:
        """One sentence for the merge's message, or ''."""
        if not self.skipped:
            return ""
        shown = [f"{path} ({why})" for path, why in list(self.skipped.items())[:5]]
        more = f" and {len(self.skipped) - 5} more" if len(self.skipped) > 5 else ""
        return (
            f"AST checks skipped {len(self.skipped)} file(s), not checked: {', '.join(shown)}{more}"
        )


def _python_files(cwd: Path) -> list[str]:
    out = run_git(cwd, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.py")
    return list(dict.fromkeys(n for n in out.split("\0") if n))


def _tree_check(cwd: Path, tree: str, limits: CheckLimits) -> TreeCheck:
    """The bounded check of the tree `cwd` holds (git tree id `tree`), from cache if known."""
    key = (tree, limits)
    with _CHECKS_LOCK:
        cached = _CHECKS.get(key)
        if cached is not None:
            _CHECKS.move_to_end(key)
            return cached
    checked = check_tree_within(cwd, _python_files(cwd), limits)
    with _CHECKS_LOCK:
        _CHECKS[key] = checked
        while len(_CHECKS) > _CACHE_SIZE:
            _CHECKS.popitem(last=False)
    return checked


class MergeChecks:
    """The checks of one merge in the integration worktree `cwd`.

    Build it before merging; call `after()` once the merge is in the index and worktree.
    `links` checks the links and git-control files the merge brings in (a subtask's merge,
    whatever `semantic_analysis` says; not the user's own base branch).
    """

    def __init__(self, cwd: Path, config: WorkspaceConfig, *, links: bool) -> None:
        self.cwd, self.links, self.limits = cwd, links, limits_of(config)
        self.links_before, self.into_git_before = self._links() if links else ({}, {})
        self.before: TreeCheck | None = None
        if config.semantic_analysis:
            tree = run_git(cwd, "rev-parse", "HEAD^{tree}").strip()
            self.before = _tree_check(cwd, tree, self.limits)

    def _links(self) -> tuple[dict[str, str], dict[str, str]]:
        """Links that lead out of the tree, and links into its `.git`."""
        links = special_entries(self.cwd).symlinks
        return escaping_links(self.cwd, links), links_into_git(self.cwd, links)

    def _control(self, into_git: dict[str, str]) -> tuple[SemanticIssue, ...]:
        """Git-control files the merge adds, changes or removes (renames seen as both ends),
        and links into `.git` it brings in."""
        out = run_git(self.cwd, "diff", "--cached", "--no-renames", "--name-only", "-z", "HEAD")
        fresh = {p: t for p, t in into_git.items() if self.into_git_before.get(p) != t}
        return git_control_issues((p for p in out.split("\0") if p), fresh)

    def after(self) -> Findings:
        """New links out of the tree and git-control changes (first), then new AST issues of
        the merged tree."""
        found: tuple[SemanticIssue, ...] = ()
        if self.links:
            out_links, into_git = self._links()
            fresh = {p: t for p, t in out_links.items() if self.links_before.get(p) != t}
            found = (*link_issues(fresh), *self._control(into_git))
        if self.before is None:
            return Findings(found)
        merged = _tree_check(self.cwd, run_git(self.cwd, "write-tree").strip(), self.limits)
        issues = new_issues(self.before.issues, merged.issues)
        return Findings((*found, *issues), merged.skipped)
