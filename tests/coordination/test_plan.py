"""Plans: dependency levels are the waves; bad plans are rejected, naming ids, before any run."""

from __future__ import annotations

import pytest

from langgraph_council.graphs import ManualDecomposer
from langgraph_council.nodes import Task
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import (
    PlanError,
    build_plan,
    classify_structure,
    dependency_levels,
)

from .conftest import Recorder, rows, run


def _waves(result) -> list[set[str]]:
    return [set(w.subtask_ids) for w in result.waves]


@pytest.mark.parametrize(
    ("spec", "waves"),
    [
        ({"a": [], "b": [], "c": []}, [{"a", "b", "c"}]),
        ({"a": [], "b": ["a"], "c": ["b"]}, [{"a"}, {"b"}, {"c"}]),
        ({"a": [], "b": ["a"], "c": ["a"], "d": ["b", "c"]}, [{"a"}, {"b", "c"}, {"d"}]),
    ],
    ids=["independent", "chain", "diamond"],
)
def test_waves_are_dependency_levels(make_graph, backend, spec, waves) -> None:
    recorder = Recorder()
    result = run(make_graph(rows(spec), recorder, checkpointer=backend.checkpointer))
    assert _waves(result) == waves
    assert result.rollup == "completed"
    # each wave ran after the previous one finished: call order respects the levels
    order = {s: n for n, level in enumerate(waves) for s in level}
    assert [order[c] for c in recorder.calls] == sorted(order[c] for c in recorder.calls)


def test_later_waves_see_their_dependencies_results(make_graph) -> None:
    recorder = Recorder()
    run(make_graph(rows({"a": [], "b": ["a"], "c": ["a"], "d": ["b", "c"]}), recorder))
    assert recorder.runs["a"].upstream_results == {}
    upstream = recorder.runs["d"].upstream_results
    assert sorted(upstream) == ["b", "c"]
    assert upstream["b"].output.startswith("b done by")


@pytest.mark.parametrize(
    ("plan", "named"),
    [
        (rows({"a": ["c"], "b": ["a"], "c": ["b"]}), ["a", "b", "c"]),
        (rows({"a": [], "b": ["b"]}), ["b"]),
        (rows({"a": [], "b": ["ghost"]}), ["b", "ghost"]),
        ([{"id": "a", "title": "x"}, {"id": "a", "title": "y"}], ["a"]),
    ],
    ids=["cycle", "self-dependency", "unknown-dependency", "duplicate-id"],
)
def test_bad_plans_are_rejected_naming_the_ids(plan, named) -> None:
    with pytest.raises(PlanError) as caught:
        ManualDecomposer(plan)
    assert sorted(caught.value.ids) == named
    for subtask_id in named:
        assert repr(subtask_id) in str(caught.value) or subtask_id in str(caught.value)


def test_cycle_message_shows_the_loop() -> None:
    with pytest.raises(PlanError, match=r"dependency cycle (a -> c -> b -> a)"):
        ManualDecomposer(rows({"a": ["c"], "b": ["a"], "c": ["b"]}))


def test_a_plan_rejected_at_run_time_calls_no_executor(make_graph) -> None:
    """Run-context limits are checked when the run plans: decompose fails, nothing runs."""
    recorder = Recorder()
    graph = make_graph(rows({"a": [], "b": ["a"], "c": ["b"]}), recorder)
    result = run(graph, context={"coordination": {"max_depth": 2}})
    assert recorder.calls == []
    decompose = result.phase("decompose")
    assert decompose is not None and not decompose.success
    assert "a -> b -> c" in (decompose.error or "")
    assert [p.phase for p in result.phases] == ["decompose", "rollup", "update_parent"]
    assert result.parent_status == "failed"
    assert result.rollup == "created"


def test_max_subtasks_names_the_limit() -> None:
    task = Task(id="t", title="x")
    with pytest.raises(PlanError, match="more than max_subtasks=2"):
        build_plan(task, rows({"a": [], "b": [], "c": []}), CoordinationConfig(max_subtasks=2))


def test_default_limits_allow_ten_subtasks_three_deep() -> None:
    task = Task(id="t", title="x")
    ten = rows({f"s{i}": [] for i in range(10)})
    assert len(build_plan(task, ten, CoordinationConfig()).subtasks) == 10
    with pytest.raises(PlanError, match="max_subtasks=10"):
        build_plan(task, rows({f"s{i}": [] for i in range(11)}), CoordinationConfig())
    deep = rows({"a": [], "b": ["a"], "c": ["b"], "d": ["c"]})
    with pytest.raises(PlanError, match="a -> b -> c -> d is 4 deep, more than max_depth=3"):
        build_plan(task, deep, CoordinationConfig())


def test_bad_row_names_the_field() -> None:
    with pytest.raises(PlanError, match="complexity"):
        ManualDecomposer([{"id": "a", "title": "x", "complexity": "huge"}])
    with pytest.raises(PlanError, match="git branch"):
        ManualDecomposer([{"id": "../etc", "title": "x"}])
    with pytest.raises(PlanError, match="list of plan rows"):
        ManualDecomposer({"id": "a"})  # type: ignore[arg-type]


def test_levels_keep_plan_order() -> None:
    plan = ManualDecomposer(rows({"z": [], "y": [], "x": ["z"]})).rows
    assert dependency_levels(plan) == (("z", "y"), ("x",))


@pytest.mark.parametrize(
    ("task", "planner", "spec", "expected"),
    [
        (
            Task(id="t", title="x", structure="parallel"),
            "sequential",
            {"a": []},
            ("parallel", "task"),
        ),
        (Task(id="t", title="x then y"), "parallel", {"a": []}, ("parallel", "planner")),
        (
            Task(id="t", title="migrate then backfill"),
            None,
            {"a": [], "b": []},
            ("sequential", "keywords"),
        ),
        (
            Task(id="t", title="audit services independently"),
            None,
            {"a": []},
            ("parallel", "keywords"),
        ),
        (
            Task(id="t", title="x", description="do a and b in parallel, then c"),
            None,
            {"a": []},
            ("mixed", "keywords"),
        ),
        (Task(id="t", title="x"), None, {"a": [], "b": ["a"]}, ("sequential", "dependencies")),
        (Task(id="t", title="x"), None, {"a": [], "b": []}, ("parallel", "dependencies")),
        (Task(id="t", title="x"), None, {"a": [], "b": [], "c": ["a"]}, ("mixed", "dependencies")),
    ],
)
def test_structure_explicit_then_planner_then_keywords(task, planner, spec, expected) -> None:
    plan = build_plan(task, rows(spec), CoordinationConfig(), structure=planner)
    assert (plan.structure, plan.structure_source) == expected


def test_keyword_classifier_says_nothing_without_cues() -> None:
    assert classify_structure("Build the billing API") is None
