"""One run's git workspace: the integration worktree and the subtask worktrees' life cycle.

Everything is derived from git itself (branches, `git worktree list`), so a node that re-runs
after a crash rebuilds the same `RunWorkspace` and finds its work where it left it. Every
mutating call takes the run lock (threads and processes), so git never races itself.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterable
from contextlib import AbstractContextManager
from pathlib import Path

from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._workspace.debris import clear_path, reconcile
from langgraph_council.nodes._workspace.git import git_ok, run_git, run_lock, try_git
from langgraph_council.nodes._workspace.gitlink import mend_link, verify_link
from langgraph_council.nodes._workspace.models import (
    ReconcileReport,
    SubtaskWorktree,
    WorkspaceConfig,
    WorkspaceError,
    WorktreeLimitError,
    validate_id,
)
from langgraph_council.nodes._workspace.repo import (
    Registered,
    check_prefix_free,
    locate_repo,
    parse_worktrees,
)
from langgraph_council.nodes._workspace.tree_paths import hide_escaping_links, untracked_writes

__all__ = ["SHARED_WORKTREE", "RunWorkspace"]

logger = logging.getLogger(__name__)

SHARED_WORKTREE = "_shared"
"""The folder (under `tasks/`) of the one worktree that subtasks sharing a place work in, one
after another; a subtask id cannot start with `_`, so it never names a subtask's own."""


class RunWorkspace:
    """The worktrees, branches and lock of one coordination run in one repository.

    Build it with `RunWorkspace.open(config, run_id)`; opening is idempotent and reconciles
    what a crashed earlier process left behind.

    Example:
        >>> ws = RunWorkspace.open(WorkspaceConfig(repo_path="."), "run-1")  # doctest: +SKIP
        >>> ws.create_worktree("api").path  # doctest: +SKIP
    """

    def __init__(self, config: WorkspaceConfig, run_id: str, *, git_dir: Path) -> None:
        self.config = config
        self.run_id = validate_id(run_id, "run_id")
        self.git_dir = git_dir
        root = (config.worktree_root or git_dir / "council-worktrees").resolve()
        self.run_dir = root / self.run_id
        self.branch_root = f"{config.branch_prefix}/{self.run_id}"
        self.integration_branch = f"{self.branch_root}/integration"
        self.integration_path = self.run_dir / "integration"
        self.shared: frozenset[str] = frozenset()

    def sharing(self, subtask_ids: Iterable[str]) -> RunWorkspace:
        """This workspace, where `subtask_ids` work in one shared worktree, one after another
        (topology `sas`, and `context_dependent`'s sequential backbone); each still has its
        own branch, switched to in that worktree. Derived from the run's state by every node."""
        placed = copy.copy(self)
        placed.shared = frozenset(subtask_ids)
        return placed

    @classmethod
    def open(cls, config: WorkspaceConfig, run_id: str) -> RunWorkspace:
        """Validate the config, reconcile leftovers and make sure the integration worktree exists.

        Raises:
            ValueError: When `run_id`, `repo_path` or `base_branch` is unusable (named).
        """
        validate_id(run_id, "run_id")
        workspace = cls(config, run_id, git_dir=locate_repo(Path(config.repo_path)))
        if not workspace.branch_exists(config.base_branch):
            raise InvalidInputError(
                f"WorkspaceConfig.base_branch {config.base_branch!r} is not a local branch of "
                f"{config.repo_path}; create it or name an existing branch"
            )
        if not workspace.branch_exists(workspace.integration_branch):
            check_prefix_free(workspace.git_dir, config, workspace.integration_branch)
        workspace.reconcile()
        return workspace

    # names and queries -----------------------------------------------------------------

    def subtask_branch(self, subtask_id: str) -> str:
        """The branch a subtask works on."""
        return f"{self.branch_root}/task/{validate_id(subtask_id, 'subtask_id')}"

    def subtask_path(self, subtask_id: str) -> Path:
        """Where a subtask's worktree lives (the shared one for a subtask that shares)."""
        validate_id(subtask_id, "subtask_id")
        return (
            self.run_dir / "tasks" / (SHARED_WORKTREE if subtask_id in self.shared else subtask_id)
        )

    def _entry_of(self, subtask_id: str) -> Registered | None:
        """The healthy worktree where `subtask_id`'s branch is checked out now, or None (a
        shared worktree may have moved on to another subtask's branch)."""
        entry = self.registered().get(self.subtask_path(subtask_id))
        if entry is None or not entry.healthy:
            return None
        return entry if entry.branch == self.subtask_branch(subtask_id) else None

    def lock(self) -> AbstractContextManager[None]:
        """The run lock (re-entrant in one thread, exclusive across threads and processes)."""
        return run_lock(self.run_dir / ".lock")

    def branch_exists(self, branch: str) -> bool:
        """True when `branch` is a local branch."""
        return git_ok(self.git_dir, "show-ref", "--verify", "--quiet", f"refs/heads/{branch}")

    def tip(self, ref: str) -> str:
        """The commit sha `ref` points at."""
        return run_git(self.git_dir, "rev-parse", "--verify", f"{ref}^{{commit}}").strip()

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        """True when `ancestor` is reachable from `descendant` (or equal)."""
        return git_ok(self.git_dir, "merge-base", "--is-ancestor", ancestor, descendant)

    def registered(self) -> dict[Path, Registered]:
        """Every worktree git knows of, keyed by resolved path."""
        return parse_worktrees(run_git(self.git_dir, "worktree", "list", "--porcelain"))

    def live_worktrees(self) -> tuple[str, ...]:
        """Folder names of the subtask worktrees registered and present (a subtask's id, or
        `_shared` for the shared worktree)."""
        tasks = self.run_dir / "tasks"
        return tuple(
            sorted(
                entry.path.name
                for entry in self.registered().values()
                if entry.path.parent == tasks and entry.healthy
            )
        )

    def free_slots(self) -> int:
        """How many more subtask worktrees may be created now."""
        return max(0, self.config.max_concurrent_worktrees - len(self.live_worktrees()))

    def subtask_branches(self) -> tuple[str, ...]:
        """Ids of the subtasks that have a branch in this run."""
        prefix = f"refs/heads/{self.branch_root}/task/"
        refs = run_git(self.git_dir, "for-each-ref", "--format=%(refname)", prefix)
        return tuple(sorted(line.removeprefix(prefix) for line in refs.splitlines() if line))

    # subtask worktrees --------------------------------------------------------------------

    def create_worktree(self, subtask_id: str) -> SubtaskWorktree:
        """The subtask's worktree, created from the integration branch as it stands now.

        Idempotent: called again (after a crash, a resume) it returns the same path and branch
        and never resets work; a branch without a worktree is re-attached. Links that lead out
        of the worktree (kept by a decision, or the user's own) are taken off its disk
        (`hide_escaping_links`), so the subtask never writes through one.

        Raises:
            WorktreeLimitError: When `max_concurrent_worktrees` are already live.
            ValueError: When `subtask_id` is not a safe id.
        """
        branch, path = self.subtask_branch(subtask_id), self.subtask_path(subtask_id)
        with self.lock():
            entry = self.registered().get(path)
            if entry is not None and entry.healthy and entry.branch != branch:
                if subtask_id not in self.shared:
                    raise WorkspaceError(f"{path} is checked out on {entry.branch}, not {branch}")
                return self._switch(subtask_id, path, entry)
            if entry is not None and entry.healthy:
                self.guard_link(path, branch, crashed=True)  # a crashed attempt's
                hide_escaping_links(path)  # a crash may have come between add and hiding
                return SubtaskWorktree(
                    subtask_id=subtask_id, path=path, branch=branch,
                    base_sha=self._fork_point(branch), reused=True,
                )  # fmt: skip
            clear_path(self, path)
            live = self.live_worktrees()
            if len(live) >= self.config.max_concurrent_worktrees:
                raise WorktreeLimitError(self.config.max_concurrent_worktrees, live)
            reattach = self.branch_exists(branch)
            path.parent.mkdir(parents=True, exist_ok=True)
            if reattach:
                run_git(self.git_dir, "worktree", "add", str(path), branch)
            else:
                base = self.tip(self.integration_branch)
                run_git(self.git_dir, "worktree", "add", "-b", branch, str(path), base)
            hide_escaping_links(path)
            return SubtaskWorktree(
                subtask_id=subtask_id, path=path, branch=branch,
                base_sha=self._fork_point(branch), reused=reattach,
            )  # fmt: skip

    def _switch(self, subtask_id: str, path: Path, entry: Registered) -> SubtaskWorktree:
        """The shared worktree, moved from the last subtask's branch to `subtask_id`'s (new
        from the integration branch as it stands, or re-attached for another attempt)."""
        if entry.branch:
            self.guard_link(path, entry.branch, crashed=True)
        if run_git(path, "status", "--porcelain").strip():
            raise WorkspaceError(
                f"the shared worktree {path} still has uncommitted work of {entry.branch}; "
                "commit or merge it before the next subtask starts"
            )
        branch = self.subtask_branch(subtask_id)
        reattach = self.branch_exists(branch)
        if reattach:
            run_git(path, "switch", "-q", branch)
        else:
            run_git(path, "switch", "-q", "-c", branch, self.tip(self.integration_branch))
        hide_escaping_links(path)
        return SubtaskWorktree(
            subtask_id=subtask_id, path=path, branch=branch,
            base_sha=self._fork_point(branch), reused=reattach,
        )  # fmt: skip

    def _worked_in(self, subtask_id: str) -> bool:
        """True when the subtask's worktree is there for it: registered with its directory
        present, and (a shared one) not moved on to another subtask of the run."""
        path = self.subtask_path(subtask_id)
        entry = self.registered().get(path)
        if entry is None or entry.half_created or not path.is_dir():
            return False
        now = entry.branch or ""
        moved_on = now != self.subtask_branch(subtask_id)
        return not (moved_on and now.startswith(f"{self.branch_root}/task/"))

    def guard_link(self, path: Path, branch: str, *, crashed: bool = False) -> None:
        """Check the worktree at `path` is git's own, on `branch`, before anything is staged
        or committed there; else put git's link back (git can clean it up then) and raise,
        or only log it for a worktree reused after a crash (`crashed`).

        Raises:
            GitLinkError: Naming what was changed (the `.git` file, HEAD's branch).
        """
        broken = mend_link(self.git_dir, path, branch, self.run_dir / "orphaned")
        if broken is not None and not crashed:
            raise broken
        if broken is not None:
            logger.warning("%s", broken)

    def commit_pending(self, subtask_id: str, message: str | None = None) -> str | None:
        """Commit whatever the subtask left uncommitted in its worktree; the new sha or None.

        Raises:
            GitLinkError: The worktree's git link or HEAD is not what council made (nothing
                is staged; the link is put back).
        """
        path = self.subtask_path(subtask_id)
        with self.lock():
            if not self._worked_in(subtask_id):
                return None
            self.guard_link(path, self.subtask_branch(subtask_id))
            run_git(path, "add", "-A")
            if git_ok(path, "diff", "--cached", "--quiet"):
                return None
            text = message or f"Subtask {subtask_id}: work saved by council before merging"
            run_git(path, "commit", "-q", "--no-verify", "-m", text, identity=True)
            return self.tip(self.subtask_branch(subtask_id))

    def untracked_writes(self, subtask_id: str) -> tuple[str, ...]:
        """What the subtask wrote in its worktree that git does not track (ignored paths,
        files in a submodule folder git has not checked out): never merged, so reported."""
        path = self.subtask_path(subtask_id)
        with self.lock():
            return untracked_writes(path) if self._entry_of(subtask_id) is not None else ()

    def remove_worktree(self, subtask_id: str) -> bool:
        """Remove the subtask's worktree if it is clean; its branch always stays.

        Returns False (and keeps the worktree) when it is absent or has uncommitted changes.
        The shared worktree stays for the next subtask (`remove_merged` removes it at the end).
        """
        path = self.subtask_path(subtask_id)
        with self.lock():
            if subtask_id in self.shared or self._entry_of(subtask_id) is None:
                return False
            outcome = try_git(self.git_dir, "worktree", "remove", str(path))
            if not outcome.ok:
                logger.warning("kept worktree %s: %s", path, outcome.stderr.strip())
            return outcome.ok

    def remove_merged(self) -> None:
        """Remove every clean subtask worktree (shared or not) whose branch is merged into
        the integration branch; the others stay, and no branch is deleted."""
        with self.lock():
            tasks = self.run_dir / "tasks"
            for entry in self.registered().values():
                if entry.path.parent != tasks or not entry.healthy or entry.branch is None:
                    continue
                if self.is_ancestor(entry.branch, self.integration_branch):
                    outcome = try_git(self.git_dir, "worktree", "remove", str(entry.path))
                    if not outcome.ok:
                        logger.warning("kept worktree %s: %s", entry.path, outcome.stderr.strip())

    def _fork_point(self, branch: str) -> str:
        return run_git(self.git_dir, "merge-base", branch, self.integration_branch).strip()

    # integration worktree and reconciliation ----------------------------------------------

    def reconcile(self) -> ReconcileReport:
        """Repair what a crashed run left, and say what was done (`nodes._workspace.debris`)."""
        return reconcile(self)

    def _ensure_integration(self) -> None:
        """Create the integration branch (from the base branch) and its worktree if missing."""
        entry = self.registered().get(self.integration_path)
        if entry is not None and entry.healthy:
            if entry.branch != self.integration_branch:
                raise WorkspaceError(
                    f"{self.integration_path} is checked out on {entry.branch}, "
                    f"not {self.integration_branch}"
                )
            return
        if not self.branch_exists(self.integration_branch):
            base = self.tip(self.config.base_branch)
            run_git(self.git_dir, "branch", self.integration_branch, base)
        clear_path(self, self.integration_path)
        self.integration_path.parent.mkdir(parents=True, exist_ok=True)
        run_git(
            self.git_dir, "worktree", "add", str(self.integration_path), self.integration_branch
        )

    def _integration_admin_dir(self) -> Path:
        """The integration worktree's git dir, after checking its link is git's own (only
        council writes there, so a `GitLinkError` here stops the run instead of a reset)."""
        return verify_link(self.git_dir, self.integration_path, self.integration_branch)

    def restore_integration(self) -> bool:
        """Abort an unfinished merge and drop stray changes in the integration worktree.

        Only council writes there, and only under the run lock, so anything found is the
        debris of a killed merge. A missing integration worktree is re-created first. Returns
        True when something had to be undone.
        """
        cwd = self.integration_path
        with self.lock():
            self._ensure_integration()
            admin = self._integration_admin_dir()
            (admin / "index.lock").unlink(missing_ok=True)
            aborted = False
            if (admin / "MERGE_HEAD").exists():
                run_git(cwd, "merge", "--abort")
                aborted = True
            if run_git(cwd, "status", "--porcelain").strip():
                run_git(cwd, "reset", "-q", "--hard", "HEAD")
                run_git(cwd, "clean", "-fdq")
                aborted = True
            return aborted
