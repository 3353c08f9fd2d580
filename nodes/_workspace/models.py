"""Workspace isolation models: config, merge outcomes, semantic issues and safe git names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._input_errors import CouncilModel
from langgraph_council.nodes._pipeline.attempts import CheckResult
from langgraph_council.nodes._workspace.sandbox import DEFAULT_MAX_FILE_BYTES, Isolation

__all__ = [
    "ConflictEscalation",
    "IntegrationResult",
    "MergeDecision",
    "MergeOrder",
    "MergeResult",
    "MergeRuling",
    "MergeStatus",
    "ReconcileReport",
    "SemanticIssue",
    "SemanticIssueKind",
    "SubtaskWorktree",
    "WorkspaceConfig",
    "WorkspaceError",
    "WorktreeLimitError",
    "validate_branch_name",
    "validate_id",
]

MergeOrder = Literal["completion", "priority", "manual"]
"""In which order finished subtasks are merged (the pipeline graph applies it):
`completion` as they finished, `priority` the work more of the plan depends on first, `manual`
in plan order, each only after a person's (or the review agent's) go-ahead."""

ConflictEscalation = Literal["human", "review_agent"]
"""Who decides a textual or semantic merge conflict."""

MergeStatus = Literal[
    "merged", "conflict", "semantic_conflict", "dropped", "empty", "pending_approval", "refused"
]
"""What happened to one subtask branch; `empty` means it had nothing to merge;
`pending_approval` means it waits for a go-ahead (`merge_order="manual"`), not merged yet;
`refused` means its worktree's git link or HEAD had been changed, so nothing was staged or
committed there (the subtask fails with the reason)."""

MergeDecision = Literal["keep", "drop"]
"""A decision on a conflicted merge: keep it (after any resolution commit) or drop it."""

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
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_MAX_ID = 100  # same bound as pipeline-core's check_work_id
_REF_FORBIDDEN = set(" ~^:?*[\\")


class WorkspaceError(CouncilError, RuntimeError):
    """A workspace operation git refused or that would lose work; the message says what to do."""


class WorktreeLimitError(WorkspaceError):
    """Creating one more subtask worktree would exceed `max_concurrent_worktrees`.

    Creation never waits for a slot: the worktrees that would free one are merged by a later
    node, so a waiting node could block its own superstep. Callers size a wave's fan-out with
    `RunWorkspace.free_slots()` or merge/drop first.
    """

    def __init__(self, limit: int, live: tuple[str, ...]) -> None:
        self.limit = limit
        self.live = live
        super().__init__(
            f"{len(live)} subtask worktrees are live (max_concurrent_worktrees={limit}): "
            "merge or drop some first, or raise WorkspaceConfig.max_concurrent_worktrees"
        )


def _id_problem(value: str) -> str | None:
    """Why `value` is not a safe id, or None."""
    if not value:
        return "is empty"
    if value.startswith("-"):
        return "starts with '-' (git would read it as an option)"
    if ".." in value:
        return "contains '..' (path traversal)"
    if "/" in value or "\\" in value:
        return "contains a path separator"
    if any(ch.isspace() or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value):
        return "contains whitespace or a control character"
    if len(value) > _MAX_ID:
        return f"is longer than {_MAX_ID} characters"
    if value.endswith((".lock", ".")):
        return "ends with '.lock' or '.' (not a valid git ref name)"
    if not _SAFE_ID.fullmatch(value):
        return "has a character other than letters, digits, '.', '_' and '-'"
    return None


def validate_id(value: str, field: str) -> str:
    """Return `value` if it is safe as one path component and one git ref component.

    Raises:
        ValueError: Naming `field`, when the id could traverse paths, inject a git option or
            break git's ref-name rules.

    Example:
        >>> validate_id("api-tests", "subtask_id")
        'api-tests'
    """
    problem = _id_problem(value) if isinstance(value, str) else "is not a string"
    if problem:
        raise ValueError(
            f"{field} {value!r} {problem}; use letters, digits, '.', '_' and '-', starting "
            f"with a letter or digit, at most {_MAX_ID} characters"
        )
    return value


def _branch_problem(name: str) -> str | None:
    """Why `name` breaks `git check-ref-format --branch`, or None."""
    if not name or name in {"@", "HEAD"}:
        return "is empty, '@' or 'HEAD'"
    if name.startswith("-"):
        return "starts with '-' (git would read it as an option)"
    if any(ch.isspace() or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in name):
        return "contains whitespace or a control character"
    if any(ch in _REF_FORBIDDEN for ch in name) or "@{" in name:
        return "contains one of ' ~^:?*[\\' or '@{'"
    if ".." in name:
        return "contains '..'"
    if name.startswith("/") or name.endswith(("/", ".")) or "//" in name:
        return "has an empty path component or ends with '.'"
    parts = name.split("/")
    if any(p.startswith(".") or p.endswith(".lock") for p in parts):
        return "has a component starting with '.' or ending with '.lock'"
    return None


def validate_branch_name(name: str, field: str) -> str:
    """Return `name` if git accepts it as a branch name and it cannot pose as an option.

    Raises:
        ValueError: Naming `field` and the broken rule.
    """
    problem = _branch_problem(name) if isinstance(name, str) else "is not a string"
    if problem:
        raise ValueError(f"{field} {name!r} {problem}; give an existing local branch name")
    return name


class WorkspaceConfig(CouncilModel):
    """Where and how a coordination run isolates its subtasks in git worktrees.

    One integration branch `<branch_prefix>/<run_id>/integration` per run, branched from
    `base_branch`; each subtask works on `<branch_prefix>/<run_id>/task/<subtask_id>`, branched
    from the integration branch as it stands when the worktree is created. `branch_prefix`
    (default `council`) must not be the name of a branch of the repository (git cannot create
    `council/...` next to a branch `council`); opening the workspace says so, naming the branch
    and both fixes. Worktrees live under `worktree_root`
    (default: `<git common dir>/council-worktrees/<run_id>/`, inside `.git`, so the user's
    `git status` never sees them).

    - `max_concurrent_worktrees` bounds live subtask worktrees of one run; creating one more
      raises `WorktreeLimitError` at once (it never waits).
    - `merge_order`: `completion` merges a batch's subtasks in the order they finished;
      `priority` merges first the subtask more of the plan depends on (directly or not), ties
      in plan order; `manual` merges in plan order, each only after a go-ahead from whoever
      decides conflicts (a person, or the review agent), shown the files and diff summary.
    - `conflict_escalation`: a textual or semantic conflict goes to a human (`interrupt`, through
      the escalation queue) or to a review agent (`review_agent_id`, else the task's owner),
      which answers keep or drop.
    - `semantic_analysis`: run the AST checks on the merged tree before a merge is kept. They
      are bounded: a `.py` file over `semantic_max_file_bytes` is not parsed, nor are files
      once `semantic_budget_bytes` have been read or `semantic_timeout_seconds` have passed in
      one check; every file left out is listed in `MergeResult.semantic_skipped` (never
      silently trusted) and its module is treated as unknown (nothing is checked against it).
    - `cleanup_on_merge`: remove a subtask's worktree once merged or dropped, or once its subtask
      failed (uncommitted work is committed to its branch first; branches always stay).
    - `merge_into_base`: at the end, fast-forward `base_branch` to the integration branch (after
      merging a moved-on base into it). Off by default: the user's branch, index and working
      tree are never touched and the result waits on the integration branch.
    - `review_agent_id`, `review_max_tokens`: who reviews conflicts with
      `conflict_escalation="review_agent"` (default: the task's owner) and its output cap.
    - `check`: a command (an argv list, no shell), e.g. `["python", "-m", "pytest", "-q"]`,
      run in each subtask's worktree after its executor returns and before its branch is
      merged; a non-zero exit (or `check_timeout_seconds` passing) fails the attempt, which
      goes through the pipeline's recovery with the check's output (its last
      `check_output_chars` characters) as feedback. The factory's `check=` takes a callable
      instead (or the same list); give it in one place only.
    - `check_env_allow`, `check_isolation`, `check_max_file_bytes`: a check command runs code
      the agent wrote, so it runs in the sandbox `run_command` shares (docs/design.md, "What
      agent-run code can see"): a minimal environment plus the variables of this process
      named in `check_env_allow` (e.g. `("DATABASE_URL",)`), its own user and PID namespace
      (where none can be made the graph refuses to build unless `check_isolation=
      "best_effort"`), output and each file it writes held to `check_max_file_bytes` (the
      check is stopped there). What it changes in the worktree is undone before the merge.

    Example:
        >>> WorkspaceConfig(repo_path="/src/app", base_branch="develop").max_concurrent_worktrees
        8
    """

    model_config = _FROZEN

    repo_path: Path
    base_branch: str = "main"
    max_concurrent_worktrees: int = Field(default=8, ge=1, le=1024)
    merge_order: MergeOrder = "completion"
    conflict_escalation: ConflictEscalation = "human"
    semantic_analysis: bool = True
    semantic_max_file_bytes: int = Field(default=1_000_000, ge=1)
    semantic_budget_bytes: int = Field(default=32_000_000, ge=1)
    semantic_timeout_seconds: float = Field(default=60.0, gt=0)
    cleanup_on_merge: bool = True
    merge_into_base: bool = False
    worktree_root: Path | None = None
    review_agent_id: str | None = None
    review_max_tokens: int = Field(default=800, ge=1)
    branch_prefix: str = "council"
    check: tuple[str, ...] | None = None
    check_timeout_seconds: float = Field(default=600.0, gt=0)
    check_output_chars: int = Field(default=4000, ge=100, le=1_000_000)
    check_env_allow: tuple[str, ...] = ()
    check_isolation: Isolation = "required"
    check_max_file_bytes: int = Field(default=DEFAULT_MAX_FILE_BYTES, ge=1024)

    @field_validator("base_branch")
    @classmethod
    def _check_branch(cls, value: str) -> str:
        return validate_branch_name(value, "WorkspaceConfig.base_branch")

    @field_validator("branch_prefix")
    @classmethod
    def _check_prefix(cls, value: str) -> str:
        validate_branch_name(value, "WorkspaceConfig.branch_prefix")
        if value in {"refs", "heads"} or value.startswith(("refs/", "heads/")):
            raise ValueError(
                f"WorkspaceConfig.branch_prefix {value!r} starts with 'refs' or 'heads', which "
                "git would read as a ref path; use a plain name such as 'council'"
            )
        return value

    @field_validator("check")
    @classmethod
    def _check_command(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if value is not None and (not value or not value[0].strip()):
            raise ValueError(
                "WorkspaceConfig.check must name a program, e.g. ['python', '-m', 'pytest', '-q']"
            )
        return value

    @field_validator("repo_path", "worktree_root")
    @classmethod
    def _check_path(cls, value: Path | None, info: ValidationInfo) -> Path | None:
        # A NUL passed validation, then failed the run in open_workspace as "embedded null byte".
        if value is not None and "\x00" in str(value):
            raise ValueError(f"WorkspaceConfig.{info.field_name} contains U+0000; remove it")
        return value


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


class MergeResult(BaseModel):
    """The outcome of merging (or deciding about) one subtask branch.

    `semantic_skipped`: files of the merged tree the AST checks left out (over a size or time
    bound of `WorkspaceConfig`, named in `message`), so nothing was checked in or against them.
    `untracked_writes`: paths the subtask wrote that git does not track (ignored, or inside a
    submodule folder git has not checked out); they are not merged and go with the worktree.
    `check` is the check's verdict on the work merged (or not merged); `attempt` the number of
    the subtask's attempt this record is about (a later attempt's work is merged again).
    """

    model_config = _FROZEN

    subtask_id: str
    branch: str
    status: MergeStatus
    files: tuple[str, ...] = ()
    diff_summary: str = ""
    semantic_issues: tuple[SemanticIssue, ...] = ()
    commit_sha: str | None = None
    message: str = ""
    semantic_skipped: tuple[str, ...] = ()
    untracked_writes: tuple[str, ...] = ()
    check: CheckResult | None = None
    attempt: int = Field(default=1, ge=1)
    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)
    """What the review agent's keep/drop call about this merge cost (0 when none was asked)."""

    @property
    def needs_decision(self) -> bool:
        """True when a human or review agent must decide `keep` or `drop`."""
        return self.status in ("conflict", "semantic_conflict", "pending_approval")


class MergeRuling(BaseModel):
    """A decision about one held merge, whoever made it; the merge node acts on it.

    `decided_by` is `human:<who>`, `agent:<id>` (the review agent) or `system:<why>` (an
    expired escalation, a review agent without a verdict). `resolution_commit` (keep only) is a
    commit on the subtask's branch that resolves the conflict.
    """

    model_config = _FROZEN

    subtask_id: str
    decision: MergeDecision
    reasoning: str
    decided_by: str
    resolution_commit: str | None = None
    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)
    """What the model call behind the decision cost (the review agent's; 0 for a human)."""

    @property
    def note(self) -> str:
        """One line for the merge record: who decided what and why."""
        return f"{self.decision} by {self.decided_by}: {self.reasoning}"


class SubtaskWorktree(BaseModel):
    """A subtask's worktree: where the executor works and on which branch."""

    model_config = _FROZEN

    subtask_id: str
    path: Path
    branch: str
    base_sha: str
    reused: bool = False


class ReconcileReport(BaseModel):
    """What reconciling a run's worktrees after a crash found and did."""

    model_config = _FROZEN

    pruned: tuple[str, ...] = ()
    aborted_merge: bool = False
    removed_empty: tuple[str, ...] = ()
    quarantined: tuple[str, ...] = ()
    removed_half_created: tuple[str, ...] = ()
    unattached_branches: tuple[str, ...] = ()


class IntegrationResult(BaseModel):
    """The end of a run: where the result is and what was left in place."""

    model_config = _FROZEN

    branch: str
    head_sha: str
    merged_into_base: bool = False
    base_sha: str | None = None
    kept_worktrees: tuple[str, ...] = ()
    message: str = ""
