"""A council graph is one of `create_supervisor`'s agents, with no wrapper written by the user."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from langgraph_supervisor import create_supervisor

from langgraph_council.checkpoints import InMemoryEscalationQueue
from langgraph_council.nodes.errors import EscalationError
from tests.graphs.councils import (
    DECISION,
    human_conflict_agent,
    is_outcome,
    meeting_agent,
    supervisor_model,
)

# langgraph-supervisor 0.0.31 builds its agent with langgraph's deprecated `create_react_agent`.
pytestmark = pytest.mark.filterwarnings(
    "ignore:create_react_agent has been moved:DeprecationWarning"
)

QUESTION = "Which database for billing?"


def _app() -> object:
    supervisor = create_supervisor([meeting_agent()], model=supervisor_model())
    return supervisor.compile(checkpointer=InMemorySaver())


def _check(out: dict[str, object]) -> None:
    messages = out["messages"]
    assert isinstance(messages, list)
    council = [m for m in messages if is_outcome(m)]
    assert len(council) == 1, [m.name for m in messages]
    assert council[0].content.startswith(f"The meeting ended: {QUESTION}")
    assert f"Decisions:\n- {DECISION}" in council[0].content
    final = messages[-1]
    assert final.name == "supervisor"
    assert f"- {DECISION}" in final.content


def test_the_supervisor_routes_the_question_to_a_meeting_and_answers_with_its_decision() -> None:
    app = _app()
    out = app.invoke(  # type: ignore[attr-defined]
        {"messages": [HumanMessage(QUESTION)]}, {"configurable": {"thread_id": "s1"}}
    )
    _check(out)


async def test_the_same_under_ainvoke() -> None:
    app = _app()
    out = await app.ainvoke(  # type: ignore[attr-defined]
        {"messages": [HumanMessage(QUESTION)]}, {"configurable": {"thread_id": "s2"}}
    )
    _check(out)


RULING = {
    "decision": "winner",
    "winning_agent_id": "dev",
    "reasoning": "billing needs transactions",
    "decided_by": "human:ann",
}


def _conflict_app(queue: InMemoryEscalationQueue | None = None) -> Any:
    agent = human_conflict_agent(queue)
    return create_supervisor([agent], model=supervisor_model()).compile(
        checkpointer=InMemorySaver()
    )


def _check_ruling(out: dict[str, Any]) -> None:
    council = [m for m in out["messages"] if is_outcome(m)]
    assert len(council) == 1
    assert council[0].content.startswith("Ruling on Postgres or MongoDB for billing?: dev's")
    assert "Decided by: human:ann" in council[0].content
    assert "dev's position stands" in out["messages"][-1].content


def test_a_human_conflicts_interrupt_reaches_the_supervisors_caller_and_resumes_there() -> None:
    app = _conflict_app()
    config: Any = {"configurable": {"thread_id": "s3"}}
    out = app.invoke({"messages": [HumanMessage("Postgres or MongoDB for billing?")]}, config)
    (waiting,) = out["__interrupt__"]
    assert waiting.value["escalation_id"]
    assert set(waiting.value["options"]) == {"dev", "ops"}
    _check_ruling(app.invoke(Command(resume=RULING), config))


def test_escalation_queue_decide_resumes_the_supervisors_thread() -> None:
    queue = InMemoryEscalationQueue()
    app = _conflict_app(queue)
    config: Any = {"configurable": {"thread_id": "s4"}}
    app.invoke({"messages": [HumanMessage("Postgres or MongoDB for billing?")]}, config)
    (row,) = queue.pending()
    assert row.thread_id == "s4"  # the supervisor's thread: the council ran inside it
    assert str(row.details["checkpoint_ns"]).startswith("council:")
    _check_ruling(queue.decide(row.id, RULING, app))
    assert queue.pending() == []


def test_deciding_through_the_council_graph_instead_of_the_parent_is_refused() -> None:
    queue = InMemoryEscalationQueue()
    agent = human_conflict_agent(queue)
    app = create_supervisor([agent], model=supervisor_model()).compile(checkpointer=InMemorySaver())
    config: Any = {"configurable": {"thread_id": "s5"}}
    app.invoke({"messages": [HumanMessage("Postgres or MongoDB for billing?")]}, config)
    (row,) = queue.pending()
    with pytest.raises(EscalationError, match="pass the parent graph"):
        queue.decide(row.id, RULING, agent)
    assert [r.id for r in queue.pending()] == [row.id]  # nothing was stored
    _check_ruling(queue.decide(row.id, RULING, app))
