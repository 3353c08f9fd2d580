"""Org memory across the families and ways of running: the pipeline files its outcome and the
next plan sees it; `ainvoke` remembers too; a parent graph's store serves an embedded meeting."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from langgraph.graph import START, StateGraph
from langgraph.store.memory import InMemoryStore

from langgraph_council.checkpoints import OrgMemory
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.graphs._demo.data import demo_agenda
from tests.memory.conftest import REST
from tests.memory.families import PARTICIPANTS, prompts, run_pipeline, scripted_roster

ACME = {"memory": {"org": "acme"}}


def test_the_pipeline_files_its_outcome_and_the_next_plan_sees_it(tmp_path: Path) -> None:
    store = InMemoryStore()
    _, calls = run_pipeline(tmp_path / "a", store=store, context=ACME)
    assert all("Org memory" not in p for p in prompts(calls))
    (outcome,) = OrgMemory(store).list(org="acme", kind="outcome", limit=1)
    assert outcome.value["parent_status"] == "completed"
    assert outcome.value["thread_id"] == "pipeline-1"
    _, calls = run_pipeline(tmp_path / "b", store=store, context=ACME)
    plan = prompts(calls)[0]  # the CTO's plan prompt
    assert "Org memory:" in plan and "outcome completed" in plan


def _input() -> dict[str, Any]:
    return {"agenda": demo_agenda(), "leader_id": "cto", "participant_ids": PARTICIPANTS}


def test_ainvoke_remembers_too() -> None:
    store = InMemoryStore()
    roster, model = scripted_roster()
    graph = create_meeting_graph(roster, store=store)

    async def twice() -> None:
        for thread in ("a1", "a2"):
            await graph.ainvoke(_input(), {"configurable": {"thread_id": thread}}, context=ACME)

    asyncio.run(twice())
    assert f"D1 decided: {REST}" in prompts(model.calls)[-1]


def test_a_parent_graphs_store_serves_an_embedded_meeting() -> None:
    roster, _ = scripted_roster()
    meeting = create_meeting_graph(roster)  # compiled without a store: the parent's reaches it
    parent = StateGraph(dict)  # type: ignore[type-var]
    parent.add_node("meeting", meeting)
    parent.add_edge(START, "meeting")
    store = InMemoryStore()
    app = parent.compile(store=store)
    app.invoke(_input(), context=ACME)
    assert [i.value["kind"] for i in OrgMemory(store).list(org="acme", kind="meeting")] == [
        "meeting"
    ]
