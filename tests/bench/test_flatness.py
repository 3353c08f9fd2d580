"""The scale row's flatness (bench/meeting_rows.py): a long meeting's last turns and a fresh
meeting's first turns are measured side by side, so a machine that slows down while the row
runs does not read as a meeting whose turns grow dearer."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from bench.meeting_rows import _flatness, _turn_marks, paired_flatness
from bench.meetings import _roster
from langgraph_council.graphs import create_meeting_graph

TURNS, SAMPLE = 24, 4
RR = {"max_turns_per_agent": 3, "max_total_turns": TURNS, "leader_summarizes": False}


def _slowing_clock() -> Callable[[], float]:
    """A clock whose every reading is later by one more tick than the one before: the same
    work reads dearer the later it runs, as on a machine that slows down."""
    ticks = itertools.count()
    total = [0.0]

    def clock() -> float:
        total[0] += next(ticks)
        return total[0]

    return clock


def test_turns_read_one_after_the_other_on_a_slowing_machine_look_dearer() -> None:
    graph = create_meeting_graph(_roster(), protocol="round_robin")
    clock = _slowing_clock()
    marks = _turn_marks(graph, {"recursion_limit": 100}, RR, clock)
    first, last = _flatness(marks, SAMPLE)
    assert last > 3 * first  # what the row read before it was paired


def test_paired_turns_see_the_same_moments() -> None:
    graph = create_meeting_graph(_roster(), protocol="round_robin")
    clock = _slowing_clock()
    first, last = paired_flatness(graph, RR, TURNS, SAMPLE, clock)
    assert 0.9 <= last / first <= 1.1
