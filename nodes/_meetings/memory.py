"""The meetings' hooks into org memory: recall into the agenda, reversals, filing the minutes.

Every hook does nothing when the run has no `memory` context section: the prompts and the
minutes are then exactly what they were before org memory existed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field, ValidationError, ValidatorFunctionWrapHandler, field_validator

from langgraph_council.nodes._meetings.models import MeetingMinutes
from langgraph_council.nodes._meetings.prompts import render_agenda
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.synthesis import JudgedSynthesisOutput, SynthesisOutput
from langgraph_council.nodes._memory.config import active_memory
from langgraph_council.nodes._memory.hooks import Filing, file_records, recall_for
from langgraph_council.nodes._memory.models import Recalled, Reversal
from langgraph_council.nodes._memory.records import Record, text_of
from langgraph_council.nodes._memory.reversals import (
    REVERSAL_DIRECTIVE,
    ReversalDraft,
    parse_reversal_text,
    resolve_reversals,
)

__all__ = [
    "RememberingJudgedSynthesis",
    "RememberingSynthesis",
    "agenda_text",
    "meeting_recall",
    "remember_minutes",
    "reversals_of",
    "synthesis_with_memory",
]

_MEMORY_SHARE = 10
"""Recalled records take at most a tenth of a meeting's token budget."""


def meeting_recall(state: MeetingState) -> Recalled:
    """What org memory recalls for this meeting (once per meeting, then cached)."""
    active = active_memory()
    if active is None:  # off: no lookup arguments to build
        return Recalled()
    agenda = state["agenda"]
    return recall_for(
        agenda.title,
        parties=[state["leader_id"], *state["participant_ids"]],
        query=f"{agenda.title}\n{agenda.context or ''}",
        bound=state["token_budget"] // _MEMORY_SHARE,
        once_per=state["meeting_id"],
        active=active,
    )


def agenda_text(state: MeetingState) -> str:
    """The fenced agenda, followed by the recalled records when memory is on."""
    return render_agenda(state["agenda"]) + meeting_recall(state).text


def _drafts(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    try:
        return handler(value)
    except ValidationError:
        return []


class RememberingSynthesis(SynthesisOutput):
    """The synthesis when earlier decisions were shown: plus the leader's reversals."""

    reversals: list[ReversalDraft] = Field(
        default_factory=list,
        description="Your decisions that reverse an earlier decision (D1, D2, ...), if any.",
    )
    _garbled_is_none = field_validator("reversals", mode="wrap")(_drafts)


class RememberingJudgedSynthesis(JudgedSynthesisOutput):
    """`JudgedSynthesisOutput` plus the leader's reversals."""

    reversals: list[ReversalDraft] = Field(
        default_factory=list,
        description="Your decisions that reverse an earlier decision (D1, D2, ...), if any.",
    )
    _garbled_is_none = field_validator("reversals", mode="wrap")(_drafts)


def synthesis_with_memory(
    state: MeetingState, schema: type[SynthesisOutput], directive: str
) -> tuple[type[SynthesisOutput], str]:
    """The schema and directive of a synthesis that was shown earlier decisions."""
    if not meeting_recall(state).earlier:
        return schema, directive
    judged = issubclass(schema, JudgedSynthesisOutput)
    wider = RememberingJudgedSynthesis if judged else RememberingSynthesis
    return wider, "\n".join(d for d in (directive, REVERSAL_DIRECTIVE) if d)


def reversals_of(
    state: MeetingState, parsed: object, text: str, decisions: Sequence[str]
) -> tuple[Reversal, ...]:
    """The reversals the leader named, structured or in a `Reverses:` prose section."""
    earlier = meeting_recall(state).earlier
    if not earlier:
        return ()
    drafts = getattr(parsed, "reversals", None)
    if not drafts:
        drafts = parse_reversal_text(text)
    return resolve_reversals(drafts, decisions, earlier)


def _minutes_records(filing: Filing, minutes: MeetingMinutes) -> list[Record]:
    if minutes.status not in ("completed", "budget_exhausted"):
        return []  # a failed or cancelled meeting files nothing
    overruled = {a for report in minutes.minority_reports for a in report.agent_ids}
    base = filing.fields("meeting", minutes.ended_at.isoformat())
    meeting = {
        **base,
        "meeting_id": minutes.meeting_id,
        "title": minutes.agenda.title,
        "status": minutes.status,
        "participants": [minutes.leader_id, *minutes.participant_ids],
        "decisions": list(minutes.decisions),
        "action_items": [
            {"description": a.description, "assignee_id": a.assignee_id, "priority": a.priority}
            for a in minutes.action_items
        ],
        "dissent": [f"{', '.join(r.agent_ids)}: {r.claim}" for r in minutes.minority_reports],
        "reversals": [r.model_dump(mode="json") for r in minutes.reversals],
        "text": text_of(minutes.agenda.title, minutes.summary, minutes.decisions),
    }
    records = [filing.on_topic("meetings", meeting)]
    for position in minutes.positions:
        note = {
            **base,
            "kind": "position",
            "meeting_id": minutes.meeting_id,
            "title": minutes.agenda.title,
            "agent_id": position.agent_id,
            "claim": position.claim,
            "evidence": list(position.evidence),
            "adopted": position.agent_id not in overruled,
            "text": text_of(minutes.agenda.title, position.claim),
        }
        records.append(filing.for_agent(position.agent_id, "positions", note))
    return records


def remember_minutes(minutes: MeetingMinutes) -> None:
    """File the minutes and each participant's position (memory on, meeting not failed)."""
    file_records(
        minutes.agenda.title, minutes.meeting_id, lambda filing: _minutes_records(filing, minutes)
    )
