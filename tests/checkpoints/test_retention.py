"""Retention on real Postgres: finished meeting threads shrink and still read back; unfinished
threads are never pruned by default; delete removes a thread and its operational rows."""

from __future__ import annotations

import asyncio
import operator
from typing import Annotated, Any, TypedDict

import psycopg
import pytest
from langgraph.graph import END, START, StateGraph

from langgraph_council.checkpoints import (
    adelete_thread,
    aprune_threads,
    async_postgres_checkpointer,
    delete_thread,
    postgres_checkpointer,
    prune_threads,
)
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel

AGENTS = ["lead", "ana", "bo", "cy"]
ORG = Org(
    [AgentProfile(id=a, name=a.title(), role="dev", department="eng", level="mid") for a in AGENTS]
)
RR = {"round_robin": {"max_turns_per_agent": 3}}


def _graph(saver: Any) -> Any:
    roster = Roster(ORG, default_model=ScriptedChatModel(lambda call: "A view. " * 30))
    return create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)


def _input() -> dict[str, Any]:
    return {
        "agenda": {"title": "Retention", "context": "Prune me"},
        "leader_id": "lead",
        "participant_ids": AGENTS[1:],
        "token_budget": 1_000_000,
    }


def _cfg(thread_id: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread_id}}


def _rows(uri: str, table: str, thread_id: str) -> int:
    with psycopg.connect(uri) as conn:
        row = conn.execute(f"SELECT count(*) FROM {table} WHERE thread_id = %s", (thread_id,))
        return int(row.fetchone()[0])  # type: ignore[index]


def test_prune_shrinks_finished_meetings_and_keeps_them_readable(pg_db: str) -> None:
    with postgres_checkpointer(pg_db) as saver:
        graph = _graph(saver)
        finished = [f"done-{i}" for i in range(3)]
        for thread_id in finished:
            graph.invoke(_input(), _cfg(thread_id), context=RR, durability="sync")
        graph.invoke(_input(), _cfg("paused"), context=RR, interrupt_before=["take_turn"])
        before = {t: graph.get_state(_cfg(t)).values for t in finished}
        assert graph.get_state(_cfg("paused")).next

        report = prune_threads(saver, vacuum="full")

        assert sorted(report.pruned) == finished, report
        assert sorted(report.delta_threads) == finished
        assert ("paused", "unfinished (interrupted, crashed or drained)") in report.skipped
        assert report.live_bytes_after < report.live_bytes_before
        assert report.bytes_after < report.bytes_before
        for thread_id in finished:
            state = graph.get_state(_cfg(thread_id))
            assert state.next == ()
            assert state.values["minutes"] == before[thread_id]["minutes"]
            assert state.values["contributions"] == before[thread_id]["contributions"]
        # the unfinished thread was left alone and still runs to the end
        graph.invoke(None, _cfg("paused"), context=RR)
        assert graph.get_state(_cfg("paused")).values["minutes"].summary
        # a second prune of the same threads finds nothing more to free
        again = prune_threads(saver, thread_ids=finished)
        assert again.live_bytes_after == again.live_bytes_before


def test_delete_removes_thread_and_operational_rows_keeps_audit(pg_db: str) -> None:
    with postgres_checkpointer(pg_db) as saver:
        graph = _graph(saver)
        graph.invoke(_input(), _cfg("gone"), context=RR)
        graph.invoke(_input(), _cfg("stays"), context=RR)
        with psycopg.connect(pg_db, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO council_resume_attempts (thread_id, attempts) VALUES ('gone', 1)"
            )
        report = delete_thread(saver, "gone")
        assert report.pruned == ("gone",)
        assert report.rows_deleted["council_resume_attempts"] == 1
        assert _rows(pg_db, "checkpoints", "gone") == 0
        assert _rows(pg_db, "checkpoint_writes", "gone") == 0
        assert _rows(pg_db, "council_resume_attempts", "gone") == 0
        assert graph.get_state(_cfg("stays")).values["minutes"].summary
        with pytest.raises(ValueError, match="strategy='drop'"):
            prune_threads(saver, strategy="drop")  # type: ignore[arg-type]


def test_async_prune_and_delete(pg_db: str) -> None:
    async def run() -> None:
        async with async_postgres_checkpointer(pg_db) as saver:
            graph = _graph(saver)
            for thread_id in ("a", "b"):
                await graph.ainvoke(_input(), _cfg(thread_id), context=RR)
            report = await aprune_threads(saver, thread_ids=["a"])
            assert report.pruned == ("a",)
            assert report.live_bytes_after < report.live_bytes_before
            state = await graph.aget_state(_cfg("a"))
            assert state.values["minutes"].summary
            deleted = await adelete_thread(saver, "b")
            assert deleted.pruned == ("b",)
            assert (await graph.aget_state(_cfg("b"))).values == {}

    asyncio.run(run())


class _Loop(TypedDict):
    items: Annotated[list[str], operator.add]


def test_plain_thread_goes_through_checkpoint_postgres_keep_latest(pg_db: str) -> None:
    """A thread without a DeltaChannel is pruned by checkpoint-postgres's own keep_latest."""
    builder = StateGraph(_Loop)
    builder.add_node("step", lambda s: {"items": [f"item {len(s['items'])} " * 50]})
    builder.add_edge(START, "step")
    builder.add_conditional_edges("step", lambda s: "step" if len(s["items"]) < 20 else END)
    with postgres_checkpointer(pg_db) as saver:
        graph = builder.compile(checkpointer=saver)
        graph.invoke({"items": []}, _cfg("plain"))
        values = graph.get_state(_cfg("plain")).values
        report = prune_threads(saver, dry_run=True)
        assert report.pruned == ("plain",)
        assert report.live_bytes_after == report.live_bytes_before
        report = prune_threads(saver)
        assert report.pruned == ("plain",)
        assert report.delta_threads == ()
        assert _rows(pg_db, "checkpoints", "plain") == 1
        assert report.live_bytes_after < report.live_bytes_before / 5
        assert graph.get_state(_cfg("plain")).values == values
