"""Minutes a user should review: replies that make no sense, fallbacks, runs past the caps."""

from __future__ import annotations

from collections.abc import Sequence

from langgraph_council.nodes._meetings.adoption import STOP_WORDS
from langgraph_council.nodes._meetings.models import Contribution, Position
from langgraph_council.nodes._meetings.positions import words

__all__ = ["POSITION_PROTOCOLS", "review_warnings", "unmatched_decisions"]

POSITION_PROTOCOLS = frozenset({"position_papers", "structured_phases"})
"""Protocols whose participants are asked for `Position:` / `Evidence:` (the others are not)."""

_DECIDING = frozenset({"synthesis", "summary"})  # the leader's phases, not a participant's
_MIN_WORD = 4  # shorter words ("a", "to", "the") match anything


def _key_words(text: str) -> set[str]:
    return {w for w in words(text) if len(w) >= _MIN_WORD and w not in STOP_WORDS}


def unmatched_decisions(
    decisions: Sequence[str], contributions: Sequence[Contribution]
) -> list[str]:
    """Decisions sharing no key word with anything a participant said (e.g. `"bullets"`)."""
    if not decisions:  # nothing to match: skip reading every word of the meeting
        return []
    said: set[str] = set()
    for c in contributions:
        if c.phase not in _DECIDING:
            said |= _key_words(c.content)
    return [d for d in decisions if not _key_words(d) & said]


def review_warnings(
    protocol: str,
    contributions: Sequence[Contribution],
    positions: Sequence[Position],
    decisions: Sequence[str],
) -> list[str]:
    """Warnings on the minutes' substance: no usable position or evidence where the protocol
    asked for them, decisions that match no contribution, replies past their output cap."""
    found = []
    spoke = [c for c in contributions if c.phase not in _DECIDING and c.content.strip()]
    if spoke and protocol in POSITION_PROTOCOLS:
        if not positions:
            found.append("no participant stated a usable position (Position: / Evidence:)")
        elif not any(p.evidence for p in positions):
            found.append("no position cites any evidence")
    unmatched = unmatched_decisions(decisions, contributions)
    if unmatched:
        found.append(f"decisions that match no contribution: {unmatched}")
    over = [f"{c.agent_id} ({c.phase}, turn {c.turn})" for c in contributions if c.over_cap]
    if over:
        found.append(f"replies past their output cap, billed as they cost: {', '.join(over)}")
    return found
