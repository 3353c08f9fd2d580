"""The pipeline's conversation: one named AI message per finished subtask attempt.

The step after a batch (dispatch, or `merge_subtasks` with a workspace) writes the batch's
messages, so a subtask's own task writes one row, its outcome, as a raw `Send` fan-out does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from langchain_core.messages import AIMessage

from langgraph_council.nodes._messages import said
from langgraph_council.nodes._pipeline.models import SubtaskResult

__all__ = ["SUMMARY_CHARS", "subtask_message", "subtask_messages"]

SUMMARY_CHARS = 1_000
"""A subtask's message shows this much of its output: the full text stays in `outcomes`."""


def _message_id(result: SubtaskResult) -> str:
    """One message per attempt: a re-run of the same attempt replaces it, a retry adds one."""
    number = result.attempts[-1].number if result.attempts else 1
    return f"subtask:{result.subtask_id}" + (f"#{number}" if number > 1 else "")


def subtask_message(result: SubtaskResult) -> AIMessage:
    """A finished subtask as a named AI message (id per subtask: a re-run replaces it)."""
    text = result.output if result.status == "completed" else (result.error or result.reason)
    text = text or ""
    if len(text) > SUMMARY_CHARS:
        text = text[:SUMMARY_CHARS] + " [...]"
    return said(
        result.agent_id or "unassigned",
        f"{result.subtask_id} {result.status}: {text}".rstrip(),
        message_id=_message_id(result),
        subtask_id=result.subtask_id,
        status=result.status,
    )


def subtask_messages(ids: Sequence[str], outcomes: Mapping[str, SubtaskResult]) -> list[AIMessage]:
    """The messages of the subtasks `ids` that a batch ran, in batch order: the step after the
    batch (dispatch, or `merge_subtasks` with a workspace) writes them, so a subtask's own task
    writes one row (its outcome), like a raw `Send` fan-out. A subtask without a result, or
    with another attempt scheduled, has nothing to say yet."""
    found = (outcomes.get(i) for i in ids)
    return [subtask_message(r) for r in found if r is not None and not r.retry_pending]
