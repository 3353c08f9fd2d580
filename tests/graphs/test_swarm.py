"""A council graph inside `create_swarm`, handing the floor back (`council_swarm_agent`)."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from langgraph_swarm import create_swarm

from langgraph_council.checkpoints import InMemoryEscalationQueue
from langgraph_council.graphs import council_swarm_agent
from tests.graphs.councils import (
    DECISION,
    human_conflict_agent,
    is_outcome,
    meeting_agent,
    swarm_peer,
)

QUESTION = "Which database for billing?"


def _app(council: Any) -> Any:
    agent = council_swarm_agent(council, handoff_back_to="alice")
    swarm = create_swarm([swarm_peer(), agent], default_active_agent="alice")
    return swarm.compile(checkpointer=InMemorySaver())


def test_the_swarm_sends_the_question_to_a_meeting_which_hands_back_its_decision() -> None:
    app = _app(meeting_agent())
    config: Any = {"configurable": {"thread_id": "w1"}}
    out = app.invoke({"messages": [HumanMessage(QUESTION)]}, config)
    (council,) = [m for m in out["messages"] if is_outcome(m)]
    assert f"Decisions:\n- {DECISION}" in council.content
    assert out["messages"][-1].name == "alice"
    assert f"- {DECISION}" in out["messages"][-1].content
    assert out["active_agent"] == "alice"
    # The swarm draws the hand-back it found in the council's tool node.
    edges = {(e.source, e.target) for e in app.get_graph().edges}
    assert ("council", "alice") in edges


async def test_the_same_under_ainvoke() -> None:
    app = _app(meeting_agent())
    config: Any = {"configurable": {"thread_id": "w2"}}
    out = await app.ainvoke({"messages": [HumanMessage(QUESTION)]}, config)
    assert f"- {DECISION}" in out["messages"][-1].content


RULING = {
    "decision": "winner",
    "winning_agent_id": "ops",
    "reasoning": "we already run it",
    "decided_by": "human:ann",
}


def test_a_human_conflict_in_the_swarm_resumes_through_command_and_the_queue() -> None:
    queue = InMemoryEscalationQueue()
    app = _app(human_conflict_agent(queue))
    question = {"messages": [HumanMessage("Postgres or MongoDB for billing?")]}
    first: Any = {"configurable": {"thread_id": "w3"}}
    assert app.invoke(question, first)["__interrupt__"]
    out = app.invoke(Command(resume=RULING), first)
    assert "ops's position stands" in out["messages"][-1].content
    second: Any = {"configurable": {"thread_id": "w4"}}
    app.invoke(question, second)
    (row,) = queue.pending(thread_id="w4")
    out = queue.decide(row.id, RULING, app)
    assert out["messages"][-1].name == "alice"
    assert "ops's position stands" in out["messages"][-1].content
