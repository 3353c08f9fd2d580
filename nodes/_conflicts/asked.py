"""The parties' answers to a question asked in messages, before the conflict is framed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = ["AskedPosition", "merge_asked"]


class AskedPosition(BaseModel):
    """One party's answer to the question (before the conflict is framed)."""

    model_config = ConfigDict(frozen=True)

    agent_id: str
    position: str
    reasoning: str
    tokens: int = 0


def merge_asked(
    current: Sequence[AskedPosition | Mapping[str, Any]],
    writes: Sequence[AskedPosition | Mapping[str, Any]],
) -> list[AskedPosition]:
    """Append the parties' answers (parallel branches; JSON dicts are validated back)."""
    return [
        p if isinstance(p, AskedPosition) else AskedPosition.model_validate(p)
        for p in [*current, *writes]
    ]
