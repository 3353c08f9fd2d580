"""One definition for sync and async: a flow yields each call it needs; `run` or `arun` makes it.

A flow is a generator. It yields a `Step` (one call, in its sync and its async form) and gets
the call's result back, or its exception raised at the `yield`; it returns its result. `run`
drives it with plain calls, `arun` with awaits (a blocking store call goes to a worker thread),
so the logic of a resume, a decision or a sweep is written once, like the sans-I/O cores that
httpx and h11 share between their sync and async front ends:

    def _resume(graph, config) -> Flow[Any]:
        state = yield get_state(graph, config)
        return (yield invoke(graph, None, config))

    run(_resume(graph, config))           # sync
    await arun(_resume(graph, config))    # async
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel

__all__ = ["Flow", "Step", "arun", "blocking", "get_state", "invoke", "pause", "run"]

T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One call a flow needs, in its sync form and its async form."""

    sync: Callable[[], Any]
    async_: Callable[[], Awaitable[Any]]


Flow = Generator[Step, Any, T]


def blocking(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Step:
    """A blocking call (a store's): made directly by `run`, in a worker thread by `arun`."""
    return Step(lambda: fn(*args, **kwargs), lambda: asyncio.to_thread(fn, *args, **kwargs))


def get_state(graph: Pregel[Any, Any], config: RunnableConfig) -> Step:
    """`graph.get_state(config)` / `graph.aget_state(config)`."""
    return Step(lambda: graph.get_state(config), lambda: graph.aget_state(config))


def invoke(graph: Pregel[Any, Any], input: Any, config: RunnableConfig, **kwargs: Any) -> Step:
    """`graph.invoke(...)` / `graph.ainvoke(...)` with the same arguments."""
    return Step(
        lambda: graph.invoke(input, config, **kwargs),
        lambda: graph.ainvoke(input, config, **kwargs),
    )


def pause(stop: threading.Event | asyncio.Event, seconds: float) -> Step:
    """Wait up to `seconds` or until `stop` is set.

    A `threading.Event` works under both drivers; an `asyncio.Event` only under `arun`.
    """

    def wait() -> None:
        if not isinstance(stop, threading.Event):
            raise TypeError("an asyncio.Event can stop only the async loop; use threading.Event")
        stop.wait(seconds)

    async def await_() -> None:
        if isinstance(stop, threading.Event):
            await asyncio.to_thread(stop.wait, seconds)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=seconds)

    return Step(wait, await_)


def run(flow: Flow[T]) -> T:
    """Drive `flow` with plain calls; its result, or the exception it lets through."""
    value: Any = None
    error: BaseException | None = None
    while True:
        try:
            step = flow.send(value) if error is None else flow.throw(error)
        except StopIteration as stop:
            return cast(T, stop.value)
        finally:
            error = None
        try:
            value = step.sync()
        except BaseException as exc:  # noqa: BLE001 - raised inside the flow, which decides
            value, error = None, exc


async def arun(flow: Flow[T]) -> T:
    """Drive `flow` with awaits; its result, or the exception it lets through."""
    value: Any = None
    error: BaseException | None = None
    while True:
        try:
            step = flow.send(value) if error is None else flow.throw(error)
        except StopIteration as stop:
            return cast(T, stop.value)
        finally:
            error = None
        try:
            value = await step.async_()
        except BaseException as exc:  # noqa: BLE001 - raised inside the flow, which decides
            value, error = None, exc
