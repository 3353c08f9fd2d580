"""Org memory on an async-only store: `AsyncPostgresStore` beside `AsyncPostgresSaver`, the pair
an async app (and LangGraph Server's Postgres runtime) runs with. A second meeting recalls the
first's decision under `ainvoke` and `astream`; `OrgMemory` reads the records."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.store.postgres.aio import AsyncPostgresStore

from langgraph_council.checkpoints import OrgMemory
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_meeting_graph,
)
from langgraph_council.graphs._demo.data import demo_agenda, demo_conflict
from tests.memory.conftest import REST
from tests.memory.families import PARTICIPANTS, prompts, scripted_roster

pytestmark = pytest.mark.postgres

ACME = {"memory": {"org": "acme"}}


@pytest.mark.parametrize("protocol", ["round_robin", "structured_phases"])
async def test_a_second_meeting_recalls_the_first_on_an_async_postgres_store(
    pg_db: str, protocol: str
) -> None:
    roster, model = scripted_roster()
    inp: Any = {"agenda": demo_agenda(), "leader_id": "cto", "participant_ids": PARTICIPANTS}
    async with (
        AsyncPostgresSaver.from_conn_string(pg_db) as saver,
        AsyncPostgresStore.from_conn_string(pg_db) as store,
    ):
        await store.setup()
        graph = create_meeting_graph(roster, protocol=protocol, checkpointer=saver, store=store)
        first = await graph.ainvoke(inp, {"configurable": {"thread_id": "a1"}}, context=ACME)
        assert REST in first["minutes"].decisions
        seen = len(model.calls)
        cfg: Any = {"configurable": {"thread_id": "a2"}}
        async for _ in graph.astream(inp, cfg, context=ACME, stream_mode="updates"):
            pass
        assert any(f"D1 decided: {REST}" in p for p in prompts(model.calls[seen:]))
        listed = await asyncio.to_thread(OrgMemory(store).list, org="acme", thread_id="a1")
    assert {i.value["kind"] for i in listed} >= {"meeting", "position"}


async def test_a_second_debate_sees_the_earlier_ruling_on_an_async_postgres_store(
    pg_db: str,
) -> None:
    roster, model = scripted_roster()
    graph_of = lambda saver, store: create_conflict_graph(  # noqa: E731
        roster.org, roster, config=ConflictResolutionConfig(strategy="debate"),
        checkpointer=saver, store=store,
    )  # fmt: skip
    async with (
        AsyncPostgresSaver.from_conn_string(pg_db) as saver,
        AsyncPostgresStore.from_conn_string(pg_db) as store,
    ):
        await store.setup()
        graph = graph_of(saver, store)
        inp = {"conflict": demo_conflict()}
        first = await graph.ainvoke(inp, {"configurable": {"thread_id": "c1"}}, context=ACME)
        seen = len(model.calls)
        await graph.ainvoke(inp, {"configurable": {"thread_id": "c2"}}, context=ACME)
    winner = first["resolution"].winning_agent_id
    shown = [p for p in prompts(model.calls[seen:]) if "Org memory:" in p]
    assert shown and f"{winner} won with" in shown[-1] and "thread c1" in shown[-1]
