"""A `DeltaChannel` that snapshots when its value has doubled, so a long thread stores linearly.

LangGraph's `DeltaChannel` stores each write once and, every `snapshot_frequency` (100)
updates, a whole copy of the value (a `_DeltaSnapshot` blob), so that loading a thread replays
at most 100 writes. For a transcript that grows by one entry per turn, a copy of all of it
every 100 turns makes the stored bytes grow with the square of the meeting: the 1,000-turn
meeting stored about 13 % more per turn in its last 100 turns than in its first 100, and it
would keep growing.

`DoublingDeltaChannel` snapshots when the updates since its last snapshot reach the larger of
`snapshot_frequency` and half the value's length, which for a list growing by one entry per
update is when it has doubled since its last snapshot: at 100, 200, 400, 800... entries. The
snapshots of a list that grows by one entry per update add up to at most twice the list, so
what a thread stores per turn stays flat however long it runs; loading it replays at most as
many writes as the list has entries (the cost of reading one snapshot of it, in rows).
LangGraph reads `snapshot_frequency` from the live channel when it decides
(`pregel._checkpoint.delta_channels_to_snapshot`); the stored form is LangGraph's own, so
threads written with either channel read with the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Sized
from typing import Any, Self

from langgraph.channels.delta import DeltaChannel

__all__ = ["DoublingDeltaChannel"]


class DoublingDeltaChannel(DeltaChannel[Any]):
    """`DeltaChannel` whose snapshot interval is at least its value's length (see above)."""

    __slots__ = ("every",)

    every: int

    def __init__(
        self,
        reducer: Callable[[Any, Sequence[Any]], Any],
        typ: Any = None,
        *,
        snapshot_frequency: int = 100,
    ) -> None:
        self.every = snapshot_frequency
        super().__init__(reducer, typ, snapshot_frequency=snapshot_frequency)

    @property
    def snapshot_frequency(self) -> int:
        """Updates between snapshots: `every`, or half the value's length when more.

        LangGraph snapshots when the updates since the last snapshot reach this. A list that
        grew by one entry per update from length L has L + u entries after u updates, and
        u >= (L + u) / 2 first holds at u = L: the snapshot comes when the list has doubled.
        """
        value = getattr(self, "value", None)
        return max(self.every, -(-len(value) // 2)) if isinstance(value, Sized) else self.every

    @snapshot_frequency.setter
    def snapshot_frequency(self, every: int) -> None:
        self.every = every

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, DoublingDeltaChannel)
            and self.every == other.every
            and self.reducer is other.reducer
        )

    def __hash__(self) -> int:
        return hash((type(self), self.every, self.reducer))

    def copy(self) -> Self:
        """A copy with the same base interval (not the length-driven one)."""
        new = super().copy()
        new.every = self.every
        return new

    def from_checkpoint(self, checkpoint: Any) -> Self:
        """As `DeltaChannel`, keeping the base interval."""
        new = super().from_checkpoint(checkpoint)
        new.every = self.every
        return new
