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

A public pair is two plain `def`s, each with its own signature and docstring, over one flow:
`def name(...): return run(_flow(...))` and `async def aname(...): return await arun(_flow(...))`.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar, cast

from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel

__all__ = ["Flow", "Step", "arun", "blocking", "get_state", "invoke", "pause", "run"]

T = TypeVar("T")
P = ParamSpec("P")


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


class _Drive(Generic[T]):
    """One flow being driven: what it gets back next (a value or an exception) and its result.

    `run` and `arun` differ only in how they make a step's call; the sending, the throwing
    and the end of the flow are here once. Used as a context manager around that call, it
    keeps the call's exception for the flow to handle.
    """

    def __init__(self, flow: Flow[T]) -> None:
        self._flow = flow
        self.value: Any = None
        self._error: BaseException | None = None
        self.result: T | None = None

    def next_step(self) -> Step | None:
        """The flow's next step, or None once it has returned (its value in `result`)."""
        try:
            if self._error is None:
                return self._flow.send(self.value)
            return self._flow.throw(self._error)
        except StopIteration as stop:
            self.result = cast(T, stop.value)
            return None
        finally:
            self._error = None

    def __enter__(self) -> _Drive[T]:
        return self

    def __exit__(self, kind: object, error: BaseException | None, tb: object) -> bool:
        if error is not None:  # raised inside the flow, which decides
            self.value, self._error = None, error
        return True


def run(flow: Flow[T]) -> T:
    """Drive `flow` with plain calls; its result, or the exception it lets through."""
    drive = _Drive(flow)
    while (step := drive.next_step()) is not None:
        with drive:
            drive.value = step.sync()
    return cast(T, drive.result)


async def arun(flow: Flow[T]) -> T:
    """Drive `flow` with awaits; its result, or the exception it lets through."""
    drive = _Drive(flow)
    while (step := drive.next_step()) is not None:
        with drive:
            drive.value = await step.async_()
    return cast(T, drive.result)
