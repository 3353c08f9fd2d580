"""The scorecard's families, named once: light (no YAML, no pydantic) so `council`'s parser
offers them without loading the scorecard."""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["FAMILIES", "Family"]

Family = Literal[
    "majority_sway",
    "authority_deference",
    "evidence_ranking",
    "conflict_rulings",
    "merge_checks",
    "delegation_loops",
    "authority_cues",
]
FAMILIES: tuple[Family, ...] = get_args(Family)
"""Every family, in table order."""
