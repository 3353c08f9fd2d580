"""Server round trips: JSON dict inputs and state, the run context, durable defaults."""

from __future__ import annotations

import operator
from typing import Annotated, Any

import pytest
from langgraph.channels.delta import DeltaChannel
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph
from langgraph.types import Send
from typing_extensions import TypedDict

from langgraph_council.graphs import ManualDecomposer, build_coordination_graph
from langgraph_council.nodes import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.execute import make_execute_node
from langgraph_council.nodes._pipeline.executor import Executor
from langgraph_council.nodes._pipeline.models import Subtask, SubtaskRun, Task
from langgraph_council.nodes._pipeline.report import CoordinationResult
from langgraph_council.nodes._pipeline.state import merge_outcomes

from .conftest import TASK, Recorder, rows, run

DIAMOND = rows({"a": [], "b": ["a"], "c": ["a"], "d": ["b", "c"]})


def test_models_round_trip_through_json(make_graph) -> None:
    result = run(make_graph(DIAMOND, Recorder()))
    again = CoordinationResult.model_validate_json(result.model_dump_json())
    assert again == result
    assert CoordinationResult.model_validate(result.model_dump(mode="json")) == result
    assert Task.model_validate(TASK.model_dump(mode="json")) == TASK


def test_input_task_as_a_json_dict(make_graph) -> None:
    result = run(make_graph(DIAMOND, Recorder()), TASK.model_dump(mode="json"))
    assert result.task_id == "t1" and result.rollup == "completed"


def test_bad_input_names_the_field(make_graph) -> None:
    graph = make_graph(DIAMOND, Recorder())
    with pytest.raises(ValueError, match="title"):
        run(graph, {"id": "t1"})
    with pytest.raises(ValueError, match=r"task\.owner_id 'nobody' is not in the org"):
        run(graph, {"id": "t1", "title": "x", "owner_id": "nobody"})


def _jsonable(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def test_nodes_accept_state_read_back_as_json_dicts(org: Org) -> None:
    """LangGraph Server hands state back as JSON: every later node must accept the dict form."""
    recorder, saver = Recorder(fail=["b"]), InMemorySaver()
    builder = build_coordination_graph(org, executor=recorder, decomposer=ManualDecomposer(DIAMOND))
    paused = builder.compile(checkpointer=saver, interrupt_before=["dispatch"])
    config = {"configurable": {"thread_id": "json"}}
    paused.invoke({"task": TASK}, config)
    values = paused.get_state(config).values
    keys = ["task", "plan", "routing", "topology", "handoffs", "outcomes"]
    paused.update_state(config, {k: _jsonable(values[k]) for k in keys}, as_node="guard_handoffs")
    graph = builder.compile(checkpointer=saver)
    state = graph.get_state(config)
    assert state.next == ("dispatch",) and isinstance(state.values["plan"], dict)
    assert isinstance(state.values["outcomes"], dict) and recorder.calls == []
    result = graph.invoke(None, config)["result"]
    assert result.statuses == {"a": "completed", "b": "failed", "c": "completed", "d": "blocked"}
    assert sorted(set(recorder.calls)) == ["a", "b", "c"]  # b: every rung of the recovery


class _SendState(TypedDict):
    outcomes: Annotated[dict[str, Any], DeltaChannel(merge_outcomes)]
    log: Annotated[list[str], operator.add]


def test_executor_node_accepts_a_json_payload(org: Org) -> None:
    run_json = SubtaskRun(subtask=Subtask(id="x", title="X"), agent=org["ui_dev"]).model_dump(
        mode="json"
    )
    builder = StateGraph(_SendState)
    builder.add_node("fan_out", lambda s: {"log": ["sent"]})
    builder.add_node("execute_subtask", make_execute_node(Executor(lambda r: f"hi {r.agent.id}")))
    builder.add_edge(START, "fan_out")
    builder.add_conditional_edges(
        "fan_out",
        lambda s: [Send("execute_subtask", {"subtask_run": run_json})],
        ["execute_subtask"],
    )
    out = builder.compile().invoke({"outcomes": {}, "log": []})
    assert out["outcomes"]["x"].output == "hi ui_dev"


@pytest.mark.parametrize(
    "context",
    [
        {"coordination": {"max_concurrency_per_wave": 1}},
        {"max_concurrency_per_wave": 1},
        {"max_concurrency_per_wave": 1, "meeting": {"round_robin": {}}},
        CoordinationConfig(max_concurrency_per_wave=1),
        {"coordination": CoordinationConfig(max_concurrency_per_wave=1)},
    ],
    ids=["namespaced", "flat", "flat-with-other-sections", "instance", "namespaced-instance"],
)
def test_run_context_forms(make_graph, context) -> None:
    recorder = Recorder(delay=0.02)
    run(make_graph(rows({"a": [], "b": [], "c": []}), recorder), context=context)
    assert recorder.peak == 1


def test_run_context_merges_over_build_time_config(make_graph) -> None:
    """The build-time config sets fail_fast; the run context only changes concurrency."""
    plan, strict = rows({"a": [], "b": [], "c": ["b"]}), CoordinationConfig(fail_fast=True)
    graph = make_graph(plan, Recorder(fail=["a"]), config=strict)
    result = run(graph, context={"coordination": {"max_concurrency_per_wave": 2}})
    assert result.statuses["c"] == "cancelled"
    # (a fresh graph: each build has its own guard store, see the breaker note in test_guard)
    empty = run(make_graph(plan, Recorder(fail=["a"]), config=strict), context={})
    assert empty.statuses["c"] == "cancelled"


def test_invalid_run_context_names_the_field(make_graph) -> None:
    graph = make_graph(rows({"a": []}), Recorder())
    with pytest.raises(ValueError, match="max_subtasks"):
        run(graph, context={"coordination": {"max_subtasks": 0}})
    with pytest.raises(ValueError, match="fail_fastt"):
        run(graph, context={"coordination": {"fail_fastt": True}})


def test_durability_defaults_to_sync_with_a_checkpointer(make_graph) -> None:
    durable = make_graph(rows({"a": []}), Recorder(), checkpointer=InMemorySaver())
    assert durable.config["configurable"]["__pregel_durability"] == "sync"
    config = {"configurable": {"thread_id": "d"}}
    durable.invoke({"task": TASK}, config)
    steps = [s.next for s in durable.get_state_history(config)]
    assert ("execute_subtask",) in steps  # every step was checkpointed, not just the end
    plain = make_graph(rows({"a": []}), Recorder())
    assert "__pregel_durability" not in (plain.config or {}).get("configurable", {})


def test_a_thread_runs_one_task_after_another(make_graph) -> None:
    graph = make_graph(
        rows({"a": [], "b": ["a"]}), Recorder(fail=["a"]), checkpointer=InMemorySaver()
    )
    config = {"configurable": {"thread_id": "reuse"}}
    first = graph.invoke({"task": TASK}, config)["result"]
    second = graph.invoke({"task": Task(id="t2", title="again")}, config)["result"]
    assert first.run_id != second.run_id and second.task_id == "t2"
    assert len(second.phases) == 7 and second.statuses == first.statuses


@pytest.mark.postgres
async def test_ainvoke_on_the_async_postgres_checkpointer(make_graph, pg_db: str) -> None:
    from langgraph_council.checkpoints import async_postgres_checkpointer

    recorder = Recorder(delay=0.05, fail=["b"])
    async with async_postgres_checkpointer(pg_db) as saver:
        graph = make_graph(DIAMOND, recorder.arun, checkpointer=saver)
        config = {"configurable": {"thread_id": "async-pg"}}
        result = (await graph.ainvoke({"task": TASK}, config))["result"]
        history = [s.next async for s in graph.aget_state_history(config)]
    assert recorder.peak == 2  # b and c overlapped
    assert result.statuses == {"a": "completed", "b": "failed", "c": "completed", "d": "blocked"}
    assert ("execute_subtask", "execute_subtask") in history
