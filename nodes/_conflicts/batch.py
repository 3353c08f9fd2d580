"""The batch of conflicts resolved side by side: its state, the fan-out and the collection."""

from __future__ import annotations

import hashlib
import operator
from typing import Annotated, Any

from langgraph.types import Send
from typing_extensions import TypedDict

from langgraph_council.nodes._conflicts.intake import coerce_conflict
from langgraph_council.nodes._conflicts.models import Conflict, ConflictResolution, DissentRecord
from langgraph_council.nodes._conflicts.prose import batch_prose
from langgraph_council.nodes._messages import Messages, council_said

__all__ = [
    "ANNOUNCE_RULINGS",
    "RESOLVE_CONFLICT",
    "BatchInput",
    "BatchState",
    "add_resolutions",
    "announce_rulings",
    "collect_resolution",
    "fan_out_conflicts",
]

RESOLVE_CONFLICT = "resolve_conflict"
ANNOUNCE_RULINGS = "announce_rulings"


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
    messages: Messages
    """Each conflict's conversation (statements, its ruling) and one closing council message."""


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
        "messages": list(out.get("messages") or ()),
    }


def announce_rulings(state: BatchState) -> dict[str, Any]:
    """Node `announce_rulings`: the batch's closing message, every ruling in one line each.

    Its id hashes the conflict ids, so a re-run replaces it instead of adding one.
    """
    resolutions = [
        r if isinstance(r, ConflictResolution) else ConflictResolution.model_validate(r)
        for r in state.get("resolutions") or ()
    ]
    ids = "\x1f".join(sorted(r.conflict_id for r in resolutions))
    key = hashlib.sha256(ids.encode()).hexdigest()[:16]
    closing = council_said(
        batch_prose(resolutions), message_id=f"batch:{key}:rulings", family="conflict_batch"
    )
    return {"messages": [closing]}
