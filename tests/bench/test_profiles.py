"""The profile's attribution (bench/profiles.py): docs/perf.md's tables split time by owner,
so a file must land with the package it belongs to, and the threads a run starts or hands
work to are counted."""

from __future__ import annotations

import operator
import threading
from typing import Annotated, TypedDict

from langgraph.graph import END, START, StateGraph

import langgraph_council.nodes._meetings.state as meeting_state
import langgraph_council.nodes.testing as testing
from bench.profiles import owner_of, profile, shares
from langgraph_council.nodes._deadline import call_with_limit


def test_files_are_attributed_to_their_package() -> None:
    assert owner_of(meeting_state.__file__) == "ours (langgraph_council)"
    assert owner_of(testing.__file__) == "scripted model (both sides)"
    assert owner_of("/x/site-packages/langgraph/pregel/_algo.py") == "langgraph pregel+channels"
    assert owner_of("/x/site-packages/langgraph/checkpoint/serde/jsonplus.py") == (
        "langgraph checkpoint+serde"
    )
    assert owner_of("~") == "builtins / stdlib"


class _S(TypedDict):
    n: Annotated[int, operator.add]


def test_a_langgraph_run_and_the_threads_it_starts_are_profiled() -> None:
    graph = StateGraph(_S)
    graph.add_node("step", lambda s: {"n": 1})
    graph.add_edge(START, "step")
    graph.add_edge("step", END)
    app = graph.compile()
    spun: list[int] = []

    def in_thread() -> None:
        spun.append(sum(range(200_000)))

    def work() -> None:
        app.invoke({"n": 0})
        t = threading.Thread(target=in_thread)
        t.start()
        t.join()

    stats = profile(work, 2)
    owners = shares(stats)
    assert owners["langgraph pregel+channels"] > 0
    threaded = [k for k in stats.stats if k[2] == "in_thread"]  # type: ignore[attr-defined]
    assert threaded, "the thread started during the run was not profiled"


def test_the_calls_handed_to_a_time_limit_worker_are_profiled() -> None:
    # every model call of a council graph runs in a worker started before the run
    def model_call() -> int:
        return sum(range(200_000))

    call_with_limit(lambda: None, 60.0, "warm", "setting")  # a worker idles in the pool now
    stats = profile(lambda: call_with_limit(model_call, 60.0, "call", "setting"), 2)
    calls = [k for k in stats.stats if k[2] == "model_call"]  # type: ignore[attr-defined]
    assert calls, "the call made in the time-limit worker was not profiled"
