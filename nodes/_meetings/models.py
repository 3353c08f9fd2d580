"""Meeting domain models: agenda, contributions, positions, action items and minutes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from langchain_core.messages import BaseMessage
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from langgraph_council.nodes._display import html_block, html_heading, html_table
from langgraph_council.nodes._memory.models import Reversal
from langgraph_council.nodes._text import NulFree

__all__ = [
    "ActionItem",
    "AuthorityCue",
    "Contribution",
    "DetectedConflict",
    "FailureMode",
    "MeetingAgenda",
    "MeetingAgendaItem",
    "MeetingMinutes",
    "MeetingPhase",
    "MeetingStatus",
    "MinorityReport",
    "ParticipantFailure",
    "Position",
    "Priority",
    "SynthesisResult",
]

MeetingPhase = Literal[
    "round_robin",
    "summary",
    "position_paper",
    "synthesis",
    "input",
    "discussion",
    "premortem",
    "devils_advocate",
    "conflict_judge",
    "selected_turn",
    "speaker_selection",
]
MeetingStatus = Literal["completed", "budget_exhausted", "failed", "cancelled"]
Priority = Literal["low", "medium", "high", "critical"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


def _message_id(message: BaseMessage | Mapping[str, Any]) -> str | None:
    """A message's id, whether a message object or its JSON form (LangGraph Server)."""
    if isinstance(message, Mapping):
        return message.get("id")
    return message.id


def _message_text(message: BaseMessage | Mapping[str, Any]) -> str:
    """A message's text: our own nodes write string content; blocks are joined as text."""
    content = message.get("content", "") if isinstance(message, Mapping) else message.content
    if isinstance(content, str):
        return content
    return "".join(b if isinstance(b, str) else str(b.get("text", "")) for b in content)


class MeetingAgendaItem(NulFree):
    """One topic on the agenda."""

    model_config = _FROZEN

    title: str = Field(min_length=1)
    description: str = ""
    presenter_id: str | None = None


class MeetingAgenda(NulFree):
    """What the meeting is about; every field is fenced as untrusted task data in prompts.

    Example:
        >>> MeetingAgenda(title="Pick a database", items=[{"title": "Postgres or Mongo?"}]).title
        'Pick a database'
    """

    model_config = _FROZEN

    title: str = Field(min_length=1)
    context: str = ""
    items: tuple[MeetingAgendaItem, ...] = ()


class Contribution(BaseModel):
    """What one agent said in one phase; `content` is empty while it lives in the store."""

    model_config = _FROZEN

    agent_id: str
    phase: MeetingPhase
    turn: int = Field(ge=0)
    content: str = ""
    content_ref: str | None = None
    input_tokens: int = Field(ge=0)
    output_tokens: int = Field(ge=0)
    usage_estimated: bool = False
    over_cap: bool = False
    """The reply ran past its output cap (`AgentReply.over_cap`); its tokens are what it cost."""
    timestamp: AwareDatetime

    @property
    def total_tokens(self) -> int:
        """Input plus output tokens."""
        return self.input_tokens + self.output_tokens


class ParticipantFailure(BaseModel):
    """A participant whose call failed; the meeting goes on when a quorum answered."""

    model_config = _FROZEN

    agent_id: str
    phase: MeetingPhase
    error: str


class Position(BaseModel):
    """One participant's claim with its confidence and cited evidence."""

    model_config = _FROZEN

    agent_id: str
    claim: str = Field(min_length=1)
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    evidence: tuple[str, ...] = ()


class MinorityReport(BaseModel):
    """A position the decision overruled, kept with its evidence and evidence weight."""

    model_config = _FROZEN

    claim: str
    agent_ids: tuple[str, ...]
    evidence: tuple[str, ...]
    evidence_weight: float
    supporters: int


class AuthorityCue(BaseModel):
    """An appeal to rank or title found in the transcript (authority-deference risk)."""

    model_config = _FROZEN

    agent_id: str
    turn: int
    cue: str


class DetectedConflict(BaseModel):
    """Agents whose inputs disagree, and which detector saw it."""

    model_config = _FROZEN

    agent_ids: tuple[str, ...]
    topic: str = ""
    detector: str


class FailureMode(BaseModel):
    """One way the decision could fail, from the premortem."""

    model_config = _FROZEN

    agent_id: str
    description: str
    likelihood: Literal["low", "medium", "high"] | None = None
    mitigation: str | None = None


class ActionItem(BaseModel):
    """A follow-up; an assignee outside the meeting is kept unassigned and flagged, not dropped."""

    model_config = _FROZEN

    description: str = Field(min_length=1)
    assignee_id: str | None = None
    priority: Priority = "medium"
    requested_assignee: str | None = None
    flagged: str | None = None


class SynthesisResult(BaseModel):
    """What the decision step produced (one state channel instead of six)."""

    model_config = _FROZEN

    summary: str = ""
    justification: str = ""
    decisions: tuple[str, ...] = ()
    action_items: tuple[ActionItem, ...] = ()
    positions: tuple[Position, ...] = ()
    authority_cues: tuple[AuthorityCue, ...] = ()
    adopted_agent_ids: tuple[str, ...] = ()
    """Whose positions the decisions adopt, as the synthesis named them (by number or id)."""
    warnings: tuple[str, ...] = ()
    """What the synthesis step wants reviewed: a text fallback, a cut reply, nothing usable."""
    reversals: tuple[Reversal, ...] = ()
    """Decisions the leader said reverse an earlier one that org memory showed."""


class MeetingMinutes(BaseModel):
    """The complete output of one meeting; token totals equal the sums over contributions."""

    model_config = _FROZEN

    meeting_id: str
    protocol: str
    status: MeetingStatus
    leader_id: str
    participant_ids: tuple[str, ...]
    agenda: MeetingAgenda
    contributions: tuple[Contribution, ...] = ()
    summary: str = ""
    justification: str = ""
    decisions: tuple[str, ...] = ()
    action_items: tuple[ActionItem, ...] = ()
    positions: tuple[Position, ...] = ()
    minority_reports: tuple[MinorityReport, ...] = ()
    evidence_warning: str | None = None
    warnings: tuple[str, ...] = ()
    """Why these minutes need a human's review: no usable position or evidence, decisions that
    match no contribution, a synthesis read from text or lost, replies past their cap."""
    conflicts_detected: bool = False
    conflicts: tuple[DetectedConflict, ...] = ()
    authority_cues: tuple[AuthorityCue, ...] = ()
    failure_modes: tuple[FailureMode, ...] = ()
    failures: tuple[ParticipantFailure, ...] = ()
    devils_advocate_used: bool = False
    stop_reason: str | None = None
    """Why the talk ended before its caps: a stop condition that fired, or the cancel."""
    reversals: tuple[Reversal, ...] = ()
    """Decisions that reverse an earlier decision on the same topic (org memory on): the
    earlier decision, its date and thread, as the leader judged in the synthesis."""
    tasks_created: int = 0
    task_errors: tuple[str, ...] = ()
    """Action items the task creator failed on (`description: error`); the meeting stands."""
    error: str | None = None
    token_budget: int = Field(gt=0)
    total_input_tokens: int
    total_output_tokens: int
    started_at: AwareDatetime
    ended_at: AwareDatetime

    @model_validator(mode="after")
    def _consistent(self) -> MeetingMinutes:
        if len(set(self.participant_ids)) != len(self.participant_ids):
            raise ValueError("participant_ids must be unique")
        if self.leader_id in self.participant_ids:
            raise ValueError("leader_id must not be among participant_ids")
        if self.ended_at < self.started_at:
            raise ValueError("ended_at must not be before started_at")
        if self.total_input_tokens != sum(c.input_tokens for c in self.contributions):
            raise ValueError("total_input_tokens must equal the sum over contributions")
        if self.total_output_tokens != sum(c.output_tokens for c in self.contributions):
            raise ValueError("total_output_tokens must equal the sum over contributions")
        return self

    def with_words(self, messages: Iterable[BaseMessage | Mapping[str, Any]]) -> MeetingMinutes:
        """These minutes with every contribution's words, read from the thread's `messages`.

        A thread stores each spoken turn's words once, in its named message; the minutes it
        stores keep `content=""` and `content_ref` (the message's id) for those turns (state
        version 3). `graph.invoke(...)["minutes"]` already has the words; minutes read from a
        checkpoint (`graph.get_state(config).values["minutes"]`, LangGraph Server's state API)
        get them back with `minutes.with_words(values["messages"])`. Minutes that hold their
        words already are returned as they are; a message that is gone reads as "".

        Example:
            >>> values = graph.get_state(config).values  # doctest: +SKIP
            >>> minutes = values["minutes"].with_words(values["messages"])  # doctest: +SKIP
        """
        if all(c.content_ref is None or c.content for c in self.contributions):
            return self
        texts = {_message_id(m): _message_text(m) for m in messages}
        return self.model_copy(
            update={
                "contributions": tuple(
                    c
                    if c.content_ref is None or c.content
                    else c.model_copy(update={"content": texts.get(c.content_ref, "")})
                    for c in self.contributions
                )
            }
        )

    @property
    def total_tokens(self) -> int:
        """Input plus output tokens of the whole meeting."""
        return self.total_input_tokens + self.total_output_tokens

    @property
    def token_usage_by_participant(self) -> dict[str, int]:
        """Total tokens per agent (leader included), in order of first contribution."""
        usage: dict[str, int] = {}
        for c in self.contributions:
            usage[c.agent_id] = usage.get(c.agent_id, 0) + c.total_tokens
        return usage

    @property
    def contribution_rank(self) -> tuple[str, ...]:
        """Agent ids by total token usage, highest first (ties keep first-contribution order)."""
        usage = self.token_usage_by_participant
        return tuple(sorted(usage, key=lambda a: -usage[a]))

    @property
    def duration_seconds(self) -> float:
        """Wall-clock length of the meeting."""
        return max(0.0, (self.ended_at - self.started_at).total_seconds())

    def _repr_html_(self) -> str:
        """Decisions, action items, positions and dissent as tables (Jupyter shows this)."""
        return html_block(
            html_heading(
                f"{self.agenda.title} - {self.protocol}, {self.status}; led by {self.leader_id}, "
                f"{len(self.participant_ids)} participants, {self.total_tokens} tokens "
                f"({self.meeting_id})"
            ),
            html_table("Summary", ["summary"], [[self.summary]] if self.summary else []),
            html_table("Decisions", ["#", "decision"], enumerate(self.decisions, 1)),
            html_table(
                "Action items",
                ["assignee", "priority", "action", "flag"],
                ((a.assignee_id, a.priority, a.description, a.flagged) for a in self.action_items),
            ),
            html_table(
                "Positions",
                ["agent", "claim", "confidence", "evidence"],
                ((p.agent_id, p.claim, p.confidence, p.evidence) for p in self.positions),
            ),
            html_table(
                "Minority reports",
                ["agents", "claim", "evidence weight", "evidence"],
                (
                    (r.agent_ids, r.claim, r.evidence_weight, r.evidence)
                    for r in self.minority_reports
                ),
            ),
            html_table(
                "Failed participants",
                ["agent", "phase", "error"],
                ((f.agent_id, f.phase, f.error) for f in self.failures),
            ),
            html_table("Warnings", ["warning"], [[w] for w in self.warnings]),
            html_table("Error", ["error"], [[self.error]] if self.error else []),
        )
