"""The batch of conflicts resolved side by side: its state, the fan-out and the collection."""

from __future__ import annotations

import operator
from typing import Annotated, Any

from langgraph.types import Send
from typing_extensions import TypedDict

from langgraph_council.nodes._conflicts.intake import coerce_conflict
from langgraph_council.nodes._records.conflicts import Conflict, ConflictResolution, DissentRecord

__all__ = [
    "RESOLVE_CONFLICT",
    "BatchInput",
    "BatchState",
    "add_resolutions",
    "collect_resolution",
    "fan_out_conflicts",
]

RESOLVE_CONFLICT = "resolve_conflict"


def add_resolutions(
    left: list[ConflictResolution], right: list[ConflictResolution]
) -> list[ConflictResolution]:
    """Merge resolutions from parallel branches, ordered by conflict id."""
    return sorted([*left, *right], key=lambda r: r.conflict_id)


class BatchInput(TypedDict):
    """What a caller passes: the conflicts to resolve (unique ids)."""

    conflicts: list[Conflict]


class BatchState(TypedDict):
    """Batch state: every branch appends its resolution and dissent records."""

    conflicts: list[Conflict]
    resolutions: Annotated[list[ConflictResolution], add_resolutions]
    dissent_records: Annotated[list[DissentRecord], operator.add]
    tokens_used: Annotated[int, operator.add]


def fan_out_conflicts(state: BatchState) -> list[Send]:
    """One `resolve_conflict` branch per conflict, after checking the ids are unique.

    Raises:
        ValueError: No conflicts, or an id given twice.
    """
    conflicts = [coerce_conflict(c) for c in state.get("conflicts") or []]
    if not conflicts:
        raise ValueError("input needs {'conflicts': [Conflict, ...]} with at least one conflict")
    ids = [c.id for c in conflicts]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(
            f"conflicts: ids {duplicates} appear twice; every conflict needs its own id"
        )
    return [Send(RESOLVE_CONFLICT, {"conflict": c}) for c in conflicts]


def collect_resolution(out: dict[str, Any]) -> dict[str, Any]:
    """The batch update from one branch's conflict-graph output."""
    return {
        "resolutions": [out["resolution"]],
        "dissent_records": out["dissent_records"],
        "tokens_used": out["tokens_used"],
    }
