"""Positions from contributions, and their weighting by independent evidence, not headcount."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from langgraph_council.nodes._meetings.adoption import MATCH_THRESHOLD, STOP_WORDS, match_score
from langgraph_council.nodes._meetings.models import Contribution, MinorityReport, Position

__all__ = [
    "ClaimGroup",
    "adopted_claim",
    "adopted_groups",
    "claim_matches",
    "deference_warning",
    "evidence_warning",
    "extract_position",
    "latest_positions",
    "minority_reports",
    "normalize_source",
    "rank_positions",
    "words",
]

_CLAIM = re.compile(r"^\s*(?:[-*#]\s*)?(?:position|claim|recommendation)\s*:\s*(.+)$", re.I | re.M)
_CONF = re.compile(r"confidence\s*[:=]?\s*([01](?:\.\d+)?)", re.I)
_EVIDENCE_HEAD = re.compile(r"^\s*(?:[-*#]\s*)?(?:evidence|sources?)\s*:\s*(.*)$", re.I)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+(.+)$")
_HEADER = re.compile(r"^\s*#*\s*[A-Za-z][\w ]{0,30}:\s*")


def words(text: str) -> list[str]:
    """Lower-case word tokens."""
    return re.findall(r"[a-z0-9]+", text.casefold())


def normalize_source(source: str) -> str:
    """One spelling per cited source, so the same source repeated counts once."""
    text = source.strip().casefold()
    text = re.sub(r"^https?://(www\.)?", "", text).rstrip("/")
    return " ".join(re.findall(r"[a-z0-9]+(?:[./:-][a-z0-9]+)*", text))


def _evidence_lines(lines: list[str], start: int) -> list[str]:
    found: list[str] = []
    for line in lines[start:]:
        bullet = _BULLET.match(line)
        if bullet:
            found.append(bullet.group(1).strip())
        elif line.strip() and (_HEADER.match(line) or found):
            break
    return found


def extract_position(contribution: Contribution) -> Position | None:
    """Read `Position:`, `Confidence:` and `Evidence:` from free text; None without a claim."""
    text = contribution.content
    claim = _CLAIM.search(text)
    if not claim:
        return None
    conf = _CONF.search(text)
    evidence: list[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        head = _EVIDENCE_HEAD.match(line)
        if head:
            inline = [s.strip() for s in re.split(r";", head.group(1)) if s.strip()]
            evidence = inline or _evidence_lines(lines, i + 1)
            break
    return Position(
        agent_id=contribution.agent_id,
        claim=claim.group(1).strip().rstrip("."),
        confidence=min(1.0, float(conf.group(1))) if conf else 0.5,
        evidence=tuple(evidence),
    )


POSITION_PHASES = ("position_paper", "input", "round_robin", "discussion")


def latest_positions(contributions: Sequence[Contribution]) -> list[Position]:
    """Each agent's last stated position (a rebuttal may revise it), in first-speaker order."""
    latest: dict[str, Position] = {}
    for c in contributions:
        if c.phase in POSITION_PHASES and (p := extract_position(c)):
            latest[c.agent_id] = p
    return list(latest.values())


def _key_words(text: str) -> set[str]:
    all_words = set(words(text))
    return (all_words - STOP_WORDS) or all_words


def claim_matches(claim: str, text: str, *, threshold: float = 0.6) -> float:
    """Share of the claim's key words found in `text` (0 when below `threshold`)."""
    key = _key_words(claim)
    if not key:
        return 0.0
    score = len(key & _key_words(text)) / len(key)
    return score if score >= threshold else 0.0


@dataclass(frozen=True)
class ClaimGroup:
    """Positions holding the same claim, weighted by their distinct sources."""

    claim: str
    agent_ids: tuple[str, ...]
    evidence: tuple[str, ...]
    confidence: float

    @property
    def weight(self) -> float:
        """Independent evidence: distinct sources, then mean confidence as a small tie-break."""
        return len(self.evidence) + 0.1 * self.confidence


def _same_claim(a: str, b: str) -> bool:
    ka, kb = _key_words(a), _key_words(b)
    return bool(ka and kb) and len(ka & kb) / len(ka | kb) >= 0.8


def rank_positions(
    positions: Iterable[Position], *, discount: Sequence[str] = ()
) -> list[ClaimGroup]:
    """Group equal claims and rank them by independent evidence, highest first.

    Correlated sources (the same source cited by several agents) count once per claim; agents in
    `discount` (e.g. appealing to authority) add no confidence. Headcount never adds weight.
    """
    groups: list[tuple[str, list[Position]]] = []
    for p in positions:
        for claim, members in groups:
            if _same_claim(claim, p.claim):
                members.append(p)
                break
        else:
            groups.append((p.claim, [p]))
    ranked: list[ClaimGroup] = []
    for claim, members in groups:
        sources: dict[str, str] = {}
        for p in members:
            for e in p.evidence:
                sources.setdefault(normalize_source(e), e)
        confs = [0.0 if p.agent_id in discount else p.confidence for p in members]
        ranked.append(
            ClaimGroup(
                claim=claim,
                agent_ids=tuple(p.agent_id for p in members),
                evidence=tuple(v for k, v in sources.items() if k),
                confidence=sum(confs) / len(confs),
            )
        )
    return sorted(ranked, key=lambda g: -g.weight)


def adopted_groups(
    groups: Sequence[ClaimGroup], decisions: Sequence[str], adopted: Sequence[str] = ()
) -> list[int]:
    """Indices of the claims the decisions adopt.

    By reference first: `adopted` holds the agent ids whose positions the synthesis named (by
    number or id). Otherwise each decision line adopts the claim it restates best after cues,
    preambles and punctuation are stripped (`adoption.match_score`). When nothing matches, the
    best-evidenced claim is taken as adopted (no minority report is invented for a decision
    that restates nothing).
    """
    if not groups or not decisions:
        return []
    named = set(adopted)
    by_reference = [i for i, g in enumerate(groups) if named & set(g.agent_ids)]
    if by_reference:
        return by_reference
    found: list[int] = []
    for line in decisions:
        scores = [match_score(g.claim, line) for g in groups]
        best = max(range(len(groups)), key=lambda i: (scores[i], groups[i].weight))
        if scores[best] >= MATCH_THRESHOLD and best not in found:
            found.append(best)
    return sorted(found) or [0]


def adopted_claim(
    groups: Sequence[ClaimGroup], decisions: Sequence[str], adopted: Sequence[str] = ()
) -> int | None:
    """Index of the best-evidenced claim the decisions adopt (see `adopted_groups`)."""
    found = adopted_groups(groups, decisions, adopted)
    return found[0] if found else None


def minority_reports(
    groups: Sequence[ClaimGroup], decisions: Sequence[str], adopted: Sequence[str] = ()
) -> list[MinorityReport]:
    """Every claim the decision overruled (and only those), with its evidence."""
    chosen = adopted_groups(groups, decisions, adopted)
    if not chosen:
        return []
    return [
        MinorityReport(
            claim=g.claim,
            agent_ids=g.agent_ids,
            evidence=g.evidence,
            evidence_weight=round(g.weight, 3),
            supporters=len(g.agent_ids),
        )
        for i, g in enumerate(groups)
        if i not in chosen
    ]


def evidence_warning(
    groups: Sequence[ClaimGroup], decisions: Sequence[str], adopted: Sequence[str] = ()
) -> str | None:
    """A warning when the decision adopts claims with fewer independent sources than another
    (e.g. an evidence-free authority cue followed over evidenced peers)."""
    chosen = adopted_groups(groups, decisions, adopted)
    if not chosen:
        return None
    best = max(chosen, key=lambda i: len(groups[i].evidence))
    strongest = groups[0]
    if len(groups[best].evidence) >= len(strongest.evidence):
        return None
    return (
        f"decision adopts {groups[best].claim!r} ({len(groups[best].evidence)} independent "
        f"source(s)) over {strongest.claim!r} ({len(strongest.evidence)})"
    )


def deference_warning(
    groups: Sequence[ClaimGroup],
    decisions: Sequence[str],
    cue_agents: Sequence[str],
    justification: str,
    adopted: Sequence[str] = (),
) -> str | None:
    """A warning when the decision adopts a claim pressed with an authority cue and its
    justification cites none of that claim's evidence: rank must not stand in for evidence."""
    cited = justification.casefold()
    for i in adopted_groups(groups, decisions, adopted):
        claim = groups[i]
        pressed = sorted(set(claim.agent_ids) & set(cue_agents))
        if pressed and not any(e.casefold() in cited for e in claim.evidence):
            return (
                f"decision adopts {claim.claim!r}, asserted with an authority cue by "
                f"{', '.join(pressed)}, and its justification cites none of that claim's evidence"
            )
    return None
