"""The checkpointer helpers as the docs write them, on a real PostgreSQL server.

`interrupted_threads(saver, graph)` takes the graph positionally (it used to raise TypeError),
and the synchronous saver under `ainvoke` names the async one instead of raising a bare
`NotImplementedError` from inside LangGraph.
"""

from __future__ import annotations

import pytest

from langgraph_council.checkpoints import (
    async_postgres_checkpointer,
    interrupted_threads,
    postgres_checkpointer,
)
from tests.checkpoints.counter import approval_graph

pytestmark = pytest.mark.postgres


def test_interrupted_threads_takes_the_graph_as_the_docs_write_it(pg_db: str) -> None:
    with postgres_checkpointer(pg_db) as saver:
        graph = approval_graph(saver)
        graph.invoke({"request": "the budget"}, {"configurable": {"thread_id": "w-1"}})
        positional = interrupted_threads(saver, graph)
        keyword = interrupted_threads(saver, graph=graph)
        without = interrupted_threads(saver)
    assert [s.thread_id for s in positional] == ["w-1"]
    assert positional == keyword
    (status,) = positional
    assert status.next == ("ask",) and status.waiting_for_human
    assert status.interrupts[0].value == {"question": "approve the budget?"}
    assert [(s.thread_id, s.waiting_for_human) for s in without] == [("w-1", True)]


@pytest.mark.parametrize("pool_size", [None, 2])
async def test_the_sync_saver_under_ainvoke_names_the_async_checkpointer(
    pg_db: str, pool_size: int | None
) -> None:
    config = {"configurable": {"thread_id": f"a-{pool_size}"}}
    with postgres_checkpointer(pg_db, pool_size=pool_size) as saver:
        graph = approval_graph(saver)
        with pytest.raises(NotImplementedError, match="async_postgres_checkpointer") as info:
            await graph.ainvoke({"request": "the budget"}, config)
        assert "ainvoke" in str(info.value)
        graph.invoke({"request": "the budget"}, config)  # the same saver serves sync runs
        assert graph.get_state(config).interrupts
    async with async_postgres_checkpointer(pg_db, setup=False) as async_saver:
        graph = approval_graph(async_saver)
        out = await graph.ainvoke({"request": "the roadmap"}, {"configurable": {"thread_id": "b"}})
    assert out["__interrupt__"][0].value == {"question": "approve the roadmap?"}
