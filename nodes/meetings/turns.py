"""Round-robin turn order: participants in order, repeated, capped by the total."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["turn_schedule"]


def turn_schedule(participants: Sequence[str], per_agent: int, total: int) -> list[str]:
    """Speakers by turn: each participant once per round, `per_agent` rounds, at most `total`.

    Example:
        >>> turn_schedule(["a", "b"], 2, 3)
        ['a', 'b', 'a']
    """
    return [p for _ in range(per_agent) for p in participants][:total]
