"""The benchmark's rules (bench/measure.py): no row passes on a floor that is not positive,
and an interleaved measurement really alternates the two sides."""

from __future__ import annotations

import math

import pytest

from bench.measure import Side, compare, interleave, ratio_verdict


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
    assert order[:8] == ["ours", "floor"] * 4  # warm-up and runs alternate
    assert len(mine.walls) == len(base.walls) == 3
    assert mine.calls is not None and base.calls is not None and mine.calls > base.calls
