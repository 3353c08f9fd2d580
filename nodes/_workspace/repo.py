"""The repository a run works in: where its git directory is, the worktrees git has
registered, and branch names that are in the way of the run's own."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._workspace.git import git_ok, run_git, try_git
from langgraph_council.nodes._workspace.models import WorkspaceConfig

__all__ = ["Registered", "check_prefix_free", "check_workspace", "locate_repo", "parse_worktrees"]

_HALF_CREATED = "initializing"


@dataclass(frozen=True, slots=True)
class Registered:
    """One entry of `git worktree list --porcelain`."""

    path: Path
    branch: str | None
    locked: str | None
    prunable: bool

    @property
    def half_created(self) -> bool:
        """`git worktree add` was killed before it finished checking out."""
        return self.locked == _HALF_CREATED

    @property
    def healthy(self) -> bool:
        """Registered, present and fully checked out."""
        return not self.prunable and not self.half_created


def parse_worktrees(text: str) -> dict[Path, Registered]:
    """Parse `git worktree list --porcelain` into entries keyed by resolved path."""
    entries: dict[Path, Registered] = {}
    for block in text.strip().split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            key, _, value = line.partition(" ")
            fields[key] = value
        if "worktree" not in fields:
            continue
        path = Path(fields["worktree"]).resolve()
        branch = fields.get("branch", "").removeprefix("refs/heads/") or None
        entries[path] = Registered(path, branch, fields.get("locked"), "prunable" in fields)
    return entries


def locate_repo(repo_path: Path) -> Path:
    """The git common directory of `repo_path`, or a ValueError naming the field."""
    if not repo_path.is_dir():
        raise InvalidInputError(
            f"WorkspaceConfig.repo_path {str(repo_path)!r} is not a directory; "
            "point it at a git repository"
        )
    outcome = try_git(repo_path, "rev-parse", "--git-common-dir", discover=True)
    if not outcome.ok:
        raise InvalidInputError(
            f"WorkspaceConfig.repo_path {str(repo_path)!r} is not inside a git repository "
            f"({outcome.stderr.strip()}); run `git init` there or point it at one"
        )
    return (repo_path / outcome.stdout.strip()).resolve()


def check_prefix_free(git_dir: Path, config: WorkspaceConfig, branch: str) -> None:
    """Refuse, naming the fixes, when a branch of the repository is a leading part of `branch`
    (git then fails with "cannot lock ref": `council` and `council/...` cannot both exist)."""
    parts = branch.split("/")
    leading = [f"refs/heads/{'/'.join(parts[:n])}" for n in range(1, len(parts))]
    found = set(run_git(git_dir, "for-each-ref", "--format=%(refname)", *leading).splitlines())
    clash = next((ref.removeprefix("refs/heads/") for ref in leading if ref in found), None)
    if clash is not None:
        raise InvalidInputError(
            f"the repository at {config.repo_path} has a branch {clash!r}, so git cannot create "
            f"the run's branches under {clash}/ ('cannot lock ref'); rename that branch "
            f"(`git branch -m {clash} <new name>`) or set WorkspaceConfig.branch_prefix to a "
            f"name no branch uses (now {config.branch_prefix!r}, e.g. "
            f"'{config.branch_prefix}-runs')"
        )


def check_workspace(config: WorkspaceConfig) -> Path:
    """Check, without changing anything, that `config` names a repository, a local base
    branch and a branch prefix no branch of the repository is in the way of; returns the git
    common directory.

    Raises:
        ValueError: Naming `repo_path`, `base_branch` or `branch_prefix` and the fix.
    """
    git_dir = locate_repo(Path(config.repo_path))
    ref = f"refs/heads/{config.base_branch}"
    if not git_ok(git_dir, "show-ref", "--verify", "--quiet", ref):
        raise InvalidInputError(
            f"WorkspaceConfig.base_branch {config.base_branch!r} is not a local branch of "
            f"{config.repo_path}; create it or name an existing branch"
        )
    check_prefix_free(git_dir, config, f"{config.branch_prefix}/run")
    return git_dir
