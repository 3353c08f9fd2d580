"""What the server and `langgraph dev` tests ask of a running deployment through the SDK."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
import pytest
from langgraph_sdk.client import LangGraphClient

from langgraph_council.graphs._demo.data import demo_conflict

T = TypeVar("T")


async def conflict_waiting_for_a_human(client: LangGraphClient, *, own_id: bool = False) -> str:
    """A thread whose demo conflict (human strategy) waits for a decision; its id.

    `own_id` gives the conflict an id of its own, so each call opens its own escalation."""
    thread = await client.threads.create()
    conflict: Any = demo_conflict().model_dump(mode="json")
    if own_id:
        conflict["id"] = f"cli-{thread['thread_id']}"
    await client.runs.wait(
        thread["thread_id"], "conflict", input={"conflict": conflict}, context={"strategy": "human"}
    )
    return str(thread["thread_id"])


async def read_again(call: Callable[[], Awaitable[T]], *, attempts: int = 3) -> T:
    """`call()` (a read or an idempotent delete), again on a transport error: a server under
    load may close an idle keep-alive connection just as the client reuses it (`ReadError`)."""
    for attempt in range(attempts):
        try:
            return await call()
        except httpx.TransportError:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


async def finished(client: LangGraphClient, thread_id: str, run_id: str) -> str:
    """The run's final status; fails if it is still pending or running after two minutes (a
    wedged queue: the saver's rollback failed and the first run never let go of the thread)."""
    for _ in range(600):
        run = await read_again(lambda: client.runs.get(thread_id, run_id))
        if (status := str(run["status"])) not in ("pending", "running"):
            return status
        await asyncio.sleep(0.2)
    pytest.fail(f"run {run_id} still pending or running after two minutes")


async def final_values(client: LangGraphClient, thread_id: str, run_id: str) -> dict[str, Any]:
    """The thread's values once its run has ended (`finished`), not what `runs.wait` returns:
    on two replicas under load, that once lacked the run's last steps."""
    await finished(client, thread_id, run_id)
    state: Any = await read_again(lambda: client.threads.get_state(thread_id))
    return dict(state["values"])


async def run_values(
    client: LangGraphClient, thread_id: str, assistant_id: str, **run: Any
) -> dict[str, Any]:
    """Start a run and return the thread's `final_values`: what `runs.wait` would, without its
    race. Its join ends when a status poll sees the run done, dropping the events still on
    their way from the replica that ran it (langgraph-runtime-pg 0.11.1, `_stream_run_queue`),
    so under load it returned a meeting's values before its last step (no `minutes`)."""
    started: Any = await client.runs.create(thread_id, assistant_id, **run)
    return await final_values(client, thread_id, started["run_id"])
