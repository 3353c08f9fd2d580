"""The merge node: after each batch, merge the finished subtasks one at a time, in merge order.

`merge_subtasks` is the only node that merges. It first acts on a decision about the merge it
held back (`merge_ruling`: keep, keep with a resolution commit, or drop), then merges the
batch's completed subtasks in `WorkspaceConfig.merge_order`. A textual or semantic conflict
(or, with `merge_order="manual"`, any merge) stops it: the held merge goes to
`open_merge_escalation` (a human) or `review_merge` (the review agent), whose decision leads
back here. A dropped merge makes its subtask `failed` (`quality_gate`), so dispatch skips its
dependents. Work of subtasks that did not complete is committed to their branches and their
worktrees removed (`cleanup_on_merge`); no branch is ever deleted. A later attempt of such a
subtask (recovery) works on the same branch, re-attached, and its work is merged when it
completes: a merge record names the attempt it is about, and a newer attempt is merged again.
Every git call it makes is idempotent, so a crash mid-node only repeats work git already shows
as done.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes._pipeline.attempts import work_attempts
from langgraph_council.nodes._pipeline.dispatch import announced
from langgraph_council.nodes._pipeline.models import Plan, SubtaskResult
from langgraph_council.nodes._pipeline.names import DISPATCH, MERGE_SUBTASKS
from langgraph_council.nodes._pipeline.runtime import emit, io_node
from langgraph_council.nodes._pipeline.state import merges_of, outcomes_of, plan_of
from langgraph_council.nodes._pipeline.workspace_nodes import workspace_of
from langgraph_council.nodes._workspace.gitlink import GitLinkError
from langgraph_council.nodes._workspace.merge_engine import (
    apply_decision,
    merge_subtask,
    preview_merge,
    refused,
    with_untracked,
)
from langgraph_council.nodes._workspace.models import (
    MergeOrder,
    MergeResult,
    MergeRuling,
    WorkspaceConfig,
)
from langgraph_council.nodes._workspace.worktrees import RunWorkspace

__all__ = [
    "MIN_STEPS_TO_ESCALATE",
    "dependents_count",
    "last_work_attempt",
    "make_merge_node",
    "merge_sequence",
]

MIN_STEPS_TO_ESCALATE = 10
"""With fewer steps left, a held merge is dropped instead of escalated (rollup must run)."""

_EPOCH = datetime.min.replace(tzinfo=UTC)


def last_work_attempt(result: SubtaskResult) -> int:
    """The number of the last attempt somebody worked on (1 for a result without attempts)."""
    worked = work_attempts(result.attempts)
    return worked[-1].number if worked else 1


def dependents_count(plan: Plan) -> dict[str, int]:
    """Subtask id -> how many subtasks depend on it, directly or through others."""
    direct: dict[str, list[str]] = {s.id: [] for s in plan.subtasks}
    for sub in plan.subtasks:
        for dep in sub.dependencies:
            direct[dep].append(sub.id)
    counts = {}
    for sid in direct:
        reached: set[str] = set()
        todo = list(direct[sid])
        while todo:
            child = todo.pop()
            if child not in reached:
                reached.add(child)
                todo += direct[child]
        counts[sid] = len(reached)
    return counts


def merge_sequence(
    plan: Plan, ids: Sequence[str], outcomes: Mapping[str, SubtaskResult], order: MergeOrder
) -> list[str]:
    """`ids` in the order they are merged.

    `completion`: as they finished (then plan order); `priority`: the subtask more of the
    plan depends on (directly or not) first, then plan order; `manual`: plan order (each
    waits for a go-ahead).
    """
    position = {s.id: n for n, s in enumerate(plan.subtasks)}
    if order == "completion":
        finished = {i: outcomes[i].finished_at or _EPOCH for i in ids}
        return sorted(ids, key=lambda i: (finished[i], position[i]))
    if order == "priority":
        counts = dependents_count(plan)
        return sorted(ids, key=lambda i: (-counts[i], position[i]))
    return sorted(ids, key=position.__getitem__)


def _act(workspace: RunWorkspace, held: MergeResult, ruling: MergeRuling) -> MergeResult:
    """Carry out `ruling` on the held merge; a result that still needs a decision is re-held.
    The result carries the tokens of the model call behind the ruling (the review agent's)."""
    sid, commit = held.subtask_id, ruling.resolution_commit
    billed = {"input_tokens": ruling.input_tokens, "output_tokens": ruling.output_tokens}
    if ruling.decision == "drop":
        done = apply_decision(workspace, sid, "drop")
    elif commit and not workspace.is_ancestor(commit, held.branch):
        return held.model_copy(
            update={
                "message": f"resolution commit {commit} is not on {held.branch}; commit the "
                "resolution on that branch (its worktree is still there) and decide again",
                **billed,
            }
        )
    elif held.status == "pending_approval":
        done = merge_subtask(workspace, sid)  # approved: merged and checked like any merge
    else:
        # keep: a resolution commit must make the merge clean; without one, the subtask's
        # side of conflicting lines wins. Semantic issues no longer block, they are reported.
        done = apply_decision(workspace, sid, "keep", prefer=None if commit else "subtask")
    return done.model_copy(
        update={
            "message": f"{done.message}; {ruling.note}".lstrip("; "),
            **billed,
        }
    )


def _dropped(outcome: SubtaskResult, merge: MergeResult, ruling: MergeRuling) -> SubtaskResult:
    return outcome.model_copy(
        update={
            "status": "failed",
            "failure_category": "quality_gate",
            "error": f"merge dropped ({ruling.note}); the work stays on {merge.branch}",
        }
    )


def _refusal(outcome: SubtaskResult, merge: MergeResult) -> SubtaskResult:
    """`outcome` failed because its worktree's git link or HEAD had been changed."""
    reason = merge.message.removeprefix("not merged: ")
    earlier = outcome.error if outcome.status == "failed" and outcome.error else ""
    return outcome.model_copy(
        update={
            "status": "failed",
            "failure_category": outcome.failure_category or "quality_gate",
            "error": earlier if reason in earlier else f"{earlier}; {reason}".lstrip("; "),
        }
    )


def _park(workspace: RunWorkspace, sid: str, outcome: SubtaskResult) -> MergeResult:
    """A subtask that did not complete: keep its work on its branch, free its worktree."""
    branch = workspace.subtask_branch(sid)
    try:
        workspace.commit_pending(sid, f"Subtask {sid}: work kept from a {outcome.status} subtask")
    except GitLinkError as error:
        return refused(workspace, sid, error)
    written = workspace.untracked_writes(sid)
    if workspace.config.cleanup_on_merge:
        workspace.remove_worktree(sid)
    return with_untracked(
        MergeResult(
            subtask_id=sid,
            branch=branch,
            status="dropped",
            message=f"not merged: the subtask is {outcome.status}; its work stays on {branch}",
        ),
        written,
    )


class _MergeStep:
    """One run of the merge node: the records and outcome changes it writes."""

    def __init__(self, state: Mapping[str, Any], config: WorkspaceConfig) -> None:
        self.state, self.config = state, config
        self.workspace = workspace_of(state, config)
        self.outcomes = outcomes_of(state)
        self.said = announced(state, self.outcomes)  # the batch's messages, as it ran
        self.merges: dict[str, MergeResult] = {}
        self.changed: dict[str, SubtaskResult] = {}

    def decide_held(self) -> MergeResult | None:
        """Act on the decision about the held merge; the merge to hold again, if any."""
        held, ruling = self.state.get("merge_pending"), self.state.get("merge_ruling")
        if held is None:
            return None
        merge = MergeResult.model_validate(held)
        if ruling is None:
            return merge  # no decision yet (a resumed graph): ask again
        return self.carry_out(merge, MergeRuling.model_validate(ruling))

    def carry_out(self, held: MergeResult, ruling: MergeRuling) -> MergeResult | None:
        """Act on `ruling`; a dropped merge fails its subtask. The merge to hold again, if any."""
        done = _act(self.workspace, held, ruling)
        self.record(done)
        if done.status == "dropped":
            sid = done.subtask_id
            self.changed[sid] = _dropped(self.outcomes[sid], done, ruling)
            self.outcomes[sid] = self.changed[sid]
        return done if done.needs_decision else None

    def record(self, merge: MergeResult) -> None:
        outcome = self.outcomes.get(merge.subtask_id)
        if outcome is not None:  # the attempt whose work this is, and the check's verdict on it
            merge = merge.model_copy(
                update={"check": outcome.check, "attempt": last_work_attempt(outcome)}
            )
        self.merges[merge.subtask_id] = merge
        sid, written = merge.subtask_id, merge.untracked_writes
        if merge.status == "refused" and sid in self.outcomes:
            self.changed[sid] = self.outcomes[sid] = _refusal(self.outcomes[sid], merge)
        if written and sid in self.outcomes and self.outcomes[sid].untracked_writes != written:
            self.changed[sid] = self.outcomes[sid].model_copy(update={"untracked_writes": written})
            self.outcomes[sid] = self.changed[sid]
        emit(
            "merge",
            subtask_id=merge.subtask_id,
            status=merge.status,
            files=list(merge.files),
            commit=(merge.commit_sha or "")[:12],
        )

    def merge_batch(self) -> MergeResult | None:
        """Merge (or park) every finished subtask without a record; the first to hold."""
        plan = plan_of(self.state)
        if plan is None:
            return None
        done = {**merges_of(self.state), **self.merges}
        branches = set(self.workspace.subtask_branches())
        todo = [
            i
            for i, r in self.outcomes.items()
            if i in branches
            and not r.retry_pending
            and (i not in done or done[i].attempt < last_work_attempt(r))
        ]
        for sid in todo:
            if self.outcomes[sid].status != "completed":
                self.record(_park(self.workspace, sid, self.outcomes[sid]))
        finished = [i for i in todo if self.outcomes[i].status == "completed"]
        order = self.config.merge_order
        for sid in merge_sequence(plan, finished, self.outcomes, order):
            merge = (
                preview_merge(self.workspace, sid)
                if order == "manual"
                else merge_subtask(self.workspace, sid)
            )
            self.record(merge)
            if merge.needs_decision:
                return merge
        return None

    def update(self) -> dict[str, Any]:
        return {
            "merges": self.merges,
            "outcomes": self.changed,
            "merge_ruling": None,
            **self.said,
        }


def make_merge_node(config: WorkspaceConfig, *, escalate: str) -> Runnable[Any, Any]:
    """`merge_subtasks`: act on a merge decision, merge the batch, hold the first conflict.

    A held merge goes to `escalate` (`open_merge_escalation` or `review_merge`); with too few
    steps left (`MIN_STEPS_TO_ESCALATE`) it is dropped instead, so the run still rolls up.
    """

    def merge_subtasks(state: dict[str, Any]) -> Command[Any]:
        step = _MergeStep(state, config)
        held = step.decide_held() or step.merge_batch()
        while held is not None and state["remaining_steps"] < MIN_STEPS_TO_ESCALATE:
            ruling = MergeRuling(
                subtask_id=held.subtask_id,
                decision="drop",
                reasoning="too few graph steps left to wait for a decision",
                decided_by="system:step-limit",
            )
            held = step.carry_out(held, ruling) or step.merge_batch()
        if held is None:
            return Command(goto=DISPATCH, update={**step.update(), "merge_pending": None})
        emit("merge_held", subtask_id=held.subtask_id, status=held.status, files=list(held.files))
        return Command(goto=escalate, update={**step.update(), "merge_pending": held})

    return io_node(merge_subtasks, name=MERGE_SUBTASKS)
