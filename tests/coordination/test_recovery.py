"""Failed work is not final: retry with the feedback, reassign through the guard, replan."""

from __future__ import annotations

import json
import threading

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    create_coordination_graph,
)
from langgraph_council.guards import InMemoryLoopRecordStore
from langgraph_council.nodes import Org, Roster, SubtaskRun, Task
from langgraph_council.nodes.testing import ScriptedChatModel

from .conftest import TASK, rows, run


class Flaky:
    """An executor that fails while `broken(run)` says so; it keeps every run it got."""

    def __init__(self, broken) -> None:
        self.broken, self.runs = broken, []
        self._lock = threading.Lock()

    def __call__(self, run: SubtaskRun) -> str:
        with self._lock:
            self.runs.append(run)
        if self.broken(run):
            raise RuntimeError(f"schema missing in {run.subtask.id} (attempt {run.attempt})")
        return f"{run.subtask.id} done by {run.agent.id}"

    def of(self, sid: str) -> list[SubtaskRun]:
        return [r for r in self.runs if r.subtask.id == sid]


def test_a_retry_succeeds_on_the_second_attempt_with_the_error_as_feedback(make_graph) -> None:
    flaky = Flaky(lambda run: run.subtask.id == "a" and run.attempt == 1)
    result = run(make_graph(rows({"a": []}), flaky, checkpointer=InMemorySaver()))
    first, second = flaky.of("a")
    assert (first.attempt, first.recovery, first.feedback) == (1, None, "")
    assert (second.attempt, second.recovery, second.agent.id) == (2, "retry", first.agent.id)
    assert "schema missing in a (attempt 1)" in second.feedback
    assert second.previous_attempts[0].status == "failed"
    outcome = result.outcome("a")
    assert outcome.status == "completed" and result.rollup == "completed"
    assert [(a.step, a.status, a.agent_id) for a in outcome.attempts] == [
        ("initial", "failed", first.agent.id),
        ("retry", "completed", first.agent.id),
    ]
    assert outcome.attempts[0].failure_category == "direct"
    (credit,) = result.attribution
    assert (credit.completed, credit.failure_category, len(credit.attempts)) == (1, None, 2)


def test_reassign_goes_to_the_next_best_agent_through_the_guard(make_graph) -> None:
    config = CoordinationConfig(max_retries=0)
    first_agent: list[str] = []

    def broken(run: SubtaskRun) -> bool:
        first_agent[:] = first_agent or [run.agent.id]
        return run.agent.id == first_agent[0]

    flaky = Flaky(broken)
    result = run(make_graph(rows({"a": []}), flaky, config=config))
    (decision,) = result.routing
    best, runner_up = decision.candidates[0].agent_id, decision.candidates[1].agent_id
    assert [r.agent.id for r in flaky.runs] == [best, runner_up]
    assert flaky.runs[1].recovery == "reassign" and "schema missing" in flaky.runs[1].feedback
    outcome = result.outcome("a")
    assert (outcome.status, outcome.agent_id) == ("completed", runner_up)
    assert [(a.step, a.agent_id, a.status) for a in outcome.attempts] == [
        ("initial", best, "failed"),
        ("reassign", runner_up, "completed"),
    ]
    handed = [(h.delegatee, h.passed) for h in result.handoffs]
    assert handed == [(best, True), (runner_up, True)]  # the hand-off passed the guard
    credit = {a.agent_id: a for a in result.attribution}
    assert credit[best].failures == {"a": "direct"} and credit[best].completed == 0
    assert credit[runner_up].completed == 1 and credit[runner_up].contribution_score == 1.0
    assert [a.status for a in credit[best].attempts] == ["failed"]


def test_a_reassign_the_guard_blocks_is_recorded_and_the_next_candidate_gets_it(
    make_graph,
) -> None:
    """The runner-up already handled the task (ancestry): blocked, the third candidate works."""
    probe = run(make_graph(rows({"a": []}), Flaky(lambda run: False)))
    best, runner_up, third = (c.agent_id for c in probe.routing[0].candidates)
    task = Task(id="t2", title="Ship it", owner_id="cto", delegation_chain=(runner_up,))
    records = InMemoryLoopRecordStore()
    flaky = Flaky(lambda run: run.agent.id == best)
    graph = make_graph(
        rows({"a": []}),
        flaky,
        config=CoordinationConfig(max_retries=0),
        stores=CouncilStores(loop_records=records),
    )
    result = run(graph, task)
    assert [r.agent.id for r in flaky.runs] == [best, third]
    steps = [(a.step, a.agent_id, a.status) for a in result.outcome("a").attempts]
    assert steps == [
        ("initial", best, "failed"),
        ("reassign", runner_up, "blocked"),
        ("reassign", third, "completed"),
    ]
    blocked = result.outcome("a").attempts[1]
    assert "ancestry" in (blocked.error or "") and "ancestry" in blocked.note
    assert [(h.delegatee, h.mechanism) for h in result.handoffs][1] == (runner_up, "ancestry")
    assert [r.delegatee for r in records.list()] == [runner_up]


def test_dependents_wait_for_the_retry_and_then_run(make_graph) -> None:
    flaky = Flaky(lambda run: run.subtask.id == "a" and run.attempt == 1)
    plan = rows({"a": [], "b": ["a"], "c": []})
    result = run(make_graph(plan, flaky, checkpointer=InMemorySaver()))
    order = [(r.subtask.id, r.attempt) for r in flaky.runs]
    assert order.index(("a", 2)) < order.index(("b", 1))
    assert sorted(order) == [("a", 1), ("a", 2), ("b", 1), ("c", 1)]
    (b_run,) = flaky.of("b")
    assert b_run.upstream_results["a"].status == "completed"
    assert result.statuses == {"a": "completed", "b": "completed", "c": "completed"}


def test_recovery_off_makes_a_failure_final_and_skips_dependents(make_graph) -> None:
    flaky = Flaky(lambda run: run.subtask.id == "a")
    off = {"coordination": {"max_retries": 0, "reassign": False}}
    result = run(make_graph(rows({"a": [], "b": ["a"]}), flaky), context=off)
    assert [r.subtask.id for r in flaky.runs] == ["a"]
    assert result.statuses == {"a": "failed", "b": "blocked"}
    assert len(result.outcome("a").attempts) == 1


def test_an_exhausted_ladder_is_bounded_and_recorded(make_graph) -> None:
    flaky = Flaky(lambda run: run.subtask.id == "a")
    result = run(make_graph(rows({"a": []}), flaky, config=CoordinationConfig(max_retries=2)))
    attempts = result.outcome("a").attempts
    assert len(flaky.runs) == len(attempts) == 9  # three candidates, three tries each
    assert [a.step for a in attempts][:4] == ["initial", "retry", "retry", "reassign"]
    assert result.outcome("a").status == "failed" and result.rollup == "failed"


REPLACEMENT = {
    "id": "b",
    "title": "Build b without the schema",
    "description": "Skip the schema step",
    "dependencies": ["a"],
    "required_skills": ["python"],
}


def _replan_graph(org: Org, reply: object, flaky: Flaky, model: ScriptedChatModel | None = None):
    model = model or ScriptedChatModel({"cto": [reply]})
    roster = Roster(org, default_model=model)
    settings = CoordinationConfig(max_retries=0, reassign=False, replan=True)
    return create_coordination_graph(
        org,
        roster,
        executor=flaky,
        decomposer=ManualDecomposer(rows({"a": [], "b": ["a"], "c": ["b"]})),
        config=settings,
        checkpointer=InMemorySaver(),
    )


def test_replan_replaces_the_subtask_through_the_planner(org: Org) -> None:
    flaky = Flaky(lambda run: run.subtask.title == "Do b")
    model_reply = f"Here:\n```json\n{json.dumps(REPLACEMENT)}\n```"
    model = ScriptedChatModel({"cto": [model_reply]})
    result = run(_replan_graph(org, model_reply, flaky, model))
    assert result.statuses == {"a": "completed", "b": "completed", "c": "completed"}
    (replaced,) = [s for s in result.subtasks if s.id == "b"]
    assert replaced.title == "Build b without the schema"
    b_runs = flaky.of("b")
    assert [(r.subtask.title, r.recovery) for r in b_runs] == [
        ("Do b", None),
        ("Build b without the schema", "replan"),
    ]
    steps = [(a.step, a.status, a.agent_id) for a in result.outcome("b").attempts]
    assert steps[:2] == [("initial", "failed", b_runs[0].agent.id), ("replan", "replanned", "cto")]
    assert steps[2][:2] == ("replan", "completed")
    assert flaky.of("c")[0].upstream_results["b"].status == "completed"
    (call,) = model.calls  # the planner saw what went wrong, fenced as peer text
    fenced = call.prompt.split("<peer-contribution", 1)[1].split("</peer-contribution>", 1)[0]
    assert "schema missing in b (attempt 1)" in fenced
    context = call.prompt.split('<task-data field="plan-context">', 1)[1].split("</task-data>")[0]
    assert "Completed subtasks it may depend on: a\n" in context


def test_an_unusable_replacement_is_blocked_and_the_failure_is_final(org: Org) -> None:
    bad = {**REPLACEMENT, "dependencies": ["c"]}  # c depends on b: not completed
    flaky = Flaky(lambda run: run.subtask.id == "b")
    result = run(_replan_graph(org, json.dumps(bad), flaky))
    assert result.statuses == {"a": "completed", "b": "failed", "c": "blocked"}
    replan = result.outcome("b").attempts[-1]
    assert (replan.step, replan.status) == ("replan", "blocked")
    assert "depends on ['c']" in (replan.error or "")


def test_replan_needs_a_roster(org: Org) -> None:
    with pytest.raises(ValueError, match="replan=True"):
        create_coordination_graph(
            org,
            executor=lambda run: "x",
            decomposer=ManualDecomposer(rows({"a": []})),
            config=CoordinationConfig(replan=True),
        )


async def test_recovery_under_ainvoke(make_graph) -> None:
    flaky = Flaky(lambda run: run.subtask.id == "a" and run.attempt == 1)
    graph = make_graph(rows({"a": [], "b": ["a"]}), flaky)
    out = await graph.ainvoke({"task": TASK}, {"configurable": {"thread_id": "async-retry"}})
    assert out["result"].statuses == {"a": "completed", "b": "completed"}
    assert [(r.subtask.id, r.attempt) for r in flaky.runs] == [("a", 1), ("a", 2), ("b", 1)]
