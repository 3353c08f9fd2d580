"""The plan in the run's input: a list of subtasks or `Task.subtasks`, with or without a
build-time decomposer or planner agent."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import council_serde
from langgraph_council.graphs import ManualDecomposer, create_coordination_graph
from langgraph_council.nodes import Org, Roster, Task
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.coordination.conftest import TASK, Recorder, rows


def _with_plan(task: Task, plan: list[dict[str, Any]]) -> Task:
    return Task.model_validate({**task.model_dump(), "subtasks": plan})


def _ids(out: dict[str, Any]) -> list[str]:
    return [s.id for s in out["result"].subtasks]


def test_a_pipeline_without_a_decomposer_runs_the_plan_its_input_carries(org: Org) -> None:
    recorder = Recorder()
    graph = create_coordination_graph(org, executor=recorder)  # no decomposer, no roster
    listed = graph.invoke({"task": TASK, "subtasks": rows({"a": [], "b": ["a"]})})
    assert _ids(listed) == ["a", "b"] and recorder.calls == ["a", "b"]
    assert listed["result"].rollup == "completed" and listed["result"].plan.planner == "input"
    inside = graph.invoke({"task": _with_plan(TASK, rows({"c": []}))})
    assert _ids(inside) == ["c"] and recorder.calls[-1] == "c"
    as_json = graph.invoke({"task": {**TASK.model_dump(), "subtasks": rows({"d": []})}})
    assert _ids(as_json) == ["d"]


def test_without_any_plan_the_run_is_refused_naming_both_ways_to_give_one(org: Org) -> None:
    recorder = Recorder()
    graph = create_coordination_graph(org, executor=recorder)
    with pytest.raises(
        ValueError, match=r'input must carry the plan: \{"task": \.\.\., "subtasks"'
    ):
        graph.invoke({"task": TASK})
    with pytest.raises(ValueError, match="decomposer=ManualDecomposer"):
        graph.invoke({"task": TASK})
    with pytest.raises(ValueError, match="the plan is given twice"):
        graph.invoke({"task": _with_plan(TASK, rows({"a": []})), "subtasks": rows({"b": []})})
    with pytest.raises(TypeError, match='"subtasks" must be a list of plan rows'):
        graph.invoke({"task": TASK, "subtasks": {"id": "a"}})
    assert recorder.calls == []


def test_the_inputs_plan_wins_over_the_decomposer_and_the_planner(org: Org) -> None:
    recorder = Recorder()
    fixed = ManualDecomposer(rows({"fixed": []}))
    graph = create_coordination_graph(org, executor=recorder, decomposer=fixed)
    assert _ids(graph.invoke({"task": TASK, "subtasks": rows({"mine": []})})) == ["mine"]
    assert _ids(graph.invoke({"task": TASK})) == ["fixed"]
    planner = ScriptedChatModel([])  # asked for nothing: it would raise ScriptExhaustedError
    planned = create_coordination_graph(org, Roster(org, default_model=planner), executor=recorder)
    assert _ids(planned.invoke({"task": TASK, "subtasks": rows({"a": []})})) == ["a"]
    assert planner.calls == []


def test_a_bad_input_plan_fails_the_decompose_phase_before_any_work(org: Org) -> None:
    recorder = Recorder()
    graph = create_coordination_graph(org, executor=recorder)
    out = graph.invoke({"task": TASK, "subtasks": rows({"a": ["b"], "b": ["a"]})})
    decompose = out["result"].phase("decompose")
    assert not decompose.success and "dependency cycle" in (decompose.error or "")
    assert recorder.calls == []
    deep = graph.invoke(
        {"task": TASK, "subtasks": rows({"a": [], "b": []})}, context={"max_subtasks": 1}
    )
    assert "more than max_subtasks=1" in (deep["result"].phase("decompose").error or "")


def test_a_later_run_on_the_thread_does_not_reuse_the_previous_inputs_plan(org: Org) -> None:
    graph = create_coordination_graph(
        org, executor=Recorder(), checkpointer=InMemorySaver(serde=council_serde())
    )
    run = {"configurable": {"thread_id": "plans"}}
    assert _ids(graph.invoke({"task": TASK, "subtasks": rows({"a": []})}, run)) == ["a"]
    with pytest.raises(ValueError, match="input must carry the plan"):
        graph.invoke({"task": Task(id="t2", title="Next")}, run)
