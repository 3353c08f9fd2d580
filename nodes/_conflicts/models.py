"""Conflict domain models: positions, conflicts, verdicts, resolutions, dissent records.

Escalations and the human's decision live in `nodes._escalation` (one model for every kind).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator, model_validator

from langgraph_council.nodes._display import html_block, html_heading, html_table
from langgraph_council.nodes._org import SeniorityLevel
from langgraph_council.nodes._text import NulFree

if TYPE_CHECKING:
    from langgraph_council.nodes._meetings.models import MeetingMinutes, Position
    from langgraph_council.nodes._org import Org

__all__ = [
    "WINNING_OUTCOMES",
    "Conflict",
    "ConflictOutcome",
    "ConflictPosition",
    "ConflictResolution",
    "ConflictType",
    "DissentRecord",
    "Statement",
    "Verdict",
    "utc_now",
]


def utc_now() -> datetime:
    """The current time, timezone-aware (UTC)."""
    return datetime.now(UTC)


class ConflictType(StrEnum):
    """What the agents disagree about."""

    ARCHITECTURE = "architecture"
    IMPLEMENTATION = "implementation"
    PRIORITY = "priority"
    RESOURCE = "resource"
    PROCESS = "process"
    OTHER = "other"


class ConflictOutcome(StrEnum):
    """How a conflict ended; only the `resolved_by_*` outcomes have a winner."""

    RESOLVED_BY_AUTHORITY = "resolved_by_authority"
    RESOLVED_BY_DEBATE = "resolved_by_debate"
    RESOLVED_BY_HYBRID = "resolved_by_hybrid"
    RESOLVED_BY_NEGOTIATION = "resolved_by_negotiation"
    RESOLVED_BY_ARBITRATION = "resolved_by_arbitration"
    RESOLVED_BY_HUMAN = "resolved_by_human"
    REJECTED_BY_HUMAN = "rejected_by_human"
    ESCALATED_TO_HUMAN = "escalated_to_human"


WINNING_OUTCOMES = frozenset(o for o in ConflictOutcome if o.value.startswith("resolved_by_"))

_FROZEN = ConfigDict(frozen=True, extra="forbid")


def _not_blank(value: str, field: str) -> str:
    if not value.strip():
        raise ValueError(f"{field} must not be blank")
    return value


class ConflictPosition(NulFree):
    """One agent's stance in a conflict.

    `agent_department` and `agent_level` may be left out for an agent of the conflict graph's
    org: the graph's intake fills them from the org (and checks them when given).
    """

    model_config = _FROZEN

    agent_id: str = Field(min_length=1)
    agent_department: str | None = Field(default=None, min_length=1)
    agent_level: SeniorityLevel | None = None
    position: str = Field(min_length=1)
    reasoning: str = Field(min_length=1)
    evidence: tuple[str, ...] = ()
    timestamp: AwareDatetime = Field(default_factory=utc_now)

    @field_validator("agent_id", "position", "reasoning")
    @classmethod
    def _text_not_blank(cls, value: str, info: Any) -> str:
        return _not_blank(value, f"ConflictPosition.{info.field_name}")


class Conflict(NulFree):
    """A dispute between two or more agents (unique agents, at least two positions).

    Example:
        >>> Conflict(id="c1", type="architecture", subject="Queue or cron?", positions=[
        ...     ConflictPosition(agent_id="a", agent_department="x", agent_level="mid",
        ...                      position="queue", reasoning="scales"),
        ...     ConflictPosition(agent_id="b", agent_department="y", agent_level="mid",
        ...                      position="cron", reasoning="simple")]).is_cross_department
        True
    """

    model_config = _FROZEN

    id: str = Field(min_length=1)
    type: ConflictType
    subject: str = Field(min_length=1)
    task_id: str | None = None
    positions: tuple[ConflictPosition, ...]
    detected_at: AwareDatetime = Field(default_factory=utc_now)

    @field_validator("id", "subject")
    @classmethod
    def _text_not_blank(cls, value: str, info: Any) -> str:
        return _not_blank(value, f"Conflict.{info.field_name}")

    @field_validator("positions")
    @classmethod
    def _two_unique_parties(
        cls, positions: tuple[ConflictPosition, ...]
    ) -> tuple[ConflictPosition, ...]:
        if len(positions) < 2:
            raise ValueError(
                f"Conflict.positions needs at least 2 positions, got {len(positions)}; "
                "a disagreement takes two agents"
            )
        seen: set[str] = set()
        for position in positions:
            if position.agent_id in seen:
                raise ValueError(
                    f"Conflict.positions has agent {position.agent_id!r} twice; "
                    "merge its positions into one"
                )
            seen.add(position.agent_id)
        return positions

    @property
    def agent_ids(self) -> tuple[str, ...]:
        """The parties, in the order their positions were given."""
        return tuple(p.agent_id for p in self.positions)

    @property
    def is_cross_department(self) -> bool:
        """True when the parties come from more than one department."""
        return len({p.agent_department for p in self.positions}) > 1

    def position_of(self, agent_id: str) -> ConflictPosition:
        """The position of party `agent_id`; `KeyError` naming it when it is not a party."""
        for position in self.positions:
            if position.agent_id == agent_id:
                return position
        raise KeyError(f"agent {agent_id!r} is not a party to conflict {self.id!r}")

    def _repr_html_(self) -> str:
        """The parties and their positions as a table (Jupyter shows this)."""
        return html_block(
            html_heading(f"{self.subject} ({self.type.value} conflict {self.id})"),
            html_table(
                "Positions",
                ["agent", "department", "level", "position", "evidence"],
                (
                    (p.agent_id, p.agent_department, p.agent_level, p.position, p.evidence)
                    for p in self.positions
                ),
            ),
        )

    @classmethod
    def from_minutes(
        cls,
        minutes: MeetingMinutes,
        org: Org,
        *,
        type: ConflictType | str = "other",
        parties: Sequence[str] | None = None,
        subject: str | None = None,
        id: str | None = None,
    ) -> Conflict:
        """The disagreement a meeting left, as a conflict to resolve.

        Parties are the agents of `parties`, else those in the conflicts the meeting detected,
        else every agent with a position; each brings its position from `minutes.positions`
        (claim, evidence, confidence), its department and level from `org`. The id defaults to
        `<meeting_id>-conflict` (stable, so a re-run finds the same escalation), the subject to
        the agenda's title.

        Raises:
            ValueError: Fewer than two parties hold differing positions, or a party is not in
                the org or has no position in the minutes.

        Example:
            >>> conflict = Conflict.from_minutes(out["minutes"], org)  # doctest: +SKIP
        """
        by_agent = {p.agent_id: p for p in minutes.positions}
        detected = [a for c in minutes.conflicts for a in c.agent_ids if a in by_agent]
        chosen = list(dict.fromkeys(parties or detected or by_agent))
        missing = [a for a in chosen if a not in by_agent]
        if missing:
            raise ValueError(
                f"parties {missing} have no position in minutes.positions; "
                f"agents with one: {sorted(by_agent)}"
            )
        if len({by_agent[a].claim.strip().casefold() for a in chosen}) < 2:
            raise ValueError(
                f"meeting {minutes.meeting_id!r} records no disagreement between {chosen}: "
                "a conflict needs at least two parties with different claims"
            )
        return cls(
            id=id or f"{minutes.meeting_id}-conflict",
            type=ConflictType(type),
            subject=subject or minutes.agenda.title,
            positions=tuple(_party(org, by_agent[a], minutes) for a in chosen),
            detected_at=minutes.ended_at,
        )


def _party(org: Org, stated: Position, minutes: MeetingMinutes) -> ConflictPosition:
    if stated.agent_id not in org:
        raise ValueError(
            f"minutes.positions names agent {stated.agent_id!r}, who is not in the org; "
            "pass the org the meeting ran with"
        )
    profile = org.get(stated.agent_id)
    evidence = "; ".join(stated.evidence) or "none cited"
    return ConflictPosition(
        agent_id=profile.id,
        agent_department=profile.department,
        agent_level=profile.level,
        position=stated.claim,
        reasoning=f"Stated in meeting {minutes.meeting_id} with confidence "
        f"{stated.confidence:.2f}; evidence: {evidence}.",
        evidence=stated.evidence,
        timestamp=minutes.ended_at,
    )


class Statement(BaseModel):
    """What one party said in an argument, rebuttal or negotiation round."""

    model_config = _FROZEN

    agent_id: str
    kind: Literal["argument", "rebuttal", "negotiation"]
    round: int = Field(ge=0)
    content: str
    agrees_with: str | None = None
    tokens: int = Field(default=0, ge=0)
    error: str | None = None
    """Set when the party's call failed (the content then says so, for the evaluator)."""
    over_cap: bool = False
    """The reply ran past its output cap (`AgentReply.over_cap`); its tokens are what it cost."""


class Verdict(BaseModel):
    """A structured decision from a judge, reviewer, arbitrator or common manager."""

    model_config = ConfigDict(frozen=True)

    winning_agent_id: str = Field(description="The agent id of the party whose position wins.")
    confidence: float = Field(ge=0.0, le=1.0, description="How sure you are, 0 to 1.")
    reasoning: str = Field(description="Why this position wins, citing the evidence.")


class ConflictResolution(BaseModel):
    """The decision on a conflict; the winner fields are set iff the outcome has a winner."""

    model_config = _FROZEN

    conflict_id: str = Field(min_length=1)
    outcome: ConflictOutcome
    winning_agent_id: str | None = None
    winning_position: str | None = None
    decided_by: str = Field(min_length=1)
    reasoning: str = Field(min_length=1)
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    resolved_at: AwareDatetime = Field(default_factory=utc_now)
    warnings: tuple[str, ...] = ()
    """What to review: a verdict read from text, replies past their output cap."""

    @model_validator(mode="after")
    def _winner_iff_resolved(self) -> ConflictResolution:
        has_winner = self.outcome in WINNING_OUTCOMES
        fields = (self.winning_agent_id, self.winning_position)
        if has_winner and any(f is None for f in fields):
            raise ValueError(f"outcome {self.outcome.value} needs winning_agent_id and position")
        if not has_winner and any(f is not None for f in fields):
            raise ValueError(f"outcome {self.outcome.value} has no winner; leave winner fields")
        return self

    def _repr_html_(self) -> str:
        """Outcome, winner, judge and reasoning as a table (Jupyter shows this)."""
        rows = [
            ("outcome", self.outcome),
            ("winner", self.winning_agent_id),
            ("winning position", self.winning_position),
            ("decided by", self.decided_by),
            ("confidence", self.confidence),
            ("reasoning", self.reasoning),
            ("resolved at", self.resolved_at.isoformat(timespec="seconds")),
        ]
        present = [(k, v) for k, v in rows if v is not None]
        return html_block(html_table(f"Resolution of {self.conflict_id}", ["", ""], present))


class DissentRecord(BaseModel):
    """A position the decision overruled (or left open), kept for audits and retrospectives."""

    model_config = _FROZEN

    id: str = Field(min_length=1)
    conflict_id: str = Field(min_length=1)
    conflict_type: ConflictType | None = None
    dissenting_agent_id: str = Field(min_length=1)
    dissenting_position: str
    reasoning: str
    evidence: tuple[str, ...] = ()
    strategy_used: str = Field(min_length=1)
    decided_by: str = Field(min_length=1)
    timestamp: AwareDatetime = Field(default_factory=utc_now)
    metadata: dict[str, str] = Field(default_factory=dict)
