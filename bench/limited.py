"""`python -m bench.limited`: what bounding each model call in time costs a raw LangGraph floor.

Every sync model call of a council graph runs in a `nodes/_deadline.py` worker, so that a late
call can be abandoned (a sync call cannot be stopped). The floors make their calls in place.
This prices the same bound on the same-work floor (`floors.same_work_meeting`) done the way a
raw LangGraph user would: each roster call submitted to a `ThreadPoolExecutor` and waited on
with a timeout. Prints, interleaved, twice: the bounded floor against the plain one, and our
round robin against the bounded floor. 2026-11-29: 1.12x-1.25x and 1.06x CPU (paired).
"""

from __future__ import annotations

import contextvars
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bench.floors import same_work_meeting
from bench.measure import compare, interleave
from bench.meetings import PARTICIPANTS, RR16, _input, _roster
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Roster

TURNS = 16
LIMIT_S = 600.0
"""The bound: our default agent time limit (`DEFAULT_AGENT_TIMEOUT_S`)."""


class BoundedRoster:
    """A roster whose `call` runs in a pool thread, waited on for at most `LIMIT_S`."""

    def __init__(self, roster: Roster) -> None:
        self._roster = roster
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="bounded-call")

    def call(self, *args: Any, **kwargs: Any) -> Any:
        context = contextvars.copy_context()  # LangGraph's config reaches the call, as ours
        return self._pool.submit(context.run, self._roster.call, *args, **kwargs).result(LIMIT_S)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._roster, name)


def main() -> None:
    """Print the two comparisons, twice."""
    roster = _roster()
    plain = same_work_meeting(roster, TURNS)
    bounded = same_work_meeting(BoundedRoster(roster), TURNS)  # type: ignore[arg-type]
    ours = create_meeting_graph(roster, protocol="round_robin")
    payload = {**_input(8), "participant_ids": PARTICIPANTS}

    def run_bounded() -> object:
        return bounded.invoke(payload)

    def run_plain() -> object:
        return plain.invoke(payload)

    def run_ours() -> object:
        return ours.invoke(_input(8), context=RR16)

    for _ in range(2):
        for name, first, second in (
            ("bounded floor vs plain floor", run_bounded, run_plain),
            ("round robin vs bounded floor", run_ours, run_bounded),
        ):
            sides = interleave(first, second, runs=30, count_calls=False)
            row = compare(name, *(s.per(TURNS) for s in sides), 1.0)
            print(f"{row.measure}: cpu {row.ratio} ({row.value})")


if __name__ == "__main__":
    main()
