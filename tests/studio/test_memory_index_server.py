"""Org memory's index search on the server's own store: `langgraph dev` with a `store.index`
in langgraph.json (a deterministic test embedding loaded by path). A second meeting with
another title (so another topic) but a similar agenda recalls the first one's decision through
the store's index search; on the same server without the index it does not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk.client import LangGraphClient

from langgraph_council.graphs._demo.data import demo_agenda
from langgraph_council.nodes import MeetingMinutes
from tests.memory.families import PARTICIPANTS
from tests.studio.dev_server import REPO, Server, langgraph_dev
from tests.studio.memory_app import RECALLED

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

EMBEDDING = Path(__file__).parents[1] / "memory" / "embedding.py"
INDEX = {"index": {"embed": f"{EMBEDDING}:embed", "dims": 16, "fields": ["text"]}}
CONTEXT = {"round_robin": {"max_turns_per_agent": 1}, "memory": {"org": "acme"}}
APP = Path(__file__).with_name("memory_app.py")


@pytest.fixture(scope="module", params=["index", "no_index"])
def server(request: pytest.FixtureRequest, pg_server: str) -> Iterator[Server]:
    """`langgraph dev` serving `recalling_meeting`, with or without the store's index."""
    with langgraph_dev(
        pg_server,
        graphs={"recalling_meeting": f"{APP}:recalling_meeting"},
        env={"PYTHONPATH": str(REPO)},
        store=INDEX if request.param == "index" else None,
    ) as running:
        yield running


async def _meeting(client: LangGraphClient, agenda: dict[str, Any]) -> MeetingMinutes:
    thread = await client.threads.create()
    inp = {"agenda": agenda, "leader_id": "cto", "participant_ids": PARTICIPANTS}
    out = await client.runs.wait(
        thread["thread_id"],
        "recalling_meeting",
        input={**inp, "token_budget": 40_000},
        context=CONTEXT,
    )
    assert isinstance(out, dict), out
    return MeetingMinutes.model_validate(out["minutes"])


async def test_a_similar_agenda_recalls_the_decision_only_through_the_index(
    client: LangGraphClient, server: Server, request: pytest.FixtureRequest
) -> None:
    first = await _meeting(client, demo_agenda().model_dump(mode="json"))
    assert first.decisions and not [c for c in first.contributions if RECALLED in c.content]
    other = {"title": "Public API: REST or GraphQL for partners this year?"}
    second = await _meeting(client, other)
    assert second.agenda.title != first.agenda.title  # another topic: keys cannot find it
    recalled = [c.agent_id for c in second.contributions if c.content.startswith(RECALLED)]
    indexed = request.node.callspec.params["server"] == "index"
    assert bool(recalled) is indexed, (request.node.name, recalled)
