"""A council graph is one of `create_supervisor`'s agents, with no wrapper written by the user."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph_supervisor import create_supervisor

from tests.graphs.councils import DECISION, is_outcome, meeting_agent, supervisor_model

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
