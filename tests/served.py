"""What the server and `langgraph dev` tests ask of a running deployment through the SDK."""

from __future__ import annotations

from typing import Any

from langgraph_sdk.client import LangGraphClient

from langgraph_council.nodes._demo import demo_conflict


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
