"""What a pipeline run says in `messages`: its rollup in prose (status, counts, where the work is).

The `CoordinationResult` keeps the structure (waves, merges, integration, attribution); this is
the closing message a chat pane or a supervisor reads, named for the council
(`nodes._messages.COUNCIL_NAME`).
"""

from __future__ import annotations

from collections import Counter

from langchain_core.messages import AIMessage

from langgraph_council.nodes._messages import council_said
from langgraph_council.nodes._pipeline.report import CoordinationResult

__all__ = ["rollup_message", "rollup_prose"]

_HELD = frozenset({"conflict", "semantic_conflict", "pending_approval", "dropped"})
"""Merge statuses whose work is not on the integration branch (held, or dropped after a hold)."""


def _counts(result: CoordinationResult) -> str:
    statuses = Counter(r.status for w in result.waves for r in w.outcomes)
    total = sum(statuses.values())
    done, failed = statuses["completed"], statuses["failed"]
    skipped = total - done - failed
    return f"{total} subtasks: {done} done, {failed} failed, {skipped} skipped or not run."


def _where(result: CoordinationResult) -> list[str]:
    lines = []
    if result.integration is not None:
        head = result.integration.head_sha[:12]
        moved = " (merged into the base branch)" if result.integration.merged_into_base else ""
        lines.append(f"The work is on branch {result.integration.branch} at {head}{moved}.")
    held = [m for m in result.merges if m.status in _HELD]
    if held:
        named = ", ".join(f"{m.subtask_id} ({m.status.replace('_', ' ')})" for m in held)
        lines.append(f"Merges held back: {named}.")
    merged = [m.subtask_id for m in result.merges if m.status == "merged"]
    if merged:
        lines.append(f"Merged: {', '.join(merged)}.")
    return lines


def rollup_prose(result: CoordinationResult) -> str:
    """The rollup in readable lines: status, counts, where the work is, then each subtask."""
    status = result.parent_status
    head = f"Task {result.task_id}: {status}. {_counts(result)}"
    failed_phases = [p for p in result.phases if not p.success]
    parts = [head, *_where(result)]
    parts += [f"Phase {p.phase} failed: {p.error}." for p in failed_phases if p.error]
    body = result.summary.split("\n", 1)[1] if "\n" in result.summary else ""
    if body:
        parts.append("Subtasks:\n" + body)
    return "\n".join(parts)


def rollup_message(result: CoordinationResult) -> AIMessage:
    """The pipeline run's closing message, named for the council."""
    return council_said(
        rollup_prose(result),
        message_id=f"{result.run_id}:rollup",
        family="pipeline",
        status=result.rollup,
        parent_status=result.parent_status,
    )
