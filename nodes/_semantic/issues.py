"""`SemanticIssue`: one problem a semantic check (or a merge's link and git-control checks) found.

The record the AST checks return and the workspace stores on a held merge; it lives with the
checks, below the git engine that keeps it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = ["SemanticIssue", "SemanticIssueKind"]

SemanticIssueKind = Literal[
    "removed_reference",
    "signature_mismatch",
    "duplicate_definition",
    "import_conflict",
    "syntax_error",
    "unsafe_symlink",
    "git_control",
]
"""`unsafe_symlink` and `git_control` are not AST findings: a link the merge brings in that
resolves outside the worktree, and a git-control file the merge would add, change or remove
(`.gitattributes`, `.gitmodules`, or a link into the worktree's `.git`). Both are checked even
with `semantic_analysis=False` and held like the others, for a person to decide."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class SemanticIssue(BaseModel):
    """One problem the AST checks found in a merged tree.

    `file` is repo-relative (POSIX separators); `target` is the other file involved (the module
    that lost a name, the callee's module), when there is one. `message` never contains line
    numbers, so an issue keeps its identity when unrelated edits shift lines.
    """

    model_config = _FROZEN

    kind: SemanticIssueKind
    file: str
    line: int | None = None
    name: str = ""
    message: str
    target: str | None = None

    @property
    def key(self) -> tuple[str, str, str, str | None, str]:
        """Identity of the issue, independent of its line."""
        return (self.kind, self.file, self.name, self.target, self.message)
