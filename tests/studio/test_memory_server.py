"""Org memory under `langgraph dev`: runs switch it on in their context and write to the
server's own store; `council memory ... --server URL` lists, shows and forgets those records
from another process."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from langgraph_sdk.client import LangGraphClient

from langgraph_council.nodes import MeetingMinutes
from tests.cli_runner import council
from tests.studio.dev_server import Server, langgraph_dev

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

MEETING: Any = {
    "agenda": {"title": "REST or GraphQL?"},
    "leader_id": "cto",
    "participant_ids": ["backend_lead", "frontend_lead"],
    "token_budget": 20_000,
}
CONTEXT = {"round_robin": {"max_turns_per_agent": 1}, "memory": {"org": "acme"}}


@pytest.fixture(scope="module")
def server(pg_server: str) -> Iterator[Server]:
    """`langgraph dev` on the repository's config, for the whole module."""
    with langgraph_dev(pg_server) as running:
        yield running


async def _meeting(client: LangGraphClient, context: dict[str, Any]) -> str:
    thread = await client.threads.create()
    out = await client.runs.wait(
        thread["thread_id"], "meeting_round_robin", input=MEETING, context=context
    )
    assert isinstance(out, dict), out
    assert MeetingMinutes.model_validate(out["minutes"]).status == "completed"
    return str(thread["thread_id"])


async def test_the_servers_store_keeps_memory_the_cli_reads_and_forgets(
    client: LangGraphClient, server: Server
) -> None:
    await _meeting(client, {"round_robin": {"max_turns_per_agent": 1}})  # memory off
    assert (await client.store.search_items(["council"]))["items"] == []
    first = await _meeting(client, CONTEXT)
    await _meeting(client, CONTEXT)  # it recalls the first (the prompts: tests/memory)
    found = await client.store.search_items(["council", "acme"], filter={"thread_id": first})
    assert {i["value"]["kind"] for i in found["items"]} == {"meeting", "position"}
    listed = council("memory", "list", "--server", server.url, "--org", "acme", "--json")
    assert listed.returncode == 0, listed.stderr
    records = json.loads(listed.stdout)["records"]
    meetings = [r["value"]["thread_id"] for r in records if r["value"]["kind"] == "meeting"]
    assert len(meetings) == 2 and first in meetings
    one = next(r for r in records if r["value"]["thread_id"] == first)
    shown = council("memory", "show", one["id"], "--server", server.url, "--json")
    assert json.loads(shown.stdout)["value"]["thread_id"] == first
    gone = council("memory", "forget", "--thread", first, "--server", server.url, "--json")
    assert json.loads(gone.stdout)["forgotten"] >= 1
    left = await client.store.search_items(["council", "acme"], filter={"thread_id": first})
    assert left["items"] == []
