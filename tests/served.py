"""What the server and `langgraph dev` tests ask of a running deployment through the SDK."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import httpx
from langgraph_sdk.client import LangGraphClient

from langgraph_council.nodes._demo import demo_conflict

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


_ENDED = frozenset({"success", "error", "timeout", "interrupted"})


async def final_values(
    client: LangGraphClient, thread_id: str, run_id: str, *, within_s: float = 180
) -> dict[str, Any]:
    """The thread's values once its run has ended (polled, not joined): on two replicas under
    load, `runs.wait` once returned a state without the run's last steps."""
    deadline = time.monotonic() + within_s
    while (await read_again(lambda: client.runs.get(thread_id, run_id)))["status"] not in _ENDED:
        if time.monotonic() > deadline:
            raise AssertionError(f"run {run_id} of thread {thread_id} did not end in {within_s} s")
        await asyncio.sleep(0.1)
    state: Any = await read_again(lambda: client.threads.get_state(thread_id))
    return dict(state["values"])
