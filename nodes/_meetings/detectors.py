"""Conflict detectors (keyword, structured, llm_judge, hybrid, auto) and consensus velocity."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence

from langgraph_council.nodes._meetings.models import Contribution, DetectedConflict, Position
from langgraph_council.nodes._meetings.positions import rank_positions, words

__all__ = [
    "DISAGREEMENT_MARKERS",
    "consensus_is_premature",
    "disagreement_count",
    "keyword_conflicts",
    "mean_pairwise_similarity",
    "parse_judge_reply",
    "structured_conflicts",
]

DISAGREEMENT_MARKERS = (
    "disagree",
    "oppose",
    "object to",
    "reject",
    "instead of",
    "rather than",
    "against",
    "won't work",
    "will not work",
    "bad idea",
)
_MARKER = re.compile("|".join(rf"\b{re.escape(m)}\b" for m in DISAGREEMENT_MARKERS), re.I)


def keyword_conflicts(inputs: Sequence[Contribution]) -> list[DetectedConflict]:
    """Agents using a disagreement marker conflict with the agents they name, else with all."""
    ids = [c.agent_id for c in inputs]
    conflicts: list[DetectedConflict] = []
    for c in inputs:
        match = _MARKER.search(c.content)
        if not match:
            continue
        named = [a for a in ids if a != c.agent_id and re.search(rf"\b{re.escape(a)}\b", c.content)]
        others = named or [a for a in ids if a != c.agent_id]
        if others:
            members = tuple(a for a in ids if a == c.agent_id or a in others)
            conflicts.append(
                DetectedConflict(agent_ids=members, topic=match.group(0), detector="keyword")
            )
    return conflicts


def structured_conflicts(positions: Sequence[Position]) -> list[DetectedConflict]:
    """Agents whose stated claims differ conflict; agents without a claim stay out of it."""
    groups = rank_positions(positions)
    if len(groups) < 2:
        return []
    order = [p.agent_id for p in positions]
    members = sorted({a for g in groups for a in g.agent_ids}, key=order.index)
    topic = " vs ".join(g.claim for g in groups)
    return [DetectedConflict(agent_ids=tuple(members), topic=topic[:200], detector="structured")]


def parse_judge_reply(text: str, known: Sequence[str]) -> list[DetectedConflict]:
    """Read `CONFLICT: a, b - topic` lines; unknown ids are ignored, NONE means no conflict."""
    conflicts: list[DetectedConflict] = []
    for line in text.splitlines():
        m = re.match(r"\s*conflict\s*:\s*(.+)$", line, re.I)
        if not m:
            continue
        who, _, topic = m.group(1).partition(" - ")
        ids = [a for a in known if re.search(rf"(?<![\w-]){re.escape(a)}(?![\w-])", who)]
        if len(ids) >= 2:
            conflicts.append(
                DetectedConflict(agent_ids=tuple(ids), topic=topic.strip(), detector="llm_judge")
            )
    return conflicts


def disagreement_count(conflicts: Sequence[DetectedConflict]) -> int:
    """Distinct pairs of agents that disagree."""
    pairs = {tuple(sorted(p)) for c in conflicts for p in itertools.combinations(c.agent_ids, 2)}
    return len(pairs)


def _cosine(a: Counter[str], b: Counter[str]) -> float:
    dot = sum(a[w] * b[w] for w in a.keys() & b.keys())
    norm = math.sqrt(sum(v * v for v in a.values())) * math.sqrt(sum(v * v for v in b.values()))
    return dot / norm if norm else 0.0


def mean_pairwise_similarity(texts: Sequence[str]) -> float:
    """Mean cosine similarity of word counts over all pairs (0 with fewer than two texts)."""
    bags = [Counter(words(t)) for t in texts]
    pairs = list(itertools.combinations(bags, 2))
    return sum(_cosine(a, b) for a, b in pairs) / len(pairs) if pairs else 0.0


def consensus_is_premature(
    texts: Sequence[str],
    conflicts: Sequence[DetectedConflict],
    *,
    threshold: float = 0.85,
    min_disagreements: int = 2,
) -> bool:
    """Consensus velocity: near-identical inputs with fewer than `min_disagreements` pairs."""
    if len(texts) < 2:
        return False
    similar = mean_pairwise_similarity(texts) > threshold
    return similar and disagreement_count(conflicts) < min_disagreements
