"""One flow, two drivers: `run` and `arun` give the same result and the same cleanup."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from langgraph_council.checkpoints._runner.steps import (
    Flow,
    Step,
    arun,
    blocking,
    pause,
    run,
)


def _flow(log: list[str], fail: bool) -> Flow[int]:
    """Takes a claim, makes two calls, releases the claim whatever happens."""
    yield blocking(log.append, "claim")
    try:
        first = yield blocking(lambda: 20)
        second = yield Step(lambda: 22, lambda: asyncio.sleep(0, result=22))
        if fail:
            yield blocking(_boom)
        return first + second
    finally:
        yield blocking(log.append, "release")


def _boom() -> None:
    raise ConnectionError("database restarting")


def _caught() -> Flow[str]:
    try:
        yield blocking(_boom)
    except ConnectionError as exc:
        return f"handled {exc}"
    return "not reached"


def test_run_and_arun_give_the_same_result_and_cleanup() -> None:
    sync_log: list[str] = []
    async_log: list[str] = []
    assert run(_flow(sync_log, fail=False)) == 42
    assert asyncio.run(arun(_flow(async_log, fail=False))) == 42
    assert sync_log == async_log == ["claim", "release"]


@pytest.mark.parametrize("driver", ["run", "arun"])
def test_a_failing_call_is_raised_in_the_flow_which_cleans_up_or_handles_it(driver: str) -> None:
    log: list[str] = []

    def drive(flow: Flow[Any]) -> Any:
        return run(flow) if driver == "run" else asyncio.run(arun(flow))

    with pytest.raises(ConnectionError, match="database restarting"):
        drive(_flow(log, fail=True))
    assert log == ["claim", "release"]
    assert drive(_caught()) == "handled database restarting"


def test_arun_makes_blocking_calls_in_a_worker_thread() -> None:
    def where() -> Flow[bool]:
        return (yield blocking(lambda: threading.current_thread() is threading.main_thread()))

    assert run(where()) is True
    assert asyncio.run(arun(where())) is False


def test_pause_ends_early_when_stopped_and_refuses_an_asyncio_event_in_sync_code() -> None:
    stop = threading.Event()
    stop.set()
    run(_one(pause(stop, 60)))  # returns at once: already stopped
    asyncio.run(arun(_one(pause(stop, 60))))
    with pytest.raises(TypeError, match=r"asyncio\.Event"):
        run(_one(pause(asyncio.Event(), 60)))


def _one(step: Step) -> Flow[Any]:
    return (yield step)
