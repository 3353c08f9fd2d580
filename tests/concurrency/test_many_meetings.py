"""50 meeting threads at once against one Postgres through an async pool: no error, no lost
checkpoint (every thread's chain is as long as the same meeting run alone and unbroken), and
every thread's minutes are complete."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import psycopg

from langgraph_council.checkpoints import async_postgres_checkpointer
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel

AGENTS = ["lead", "ana", "bo", "cy"]
ORG = Org(
    [AgentProfile(id=a, name=a.title(), role="dev", department="eng", level="mid") for a in AGENTS]
)
RR = {"round_robin": {"max_turns_per_agent": 2}}
THREADS = 50


def _input(n: int) -> dict[str, Any]:
    return {
        "agenda": {"title": f"Meeting {n}", "context": "Concurrency"},
        "leader_id": "lead",
        "participant_ids": AGENTS[1:],
        "token_budget": 1_000_000,
    }


def _chains(uri: str) -> dict[str, tuple[int, int]]:
    """Per thread: (top-level checkpoints, checkpoints whose parent is missing)."""
    with psycopg.connect(uri) as conn:
        rows = conn.execute(
            """SELECT c.thread_id, count(*),
                      count(*) FILTER (WHERE c.parent_checkpoint_id IS NOT NULL AND NOT EXISTS (
                          SELECT 1 FROM checkpoints p WHERE p.thread_id = c.thread_id
                            AND p.checkpoint_ns = '' AND p.checkpoint_id = c.parent_checkpoint_id))
               FROM checkpoints c WHERE c.checkpoint_ns = '' GROUP BY c.thread_id"""
        ).fetchall()
    return {str(r[0]): (int(r[1]), int(r[2])) for r in rows}


async def test_fifty_meetings_at_once_through_a_pool(pg_db: str) -> None:
    model = ScriptedChatModel(lambda call: "A view with reasons. " * 8, latency=0.01)
    roster = Roster(ORG, default_model=model)
    async with async_postgres_checkpointer(pg_db, pool_size=8) as saver:
        graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        alone = {"configurable": {"thread_id": "alone"}}
        await graph.ainvoke(_input(-1), alone, context=RR, durability="sync")
        configs = [{"configurable": {"thread_id": f"t{n}"}} for n in range(THREADS)]
        outs = await asyncio.gather(
            *(
                graph.ainvoke(_input(n), cfg, context=RR, durability="sync")
                for n, cfg in enumerate(configs)
            )
        )
        states = [await graph.aget_state(cfg) for cfg in configs]

    chains = _chains(pg_db)
    expected = chains.pop("alone")
    assert expected[1] == 0
    assert chains == {f"t{n}": expected for n in range(THREADS)}
    for n, (out, state) in enumerate(zip(outs, states, strict=True)):
        minutes = out["minutes"]
        assert minutes.agenda.title == f"Meeting {n}"
        assert minutes.status == "completed"
        assert minutes.summary
        turns = [c for c in minutes.contributions if c.phase == "round_robin"]
        assert sorted(c.turn for c in turns) == list(range(6))
        assert Counter(c.agent_id for c in turns) == {agent: 2 for agent in AGENTS[1:]}
        assert state.next == ()
        assert state.values["minutes"].with_words(state.values["messages"]) == minutes
