"""Synthesis: structured output with a tolerant text fallback, and action-item resolution."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
)

from langgraph_council.nodes._fencing import fence_peer
from langgraph_council.nodes._meetings.adoption import parse_references
from langgraph_council.nodes._meetings.models import ActionItem, Position, Priority
from langgraph_council.nodes._meetings.positions import ClaimGroup
from langgraph_council.nodes._org import Org

__all__ = [
    "ActionItemDraft",
    "AuthorityVerdict",
    "JudgedSynthesisOutput",
    "PositionDraft",
    "SynthesisOutput",
    "adopted_ids",
    "merge_positions",
    "parse_synthesis_text",
    "render_ranked_positions",
    "resolve_action_items",
    "synthesiser_positions",
]

_PRIORITIES: tuple[Priority, ...] = ("low", "medium", "high", "critical")


class ActionItemDraft(BaseModel):
    """An action item as the synthesiser wrote it (assignee unchecked)."""

    model_config = ConfigDict(extra="ignore")

    description: str
    assignee: str | None = None
    priority: str = "medium"


class PositionDraft(BaseModel):
    """A position as the synthesiser read it."""

    model_config = ConfigDict(extra="ignore")

    agent_id: str
    claim: str
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    evidence: list[str] = Field(default_factory=list)


class SynthesisOutput(BaseModel):
    """What the synthesis call is asked to return as structured output."""

    model_config = ConfigDict(extra="ignore")

    summary: str = ""
    decisions: list[str] = Field(default_factory=list)
    action_items: list[ActionItemDraft] = Field(default_factory=list)
    positions: list[PositionDraft] = Field(default_factory=list)
    justification: str = ""
    adopted_positions: list[int] = Field(
        default_factory=list,
        description="The numbers of the ranked positions your decisions adopt (1 = first).",
    )
    adopted_agent_ids: list[str] = Field(
        default_factory=list, description="Or the agent ids whose positions your decisions adopt."
    )


class AuthorityVerdict(BaseModel):
    """The synthesiser's judgement of one participant (`authority_detector="model"`)."""

    model_config = ConfigDict(extra="ignore")

    agent_id: str
    defers_to_authority: bool
    cue: str = Field(default="", description="The words that appeal to rank, quoted.")


class JudgedSynthesisOutput(SynthesisOutput):
    """The synthesis plus a verdict per participant on deference to authority. Verdicts that
    are missing or garbled read as None (the rules decide then); the synthesis is kept."""

    authority_verdicts: list[AuthorityVerdict] | None = Field(
        default=None,
        description="One entry per participant: does its contribution use rank, title, "
        "seniority or someone else's authority instead of evidence?",
    )

    @field_validator("authority_verdicts", mode="wrap")
    @classmethod
    def _unusable_is_none(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        try:
            return handler(value)
        except ValidationError:
            return None


_SECTION = re.compile(
    r"^\s*(?:#+\s*|\*\*)?(summary|decisions?|action[ _-]?items?|justification|positions?|"
    r"adopted(?: positions?)?)"
    r"\s*(?:\*\*)?\s*:?\s*(?:\*\*)?\s*(.*)$",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+(.+)$")
_ASSIGNED = re.compile(
    r"\(\s*(?:assigned to|assignee:?|owner:?)\s*@?([\w.-]+)\s*\)|"
    r"\b(?:assigned to|assignee:|owner:)\s*@?([\w.-]+)",
    re.IGNORECASE,
)
_PRIORITY = re.compile(
    r"[\[(]?\s*priority\s*[:=]?\s*(low|medium|high|critical)\s*[\])]?", re.IGNORECASE
)


_META_GROUP = re.compile(
    r"[(\[][^()\[\]]*\b(?:assigned to|assignee|owner|priority)\b[^()\[\]]*[)\]]", re.IGNORECASE
)
"""A bracket holding several notes: `(assigned to bob, priority: high)`."""


def _action(text: str) -> ActionItemDraft | None:
    assigned = _ASSIGNED.search(text)
    priority = _PRIORITY.search(text)
    desc = _PRIORITY.sub("", _ASSIGNED.sub("", _META_GROUP.sub("", text))).strip(" ;,-")
    if not desc:
        return None
    return ActionItemDraft(
        description=desc,
        assignee=(assigned.group(1) or assigned.group(2)) if assigned else None,
        priority=priority.group(1).lower() if priority else "medium",
    )


def parse_synthesis_text(text: str) -> SynthesisOutput:
    """Read `Summary:` / `Decisions:` / `# Action Items` sections with bullets from plain text.

    Text without any section header becomes the summary, so nothing the model said is lost.
    """
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        head = _SECTION.match(line)
        if head:
            current = head.group(1).lower().replace(" ", "_").replace("-", "_").rstrip("s")
            current = "action_item" if current.startswith("action") else current
            current = "adopted" if current.startswith("adopted") else current
            sections.setdefault(current, [])
            if head.group(2).strip():
                sections[current].append(head.group(2).strip())
            continue
        if current is not None and line.strip():
            sections[current].append(line)
    if not sections:
        return SynthesisOutput(summary=text.strip())

    def items(name: str) -> list[str]:
        lines = sections.get(name, [])
        bullets = [m.group(1).strip() for m in map(_BULLET.match, lines) if m]
        return bullets or [ln.strip() for ln in lines if ln.strip()]

    actions = [a for a in map(_action, items("action_item")) if a is not None]
    numbers, agents = parse_references(sections.get("adopted", []))
    return SynthesisOutput(
        adopted_positions=numbers,
        adopted_agent_ids=agents,
        summary=" ".join(ln.strip() for ln in sections.get("summary", [])),
        decisions=items("decision"),
        action_items=actions,
        justification=" ".join(ln.strip() for ln in sections.get("justification", [])),
    )


def resolve_action_items(
    drafts: Sequence[ActionItemDraft], org: Org, attendees: Sequence[str]
) -> list[ActionItem]:
    """Map assignees to attendee ids (by id or name); unknown ones stay unassigned and flagged."""
    names = {org.get(a).name.casefold(): a for a in attendees}
    resolved: list[ActionItem] = []
    for d in drafts:
        if not d.description.strip():
            continue
        priority: Priority = next((p for p in _PRIORITIES if p == d.priority.lower()), "medium")
        who = (d.assignee or "").strip().lstrip("@")
        agent = who if who in attendees else names.get(who.casefold())
        flagged = None
        if who and agent is None:
            flagged = f"assignee {who!r} is not in the meeting; left unassigned"
        resolved.append(
            ActionItem(
                description=d.description.strip(),
                assignee_id=agent,
                priority=priority,
                requested_assignee=who or None,
                flagged=flagged,
            )
        )
    return resolved


def render_ranked_positions(groups: Sequence[ClaimGroup]) -> str:
    """Positions for the synthesis prompt, best-evidenced first, sources listed once.

    Claims and sources are participants' text: each group's are fenced as a peer contribution
    (SEC-1); only the rank, the source count and the holders' agent ids stay outside.
    """
    if not groups:
        return "(no structured positions were stated)"
    blocks = []
    for rank, g in enumerate(groups, start=1):
        sources = "".join(f"\n- {source}" for source in g.evidence) or " none cited"
        body = f"Position: {g.claim}\nEvidence:{sources}"
        holder = g.agent_ids[0] if len(g.agent_ids) == 1 else "several"
        blocks.append(
            f"{rank}. independent sources: {len(g.evidence)}; held by {', '.join(g.agent_ids)}\n"
            + fence_peer(body, agent_id=holder, label=f"ranked_position_{rank}")
        )
    return "\n".join(blocks)


def synthesiser_positions(out: SynthesisOutput, participants: Sequence[str]) -> list[Position]:
    """The positions the synthesiser read, for participants of this meeting only."""
    return [
        Position(
            agent_id=p.agent_id,
            claim=p.claim.strip(),
            confidence=p.confidence,
            evidence=tuple(e for e in p.evidence if e.strip()),
        )
        for p in out.positions
        if p.agent_id in participants and p.claim.strip()
    ]


def merge_positions(stated: Sequence[Position], read: Sequence[Position]) -> list[Position]:
    """What participants stated themselves wins; the synthesiser's reading fills the gaps."""
    have = {p.agent_id for p in stated}
    return [*stated, *(p for p in read if p.agent_id not in have)]


def adopted_ids(
    out: SynthesisOutput, groups: Sequence[ClaimGroup], participants: Sequence[str]
) -> tuple[str, ...]:
    """The agents whose positions the synthesis adopts: its position numbers (into the ranked
    list it was shown) and the participant ids it named; unknown references are ignored."""
    ids: list[str] = []
    for number in out.adopted_positions:
        if 1 <= number <= len(groups):
            ids.extend(groups[number - 1].agent_ids)
    ids.extend(a for a in out.adopted_agent_ids if a in participants)
    return tuple(dict.fromkeys(ids))
