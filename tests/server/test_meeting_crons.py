"""Scheduled meetings on LangGraph Server: crons created from the config, and a run observed.

The run is observed on a replica started with `LANGGRAPH_AES_KEY` set (and pycryptodome
installed), as docs/deploy.md tells deployers. Without it no cron run starts on
langgraph-runtime-pg 0.11.1.post1: the cron keeps its creator's identity ("" without auth,
langgraph_runtime_pg/ops.py:3588), langgraph-api 0.11.1's scheduler wraps it in a `SimpleUser`
(langgraph_api/worker.py:97) that `create_valid_run` puts in the run's `configurable`
(langgraph_api/models/run.py:276), and the runtime's JSONB `runs.kwargs` column cannot store it
(`TypeError: Object of type SimpleUser is not JSON serializable`). With the key set, every run
goes through langgraph-api's encryption step, which first turns a user object into a plain dict
(langgraph_api/encryption/middleware.py:86-106); with no `LANGGRAPH_AES_JSON_KEYS` it encrypts
nothing.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient

from langgraph_council.graphs import MeetingType, create_meeting_crons
from tests.conftest import fresh_database
from tests.served import read_again
from tests.server.cluster import Replica, ServerExtraMissingError, cluster
from tests.server.conftest import LATENCY

pytestmark = [pytest.mark.server, pytest.mark.postgres, pytest.mark.slow]

CRON_KEY = "council_meeting_type"
AES_KEY = "council-cron-test-key-32-bytes!!"
"""32 bytes: `LANGGRAPH_AES_KEY` must be 16, 24 or 32 bytes long."""


@pytest.fixture(scope="module")
def cron_replica(pg_server: str) -> Iterator[Replica]:
    """One replica of a deployment with `LANGGRAPH_AES_KEY` set (docs/deploy.md, crons)."""
    with (
        tempfile.TemporaryDirectory(prefix="council-crons-") as tmp,
        fresh_database(pg_server, prefix="crons") as conninfo,
    ):
        try:
            with cluster(
                conninfo, Path(tmp), ("cron",), COUNCIL_DEMO_LATENCY=LATENCY,
                LANGGRAPH_AES_KEY=AES_KEY,
            ) as running:  # fmt: skip
                yield running.replicas["cron"]
        except ServerExtraMissingError as exc:
            pytest.fail(str(exc))
        logs = "".join(p.read_text(errors="replace") for p in Path(tmp).glob("*.log"))
        assert "Error scheduling cron run" not in logs, "the cron scheduler failed: see the log"


@pytest.fixture
async def cron_client(cron_replica: Replica) -> AsyncIterator[LangGraphClient]:
    async with get_client(url=cron_replica.url) as sdk:
        yield sdk


def _types(name: str) -> list[MeetingType]:
    common: Any = {
        "protocol": "round_robin",
        "leader": "cto",
        "participants": ["backend_lead", "frontend_lead"],
        "agenda": {"title": "Standup"},
        "token_budget": 20_000,
        "config": {"round_robin": {"max_turns_per_agent": 1}},
    }
    return [
        MeetingType.model_validate({"name": name, "frequency": "1s", **common}),
        MeetingType.model_validate({"name": f"{name}-retro", "trigger": "deploy", **common}),
    ]


async def _delete(client: LangGraphClient, name: str) -> None:
    for old in await read_again(lambda: client.crons.search(metadata={CRON_KEY: name})):
        await read_again(lambda: client.crons.delete(old["cron_id"]))  # noqa: B023 - awaited here


async def test_crons_and_assistants_are_created_from_the_config_once_per_type(
    replica_a: LangGraphClient, replica_b: LangGraphClient
) -> None:
    name = f"standup-{uuid.uuid4().hex[:8]}"
    try:
        (cron,) = await create_meeting_crons(replica_a, _types(name))  # the trigger is skipped
        assert cron["schedule"] == "* * * * *"
        assert cron["payload"]["input"]["leader_id"] == "cto"
        again = await create_meeting_crons(replica_b, _types(name))  # replaced, not doubled
        assert again[0]["cron_id"] != cron["cron_id"]
        assert await replica_a.crons.count(metadata={CRON_KEY: name}) == 1
        (assistant,) = await replica_a.assistants.search(metadata={CRON_KEY: name})
        assert assistant["graph_id"] == "meeting_round_robin"
        assert assistant["context"]["round_robin"] == {"max_turns_per_agent": 1}
        assert assistant["context"]["meeting_type"] == name
    finally:
        await _delete(replica_a, name)


async def test_a_cron_runs_the_scheduled_meeting(cron_client: LangGraphClient) -> None:
    name = f"standup-{uuid.uuid4().hex[:8]}"
    try:
        await create_meeting_crons(cron_client, _types(name))
        deadline = time.monotonic() + 150  # a minute cron fires within ~65 s
        minutes: list[Any] = []
        while time.monotonic() < deadline and not minutes:
            await asyncio.sleep(2)
            threads = await read_again(
                lambda: cron_client.threads.search(metadata={CRON_KEY: name}, limit=5)
            )
            for thread in threads:
                state: Any = await read_again(
                    lambda: cron_client.threads.get_state(thread["thread_id"])  # noqa: B023
                )
                if (state.get("values") or {}).get("minutes"):
                    minutes.append(state["values"]["minutes"])
        assert minutes, "no cron run of the scheduled meeting finished in 150 s"
        assert minutes[0]["status"] == "completed" and minutes[0]["leader_id"] == "cto"
        spoken = [(c["agent_id"], c["phase"]) for c in minutes[0]["contributions"]]
        assert spoken == [  # the type's tunables (one turn each) reached the cron's run
            ("backend_lead", "round_robin"),
            ("frontend_lead", "round_robin"),
            ("cto", "summary"),
        ]
    finally:
        await _delete(cron_client, name)
