"""A round-robin turn costs the same at turn 40 and turn 400: the contributions reducer and the
windowed transcript do work proportional to the new turn and the window, not to the meeting's
length (counted in Python calls, which do not move with the machine's load)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from bench.measure import calls_of
from langgraph_council.nodes._meetings.models import Contribution
from langgraph_council.nodes._meetings.prompts import render_transcript
from langgraph_council.nodes._meetings.state import merge_contributions


def _calls(fn: Callable[[], object]) -> int:
    fn()  # warm: first-use caches (isinstance checks against ABCs) are not the turn's cost
    return calls_of(fn)


def _said(turns: int) -> list[Contribution]:
    return [
        Contribution(agent_id=f"agent{t % 8}", phase="round_robin", turn=t,
                     content=f"Point {t % 10} on the trade-offs. More detail follows here.",
                     input_tokens=10, output_tokens=20,
                     timestamp=datetime(2026, 1, 1, tzinfo=UTC))
        for t in range(turns)
    ]  # fmt: skip


def test_adding_a_turn_costs_the_same_after_40_and_after_400_turns() -> None:
    short, long = _said(41), _said(401)
    cost_short = _calls(lambda: merge_contributions(short[:-1], [[short[-1]]]))
    cost_long = _calls(lambda: merge_contributions(long[:-1], [[long[-1]]]))
    assert cost_long == cost_short
    merged = merge_contributions(long[:-1], [[long[-1]]])
    assert merged == long  # appended in order


def test_an_earlier_turn_and_json_dicts_are_still_ordered_and_validated() -> None:
    said = _said(5)
    late = merge_contributions(said[2:], [[said[0].model_dump(mode="json")], said[1]])
    assert [c.turn for c in late] == [0, 1, 2, 3, 4]
    assert all(isinstance(c, Contribution) for c in late)
    from_json = merge_contributions([c.model_dump(mode="json") for c in said[:3]], [said[3:]])
    assert from_json == said


def test_the_windowed_transcript_costs_the_same_at_turn_40_and_400_and_reads_the_same() -> None:
    short, long = _said(40), _said(400)
    assert _calls(lambda: render_transcript(long, window=4)) == _calls(
        lambda: render_transcript(short, window=4)
    )
    rendered = render_transcript(long, window=4)
    full = " | ".join(f"{c.agent_id}: {c.content.split('.')[0][:160]}" for c in long[:-4])
    assert full[-1200:] in rendered  # the digest is the tail of every older turn's first sentence
