"""What a closed escalation means to its thread: the value it acts on, and answers that agree.

Rules shared by the graph side (a waiting node settling its own row, `nodes._escalation.flow`)
and the queue (`langgraph_council.checkpoints.EscalationQueue`): a closed row and the value its
thread acts on always agree (`matches`); `expired` is never a human's answer.
"""

from __future__ import annotations

from langgraph_council.nodes._escalation.models import (
    Escalation,
    EscalationDecision,
    EscalationError,
    EscalationStatus,
    expired_decision,
)
from langgraph_council.nodes._escalation.store import EscalationStore

__all__ = [
    "CANCELLED_BY",
    "FORGED_EXPIRY",
    "TIMEOUT_BY",
    "closed_error",
    "describe",
    "give_up",
    "matches",
    "resume_value",
    "settle",
]

TIMEOUT_BY = "system:timeout"
CANCELLED_BY = "system:cancelled"
FORGED_EXPIRY = (
    "decision 'expired' is set only by EscalationQueue.expire_overdue (or cancel); "
    "a human answers with a decision of the escalation's kind"
)


def resume_value(row: Escalation) -> EscalationDecision:
    """The decision a thread waiting on the closed escalation `row` must act on."""
    if row.status is EscalationStatus.DECIDED and row.decision is not None:
        return row.decision
    if row.status is EscalationStatus.CANCELLED:
        return expired_decision(row.kind, "the escalation was cancelled", CANCELLED_BY)
    return expired_decision(row.kind, "no human decided before the deadline", TIMEOUT_BY)


def matches(row: Escalation, decision: EscalationDecision) -> bool:
    """True when a thread may act on `decision` for the closed escalation `row`."""
    if row.status is EscalationStatus.DECIDED:
        return row.decision == decision
    if row.status is EscalationStatus.CANCELLED:
        return decision.decision == "expired" and decision.decided_by == CANCELLED_BY
    if row.status is EscalationStatus.EXPIRED:
        return decision.decision == "expired" and decision.decided_by != CANCELLED_BY
    return False


def describe(row: Escalation) -> str:
    """`decided (winner ... by human:ann)`-style text for messages."""
    if row.decision is None or row.status is not EscalationStatus.DECIDED:
        return row.status.value
    choice = getattr(row.decision, "winning_agent_id", None) or row.decision.decision
    return f"decided ({choice}, by {row.decision.decided_by})"


def closed_error(row: Escalation) -> EscalationError:
    """Deciding `row` differently from how it was closed."""
    return EscalationError(
        f"escalation {row.id!r} is already {describe(row)}; it cannot be decided differently",
        escalation_id=row.id,
        status=row.status.value,
    )


def settle(store: EscalationStore, escalation_id: str, decision: EscalationDecision) -> Escalation:
    """Make the stored row agree with the decision its thread is about to act on.

    A pending row is closed with it (a resume that bypassed the queue: the row follows);
    a closed row must match it.

    Raises:
        ValueError: The decision contradicts the stored row, or forges an expiry.
    """
    row = store.get(escalation_id)
    if row.status is EscalationStatus.PENDING:
        if decision.decision == "expired":
            raise ValueError(FORGED_EXPIRY)
        closed = store.close(escalation_id, EscalationStatus.DECIDED, decision, resumed=True)
        if closed is not None:
            return closed
        row = store.get(escalation_id)
    if matches(row, decision):
        return row
    raise ValueError(
        f"escalation {escalation_id!r} is already {describe(row)}; this thread cannot act "
        "on a different answer (resume it with the queue's decide or resume_closed)"
    )


def give_up(store: EscalationStore, escalation_id: str, reasoning: str) -> EscalationDecision:
    """Close a pending escalation unanswered (malformed answers); the decision to act on."""
    row = store.get(escalation_id)
    decision = expired_decision(row.kind, reasoning, "system:invalid-answers")
    closed = store.close(escalation_id, EscalationStatus.EXPIRED, None, resumed=True)
    return decision if closed is not None else resume_value(store.get(escalation_id))
