"""What a conflict says in `messages`: the ruling in prose (who won, why, who decided).

The resolution keeps the structure (`winning_agent_id`, `decided_by`, `confidence`,
`warnings`); this is the closing message a chat pane or a supervisor reads, named for the
council (`nodes._messages.COUNCIL_NAME`), with who decided in its text and metadata.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage

from langgraph_council.nodes._conflicts.models import (
    Conflict,
    ConflictOutcome,
    ConflictResolution,
)
from langgraph_council.nodes._messages import council_said

__all__ = ["batch_prose", "resolution_message", "ruling_prose"]

_HOW = {
    ConflictOutcome.RESOLVED_BY_AUTHORITY: "by authority",
    ConflictOutcome.RESOLVED_BY_DEBATE: "after a debate",
    ConflictOutcome.RESOLVED_BY_HYBRID: "after a review",
    ConflictOutcome.RESOLVED_BY_NEGOTIATION: "by negotiation",
    ConflictOutcome.RESOLVED_BY_ARBITRATION: "by arbitration",
    ConflictOutcome.RESOLVED_BY_HUMAN: "by a human",
}


def _headline(resolution: ConflictResolution, subject: str) -> str:
    about = f" on {subject}" if subject else ""
    if resolution.outcome == ConflictOutcome.REJECTED_BY_HUMAN:
        return f"Ruling{about}: rejected; no position stands."
    if resolution.winning_agent_id is None:
        return f"Ruling{about}: escalated to a human; no winner yet."
    how = _HOW.get(resolution.outcome, "")
    return f"Ruling{about}: {resolution.winning_agent_id}'s position stands ({how})."


def ruling_prose(resolution: ConflictResolution, conflict: Conflict | None = None) -> str:
    """The ruling in a few readable lines: winner (or escalation/rejection), why, who decided,
    who was overruled, and what to review."""
    subject = conflict.subject if conflict is not None else ""
    lines = [_headline(resolution, subject)]
    if resolution.winning_position:
        lines.append(f"Position: {resolution.winning_position}")
    confidence = (
        f" (confidence {resolution.confidence:.2f})" if resolution.confidence is not None else ""
    )
    lines.append(f"Decided by: {resolution.decided_by}{confidence}.")
    lines.append(f"Why: {resolution.reasoning}")
    if conflict is not None and resolution.winning_agent_id is not None:
        losers = [a for a in conflict.agent_ids if a != resolution.winning_agent_id]
        lines.append(f"Overruled: {', '.join(losers)} (kept as dissent).")
    if resolution.warnings:
        lines.append("To review: " + "; ".join(resolution.warnings) + ".")
    return "\n".join(lines)


def resolution_message(
    resolution: ConflictResolution, conflict: Conflict | None = None
) -> AIMessage:
    """The conflict run's closing message: the ruling, named for the council."""
    return council_said(
        ruling_prose(resolution, conflict),
        message_id=f"{resolution.conflict_id}:resolution",
        family="conflict",
        outcome=str(resolution.outcome.value),
        decided_by=resolution.decided_by,
    )


def batch_prose(resolutions: Sequence[ConflictResolution]) -> str:
    """A batch run's rulings, one line each (each conflict's own message has the detail)."""
    lines = [f"{len(resolutions)} conflicts ruled on:"]
    for r in resolutions:
        if r.winning_agent_id is not None:
            what = f"{r.winning_agent_id}'s position stands ({r.outcome.value})"
        else:
            what = str(r.outcome.value).replace("_", " ")
        lines.append(f"- {r.conflict_id}: {what}; decided by {r.decided_by}.")
    return "\n".join(lines)
