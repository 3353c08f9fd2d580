"""Wave batching's runners: a batched wave's attempts side by side in one executor task.

With `CoordinationConfig.wave_batching` one `Send` carries a whole batch: its attempts run in
threads under `invoke`, on the loop under `ainvoke`."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from langgraph.config import get_config

from langgraph_council.nodes._pipeline.models import SubtaskResult

__all__ = ["in_threads", "together"]


def in_threads(attempt: Callable[[Any], SubtaskResult], items: list[Any]) -> list[SubtaskResult]:
    """A batched wave's attempts side by side under `invoke`, as many at once as the run's
    `max_concurrency` allows (LangGraph's own bound on parallel tasks), each in a copy of the
    node's context (so `get_config`, the stream writer and `interrupt()` work)."""
    if len(items) == 1:
        return [attempt(items[0])]
    workers = get_config().get("max_concurrency")
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="council-wave") as pool:
        futures = [pool.submit(contextvars.copy_context().run, attempt, i) for i in items]
        return [f.result() for f in futures]


async def together(
    attempt: Callable[[Any], Awaitable[SubtaskResult]], items: list[Any]
) -> list[SubtaskResult]:
    """A batched wave's attempts side by side under `ainvoke`; an attempt that bubbles up
    (an interrupt) is raised once every other attempt has ended."""
    if len(items) == 1:
        return [await attempt(items[0])]
    ended = await asyncio.gather(*(attempt(i) for i in items), return_exceptions=True)
    for outcome in ended:
        if isinstance(outcome, BaseException):
            raise outcome
    return [o for o in ended if isinstance(o, SubtaskResult)]
