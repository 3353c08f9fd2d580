"""The benchmark's rules (bench/measure.py): no row passes on a floor that is not positive,
an interleaved measurement really alternates the two sides, and its ratio is read pair by
pair."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from bench.measure import Side, calls_of, compare, interleave, ratio_verdict
from langgraph_council.nodes._deadline import call_with_limit


@pytest.mark.parametrize("floor", [0.0, -1.15, None, math.nan, math.inf])
def test_a_row_with_a_missing_or_non_positive_floor_fails(floor: float | None) -> None:
    # issue 25: "9.82 vs -1.15 ms  -8.51x  PASS" printed under load
    ratio, verdict = ratio_verdict(9.82, floor, 1.2)
    assert verdict.startswith("FAIL") and ratio == ""
    row = compare(
        "Postgres per turn",
        Side(wall=9.82e-3, cpu=9.82e-3),
        None if floor is None else Side(wall=floor, cpu=floor),
        1.2,
    )
    assert row.verdict.startswith("FAIL"), row


def test_a_positive_floor_gives_the_cpu_ratio_and_the_wall_ratio_beside_it() -> None:
    row = compare(
        "round robin", Side(wall=2.0, cpu=1.05, calls=110), Side(wall=1.0, cpu=1.0, calls=100), 1.1
    )
    assert (row.ratio, row.verdict, row.wall, row.calls) == (
        "1.05x",
        "PASS",
        "wall 2.00x",
        "110/100",
    )
    over = compare("round robin", Side(wall=1.0, cpu=1.2), Side(wall=1.0, cpu=1.0), 1.1)
    assert over.verdict == "MISS"


def test_a_rate_row_passes_at_or_above_its_limit() -> None:
    assert ratio_verdict(900.0, 1000.0, 0.8, at_least=True) == ("0.90x", "PASS")
    assert ratio_verdict(700.0, 1000.0, 0.8, at_least=True)[1] == "MISS"
    assert ratio_verdict(700.0, 0.0, 0.8, at_least=True)[1].startswith("FAIL")


def test_interleave_alternates_the_sides_and_counts_calls() -> None:
    order: list[str] = []

    def ours() -> None:
        order.append("ours")
        sum(range(10))

    def floor() -> None:
        order.append("floor")

    mine, base = interleave(ours, floor, runs=3, warm=1)
    # warm-up and runs alternate, each side first in every other pair
    assert order[:8] == ["ours", "floor", "floor", "ours", "ours", "floor", "floor", "ours"]
    assert len(mine.walls) == len(base.walls) == 3
    assert mine.calls is not None and base.calls is not None and mine.calls > base.calls


def _side(*cpus: float) -> Side:
    """A side of interleaved runs taking `cpus` milliseconds each (wall the same)."""
    return Side.of([(c / 1e3, c / 1e3) for c in cpus])


def test_an_interleaved_row_reads_its_ratio_pair_by_pair() -> None:
    # the machine slowed down threefold after the first pair: ours is 4 % over its floor in
    # every pair, which the side medians (1.04 vs 3.00 ms) would hide as 0.35x
    ours, floor = _side(1.04, 1.04 * 3, 1.04), _side(1.0, 3.0, 3.0)
    row = compare("round robin", ours, floor, 1.03)
    assert (row.ratio, row.verdict) == ("1.04x", "MISS"), row
    assert row.value == "cpu 1.04 vs 3.00 ms", row  # the value column keeps each side's median
    per_turn = compare("round robin", ours.per(16), floor.per(16), 1.05)
    assert (per_turn.ratio, per_turn.verdict) == ("1.04x", "PASS"), per_turn
    # sides that do not pair up (no samples, or different counts) keep the medians' ratio
    assert compare("x", Side(wall=1.2, cpu=1.2), Side(wall=1.0, cpu=1.0), 1.1).ratio == "1.20x"
    assert compare("x", _side(1.2, 1.2), _side(1.0, 1.0, 1.0), 1.1).ratio == "1.20x"


def test_calls_made_in_a_time_limit_worker_are_counted() -> None:
    # every model call of a council graph runs in a long-lived time-limit worker, started
    # before the count: its calls were missing from the table (issue 33: 1,606 of 2,149 per
    # round-robin turn)
    def work() -> None:
        for _ in range(500):
            len("")

    def limited(fn: Callable[[], None]) -> Callable[[], None]:
        return lambda: call_with_limit(fn, 60.0, "work", "setting")

    limited(lambda: None)()  # a worker idles in the pool now
    handed = calls_of(limited(work)) - calls_of(limited(lambda: None))
    assert handed == calls_of(work) - calls_of(lambda: None) == 500
