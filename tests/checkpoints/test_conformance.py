"""LangGraph's own checkpointer conformance suite (`langgraph-checkpoint-conformance`) on the
package's Postgres savers: every capability it knows is detected, and every test of it passes.

The suite detects a capability by the saver's class overriding the async method, and calls only
async methods. The async saver runs as it is; the sync saver runs behind `_Threaded`, which
exposes an async method for each sync method the saver's class overrides and runs it in a worker
thread, so detection still reads the sync class.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.conformance import checkpointer_test, validate
from langgraph.checkpoint.conformance.capabilities import ALL_CAPABILITIES
from langgraph.checkpoint.conformance.report import CapabilityReport

from langgraph_council.checkpoints import async_postgres_checkpointer, postgres_checkpointer

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

EVERY_CAPABILITY = sorted(c.value for c in ALL_CAPABILITIES)

_SYNC_NAME = {
    "aput": "put",
    "aput_writes": "put_writes",
    "aget_tuple": "get_tuple",
    "alist": "list",
    "adelete_thread": "delete_thread",
    "adelete_for_runs": "delete_for_runs",
    "acopy_thread": "copy_thread",
    "aprune": "prune",
}


def _threaded(saver: BaseCheckpointSaver[Any]) -> BaseCheckpointSaver[Any]:
    """`saver` (sync) behind async methods that run its sync ones in a worker thread: one async
    method for each sync method its class overrides, so the suite detects what it implements."""

    def runs_in_thread(sync_name: str) -> Callable[..., Any]:
        async def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            return await asyncio.to_thread(getattr(saver, sync_name), *args, **kwargs)

        return call

    async def alist(self: Any, config: Any, **kwargs: Any) -> AsyncIterator[Any]:
        for item in await asyncio.to_thread(lambda: list(saver.list(config, **kwargs))):
            yield item

    methods: dict[str, Any] = {
        "get_next_version": lambda self, current, channel: saver.get_next_version(current, channel)
    }
    for async_name, sync_name in _SYNC_NAME.items():
        if getattr(type(saver), sync_name) is not getattr(BaseCheckpointSaver, sync_name):
            methods[async_name] = alist if sync_name == "list" else runs_in_thread(sync_name)
    threaded: type[BaseCheckpointSaver[Any]] = type("_Threaded", (BaseCheckpointSaver,), methods)
    return threaded(serde=saver.serde)


def _outcome(report: CapabilityReport) -> dict[str, tuple[bool, bool | None, list[str]]]:
    return {
        name: (result.detected, result.passed, result.failures)
        for name, result in sorted(report.results.items())
    }


def _every_capability_passed() -> dict[str, tuple[bool, bool | None, list[str]]]:
    return {name: (True, True, []) for name in EVERY_CAPABILITY}


@pytest.mark.parametrize("pool_size", [None, 3])
async def test_the_async_saver_passes_the_whole_conformance_suite(
    pg_db: str, pool_size: int | None
) -> None:
    @checkpointer_test(name=f"council async_postgres_checkpointer(pool_size={pool_size})")
    async def saver() -> AsyncIterator[BaseCheckpointSaver[Any]]:
        async with async_postgres_checkpointer(pg_db, setup=False, pool_size=pool_size) as it:
            yield it

    report = await validate(saver)
    assert _outcome(report) == _every_capability_passed()
    assert sum(r.tests_passed for r in report.results.values()) == 81  # 66 + 7 + 8


@pytest.mark.parametrize("pool_size", [None, 3])
async def test_the_sync_saver_passes_the_whole_conformance_suite(
    pg_db: str, pool_size: int | None
) -> None:
    @checkpointer_test(name=f"council postgres_checkpointer(pool_size={pool_size})")
    async def saver() -> AsyncIterator[BaseCheckpointSaver[Any]]:
        with postgres_checkpointer(pg_db, setup=False, pool_size=pool_size) as it:
            yield _threaded(it)

    report = await validate(saver)
    assert _outcome(report) == _every_capability_passed()
