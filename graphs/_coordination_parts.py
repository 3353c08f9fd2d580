"""The pipeline's optional parts, checked and wired: decomposer, workspace, check, recovery.

`graphs._coordination` builds the graph with these: the decompose node, the workspace
config, the check before a merge (and the worker's commands) with the user's repository
read-only, the recovery nodes and the workspace nodes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeAlias

from langchain_core.runnables import Runnable
from langgraph.graph import StateGraph

from langgraph_council.graphs._worker import WorktreeAgent
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._reassign import make_reassign_node
from langgraph_council.guards._store import LoopRecordStore
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._escalation.store import Escalations
from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import ManualDecomposer
from langgraph_council.nodes._pipeline.merge_node import make_merge_node
from langgraph_council.nodes._pipeline.merge_review import (
    make_await_merge_node,
    make_open_merge_node,
    make_review_node,
)
from langgraph_council.nodes._pipeline.names import (
    AWAIT_MERGE_DECISION,
    CREATE_WORKTREES,
    DISPATCH,
    EXECUTE_SUBTASK,
    FINISH_WORKSPACE,
    GUARD_HANDOFFS,
    MERGE_SUBTASKS,
    OPEN_MERGE_ESCALATION,
    OPEN_WORKSPACE,
    REASSIGN_SUBTASK,
    REPLAN_SUBTASK,
    RETRY_SUBTASK,
    REVIEW_MERGE,
    ROLLUP,
)
from langgraph_council.nodes._pipeline.phases import (
    make_decompose_node,
)
from langgraph_council.nodes._pipeline.planner import make_planner_node
from langgraph_council.nodes._pipeline.recovery import make_retry_node
from langgraph_council.nodes._pipeline.replan import make_replan_node
from langgraph_council.nodes._pipeline.runtime import time_limit
from langgraph_council.nodes._pipeline.state import (
    CoordinationContext,
    CoordinationInput,
    CoordinationOutput,
    CoordinationState,
)
from langgraph_council.nodes._pipeline.subtask_check import CheckLike, SubtaskChecker
from langgraph_council.nodes._pipeline.workspace_nodes import (
    make_create_worktrees_node,
    make_finish_workspace_node,
    make_open_workspace_node,
)
from langgraph_council.nodes._workspace.git import try_git
from langgraph_council.nodes._workspace.models import WorkspaceConfig
from langgraph_council.nodes._workspace.repo import check_workspace, locate_repo
from langgraph_council.nodes._workspace.sandbox import SandboxSpec

__all__ = [
    "CoordinationBuilder",
    "add_recovery",
    "add_workspace",
    "check_workspace_config",
    "decompose_node",
    "merge_checker",
    "protect_repository",
    "repository_paths",
]

CoordinationBuilder: TypeAlias = StateGraph[
    CoordinationState, CoordinationContext, CoordinationInput, CoordinationOutput
]


def decompose_node(
    org: Org, roster: Roster | None, decomposer: object, config: CoordinationConfig
) -> Runnable[Any, Any]:
    """The decompose node: the fixed plan, else the planner agent, else the input's plan only
    (a run whose input carries none is refused, naming both ways to give one)."""
    if decomposer is not None and not isinstance(decomposer, ManualDecomposer):
        raise TypeError(f"decomposer must be a ManualDecomposer, got {type(decomposer).__name__}")
    if decomposer is not None:
        return make_decompose_node(decomposer.plan, org, config)
    if roster is not None:
        return make_planner_node(org, roster, config)
    return make_decompose_node(None, org, config)


def check_workspace_config(
    workspace: WorkspaceConfig | Mapping[str, Any] | None, roster: Roster | None
) -> WorkspaceConfig | None:
    if workspace is None:
        return None
    if isinstance(workspace, Mapping):
        workspace = WorkspaceConfig.model_validate(dict(workspace))
    if not isinstance(workspace, WorkspaceConfig):
        raise TypeError(
            f"workspace must be a WorkspaceConfig or None, got {type(workspace).__name__}"
        )
    if workspace.conflict_escalation == "review_agent" and roster is None:
        raise ValueError(
            'WorkspaceConfig.conflict_escalation="review_agent" asks an agent, which needs '
            'roster=Roster(org, models); or use conflict_escalation="human"'
        )
    check_workspace(workspace)
    return workspace


def merge_checker(
    check: CheckLike | None, workspace: WorkspaceConfig | None, config: CoordinationConfig
) -> SubtaskChecker | None:
    """The pipeline's check before a merge: the factory's `check=` or `WorkspaceConfig.check`."""
    if check is not None and workspace is not None and workspace.check is not None:
        raise InvalidInputError(
            "check= and WorkspaceConfig.check both give a check; keep one of them"
        )
    given = check if check is not None else (workspace.check if workspace else None)
    if given is None:
        return None
    if not callable(given) and workspace is None:
        raise ValueError(
            "a check command runs in the subtask's worktree: pass workspace=WorkspaceConfig("
            "repo_path=...), or a callable check"
        )
    timeout = workspace.check_timeout_seconds if workspace else 600.0
    chars = workspace.check_output_chars if workspace else 4000
    limit = time_limit(config, "callable_timeout_seconds")
    sandbox = None if workspace is None or callable(given) else SandboxSpec(
        timeout, "WorkspaceConfig(check_isolation='best_effort')",
        env_allow=workspace.check_env_allow, isolation=workspace.check_isolation,
        max_file_bytes=workspace.check_max_file_bytes, read_only=repository_paths(workspace),
    )  # fmt: skip
    return SubtaskChecker(
        given, timeout=timeout, output_chars=chars, callable_limit=limit, sandbox=sandbox
    )


def repository_paths(workspace: WorkspaceConfig) -> tuple[Path, ...]:
    """The user's repository as the pipeline knows it, for agent-run code to see read-only:
    `repo_path`, the top of its work tree, and its git common dir (which holds the refs, the
    objects, the index, and by default the run's worktrees, which stay writable).

    Found from the path the user gave, never from a worktree's `.git` file (which the
    worktree's code can rewrite)."""
    repo = Path(workspace.repo_path).resolve()
    found = {repo, locate_repo(repo)}
    top = try_git(repo, "rev-parse", "--show-toplevel", discover=True)
    if top.ok and top.stdout.strip():
        found.add(Path(top.stdout.strip()).resolve())
    return tuple(sorted(found))


def protect_repository(executor: Any, workspace: WorkspaceConfig | None) -> Any:
    """`executor`, and when it is the built-in worker in a run with a workspace, a copy whose
    `run_command` sees the user's repository read-only (`repository_paths`)."""
    if workspace is None or not isinstance(executor, WorktreeAgent):
        return executor
    if executor.settings.commands is None:
        return executor
    return WorktreeAgent(replace(executor.settings, read_only=repository_paths(workspace)))


def add_recovery(
    builder: CoordinationBuilder,
    org: Org,
    roster: Roster | None,
    config: CoordinationConfig,
    guard: LoopGuard,
    loop_records: LoopRecordStore | None,
) -> None:
    """The recovery nodes: dispatch sends a failed subtask to one, which leads back to it."""
    if config.replan and roster is None:
        raise ValueError(
            "CoordinationConfig(replan=True) asks the planner agent for a replacement row, which "
            "needs roster=Roster(org, models); or leave replan off"
        )
    builder.add_node(RETRY_SUBTASK, make_retry_node())
    builder.add_node(REASSIGN_SUBTASK, make_reassign_node(guard, loop_records=loop_records))
    builder.add_edge(RETRY_SUBTASK, DISPATCH)
    builder.add_edge(REASSIGN_SUBTASK, DISPATCH)
    if roster is not None:
        builder.add_node(REPLAN_SUBTASK, make_replan_node(org, roster, config))
        builder.add_edge(REPLAN_SUBTASK, DISPATCH)


def add_workspace(
    builder: CoordinationBuilder,
    org: Org,
    roster: Roster | None,
    workspace: WorkspaceConfig,
    escalations: Escalations | None,
    config: CoordinationConfig,
) -> None:
    """The workspace nodes: worktrees before each batch, merges after it, a merge decision."""
    human = workspace.conflict_escalation == "human"
    decide = OPEN_MERGE_ESCALATION if human else REVIEW_MERGE
    builder.add_node(OPEN_WORKSPACE, make_open_workspace_node(workspace))
    builder.add_node(
        CREATE_WORKTREES,
        make_create_worktrees_node(org, workspace, config),
        destinations=(EXECUTE_SUBTASK, DISPATCH),
    )
    builder.add_node(
        MERGE_SUBTASKS,
        make_merge_node(workspace, escalate=decide),
        destinations=(DISPATCH, decide),
    )
    if human:
        builder.add_node(OPEN_MERGE_ESCALATION, make_open_merge_node(escalations, workspace))
        builder.add_node(
            AWAIT_MERGE_DECISION,
            make_await_merge_node(escalations, workspace),
            destinations=(AWAIT_MERGE_DECISION, MERGE_SUBTASKS),
        )
        builder.add_edge(OPEN_MERGE_ESCALATION, AWAIT_MERGE_DECISION)
    else:
        builder.add_node(
            REVIEW_MERGE, make_review_node(org, roster, workspace), destinations=(MERGE_SUBTASKS,)
        )
    builder.add_node(FINISH_WORKSPACE, make_finish_workspace_node(workspace))
    builder.add_edge(GUARD_HANDOFFS, OPEN_WORKSPACE)
    builder.add_edge(OPEN_WORKSPACE, DISPATCH)
    builder.add_edge(EXECUTE_SUBTASK, MERGE_SUBTASKS)
    builder.add_edge(FINISH_WORKSPACE, ROLLUP)
