"""Dispatch: executor kinds, sync and async, concurrency bounds, overlap, topology."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.runnables import RunnableLambda
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph
from langgraph.types import Command, interrupt
from typing_extensions import TypedDict

from langgraph_council.nodes import Task
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import Plan, SubtaskResult, SubtaskRun
from langgraph_council.nodes._pipeline.topology import resolve_topology

from .conftest import Recorder, arun, rows, run

THREE = {"a": [], "b": [], "c": []}


async def test_parallel_calls_overlap_under_ainvoke(make_graph) -> None:
    recorder = Recorder(gate=4)
    graph = make_graph(rows({"a": [], "b": [], "c": [], "d": [], "e": ["a"]}), recorder.arun)
    result = await arun(graph)
    assert recorder.peak == 4  # the first wave's four ran together, not five calls in a row
    assert recorder.calls[-1] == "e"  # the dependent waited for its wave
    assert result.rollup == "completed"


def test_sync_executor_under_invoke_runs_a_wave_in_parallel(make_graph) -> None:
    recorder = Recorder(gate=3)
    run(make_graph(rows(THREE), recorder))
    assert recorder.peak == 3


@pytest.mark.parametrize("limit", [1, 2])
def test_max_concurrency_per_wave_bounds_the_batch(make_graph, limit) -> None:
    recorder = Recorder(delay=0.05, gate=limit)  # the gate reaches the limit, the delay tests it
    graph = make_graph(rows({f"s{i}": [] for i in range(5)}), recorder)
    result = run(graph, context={"coordination": {"max_concurrency_per_wave": limit}})
    assert recorder.peak == limit
    assert result.rollup == "completed"
    assert len(result.waves) == 1 and len(result.waves[0].outcomes) == 5


def test_sas_topology_runs_one_subtask_at_a_time(make_graph) -> None:
    recorder = Recorder(delay=0.05)
    result = run(make_graph(rows(THREE), recorder), Task(id="t", title="x", topology="sas"))
    assert recorder.peak == 1
    assert result.topology is not None and result.topology.topology == "sas"


async def test_sync_executor_under_ainvoke_does_not_block_the_loop(make_graph) -> None:
    recorder = Recorder(gate=3)  # a blocked event loop would run them one by one: peak 1
    await arun(make_graph(rows(THREE), recorder))
    assert recorder.peak == 3


def test_async_executor_under_invoke(make_graph) -> None:
    recorder = Recorder(delay=0.01)
    result = run(make_graph(rows(THREE), recorder.arun))
    assert sorted(recorder.calls) == ["a", "b", "c"]
    assert result.outcome("a").output == "a done by senior_dev"


def test_runnable_executor(make_graph) -> None:
    executor = RunnableLambda(lambda r: f"{r.subtask.title}!")
    result = run(make_graph(rows({"a": []}), executor))
    assert result.outcome("a").output == "Do a!"


class _WorkState(TypedDict, total=False):
    subtask: Any
    agent: Any
    upstream_results: dict[str, SubtaskResult]
    result: str


def test_compiled_graph_executor(make_graph) -> None:
    """A compiled graph gets the SubtaskRun's fields as keys and returns `result`."""

    def work(state: _WorkState) -> dict[str, Any]:
        upstream = ",".join(sorted(state["upstream_results"]))
        return {"result": f"{state['agent'].id}:{state['subtask'].id}<-{upstream}"}

    sub = StateGraph(_WorkState)
    sub.add_node("work", work)
    sub.add_edge(START, "work")
    result = run(make_graph(rows({"a": [], "b": ["a"]}), sub.compile()))
    assert result.outcome("b").output == "senior_dev:b<-a"


def test_executor_return_values(make_graph) -> None:
    def executor(run: SubtaskRun) -> Any:
        return {
            "text": "plain",
            "model": SubtaskResult(output="rich", artifacts=("a.py",)),
            "dict": {"output": "from a dict", "status": "completed"},
            "failed": SubtaskResult(status="failed", error="tests red"),
            "wrong": 42,
        }[run.subtask.id]

    plan = rows({"text": [], "model": [], "dict": [], "failed": [], "wrong": []})
    result = run(make_graph(plan, executor), context={"coordination": {"max_subtasks": 5}})
    assert result.outcome("text").output == "plain"
    assert result.outcome("model").artifacts == ("a.py",)
    assert result.outcome("model").agent_id == "senior_dev"
    assert result.outcome("dict").output == "from a dict"
    failed = result.outcome("failed")
    assert (failed.status, failed.failure_category) == ("failed", "direct")
    wrong = result.outcome("wrong")
    assert wrong.status == "failed" and "executor returned int" in (wrong.error or "")


def test_every_outcome_is_timed_and_attributed(make_graph) -> None:
    result = run(make_graph(rows(THREE), Recorder(delay=0.01)))
    for outcome in result.waves[0].outcomes:
        assert outcome.finished_at is not None and outcome.duration_s >= 0.01
        assert outcome.agent_id is not None
    assert result.waves[0].duration_s >= 0.01
    assert [p.phase for p in result.phases] == [
        "decompose",
        "route",
        "resolve_topology",
        "validate",
        "dispatch",
        "rollup",
        "update_parent",
    ]
    assert all(p.success for p in result.phases)


def test_bad_executor_is_refused_at_build(make_graph) -> None:
    with pytest.raises(TypeError, match="executor must be a Runnable"):
        make_graph(rows({"a": []}), "not callable")


def _plan(structure: str, artifacts: int = 0) -> Plan:
    sub = {"id": "a", "title": "x", "expected_artifacts": artifacts}
    return Plan(subtasks=(sub,), levels=(("a",),), structure=structure, structure_source="task")


@pytest.mark.parametrize(
    ("structure", "artifacts", "topology"),
    [
        ("sequential", 0, "sas"),
        ("sequential", 9, "sas"),
        ("parallel", 4, "centralized"),
        ("parallel", 5, "decentralized"),
        ("mixed", 9, "context_dependent"),
    ],
)
def test_auto_topology(structure, artifacts, topology) -> None:
    decision = resolve_topology(
        Task(id="t", title="x"), _plan(structure, artifacts), CoordinationConfig()
    )
    assert (decision.topology, decision.source, decision.artifacts) == (topology, "auto", artifacts)


def test_explicit_topology_wins() -> None:
    plan = _plan("sequential")
    task = Task(id="t", title="x", topology="decentralized")
    configured = CoordinationConfig(topology="centralized")
    assert resolve_topology(task, plan, configured).source == "task"
    decision = resolve_topology(Task(id="t", title="x"), plan, configured)
    assert (decision.topology, decision.source) == ("centralized", "config")
    counted = resolve_topology(
        Task(id="t", title="x", expected_artifacts=7), _plan("parallel", 1), CoordinationConfig()
    )
    assert (counted.topology, counted.artifacts) == ("decentralized", 7)


def test_run_context_topology_override(make_graph) -> None:
    result = run(make_graph(rows(THREE), Recorder()), context={"coordination": {"topology": "sas"}})
    assert result.topology is not None and result.topology.source == "config"


async def test_ainvoke_and_invoke_give_the_same_result(make_graph) -> None:
    plan = rows({"a": [], "b": ["a"], "c": ["a"]})
    one = run(make_graph(plan, Recorder()))
    two = await arun(make_graph(plan, Recorder().arun))
    assert one.statuses == two.statuses
    assert [w.subtask_ids for w in one.waves] == [w.subtask_ids for w in two.waves]
    assert asyncio.iscoroutinefunction(Recorder().arun)


def test_the_dispatch_loop_ends_cleanly_before_the_recursion_limit(make_graph) -> None:
    """One subtask per step (sas): with few steps left the rest is cancelled, then rollup runs."""
    recorder = Recorder()
    graph = make_graph(rows({f"s{i}": [] for i in range(6)}), recorder)
    result = run(graph, Task(id="t", title="x", topology="sas"), config={"recursion_limit": 14})
    assert 0 < len(recorder.calls) < 6
    cancelled = [s for s, status in result.statuses.items() if status == "cancelled"]
    assert len(cancelled) == 6 - len(recorder.calls)
    assert result.outcome(cancelled[0]).reason == "cancelled: step limit reached"
    assert result.phase("update_parent") is not None


class _AskState(TypedDict, total=False):
    subtask: Any
    result: str


def test_an_interrupt_inside_an_executor_graph_pauses_and_resumes(make_graph) -> None:
    """Interrupts bubble out of the executor (never recorded as failures); each Send resumes."""

    def ask(state: _AskState) -> dict[str, Any]:
        answer = interrupt({"subtask": state["subtask"].id})
        return {"result": f"{state['subtask'].id}:{answer}"}

    sub = StateGraph(_AskState)
    sub.add_node("ask", ask)
    sub.add_edge(START, "ask")
    plan = [*rows({"a": []}), {"id": "b", "title": "B", "required_skills": ["react"]}]
    graph = make_graph(plan, sub.compile(), checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "ask"}}
    graph.invoke({"task": Task(id="t", title="x")}, config)
    pending = graph.get_state(config).interrupts
    assert sorted(i.value["subtask"] for i in pending) == ["a", "b"]
    resume = Command(resume={i.id: f"ok-{i.value['subtask']}" for i in pending})
    result = graph.invoke(resume, config)["result"]
    assert [result.outcome(s).output for s in ("a", "b")] == ["a:ok-a", "b:ok-b"]
