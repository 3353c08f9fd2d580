"""The workspace nodes: open the run's workspace, give each batch its worktrees, finish the run.

Every git side effect has its own node and is idempotent, because a node re-runs from its
first line after a crash or a resume: `open_workspace` (integration branch and worktree),
`create_worktrees` (one worktree per subtask of the batch, before its executor call; a
worktree that exists is reused, never reset) and `finish_workspace` (`finish_run`). The merge
node lives in `merging.py`.

The workspace is named after the task and the run (`<task id>-<run id[:12]>`): the run id is
drawn once, by decompose, and kept in the thread's checkpoint, so every node of the run, in
any process, after any crash, opens the same branches; a new run on the thread gets a new
workspace and never touches an earlier run's branches.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.dispatch import execute_sends, subtask_runs
from langgraph_council.nodes._pipeline.models import SubtaskResult, SubtaskRun, Task
from langgraph_council.nodes._pipeline.names import (
    CREATE_WORKTREES,
    DISPATCH,
    FINISH_WORKSPACE,
    OPEN_WORKSPACE,
)
from langgraph_council.nodes._pipeline.runtime import coordination_context, emit, io_node
from langgraph_council.nodes._pipeline.state import plan_of, task_of, topology_of
from langgraph_council.nodes._pipeline.traced import wave_of
from langgraph_council.nodes._workspace.merge_engine import finish_run
from langgraph_council.nodes._workspace.models import (
    WorkspaceConfig,
    WorktreeLimitError,
)
from langgraph_council.nodes._workspace.worktrees import RunWorkspace

__all__ = [
    "make_create_worktrees_node",
    "make_finish_workspace_node",
    "make_open_workspace_node",
    "run_workspace",
    "workspace_id",
    "workspace_of",
]

_CACHE_SIZE = 64
_opened: OrderedDict[tuple[WorkspaceConfig, str], RunWorkspace] = OrderedDict()
_opened_lock = threading.Lock()


def workspace_id(task: Task, run_id: str) -> str:
    """The workspace (branch prefix) of one run of `task`: `<task id[:60]>-<run id[:12]>`."""
    return f"{task.id[:60]}-{run_id[:12]}"


def run_workspace(config: WorkspaceConfig, run: str, *, reopen: bool = False) -> RunWorkspace:
    """The `RunWorkspace` of `run`; the first use in a process (or `reopen`) opens it.

    Opening is idempotent and reconciles what a crashed process left (stale or half-created
    worktrees, an unfinished merge), so a run resumed in a new process starts from a clean,
    consistent workspace. Later uses in the same process reuse the handle (it holds no state
    of its own: everything is read from git).
    """
    key = (config, run)
    with _opened_lock:
        known = _opened.get(key)
    if known is not None and not reopen:
        return known
    workspace = RunWorkspace.open(config, run)
    with _opened_lock:
        _opened[key] = workspace
        _opened.move_to_end(key)
        while len(_opened) > _CACHE_SIZE:
            _opened.popitem(last=False)
    return workspace


def workspace_of(state: Mapping[str, Any], config: WorkspaceConfig) -> RunWorkspace:
    """The workspace of the run in `state`, with the subtasks that share one worktree under
    the run's topology (`TopologyDecision.shared_worktree`).

    Raises:
        RuntimeError: `open_workspace` has not run for this run.
    """
    run = state.get("workspace_id")
    if not run:
        raise RuntimeError("the run's workspace is not open: open_workspace has not run")
    decision = topology_of(state)
    return run_workspace(config, str(run)).sharing(decision.shared_worktree if decision else ())


def make_open_workspace_node(config: WorkspaceConfig) -> Runnable[Any, Any]:
    """`open_workspace`: the run's integration branch and worktree, from `base_branch`."""

    def open_workspace(state: dict[str, Any]) -> dict[str, Any]:
        run = workspace_id(task_of(state), str(state.get("run_id", "")))
        workspace = run_workspace(config, run, reopen=True)
        emit("workspace_opened", workspace=run, integration_branch=workspace.integration_branch)
        return {"workspace_id": run}

    return io_node(open_workspace, name=OPEN_WORKSPACE)


def _no_slot(run: SubtaskRun, error: WorktreeLimitError) -> SubtaskResult:
    return SubtaskResult(
        subtask_id=run.subtask.id,
        agent_id=run.agent.id,
        status="blocked",
        reason=f"no worktree for it: {error}",
        failure_category="coordination_overhead",
    )


def make_create_worktrees_node(
    org: Org, config: WorkspaceConfig, default: CoordinationConfig
) -> Runnable[Any, Any]:
    """`create_worktrees`: a worktree per subtask of the batch, then one `Send` per subtask
    (one for the batch with `CoordinationConfig.wave_batching`; `default` is the build-time
    config the run's context is merged over).

    Each worktree branches from the integration branch as it stands (earlier batches and
    waves are merged by then). The fan-out is sized by the free worktree slots
    (`max_concurrent_worktrees`): subtasks without a slot wait for the next batch, after the
    merge node has freed slots. If not one slot is free, the batch is reported `blocked`
    with the limit's message (its dependents are skipped) and dispatch goes on.
    """

    def create_worktrees(state: dict[str, Any]) -> Command[Any]:
        workspace = workspace_of(state, config)
        payloads: list[dict[str, Any]] = []
        waiting: dict[str, SubtaskResult] = {}
        plan = plan_of(state)
        for run in subtask_runs(state, list(state.get("batch") or ()), org):
            try:
                tree = workspace.create_worktree(run.subtask.id)
            except WorktreeLimitError as exc:
                waiting[run.subtask.id] = _no_slot(run, exc)
                continue
            emit("worktree", subtask_id=run.subtask.id, path=str(tree.path), reused=tree.reused)
            placed = run.model_copy(update={"workspace_path": str(tree.path)})
            base = workspace.tip(tree.branch)  # the attempt's base: a re-run resets to it
            payloads.append(
                {
                    "subtask_run": placed,
                    "workspace_id": workspace.run_id,
                    "base": base,
                    "wave": wave_of(plan, run.subtask.id),
                }
            )
        if payloads:
            batched = coordination_context(default).wave_batching
            return Command(goto=execute_sends(payloads, batched))
        for subtask_id in waiting:
            emit("worktree_unavailable", subtask_id=subtask_id)
        return Command(goto=DISPATCH, update={"outcomes": waiting})

    return io_node(create_worktrees, name=CREATE_WORKTREES)


def make_finish_workspace_node(config: WorkspaceConfig) -> Runnable[Any, Any]:
    """`finish_workspace`: `finish_run` (base branch moved only with `merge_into_base`)."""

    def finish_workspace(state: dict[str, Any]) -> dict[str, Any]:
        if not state.get("workspace_id"):
            return {"integration": None}
        result = finish_run(workspace_of(state, config))
        emit(
            "workspace_finished",
            branch=result.branch,
            head=result.head_sha[:12],
            merged_into_base=result.merged_into_base,
        )
        return {"integration": result}

    return io_node(finish_workspace, name=FINISH_WORKSPACE)
