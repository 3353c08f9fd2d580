"""Council graphs as agents under `langgraph dev`: in a supervisor, in a swarm, and from Studio's
chat input (JSON message dicts), driven through `langgraph_sdk`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk.client import LangGraphClient

from tests.graphs.councils import DECISION
from tests.studio.agents_app import AS_AGENT_GRAPHS
from tests.studio.dev_server import REPO, Server, langgraph_dev

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

APP = Path(__file__).with_name("agents_app.py")


@pytest.fixture(scope="module")
def server(pg_server: str) -> Iterator[Server]:
    """`langgraph dev` on the repo's config plus this module's graphs."""
    graphs = {gid: f"{APP}:{factory}" for gid, factory in AS_AGENT_GRAPHS.items()}
    with langgraph_dev(pg_server, graphs=graphs, env={"PYTHONPATH": str(REPO)}) as running:
        yield running


def _chat(text: str) -> dict[str, Any]:
    """What Studio's chat pane sends: JSON message dicts."""
    return {"messages": [{"type": "human", "content": text}]}


def _outcomes(values: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        m
        for m in values["messages"]
        if m["type"] == "ai"
        and m.get("name") == "council"
        and m.get("response_metadata", {}).get("kind") == "outcome"
    ]


async def test_a_supervisor_routes_to_the_meeting_under_langgraph_dev(
    client: LangGraphClient,
) -> None:
    thread = await client.threads.create()
    out: Any = await client.runs.wait(
        thread["thread_id"], "as_agent_supervisor", input=_chat("Which database for billing?")
    )
    (council,) = _outcomes(out)
    assert f"Decisions:\n- {DECISION}" in council["content"]
    assert out["messages"][-1]["name"] == "supervisor"
    assert f"- {DECISION}" in out["messages"][-1]["content"]


async def test_a_human_conflict_in_a_supervisor_resumes_under_langgraph_dev(
    client: LangGraphClient,
) -> None:
    thread = await client.threads.create()
    tid = thread["thread_id"]
    question = _chat("Postgres or MongoDB for billing?")
    await client.runs.wait(tid, "as_agent_supervisor_human", input=question)
    paused: Any = await client.threads.get_state(tid)
    (waiting,) = paused["interrupts"]
    assert waiting["value"]["escalation_id"]
    ruling = {
        "decision": "winner",
        "winning_agent_id": "ops",
        "reasoning": "we already run it",
        "decided_by": "human:studio",
    }
    out: Any = await client.runs.wait(tid, "as_agent_supervisor_human", command={"resume": ruling})
    assert "ops's position stands" in out["messages"][-1]["content"]


async def test_a_swarm_hands_to_the_meeting_and_back_under_langgraph_dev(
    client: LangGraphClient,
) -> None:
    thread = await client.threads.create()
    out: Any = await client.runs.wait(
        thread["thread_id"], "as_agent_swarm", input=_chat("Which database for billing?")
    )
    assert out["active_agent"] == "alice"
    assert out["messages"][-1]["name"] == "alice"
    assert f"- {DECISION}" in out["messages"][-1]["content"]


async def test_chat_input_starts_a_meeting_and_a_follow_up_sees_its_minutes(
    client: LangGraphClient,
) -> None:
    thread = await client.threads.create()
    tid = thread["thread_id"]
    first: Any = await client.runs.wait(
        tid, "as_agent_meeting", input=_chat("Which database for billing?")
    )
    (outcome,) = _outcomes(first)
    assert outcome["content"].startswith("The meeting ended: Which database for billing?")
    assert not outcome["content"].lstrip().startswith("{")
    second: Any = await client.runs.wait(
        tid, "as_agent_meeting", input=_chat("Who sets up the backups?")
    )
    assert second["minutes"]["agenda"]["title"] == "Who sets up the backups?"
    assert first["minutes"]["meeting_id"] in second["minutes"]["agenda"]["context"]
    assert len(_outcomes(second)) == 2


async def test_chat_input_starts_a_debate_under_langgraph_dev(client: LangGraphClient) -> None:
    thread = await client.threads.create()
    out: Any = await client.runs.wait(
        thread["thread_id"], "as_agent_debate", input=_chat("Postgres or MongoDB for billing?")
    )
    (outcome,) = _outcomes(out)
    assert outcome["content"].startswith("Ruling on Postgres or MongoDB for billing?: dev's")
    assert out["resolution"]["winning_agent_id"] == "dev"


async def test_chat_input_starts_a_pipeline_that_ends_in_prose_under_langgraph_dev(
    client: LangGraphClient,
) -> None:
    thread = await client.threads.create()
    tid = thread["thread_id"]
    await client.runs.wait(tid, "coordination", input=_chat("Build the billing service"))
    paused: Any = await client.threads.get_state(tid)
    assert paused["next"] == ["await_merge_decision"]  # the demo's semantic conflict waits
    keep: Any = {"decision": "keep", "reasoning": "invoice-api moves it", "decided_by": "human:t"}
    out: Any = await client.runs.wait(tid, "coordination", command={"resume": keep})
    assert out["result"]["task_id"].startswith("asked-")  # the task came from the message
    assert out["result"]["rollup"] == "completed"
    (outcome,) = _outcomes(out)
    text = outcome["content"]
    assert not text.lstrip().startswith("{")
    assert text.startswith(f"Task {out['result']['task_id']}: completed.")
    assert "4 subtasks: 4 done" in text and "Merged: " in text
