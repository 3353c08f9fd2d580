"""Build resolutions and the state updates strategies return (resolved, to a human, fallback)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langgraph_council.nodes._records.conflicts import (
    Conflict,
    ConflictOutcome,
    ConflictResolution,
    Verdict,
    utc_now,
)

__all__ = [
    "make_resolution",
    "noted",
    "resolved_by_verdict",
    "to_authority",
    "to_human",
    "with_fallback",
]


def with_fallback(reasoning: str, fallback_reason: str | None) -> str:
    """Prefix `reasoning` with why an earlier strategy handed over, so the audit shows it."""
    return f"Fallback: {fallback_reason}. {reasoning}" if fallback_reason else reasoning


def make_resolution(
    conflict: Conflict,
    outcome: ConflictOutcome,
    *,
    winner: str | None,
    decided_by: str,
    reasoning: str,
    confidence: float | None = None,
) -> ConflictResolution:
    """A resolution of `conflict`; the winning position is copied from the winner's position."""
    return ConflictResolution(
        conflict_id=conflict.id,
        outcome=outcome,
        winning_agent_id=winner,
        winning_position=None if winner is None else conflict.position_of(winner).position,
        decided_by=decided_by,
        reasoning=reasoning.strip() or "no reasoning given",
        confidence=confidence,
        resolved_at=utc_now(),
    )


def resolved_by_verdict(
    conflict: Conflict, outcome: ConflictOutcome, verdict: Verdict, decided_by: str, tokens: int
) -> dict[str, Any]:
    """A strategy update resolving `conflict` as `verdict` says (judge, reviewer, arbitrator)."""
    resolution = make_resolution(
        conflict,
        outcome,
        winner=verdict.winning_agent_id,
        decided_by=decided_by,
        reasoning=verdict.reasoning,
        confidence=verdict.confidence,
    )
    return {"route": "resolved", "resolution": resolution, "tokens_used": tokens}


def to_human(reason: str, *, analysis: str | None = None) -> dict[str, Any]:
    """A strategy update sending the conflict to a human, with why and any analysis."""
    return {"route": "human", "fallback_reason": reason, "analysis": analysis}


def to_authority(reason: str) -> dict[str, Any]:
    """A strategy update handing the conflict to the authority strategy, with why."""
    return {"route": "authority", "fallback_reason": reason}


def noted(update: dict[str, Any], notes: Sequence[str]) -> dict[str, Any]:
    """`update` with what a user should review about how it was reached (an evaluator read
    from its text, a statement cut at its cap): on the resolution's `warnings`, or after the
    fallback reason, which the next strategy's resolution and the human's payload carry."""
    if not notes:
        return update
    resolution = update.get("resolution")
    if isinstance(resolution, ConflictResolution):
        warnings = (*resolution.warnings, *notes)
        return {**update, "resolution": resolution.model_copy(update={"warnings": warnings})}
    if update.get("fallback_reason"):
        return {**update, "fallback_reason": f"{update['fallback_reason']} ({'; '.join(notes)})"}
    return update
