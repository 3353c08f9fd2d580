"""Who decides a held merge: a human through the one escalation path, or a review agent.

Human (`conflict_escalation="human"`), in two nodes, as every escalation of the package:
`open_merge_escalation` writes the pending row (kind `merge`, idempotent; its own node, before
any interrupt), then `await_merge_decision` interrupts with the subtask, branch, files, diff
summary and semantic issues, and reads the answer as a `MergeDecision`: `keep` (optionally with
`resolution_commit`, a commit on the subtask branch that resolves the conflict), `drop`, or
`expired` (the queue's expiry, a cancel, or too many malformed answers), which means drop. The
escalation queue (`EscalationQueue.decide(id, decision, graph)`, `council escalations decide ID
--keep|--drop --graph module:factory`) resumes the thread from any process.

Review agent (`conflict_escalation="review_agent"`): `review_merge`, built with the one
agent-call node, asks `WorkspaceConfig.review_agent_id` (else the task's owner) for a
structured `MergeVerdict` (keep or drop). No verdict, a model error or nobody to ask means
drop: the work stays on its branch and an unattended run never merges unreviewed work.
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.runnables import Runnable
from langgraph.config import get_config
from langgraph.types import Command
from pydantic import BaseModel, ConfigDict

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._escalation.flow import (
    await_decision,
    open_escalation,
    opened,
    require_thread_id,
)
from langgraph_council.nodes._escalation.models import Escalation, MergeDecision
from langgraph_council.nodes._escalation.store import Escalations, check_escalation_store
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.names import (
    AWAIT_MERGE_DECISION,
    MERGE_SUBTASKS,
    OPEN_MERGE_ESCALATION,
    REVIEW_MERGE,
)
from langgraph_council.nodes._pipeline.prompts import render_review_prompt
from langgraph_council.nodes._pipeline.runtime import emit, io_node
from langgraph_council.nodes._pipeline.state import plan_of, routing_of, task_of
from langgraph_council.nodes._pipeline.traced import pipeline_trace
from langgraph_council.nodes._pipeline.workspace_nodes import workspace_of
from langgraph_council.nodes._workspace.models import (
    MergeResult,
    MergeRuling,
    WorkspaceConfig,
)

__all__ = [
    "MergeVerdict",
    "make_await_merge_node",
    "make_open_merge_node",
    "make_review_node",
    "merge_choices",
    "merge_payload",
]


class MergeVerdict(BaseModel):
    """The review agent's structured answer about one held merge."""

    model_config = ConfigDict(frozen=True)

    decision: Literal["keep", "drop"]
    reasoning: str = ""


def _held(state: dict[str, Any]) -> MergeResult:
    value = state.get("merge_pending")
    if value is None:
        raise RuntimeError("no merge is held: merge_subtasks leads here only with one")
    return MergeResult.model_validate(value)


def merge_choices(status: str) -> dict[str, str]:
    """What `keep` and `drop` do to a held merge of `status`, as the human is told."""
    if status == "conflict":
        keep = (
            "the merge goes in: on each conflicting line the subtask's side wins, unless "
            "resolution_commit names your own resolution commit on the branch"
        )
    elif status == "semantic_conflict":
        keep = "the merge goes in; the issues found stay and are reported"
    else:
        keep = "the merge goes in"
    drop = "the subtask's work stays on its branch, unmerged; work that depends on it is skipped"
    return {"keep": keep, "drop": drop}


def merge_payload(merge: MergeResult, worktree: str | None = None) -> dict[str, Any]:
    """What a human sees about a held merge (JSON): subtask, branch and its worktree (where a
    resolution commit can be made), files, diff summary, semantic issues, and what each
    choice does (`keep` on a textual conflict takes the subtask's side of each line)."""
    return {
        "subtask": merge.subtask_id,
        "branch": merge.branch,
        "worktree": worktree,
        "status": merge.status,
        "files": list(merge.files),
        "diff_summary": merge.diff_summary,
        "issues": [f"{i.kind} in {i.file}: {i.message}" for i in merge.semantic_issues],
        "message": merge.message,
        "choices": merge_choices(merge.status),
    }


def _subject(merge: MergeResult) -> str:
    files = ", ".join(merge.files) or "no files"
    if merge.status == "pending_approval":
        return f"Approve the merge of subtask {merge.subtask_id} ({files})"
    kind = "semantic conflict" if merge.status == "semantic_conflict" else "merge conflict"
    return f"{kind.capitalize()} in subtask {merge.subtask_id}: {files}"


def _payload(state: dict[str, Any], config: WorkspaceConfig) -> dict[str, Any]:
    merge = _held(state)
    path = workspace_of(state, config).subtask_path(merge.subtask_id)
    return merge_payload(merge, str(path) if path.is_dir() else None)


def make_open_merge_node(
    escalations: Escalations | None, config: WorkspaceConfig
) -> Runnable[Any, Any]:
    """`open_merge_escalation`: the pending `merge` escalation row (idempotent per round)."""
    store = check_escalation_store(escalations)

    def open_merge_escalation(state: dict[str, Any]) -> dict[str, Any]:
        merge = _held(state)
        payload = _payload(state, config)
        draft = Escalation(
            id="draft",
            thread_id=require_thread_id(get_config()),
            kind="merge",
            subject=_subject(merge),
            summary=merge.message + (f"\n{merge.diff_summary}" if merge.diff_summary else ""),
            options=("keep", "drop"),
            details={**payload, "task": task_of(state).id, "workspace": state["workspace_id"]},
        )
        key = f"merge\x1f{state['workspace_id']}\x1f{merge.subtask_id}"
        escalation = open_escalation(store, draft, key=key)
        emit("merge_escalated", subtask_id=merge.subtask_id, escalation_id=escalation.id)
        return opened(escalation)

    return io_node(open_merge_escalation, name=OPEN_MERGE_ESCALATION)


def _ruling(merge: MergeResult, decision: MergeDecision) -> MergeRuling:
    kept = decision.decision == "keep"
    return MergeRuling(
        subtask_id=merge.subtask_id,
        decision="keep" if kept else "drop",
        reasoning=decision.reasoning,
        decided_by=decision.decided_by,
        resolution_commit=decision.resolution_commit if kept else None,
    )


def make_await_merge_node(
    escalations: Escalations | None, config: WorkspaceConfig
) -> Runnable[Any, Any]:
    """`await_merge_decision`: `interrupt()` for keep / drop; a malformed answer asks again."""
    store = check_escalation_store(escalations)

    def await_merge_decision(state: dict[str, Any]) -> Command[Any]:
        merge = _held(state)
        awaited = await_decision(store, state, _payload(state, config), kind="merge")
        if awaited.decision is None:
            return Command(goto=AWAIT_MERGE_DECISION, update=awaited.update)
        if not isinstance(awaited.decision, MergeDecision):
            raise TypeError(f"a merge escalation was answered with {awaited.decision!r}")
        ruling = _ruling(merge, awaited.decision)
        emit("merge_decided", subtask_id=merge.subtask_id, decision=ruling.decision)
        return Command(goto=MERGE_SUBTASKS, update={**awaited.update, "merge_ruling": ruling})

    return io_node(await_merge_decision, name=AWAIT_MERGE_DECISION)


def _ruled(
    merge: MergeResult,
    decision: str,
    reasoning: str,
    by: str,
    outcome: CallOutcome | None = None,
) -> Command[Any]:
    """The ruling on `merge`; with the review agent's `outcome`, its tokens ride on the ruling
    (then on the merge record) and its warnings (a verdict read from text) go to the run's."""
    reply = outcome.reply if outcome is not None else None
    ruling = MergeRuling(
        subtask_id=merge.subtask_id,
        decision="keep" if decision == "keep" else "drop",
        reasoning=reasoning,
        decided_by=by,
        input_tokens=reply.input_tokens if reply else 0,
        output_tokens=reply.output_tokens if reply else 0,
    )
    emit("merge_decided", subtask_id=merge.subtask_id, decision=ruling.decision, by=by)
    update: dict[str, Any] = {"merge_ruling": ruling}
    if outcome is not None:
        update["warnings"] = outcome.warnings(f"the verdict on subtask {merge.subtask_id}")
    return Command(goto=MERGE_SUBTASKS, update=update)


def make_review_node(
    org: Org, roster: Roster | None, config: WorkspaceConfig
) -> Runnable[Any, Any]:
    """`review_merge`: the review agent answers keep or drop (through `model_node`)."""

    def plan(state: dict[str, Any]) -> Call | Update:
        merge, task = _held(state), task_of(state)
        reviewer = config.review_agent_id or task.owner_id
        if reviewer is None or reviewer not in org:
            why = (
                f"no review agent: {reviewer!r} is not in the org"
                if reviewer
                else "no review agent: set WorkspaceConfig.review_agent_id or the task's owner_id"
            )
            return _ruled(merge, "drop", why, "system:no-reviewer")
        author = next(
            (d.agent_id for d in routing_of(state) if d.subtask_id == merge.subtask_id), None
        )

        def failed(exc: Exception) -> Update:
            why = f"review agent {reviewer} failed ({describe_error(exc)})"
            return _ruled(merge, "drop", why, "system:review-failed")

        return Call(
            reviewer,
            render_review_prompt(task, plan_of(state), merge, author),
            max_tokens=config.review_max_tokens,
            schema=MergeVerdict,
            on_error=failed,
        )

    def apply(state: dict[str, Any], outcome: CallOutcome) -> Update:
        merge, verdict = _held(state), outcome.parsed
        reviewer = outcome.reply.agent_id
        if not isinstance(verdict, MergeVerdict):
            why = f"review agent {reviewer} gave no keep/drop verdict"
            return _ruled(merge, "drop", why, "system:no-verdict", outcome)
        reasoning = verdict.reasoning.strip() or "no reasoning given"
        return _ruled(merge, verdict.decision, reasoning, f"agent:{reviewer}", outcome)

    return model_node(REVIEW_MERGE, roster, plan, apply, trace=pipeline_trace)
