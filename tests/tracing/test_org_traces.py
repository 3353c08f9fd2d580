"""Traces shaped like the org: a meeting, a conflict and a pipeline as a callback tracer sees
them (names, tags, metadata, and which run is inside which)."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.runnables import RunnableLambda

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    ManualDecomposer,
    create_conflict_graph,
    create_coordination_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Org, Roster, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.conflicts.conftest import conflict
from tests.tracing.runs import TWO_WAVES, RunCollector, council_tags, metadata

SUMMARY = "Summary: we go with A.\nDecisions:\n- Adopt A"


async def _invoke(graph: Any, inp: Any, tracer: RunCollector, mode: str, **kw: Any) -> Any:
    config = {"callbacks": [tracer]}
    if mode == "async":
        return await graph.ainvoke(inp, config, **kw)
    return graph.invoke(inp, config, **kw)


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_a_round_robin_meeting_shows_each_turn_as_the_speaker_s_call(
    org: Org, mode: str
) -> None:
    model = ScriptedChatModel({"senior_dev": ["A"], "junior_dev": ["A too"], "cto": [SUMMARY]})
    graph = create_meeting_graph(Roster(org, default_model=model), protocol="round_robin")
    tracer = RunCollector()
    inp = {
        "agenda": "Pick the DB",
        "leader_id": "cto",
        "participant_ids": ["senior_dev", "junior_dev"],
    }
    ctx = {"round_robin": {"max_turns_per_agent": 1}}
    out = await _invoke(graph, inp, tracer, mode, context=ctx)
    meeting_id = out["minutes"].meeting_id

    (root,) = tracer.roots
    assert root.name == "meeting" and "council:meeting" in root.tags
    for turn, (agent, role) in enumerate(
        [("senior_dev", "backend_dev"), ("junior_dev", "backend_dev")]
    ):
        [(call, step)] = tracer.named(f"round_robin · {agent} · turn {turn}")
        assert call.run_type == "llm"
        assert metadata(call) == {
            "council.family": "meeting",
            "council.graph": "meeting",
            "council.meeting_id": meeting_id,
            "council.phase": "round_robin",
            "council.turn": turn,
            "council.agent_id": agent,
            "council.agent_role": role,
        }
        assert council_tags(call) == {
            "council:meeting",
            f"agent:{agent}",
            f"role:{role}",
            "phase:round_robin",
        }
        # the turn is a step of the meeting, the call inside it
        assert step.name == "take_turn" and tracer.parent_of(step) is root
        assert metadata(step) == {"council.family": "meeting", "council.graph": "meeting"}
    [(summary, step)] = tracer.named("summary · cto · turn 2")
    assert metadata(summary)["council.agent_role"] == "cto" and step.name == "summarize"


def test_a_debate_nests_its_calls_in_the_strategy_and_names_the_conflict(org: Org) -> None:
    parties = ("junior_dev", "senior_dev")
    script: dict[str, list[Any]] = {a: [f"{a} argues", f"{a} rebuts"] for a in parties}
    script["backend_lead"] = [
        {"winning_agent_id": "junior_dev", "confidence": 0.9, "reasoning": "b"}
    ]
    roster = Roster(org, default_model=ScriptedChatModel(script))
    graph = create_conflict_graph(org, roster, config=ConflictResolutionConfig(strategy="debate"))
    tracer = RunCollector()
    graph.invoke({"conflict": conflict(org, parties, conflict_id="c-42")}, {"callbacks": [tracer]})

    (root,) = tracer.roots
    assert root.name == "conflict" and "council:conflict" in root.tags
    [(judge, step)] = tracer.named("judge · backend_lead")
    assert metadata(judge) == {
        "council.family": "conflict",
        "council.graph": "conflict",
        "council.conflict_id": "c-42",
        "council.phase": "judge",
        "council.agent_id": "backend_lead",
        "council.agent_role": "backend_lead",
    }
    assert {"agent:backend_lead", "phase:judge"} <= council_tags(judge)
    # conflict -> debate step -> the debate subgraph (named for its strategy) -> judge -> call
    strategy = tracer.parent_of(step)
    assert step.name == "judge" and strategy is not None and strategy.name == "debate"
    outer = tracer.parent_of(strategy)
    assert outer is not None and outer.name == "debate" and tracer.parent_of(outer) is root
    for kind in ("argue", "rebut"):
        calls = [r for r, _ in tracer.runs() if r.name.startswith(f"{kind} · ")]
        assert sorted(metadata(r)["council.agent_id"] for r in calls) == list(parties)
        assert all(metadata(r)["council.conflict_id"] == "c-42" for r in calls)


@pytest.mark.parametrize("batching", [False, True], ids=["sends", "wave_batching"])
@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_a_pipeline_shows_each_attempt_inside_its_wave_and_its_agent_s_calls_inside(
    org: Org, mode: str, batching: bool
) -> None:
    model = ScriptedChatModel(lambda prompt: f"did {prompt}")
    failed: set[str] = set()

    def work(run: SubtaskRun) -> str:
        if run.subtask.id == "s2" and "s2" not in failed:  # its first attempt fails
            failed.add("s2")
            raise RuntimeError("flaky")
        return str(model.invoke(run.subtask.id).content)

    graph = create_coordination_graph(
        org,
        executor=RunnableLambda(work),
        decomposer=ManualDecomposer(TWO_WAVES),
        config={"wave_batching": batching},
    )
    tracer = RunCollector()
    task = Task(id="t-7", title="Ship billing", owner_id="cto")
    await _invoke(graph, {"task": task}, tracer, mode)

    (root,) = tracer.roots
    assert root.name == "coordination" and "council:pipeline" in root.tags
    assert not tracer.run_map  # every run ended, the waves too
    attempts = {r.name: (r, p) for r, p in tracer.runs() if " · " in r.name}
    assert sorted(attempts) == [
        "wave 1 · s1 · senior_dev",
        "wave 1 · s3 · senior_dev",
        "wave 2 · s2 · senior_dev",
        "wave 2 · s2 · senior_dev · attempt 2",
    ]
    # coordination -> dispatch -> wave N -> each attempt of the batch -> the agent's call
    waves = [
        (w, p) for w, p in tracer.runs() if w.name.startswith("wave ") and w.name[5:].isdigit()
    ]
    assert [(w.name, p.name) for w, p in waves] == [
        ("wave 1", "dispatch"),
        ("wave 2", "dispatch"),  # the first attempt of s2, which fails
        ("wave 2", "dispatch"),  # its retry, dispatched again
    ]
    assert all(tracer.parent_of(p) is root for _, p in waves)
    first, retried, again = (w for w, _ in waves)
    assert sorted(r.name for r in first.child_runs) == [
        "wave 1 · s1 · senior_dev",
        "wave 1 · s3 · senior_dev",
    ]
    assert [r.name for r in retried.child_runs] == ["wave 2 · s2 · senior_dev"]
    assert [r.name for r in again.child_runs] == ["wave 2 · s2 · senior_dev · attempt 2"]
    assert metadata(first) == {
        "council.family": "pipeline",
        "council.graph": "coordination",
        "council.task_id": "t-7",
        "council.wave": 1,
    }
    assert "wave:1" in council_tags(first) and "council:pipeline" in council_tags(first)
    assert first.outputs == {"outcomes": {"s1": "completed", "s3": "completed"}}
    assert first.error is None and again.error is None
    assert retried.error is not None and "s2 failed" in retried.error  # a failed wave
    run, step = attempts["wave 2 · s2 · senior_dev · attempt 2"]
    assert metadata(run) == {
        "council.family": "pipeline",
        "council.graph": "coordination",
        "council.task_id": "t-7",
        "council.phase": "execute_subtask",
        "council.subtask_id": "s2",
        "council.wave": 2,
        "council.attempt": 2,
        "council.agent_id": "senior_dev",
        "council.agent_role": "backend_dev",
    }
    assert {"wave:2", "agent:senior_dev"} <= council_tags(run)
    assert step is again
    # the agent's model call is inside its attempt and says which subtask, wave and attempt
    [call] = [c for c in run.child_runs if c.run_type == "llm"]
    assert metadata(call)["council.subtask_id"] == "s2"
    assert (metadata(call)["council.wave"], metadata(call)["council.attempt"]) == (2, 2)
    first, _ = attempts["wave 1 · s1 · senior_dev"]
    assert (metadata(first)["council.wave"], metadata(first)["council.attempt"]) == (1, 1)


def test_an_agent_participant_s_run_is_named_and_its_inner_calls_say_who(org: Org) -> None:
    from langchain.agents import create_agent

    agent = create_agent(ScriptedChatModel(["I say A."]), tools=[])
    chair = ScriptedChatModel([SUMMARY])
    roster = Roster(org, {"senior_dev": agent, "cto": chair})
    graph = create_meeting_graph(roster, protocol="round_robin")
    tracer = RunCollector()
    inp = {"agenda": "Pick the DB", "leader_id": "cto", "participant_ids": ["senior_dev"]}
    ctx = {"round_robin": {"max_turns_per_agent": 1}}
    graph.invoke(inp, {"callbacks": [tracer]}, context=ctx)

    [(run, step)] = tracer.named("round_robin · senior_dev · turn 0")
    assert run.run_type == "chain" and step.name == "take_turn"  # the agent's own graph run
    inner = [r for r, _ in tracer.runs() if r.run_type == "llm" and tracer.below(r, run)]
    assert inner and all(metadata(r)["council.agent_id"] == "senior_dev" for r in inner)
    assert all(metadata(r)["council.phase"] == "round_robin" for r in inner)


@pytest.mark.postgres
def test_a_traced_thread_s_own_checkpoints_carry_no_trace_keys(org: Org, pg_saver: Any) -> None:
    """The keys ride on runs, not in what the thread stores: its checkpoints' metadata has none
    (a strategy subgraph's namespaced ones keep the keys of the step that ran it)."""
    parties = ("junior_dev", "senior_dev")
    script: dict[str, list[Any]] = {a: [f"{a} argues", f"{a} rebuts"] for a in parties}
    script["backend_lead"] = [
        {"winning_agent_id": "junior_dev", "confidence": 0.9, "reasoning": "b"}
    ]
    roster = Roster(org, default_model=ScriptedChatModel(script))
    debate = ConflictResolutionConfig(strategy="debate")
    graph = create_conflict_graph(org, roster, config=debate, checkpointer=pg_saver)
    config: Any = {"configurable": {"thread_id": "traced"}, "callbacks": [RunCollector()]}
    graph.invoke({"conflict": conflict(org, parties)}, config)
    own = list(pg_saver.list({"configurable": {"thread_id": "traced", "checkpoint_ns": ""}}))
    assert own and not [k for c in own for k in c.metadata if k.startswith("council.")]
    every = pg_saver.list({"configurable": {"thread_id": "traced"}})
    inner = {k for c in every if c.config["configurable"]["checkpoint_ns"] for k in c.metadata}
    assert {"council.family", "council.graph"} <= inner  # the debate subgraph's, as said


def _two_subtasks(org: Org) -> Any:
    from langgraph.checkpoint.memory import InMemorySaver

    rows = [
        {"id": "s1", "title": "API", "dependencies": [], "required_skills": ["python"]},
        {"id": "s3", "title": "UI", "dependencies": [], "required_skills": ["python"]},
    ]
    model = ScriptedChatModel(lambda prompt: f"did {prompt}")
    return create_coordination_graph(
        org,
        executor=RunnableLambda(lambda run: str(model.invoke(run.subtask.id).content)),
        decomposer=ManualDecomposer(rows),
        checkpointer=InMemorySaver(),
    )


def test_a_wave_resumed_by_other_callbacks_is_ended_and_its_attempts_still_traced(
    org: Org,
) -> None:
    """The run stops after dispatch started wave 1 (its attempts not run); the resume, with
    another tracer, runs them under their step (that tracer never saw the wave) and ends the
    wave in the first tracer: no run is left open in either, nothing fails."""
    graph = _two_subtasks(org)
    before, after = RunCollector(), RunCollector()
    cfg: Any = {"configurable": {"thread_id": "w"}}
    inp = {"task": Task(id="t-8", title="Ship", owner_id="cto")}
    graph.invoke(inp, {**cfg, "callbacks": [before]}, interrupt_before=["execute_subtask"])
    assert [r.name for r in before.run_map.values()] == ["wave 1"]  # open while it runs
    out = graph.invoke(None, {**cfg, "callbacks": [after]})

    assert out["result"].parent_status == "completed"
    assert not before.run_map and not after.run_map
    [(wave, _)] = before.named("wave 1")
    assert wave.outputs == {"outcomes": {"s1": "completed", "s3": "completed"}}
    attempts = [(r, p) for r, p in after.runs() if r.name.startswith("wave 1 · ")]
    assert len(attempts) == 2 and all(p.name == "execute_subtask" for _, p in attempts)


def test_a_wave_whose_attempts_never_ran_here_is_ended_when_the_thread_dispatches_again(
    org: Org,
) -> None:
    """The run stops after dispatch and the thread starts over: the next wave the thread
    opens ends the forsaken one (an error: superseded), so it is not open for ever."""
    graph = _two_subtasks(org)
    before, after = RunCollector(), RunCollector()
    cfg: Any = {"configurable": {"thread_id": "w2"}}
    inp = {"task": Task(id="t-9", title="Ship", owner_id="cto")}
    graph.invoke(inp, {**cfg, "callbacks": [before]}, interrupt_before=["execute_subtask"])
    graph.invoke(inp, {**cfg, "callbacks": [after]})

    assert not before.run_map and not after.run_map
    [(forsaken, _)] = before.named("wave 1")
    assert forsaken.error is not None and "superseded" in forsaken.error
    [(wave, _)] = after.named("wave 1")
    assert sorted(r.name for r in wave.child_runs) == [
        "wave 1 · s1 · senior_dev",
        "wave 1 · s3 · senior_dev",
    ]
