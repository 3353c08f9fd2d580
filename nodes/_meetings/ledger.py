"""A meeting's per-turn bookkeeping in one channel: prompt tokens priced and billed, tokens spent.

Issue 33: a round-robin turn wrote `tokens_used` and `input_calibration` as two rows; one
`DeltaChannel` of (priced, billed, spent) triples is one write per turn and no blob per
checkpoint. A thread saved at state version 1 keeps its pair and its `tokens_used` total,
and `tokens_spent` adds both, so it resumes with the budget it had used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["add_pairs", "tokens_spent"]


def add_pairs(current: Sequence[int], writes: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    """Sum (priced, billed, spent) token triples into the running one (lists after a JSON trip).

    The meeting's per-turn bookkeeping in one channel: prompt tokens as priced and as billed
    (the price calibration) and the tokens the call used. A `DeltaChannel` reducer (a sum, so
    batching-invariant): one write per turn and no blob in every checkpoint. A pair, as state
    version 1 stored it beside a separate `tokens_used` channel, counts as spending nothing.
    Empty `current` (a fresh channel) counts as (0, 0, 0).
    """
    priced, billed, used = _triple(current)
    for triple in writes:
        p, b, u = _triple(triple)
        priced, billed, used = priced + p, billed + b, used + u
    return (priced, billed, used)


def _triple(value: Sequence[int]) -> tuple[int, int, int]:
    if not value:
        return (0, 0, 0)
    return (int(value[0]), int(value[1]), int(value[2]) if len(value) > 2 else 0)


def tokens_spent(state: Mapping[str, Any]) -> int:
    """Tokens the meeting's calls used so far: the bookkeeping channel's sum, plus what a
    state-version-1 thread counted in `tokens_used` before it was resumed."""
    return int(state.get("tokens_used", 0)) + _triple(state.get("input_calibration", ()))[2]
