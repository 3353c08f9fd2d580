"""A meeting's per-turn bookkeeping in one channel: prompt tokens priced and billed, tokens spent.

Issue 33: a round-robin turn wrote `tokens_used` and `input_calibration` as two rows; one
`DeltaChannel` of (priced, billed, spent) triples is one write per turn and no blob per
checkpoint. A thread saved at state version 1 keeps its pair and its `tokens_used` total,
and `tokens_spent` adds both, so it resumes with the budget it had used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["Ledger", "add_pairs", "at_turn", "tokens_spent", "turn_of"]

Ledger = tuple[int, int, int, int | None]
"""(priced, billed, spent, turn): sums, and the last turn set (None: unchanged)."""


def add_pairs(current: Sequence[Any], writes: Sequence[Sequence[Any]]) -> Ledger:
    """Fold (priced, billed, spent, turn) writes into the running ledger (lists after a JSON
    trip): the token counts are summed, the turn is the last one set.

    The meeting's per-turn bookkeeping in one channel: prompt tokens as priced and as billed
    (the price calibration), the tokens the call used, and the meeting's next turn. A
    `DeltaChannel` reducer (sums and a last-set value, so batching-invariant): one write per
    turn and no blob in every checkpoint. A pair, as state version 1 stored it beside separate
    `tokens_used` and `turn` channels, counts as spending nothing and setting no turn.
    Empty `current` (a fresh channel) counts as (0, 0, 0, None).
    """
    priced, billed, used, turn = _entry(current)
    for write in writes:
        p, b, u, t = _entry(write)
        priced, billed, used = priced + p, billed + b, used + u
        if t is not None:
            turn = t
    return (priced, billed, used, turn)


def _entry(value: Sequence[Any] | None) -> Ledger:
    """`value` as a full entry: our own writes and values already are (no call per member);
    a version-1 pair or a JSON list is converted."""
    if not value:
        return (0, 0, 0, None)
    if type(value) is tuple and len(value) == 4:
        return value
    n = len(value)
    used = int(value[2]) if n > 2 else 0
    turn = None if n < 4 or value[3] is None else int(value[3])
    return (int(value[0]), int(value[1]), used, turn)


def tokens_spent(state: Mapping[str, Any]) -> int:
    """Tokens the meeting's calls used so far: the ledger's sum, plus what a state-version-1
    thread counted in `tokens_used` before it was resumed."""
    return int(state.get("tokens_used", 0)) + _entry(state.get("input_calibration"))[2]


def turn_of(state: Mapping[str, Any]) -> int:
    """The meeting's next turn: the ledger's, or the `turn` channel's when that is further on
    (a state-version-1 thread, or a registered protocol that writes `turn` itself). Both are
    reset to 0 when a meeting opens and only move forward."""
    turn = _entry(state.get("input_calibration"))[3]
    legacy = int(state.get("turn", 0))
    return legacy if turn is None or legacy > turn else turn


def at_turn(update: dict[str, Any], turn: int) -> dict[str, Any]:
    """`update` with the meeting's next turn set in its ledger write (added when it has none)."""
    p, b, u, _ = _entry(update.get("input_calibration"))
    return {**update, "input_calibration": (p, b, u, turn)}
