"""`delete_for_runs` and `copy_thread` of the package's savers on real graphs and PostgreSQL.

What the conformance suite does not look at: a deleted run leaves no unreferenced blob or
stray write behind and the thread reads back as it was before the run (subgraph namespaces
included); a copied thread resumes on its own while the source keeps waiting; a copy never
lands on a thread that has a history; the async saver's sync bridges.
"""

from __future__ import annotations

import asyncio
import operator
from typing import Annotated, Any

import psycopg
import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command
from typing_extensions import TypedDict

from langgraph_council.checkpoints import async_postgres_checkpointer, postgres_checkpointer
from tests.checkpoints.counter import approval_graph
from tests.checkpoints.orphans import orphans

pytestmark = pytest.mark.postgres


def run_rows(uri: str, run_id: str) -> dict[str, int]:
    """Checkpoints carrying `run_id` in their metadata, per namespace kind (root or child)."""
    with psycopg.connect(uri) as conn:
        rows = conn.execute(
            "SELECT checkpoint_ns = '' AS root, count(*) FROM checkpoints "
            "WHERE metadata ->> 'run_id' = %s GROUP BY 1",
            (run_id,),
        ).fetchall()
    return {"root" if root else "child": int(n) for root, n in rows}


class Notes(TypedDict):
    notes: Annotated[list[str], operator.add]
    count: int


def note(state: Notes) -> dict[str, Any]:
    return {"notes": [f"note {state['count'] + 1}"], "count": state["count"] + 1}


def with_subgraph(saver: BaseCheckpointSaver[Any]) -> Any:
    """A parent whose `inner` node is a subgraph: its checkpoints live in a child namespace."""
    inner = StateGraph(Notes)
    inner.add_node("note", note)
    inner.add_edge(START, "note")
    inner.add_edge("note", END)
    outer = StateGraph(Notes)
    outer.add_node("first", note)
    outer.add_node("inner", inner.compile())
    outer.add_edge(START, "first")
    outer.add_edge("first", "inner")
    outer.add_edge("inner", END)
    return outer.compile(checkpointer=saver)


def run_config(thread_id: str, run_id: str) -> Any:
    return {"configurable": {"thread_id": thread_id}, "metadata": {"run_id": run_id}}


def test_deleting_the_last_run_of_the_sync_saver_restores_the_thread(pg_db: str) -> None:
    with postgres_checkpointer(pg_db, setup=False) as saver:
        graph = with_subgraph(saver)
        graph.invoke({"notes": [], "count": 0}, run_config("t", "run-1"))
        before = graph.get_state({"configurable": {"thread_id": "t"}})
        graph.invoke({"notes": ["again"], "count": 10}, run_config("t", "run-2"))
        assert set(run_rows(pg_db, "run-2")) == {"root", "child"}

        saver.delete_for_runs(["run-2"])

        after = graph.get_state({"configurable": {"thread_id": "t"}})
        history = list(graph.get_state_history({"configurable": {"thread_id": "t"}}))
    assert after.values == before.values == {"notes": ["note 1", "note 1", "note 2"], "count": 2}
    assert after.config == before.config
    assert {h.metadata["run_id"] for h in history if h.metadata} == {"run-1"}
    assert run_rows(pg_db, "run-2") == {} and run_rows(pg_db, "run-1")["child"] >= 1
    assert orphans(pg_db) == (0, 0)


async def test_deleting_runs_of_the_async_saver_leaves_no_orphan_rows(pg_db: str) -> None:
    async with async_postgres_checkpointer(pg_db, setup=False, pool_size=2) as saver:
        graph = with_subgraph(saver)
        for n in (1, 2, 3):
            await graph.ainvoke({"notes": [], "count": 0}, run_config("t", f"run-{n}"))
        await graph.ainvoke({"notes": [], "count": 0}, run_config("other", "run-2"))
        await saver.adelete_for_runs(["run-2", "run-3"])
        await saver.adelete_for_runs([])  # nothing to do
        state = await graph.aget_state({"configurable": {"thread_id": "t"}})
        other = await graph.aget_state({"configurable": {"thread_id": "other"}})
        with pytest.raises(TypeError, match=r"run_ids .* pass \[it\]"):
            await saver.adelete_for_runs("run-1")
    assert state.values == {"notes": ["note 1", "note 1", "note 2"], "count": 2}
    assert state.metadata is not None and state.metadata["run_id"] == "run-1"
    assert other.values == {}  # the thread held only the deleted run
    assert run_rows(pg_db, "run-2") == run_rows(pg_db, "run-3") == {}
    assert orphans(pg_db) == (0, 0)


SERVED_ID = "1f0a0000-0000-6000-8000-000000000000"


def test_a_copied_thread_resumes_on_its_own_while_the_source_keeps_waiting(pg_db: str) -> None:
    source, copy = {"configurable": {"thread_id": "src"}}, {"configurable": {"thread_id": "dst"}}
    with postgres_checkpointer(pg_db, setup=False) as saver:
        graph = approval_graph(saver)
        graph.invoke({"request": "the budget"}, source)
        saver.copy_thread("src", "dst")
        waiting = graph.get_state(copy)
        assert waiting.next == ("ask",)
        assert waiting.interrupts[0].value == {"question": "approve the budget?"}
        assert [
            h.config["configurable"]["checkpoint_id"] for h in graph.get_state_history(copy)
        ] == [h.config["configurable"]["checkpoint_id"] for h in graph.get_state_history(source)]
        done = graph.invoke(Command(resume="yes"), copy)
        still = graph.get_state(source)
    assert done == {"request": "the budget", "answer": "yes"}
    assert still.next == ("ask",) and still.values == {"request": "the budget"}


async def test_a_copy_names_its_thread_and_never_lands_on_a_used_thread(pg_db: str) -> None:
    async with async_postgres_checkpointer(pg_db, setup=False) as saver:
        graph = approval_graph(saver)
        await graph.ainvoke({"request": "a"}, {"configurable": {"thread_id": "src"}})
        await graph.ainvoke({"request": "b"}, {"configurable": {"thread_id": "used"}})
        with pytest.raises(ValueError, match="target_thread_id 'used' already has checkpoints"):
            await saver.acopy_thread("src", "used")
        with pytest.raises(ValueError, match="target_thread_id is the source thread 'src'"):
            await saver.acopy_thread("src", "src")
        used = await graph.aget_state({"configurable": {"thread_id": "used"}})
        # the server keeps the thread id in metadata; the copy's names the copy
        tup = await saver.aget_tuple({"configurable": {"thread_id": "src"}})
        assert tup is not None
        await saver.aput(
            {
                "configurable": {
                    "thread_id": "src",
                    "checkpoint_ns": "",
                    "checkpoint_id": tup.checkpoint["id"],
                }
            },
            {**tup.checkpoint, "id": SERVED_ID},
            {**tup.metadata, "thread_id": "src", "graph_id": "approval"},
            {},
        )
        await saver.acopy_thread("src", "fresh")
        copied = {
            t.checkpoint["id"]: t.metadata
            async for t in saver.alist({"configurable": {"thread_id": "fresh"}})
        }
    assert used.values == {"request": "b"}  # untouched by the refused copies
    served = copied.pop(SERVED_ID)
    assert served["thread_id"] == "fresh" and served["graph_id"] == "approval"
    assert copied and all("thread_id" not in m for m in copied.values())


async def test_the_async_saver_s_sync_bridges_work_from_another_thread_only(pg_db: str) -> None:
    async with async_postgres_checkpointer(pg_db, setup=False) as saver:
        graph = with_subgraph(saver)
        await graph.ainvoke({"notes": [], "count": 0}, run_config("t", "run-1"))
        await asyncio.to_thread(saver.copy_thread, "t", "t-copy")
        await asyncio.to_thread(saver.delete_for_runs, ["run-1"])
        with pytest.raises(asyncio.InvalidStateError, match=r"await saver.adelete_for_runs"):
            saver.delete_for_runs(["run-1"])
        with pytest.raises(asyncio.InvalidStateError, match=r"await saver.acopy_thread"):
            saver.copy_thread("t-copy", "t-other")
    # the copy kept the run's checkpoints, so deleting the run also emptied the copy
    assert run_rows(pg_db, "run-1") == {}
    assert orphans(pg_db) == (0, 0)
