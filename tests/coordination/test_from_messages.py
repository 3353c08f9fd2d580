"""The pipeline started from messages only: the last human message is the parent task."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from .conftest import Recorder, rows


def test_a_human_message_is_the_task_and_the_run_ends_with_the_rollup(make_graph: Any) -> None:
    graph = make_graph(rows({"a": [], "b": ["a"]}), Recorder(), checkpointer=InMemorySaver())
    ask = HumanMessage("Ship the billing API\nWith invoices and refunds.", id="ask-1")
    out = graph.invoke({"messages": [ask]}, {"configurable": {"thread_id": "pm"}})
    result = out["result"]
    assert result.task_id == "asked-ask-1"
    assert result.parent_status == "completed"
    messages = out["messages"]
    assert messages[0].content.startswith("Ship the billing API")  # the request is kept
    closing = messages[-1]
    assert (closing.name, closing.response_metadata["kind"]) == ("council", "outcome")
    assert closing.content.startswith("Task asked-ask-1: completed. 2 subtasks: 2 done")
    assert not closing.content.lstrip().startswith("{")
