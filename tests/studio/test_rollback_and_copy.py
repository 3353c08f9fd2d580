"""`multitask_strategy="rollback"` and Studio's thread copy under `langgraph dev`, on our saver.

The scripted agents take `COUNCIL_DEMO_LATENCY` seconds a reply here, so a meeting is still
running when a second run on its thread asks for a rollback. The server cancels the first run,
deletes it and calls our saver's `adelete_for_runs`: none of its checkpoints, writes or blobs may
stay behind, and the thread reads back as the second run left it. (With a saver lacking
`adelete_for_runs`, the plain `AsyncPostgresSaver`, the rollback request fails with a 500 and the
first run's worker dies with the same RuntimeError.) The same slow replies let
`council threads cancel` reach a meeting while the server is still running it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import psycopg
import pytest
from langgraph_sdk.client import LangGraphClient

from langgraph_council.graphs.studio import LATENCY_ENV
from langgraph_council.nodes._meetings.transcript import contributions_of
from tests.checkpoints.orphans import orphans
from tests.cli_runner import run_cli
from tests.served import finished
from tests.studio.dev_server import Server, langgraph_dev

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture(scope="module")
def server(pg_server: str) -> Iterator[Server]:
    with langgraph_dev(pg_server, prefix="rollback", env={LATENCY_ENV: "0.5"}) as running:
        yield running


def meeting(title: str) -> Any:
    return {
        "agenda": {"title": title},
        "leader_id": "cto",
        "participant_ids": ["backend_lead", "frontend_lead"],
        "token_budget": 50_000,
    }


def checkpoints_of_run(uri: str, run_id: str) -> int:
    with psycopg.connect(uri) as conn:
        row = conn.execute(
            "SELECT count(*) FROM checkpoints WHERE metadata ->> 'run_id' = %s", (run_id,)
        ).fetchone()
    return int(row[0]) if row else 0


async def eventually(check: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Poll `check` until it holds; fail naming `what` if it never does."""
    for _ in range(int(timeout / 0.1)):
        if await asyncio.to_thread(check):
            return
        await asyncio.sleep(0.1)
    pytest.fail(f"never happened: {what}")


async def test_a_rolled_back_run_leaves_no_checkpoints_behind(
    client: LangGraphClient, server: Server
) -> None:
    thread_id = (await client.threads.create())["thread_id"]
    long_meeting: Any = {"round_robin": {"max_turns_per_agent": 4}}
    first = await client.runs.create(
        thread_id, "meeting_round_robin", input=meeting("REST or GraphQL?"), context=long_meeting
    )
    await eventually(
        lambda: checkpoints_of_run(server.database, first["run_id"]) >= 3,
        "the first run wrote checkpoints",
    )
    second = await asyncio.wait_for(  # a saver without adelete_for_runs: 500, then retries
        client.runs.create(
            thread_id,
            "meeting_round_robin",
            input=meeting("Which queue?"),
            context={"round_robin": {"max_turns_per_agent": 1}},
            multitask_strategy="rollback",
        ),
        timeout=60,
    )
    assert await finished(client, thread_id, second["run_id"]) == "success"

    with pytest.raises(httpx.HTTPStatusError) as gone:  # rolled back means deleted
        await client.runs.get(thread_id, first["run_id"])
    assert gone.value.response.status_code == 404
    assert checkpoints_of_run(server.database, first["run_id"]) == 0
    assert orphans(server.database) == (0, 0)
    state: Any = await client.threads.get_state(thread_id)
    assert state["values"]["minutes"]["agenda"]["title"] == "Which queue?"
    history: Any = await client.threads.get_history(thread_id, limit=100)
    assert {h["metadata"]["run_id"] for h in history} == {second["run_id"]}
    log = server.log.read_text()
    assert "missing adelete_for_runs" not in log and "missing acopy_thread" not in log
    assert "Failed to clean up custom checkpointer" not in log


async def test_studio_copies_a_thread_with_its_whole_history(client: LangGraphClient) -> None:
    thread_id = (await client.threads.create())["thread_id"]
    await client.runs.wait(
        thread_id,
        "meeting_round_robin",
        input=meeting("Monorepo?"),
        context={"round_robin": {"max_turns_per_agent": 1}},
    )
    copy_id = (await client.threads.copy(thread_id))["thread_id"]
    source: Any = await client.threads.get_history(thread_id, limit=100)
    copied: Any = await client.threads.get_history(copy_id, limit=100)
    assert [h["checkpoint"]["checkpoint_id"] for h in copied] == [
        h["checkpoint"]["checkpoint_id"] for h in source
    ]
    assert [h["values"] for h in copied] == [h["values"] for h in source]
    assert copied[0]["metadata"]["thread_id"] == copy_id
    await client.threads.delete(thread_id)  # the copy stands on its own
    kept: Any = await client.threads.get_state(copy_id)
    assert kept["values"]["minutes"]["agenda"]["title"] == "Monorepo?"


async def test_council_threads_cancel_ends_a_meeting_running_on_the_server(
    client: LangGraphClient, server: Server
) -> None:
    thread_id = (await client.threads.create())["thread_id"]
    run = await client.runs.create(  # 40 turns at 0.5 s a reply: still running when cancelled
        thread_id,
        "meeting_round_robin",
        input=meeting("Rewrite the billing service?"),
        context={"round_robin": {"max_turns_per_agent": 20}},
    )

    async def spoken() -> int:
        state: Any = await client.threads.get_state(thread_id)
        return len(contributions_of(state.get("values") or {}))

    for _ in range(600):
        if await spoken() >= 1:
            break
        await asyncio.sleep(0.1)
    cancel = await asyncio.to_thread(
        run_cli, "threads", "cancel", thread_id, "--db", server.database, "--reason", "out of time"
    )
    assert cancel.status == 0, cancel.err
    said = " ".join(cancel.out.split())
    assert "ends cancelled at its next turn boundary if a server runs it" in said

    assert await finished(client, thread_id, run["run_id"]) == "success"
    state: Any = await client.threads.get_state(thread_id)
    minutes = state["values"]["minutes"]
    assert minutes["status"] == "cancelled" and minutes["stop_reason"] == "cancelled: out of time"
    phases = [c["phase"] for c in minutes["contributions"]]
    assert 1 <= len(phases) < 40 and set(phases) == {"round_robin"}  # no summary was held
    assert state["next"] == []  # nothing left to run on the thread
    assert len(contributions_of(state["values"])) == len(phases)  # no turn after the cancel
    runs = await client.runs.list(thread_id)
    assert [(r["run_id"], r["status"]) for r in runs] == [(run["run_id"], "success")]
    again = await asyncio.to_thread(
        run_cli, "threads", "cancel", thread_id, "--db", server.database
    )
    assert again.status == 1 and "has ended: nothing to cancel" in again.err
