"""What a delegation run says last in `messages`: its answer (or why there is none) in prose.

The `DelegationResult` keeps the structure; this closing message, named for the council
(`nodes._messages.COUNCIL_NAME`), is what a chat pane or a supervisor reads as the reply.
"""

from __future__ import annotations

from langchain_core.messages import AIMessage

from langgraph_council.nodes._delegation.models import DelegationResult
from langgraph_council.nodes._messages import council_said

__all__ = ["result_message", "result_prose"]

_STOPPED = {
    "handoff_limit": "it reached its hand-off limit (max_handoffs)",
    "round_limit": "it reached twice max_delegation_rounds",
    "step_limit": "it ran out of graph steps",
    "escalation_expired": "the human escalation expired without an answer",
}


def result_prose(result: DelegationResult) -> str:
    """The answer and who gave it, or why the run stopped without one; then the hand-offs."""
    if result.status == "answered":
        head = f"Answer from {result.answered_by}:\n{result.answer or ''}".rstrip()
    else:
        why = _STOPPED.get(result.status, result.status)
        head = f"No answer to task {result.task_id}: the run stopped because {why}."
    tail = f"Hand-offs: {result.delegations} delivered, {result.blocked} blocked."
    parts = [head, tail, *(f"Note: {w}" for w in result.warnings)]
    return "\n\n".join(parts)


def result_message(result: DelegationResult, run_id: str) -> AIMessage:
    """The delegation run's closing message, named for the council."""
    return council_said(
        result_prose(result),
        message_id=f"{run_id}:outcome",
        family="delegation",
        status=result.status,
    )
