"""Probes for what unit tests used to time: calls that overlap, and work that grows linearly.

A busy machine makes every call slower, so a wall-clock bound flakes. These count instead:
`Overlap` holds each call until `gate` calls are in flight together (a serial implementation
never gets there and fails with its peak), and `lines_run` counts the lines a module executes.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from types import FrameType
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatResult

from langgraph_council.nodes.testing import ScriptedChatModel

GIVE_UP_SECONDS = 60.0  # only a broken (serial) run waits this long; a passing run never does


class Overlap:
    """Counts calls in flight (`peak`); with `gate=n` the first calls wait until n run at once.

    The gate opens for good once n calls are in flight, or after `GIVE_UP_SECONDS` (then the
    test fails on `peak`). Works from threads and from coroutines.
    """

    def __init__(self, gate: int = 0) -> None:
        self.gate = gate
        self.peak = 0
        self._running = 0
        self._open = gate <= 1
        self._lock = threading.Condition()

    def _enter(self) -> None:
        with self._lock:
            self._running += 1
            self.peak = max(self.peak, self._running)
            if self._running >= self.gate:
                self._open = True
                self._lock.notify_all()

    def _leave(self) -> None:
        with self._lock:
            self._running -= 1

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Around one sync call."""
        self._enter()
        try:
            with self._lock:
                if not self._lock.wait_for(lambda: self._open, GIVE_UP_SECONDS):
                    self._open = True
            yield
        finally:
            self._leave()

    @asynccontextmanager
    async def ahold(self) -> AsyncIterator[None]:
        """Around one async call (waits without blocking the event loop)."""
        self._enter()
        try:
            give_up = time.monotonic() + GIVE_UP_SECONDS
            while not self._open and time.monotonic() < give_up:
                await asyncio.sleep(0.005)
            self._open = True
            yield
        finally:
            self._leave()


class OverlapModel(ScriptedChatModel):
    """A `ScriptedChatModel` whose every call goes through `overlap` (see `Overlap`)."""

    overlap: Any

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        with self.overlap.hold():
            return super()._generate(messages, stop, run_manager, **kwargs)

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        async with self.overlap.ahold():
            return await super()._agenerate(messages, stop, run_manager, **kwargs)


def lines_run(module: Any, work: Callable[[], object]) -> int:
    """How many lines of `module`'s source file run during `work()` (a deterministic count)."""
    target = module.__file__
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame: FrameType, event: str, arg: object) -> Any:
        if event == "call" and frame.f_code.co_filename == target:
            return local
        return None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        work()
    finally:
        sys.settrace(previous)
    return count
