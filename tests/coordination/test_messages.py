"""The pipeline as a conversation: one named AI message per subtask, then the rollup."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage

from .conftest import TASK, Recorder, rows


def test_each_subtask_and_the_rollup_is_a_named_message(make_graph: Any) -> None:
    graph = make_graph(rows({"a": [], "b": ["a"]}), Recorder(fail=["b"]))
    out = graph.invoke({"task": TASK}, {"configurable": {"thread_id": "m"}})
    result, messages = out["result"], out["messages"]
    assert all(isinstance(m, AIMessage) for m in messages)
    by_subtask = {m.response_metadata.get("subtask_id"): m for m in messages[:-1]}
    assert sorted(by_subtask) == ["a", "b"]
    a = result.outcome("a")
    assert by_subtask["a"].name == a.agent_id
    assert by_subtask["a"].content == f"a completed: {a.output}"
    assert by_subtask["b"].content == "b failed: RuntimeError: b broke"
    rollup = messages[-1]  # the council's closing message: the rollup in prose
    assert rollup.name == "council" and rollup.response_metadata["kind"] == "outcome"
    assert rollup.content.startswith(f"Task {result.task_id}: failed. 2 subtasks: 1 done, 1 failed")
    assert not rollup.content.lstrip().startswith("{")
