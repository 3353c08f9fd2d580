"""The end of every meeting: minutes, tasks from action items, the durable record."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from langgraph.config import get_config
from langgraph.errors import GraphBubbleUp

from langgraph_council.nodes._meetings.config import ctx
from langgraph_council.nodes._meetings.memory import remember_minutes
from langgraph_council.nodes._meetings.models import (
    ActionItem,
    Contribution,
    FailureMode,
    MeetingMinutes,
    SynthesisResult,
)
from langgraph_council.nodes._meetings.positions import (
    deference_warning,
    evidence_warning,
    minority_reports,
    rank_positions,
)
from langgraph_council.nodes._meetings.prose import minutes_message
from langgraph_council.nodes._meetings.records import MeetingRecord, MeetingRecorder
from langgraph_council.nodes._meetings.review import review_warnings
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import MeetingNode, emit
from langgraph_council.nodes._meetings.stored_minutes import with_words_of
from langgraph_council.nodes._meetings.transcript import contributions_of, transcript

__all__ = [
    "TaskCreator",
    "build_minutes",
    "create_tasks",
    "failure_modes",
    "finalize",
    "minutes_with_words",
    "record_meeting",
]

TaskCreator = Callable[[ActionItem, MeetingMinutes], object]
"""Called once per action item (up to `max_tasks_per_meeting`) when `auto_create_tasks`.

A crash between the callback and the next checkpoint re-runs the node: make the callback
idempotent, e.g. keyed by `minutes.meeting_id` and the item's position.
"""


_MODE = re.compile(
    r"^\s*[-*]\s+(?P<what>.+?)\s*"
    r"(?:\((?:likelihood\s*:\s*(?P<likely>low|medium|high))?\s*;?\s*"
    r"(?:mitigation\s*:\s*(?P<fix>[^)]*))?\))?\s*$",
    re.IGNORECASE,
)


def failure_modes(contribs: list[Contribution]) -> list[FailureMode]:
    """Premortem bullets as failure modes, with likelihood and mitigation when given."""
    modes = []
    for c in contribs:
        if c.phase != "premortem":
            continue
        for line in c.content.splitlines():
            m = _MODE.match(line)
            if m:
                likely = (m.group("likely") or "").lower() or None
                modes.append(
                    FailureMode(
                        agent_id=c.agent_id,
                        description=m.group("what").strip(),
                        likelihood=likely,
                        mitigation=(m.group("fix") or "").strip() or None,
                    )
                )
    return modes


def finalize(state: MeetingState) -> dict[str, Any]:
    """Assemble the minutes; partial minutes keep every contribution already made."""
    minutes = build_minutes(state)
    remember_minutes(minutes)  # org memory, when the run switched it on
    emit("meeting_ended", meeting_id=minutes.meeting_id, status=minutes.status)
    return {"minutes": minutes, "messages": [minutes_message(minutes)]}


def build_minutes(state: Mapping[str, Any]) -> MeetingMinutes:
    """The minutes of the state's meeting, with every contribution's words.

    A contribution whose words its message holds keeps `content_ref`, so the checkpoint
    stores the minutes without those words (`stored_minutes`). Pure but for `ended_at`: the
    steps after `finalize` rebuild them when LangGraph lost its untracked write.
    """
    contribs = transcript(state)
    outcome = state.get("outcome") or SynthesisResult()
    conflicts = state.get("conflicts", [])
    cues = outcome.authority_cues
    groups = rank_positions(outcome.positions, discount=[c.agent_id for c in cues])
    adopted = outcome.adopted_agent_ids
    status, error = state["status"], state.get("error")
    spent = sum(c.total_tokens for c in contribs)
    if spent > state["token_budget"] and status != "failed":
        status = "budget_exhausted"
        overrun = (
            f"the provider billed {spent} tokens against a budget of {state['token_budget']}: "
            "its token counts ran above our estimates"
        )
        error = f"{error}; {overrun}" if error else overrun
    minutes = MeetingMinutes(
        meeting_id=state["meeting_id"],
        protocol=state["protocol"],
        status=status,
        leader_id=state["leader_id"],
        participant_ids=tuple(state["participant_ids"]),
        agenda=state["agenda"],
        contributions=tuple(_referring(contributions_of(state), contribs)),
        summary=outcome.summary,
        justification=outcome.justification,
        decisions=outcome.decisions,
        action_items=outcome.action_items,
        positions=outcome.positions,
        minority_reports=tuple(minority_reports(groups, outcome.decisions, adopted)),
        evidence_warning=evidence_warning(groups, outcome.decisions, adopted)
        or deference_warning(
            groups, outcome.decisions, [c.agent_id for c in cues], outcome.justification, adopted
        ),
        warnings=(
            *state.get("notes", ()),
            *outcome.warnings,
            *review_warnings(state["protocol"], contribs, outcome.positions, outcome.decisions),
        ),
        conflicts_detected=bool(conflicts),
        conflicts=tuple(conflicts),
        authority_cues=tuple(cues),
        failure_modes=tuple(failure_modes(contribs)),
        failures=tuple(state["failures"]),
        devils_advocate_used=state.get("devils_advocate_used", False),
        stop_reason=state.get("stop_reason"),
        reversals=outcome.reversals,
        error=error,
        token_budget=state["token_budget"],
        total_input_tokens=sum(c.input_tokens for c in contribs),
        total_output_tokens=sum(c.output_tokens for c in contribs),
        started_at=state["started_at"],
        ended_at=max(datetime.now(UTC), state["started_at"]),
    )
    return minutes


def _referring(
    stored: Sequence[Contribution], read: Sequence[Contribution]
) -> Iterator[Contribution]:
    """The contributions read back with their words, each keeping the message it refers to."""
    for ref, words in zip(stored, read, strict=True):
        yield (
            words if ref.content_ref is None else ref.model_copy(update={"content": words.content})
        )


def minutes_with_words(state: Mapping[str, Any]) -> tuple[MeetingMinutes, dict[str, Any]]:
    """The meeting's minutes with their words, and the update that keeps them so in the run.

    For the steps after `finalize`: minutes restored from a checkpoint (a resume) refer to
    their messages, and minutes LangGraph lost with its untracked write are rebuilt
    (`stored_minutes.with_words_of`); the update lets the run's output show the words.
    """
    update = with_words_of(state, build_minutes)
    minutes: MeetingMinutes = update["minutes"] if update else state["minutes"]
    return minutes, update


def create_tasks(creator: TaskCreator) -> MeetingNode:
    """Pass action items to `creator`, at most `max_tasks_per_meeting` of them.

    A creator that raises is recorded in `minutes.task_errors` and the next item is tried: the
    meeting's model calls were paid for, so its minutes stand.
    """

    def create_tasks(state: MeetingState) -> dict[str, Any]:
        config = ctx()
        minutes, words = minutes_with_words(state)
        if not config.auto_create_tasks:
            return words
        items = minutes.action_items[: config.max_tasks_per_meeting]
        created, errors = 0, []
        for item in items:
            try:
                creator(item, minutes)
            except GraphBubbleUp:
                raise
            except Exception as exc:  # noqa: BLE001 - the meeting was paid for: keep it
                errors.append(f"{item.description}: {type(exc).__name__}: {exc}")
                emit("task_failed", description=item.description, error=str(exc))
                continue
            created += 1
        emit("tasks_created", count=created, failed=len(errors))
        update = {"tasks_created": created, "task_errors": tuple(errors)}
        return {"minutes": minutes.model_copy(update=update)}

    return create_tasks


def record_meeting(records: MeetingRecorder) -> MeetingNode:
    """Save the meeting record with this thread's id (append-only; a re-run saves nothing)."""

    def record_meeting(state: MeetingState) -> dict[str, Any]:
        thread = get_config().get("configurable", {}).get("thread_id")
        minutes, words = minutes_with_words(state)
        record = MeetingRecord.from_minutes(
            minutes,
            meeting_type=ctx().meeting_type,
            thread_id=None if thread is None else str(thread),
        )
        records.put(record)
        return words

    return record_meeting
