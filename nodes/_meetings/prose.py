"""What a meeting says in `messages`: its synthesis and its outcome as prose, never JSON.

The minutes keep the structure (`decisions`, `action_items`, `minority_reports`); these
renderings are for whoever reads the conversation: Studio's chat pane, a supervisor, a caller
reading the last message. A few readable lines, in the order a reader asks: what was decided,
who does what, who disagreed.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage

from langgraph_council.nodes._meetings.models import (
    ActionItem,
    MeetingMinutes,
    MinorityReport,
    SynthesisResult,
)
from langgraph_council.nodes._messages import council_said

__all__ = ["minutes_message", "minutes_prose", "synthesis_prose"]

_STATUS = {
    "completed": "The meeting ended",
    "budget_exhausted": "The meeting ran out of its token budget",
    "failed": "The meeting failed",
    "cancelled": "The meeting was cancelled",
}


def _action_line(item: ActionItem) -> str:
    who = item.assignee_id or "unassigned"
    line = f"- {item.description} ({who}, {item.priority} priority)"
    if item.flagged:
        line += f"; note: {item.flagged}"
    return line


def _dissent_line(report: MinorityReport) -> str:
    who = ", ".join(report.agent_ids) or "a participant"
    line = f"- {who}: {report.claim}"
    if report.evidence:
        line += f" (evidence: {'; '.join(report.evidence)})"
    return line


def _sections(
    summary: str,
    decisions: Sequence[str],
    actions: Sequence[ActionItem],
    dissent: Sequence[MinorityReport] = (),
) -> list[str]:
    parts = [summary.strip()] if summary.strip() else []
    if decisions:
        parts.append("Decisions:\n" + "\n".join(f"- {d}" for d in decisions))
    if actions:
        parts.append("Action items:\n" + "\n".join(_action_line(a) for a in actions))
    if dissent:
        parts.append("Dissent:\n" + "\n".join(_dissent_line(r) for r in dissent))
    return parts


def synthesis_prose(result: SynthesisResult) -> str:
    """The synthesiser's reply as a reader sees it: summary, decisions, action items.

    Empty when the synthesis gave nothing readable (the caller keeps the raw reply then).
    """
    return "\n\n".join(_sections(result.summary, result.decisions, result.action_items))


def minutes_prose(minutes: MeetingMinutes) -> str:
    """The meeting's outcome in a few readable lines: status, decisions, action items, dissent."""
    head = f"{_STATUS.get(minutes.status, 'The meeting ended')}: {minutes.agenda.title}."
    if minutes.status != "completed" and (minutes.error or minutes.stop_reason):
        head += f" Why: {minutes.error or minutes.stop_reason}."
    parts = [
        head,
        *_sections(
            minutes.summary, minutes.decisions, minutes.action_items, minutes.minority_reports
        ),
    ]
    if not minutes.decisions:
        parts.append("No decision was reached.")
    return "\n\n".join(parts)


def minutes_message(minutes: MeetingMinutes) -> AIMessage:
    """The meeting's closing message, named for the council (`nodes._messages.COUNCIL_NAME`)."""
    return council_said(
        minutes_prose(minutes),
        message_id=f"{minutes.meeting_id}:outcome",
        family="meeting",
        status=minutes.status,
    )
