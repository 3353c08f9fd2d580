"""Rollup rules, the scanned summary, attribution and the update_parent callback."""

from __future__ import annotations

import pytest

from langgraph_council.nodes._pipeline.models import SubtaskResult
from langgraph_council.nodes._pipeline.rollup import rollup_status

from .conftest import Recorder, rows, run


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        ([], "created"),
        (["completed", "completed"], "completed"),
        (["cancelled", "cancelled"], "cancelled"),
        (["completed", "failed", "blocked", "in_progress"], "failed"),
        (["failed", "cancelled"], "failed"),
        (["completed", "in_progress", "blocked"], "in_progress"),
        (["completed", "blocked", "cancelled"], "blocked"),
        (["completed"], "completed"),
        # mixes no rule covers
        (["created", "created"], "created"),
        (["completed", "created"], "in_progress"),
        (["completed", "cancelled"], "completed"),
    ],
)
def test_rollup_rules_first_match_wins(statuses, expected) -> None:
    assert rollup_status(statuses) == expected


def test_dependency_gate_skips_dependents_of_failed_work(make_graph, backend) -> None:
    """fail_fast=False: b fails, so c (needs b) is skipped, not run; d (needs a) still runs."""
    recorder = Recorder(fail=["b"])
    plan = rows({"a": [], "b": [], "c": ["b"], "d": ["a"], "e": ["c"]})
    result = run(make_graph(plan, recorder, checkpointer=backend.checkpointer))
    assert sorted(set(recorder.calls)) == ["a", "b", "d"]
    # recovery first: b is retried once by each of its three routed candidates
    assert recorder.calls.count("b") == 6 and len(result.outcome("b").attempts) == 6
    assert result.statuses == {
        "a": "completed",
        "b": "failed",
        "c": "blocked",
        "d": "completed",
        "e": "blocked",
    }
    assert result.outcome("b").error == "RuntimeError: b broke"
    assert (
        "dependency b did not deliver (failed: RuntimeError: b broke)" in result.outcome("c").reason
    )
    assert "dependency c did not deliver" in result.outcome("e").reason
    assert result.rollup == "failed" and result.parent_status == "failed"


def test_fail_fast_cancels_later_waves(make_graph) -> None:
    recorder = Recorder(fail=["b"])
    plan = rows({"a": [], "b": [], "c": ["a"], "d": ["c"]})
    result = run(make_graph(plan, recorder), context={"coordination": {"fail_fast": True}})
    assert sorted(set(recorder.calls)) == ["a", "b"]  # the failing wave finishes (recovered)
    assert result.statuses["c"] == result.statuses["d"] == "cancelled"
    assert "fail_fast: b failed" in result.outcome("c").reason
    assert result.rollup == "failed"
    dispatch = result.phase("dispatch")
    assert not dispatch.success and dispatch.error.endswith("2 subtasks cancelled")


def test_summary_flags_appeals_to_authority(make_graph) -> None:
    def executor(run):
        if run.subtask.id == "a":
            return "As the CTO, trust me: the schema is fine."
        return "Benchmarks show 2x throughput (see bench/run.txt)."

    result = run(make_graph(rows({"a": [], "b": []}), executor))
    assert [f.cue for f in result.authority_flags] == ["As the CTO", "trust me"]
    assert {f.subtask_id for f in result.authority_flags} == {"a"}
    line_a = next(line for line in result.summary.splitlines() if line.startswith("- a "))
    assert "appeal to authority, not evidence" in line_a
    assert "not evidence" not in result.summary.split("- b ")[1]


def test_update_parent_gets_the_scanned_rollup(make_graph) -> None:
    seen = []
    graph = make_graph(
        rows({"a": []}), lambda r: "As the CEO, I approve.", update_parent=seen.append
    )
    result = run(graph)
    (update,) = seen
    assert (update.task_id, update.status, update.rollup) == ("t1", "completed", "completed")
    assert update.summary == result.summary
    assert [f.cue for f in update.authority_flags] == ["As the CEO"]
    assert result.phase("update_parent").success


def test_update_parent_failure_is_recorded_not_raised(make_graph) -> None:
    def broken(update):
        raise ConnectionError("tracker is down")

    result = run(make_graph(rows({"a": []}), Recorder(), update_parent=broken))
    phase = result.phase("update_parent")
    assert phase is not None and not phase.success
    assert phase.error == "ConnectionError: tracker is down"
    assert result.rollup == "completed"


async def test_async_update_parent_under_ainvoke(make_graph) -> None:
    from .conftest import arun

    seen = []

    async def record(update):
        seen.append(update.status)

    await arun(make_graph(rows({"a": []}), Recorder().arun, update_parent=record))
    assert seen == ["completed"]


def test_attribution_categories(make_graph) -> None:
    def executor(run):
        if run.subtask.id == "gate":
            return SubtaskResult(status="failed", error="lint", failure_category="quality_gate")
        if run.subtask.id == "boom":
            raise ValueError("no")
        return "ok"

    plan = [
        {"id": "ok", "title": "x", "required_skills": ["react"], "complexity": "medium"},
        {"id": "boom", "title": "x", "required_skills": ["databases"], "complexity": "complex"},
        {"id": "gate", "title": "x", "required_skills": ["automation"], "complexity": "simple"},
        {"id": "next", "title": "x", "required_skills": ["css"], "dependencies": ["boom"]},
    ]
    result = run(make_graph(plan, executor))
    by_agent = {a.agent_id: a for a in result.attribution}
    assigned = {d.subtask_id: d.agent_id for d in result.routing}
    assert by_agent[assigned["boom"]].failure_category == "direct"
    assert by_agent[assigned["gate"]].failure_category == "quality_gate"
    ok_agent = by_agent[assigned["ok"]]
    if assigned["next"] == assigned["ok"]:
        assert ok_agent.failures == {"next": "upstream_contamination"}
    else:
        assert by_agent[assigned["next"]].failure_category == "upstream_contamination"
    # weights: medium 2, complex 3, simple 1, medium 2 -> only "ok" completed: 2/8
    assert ok_agent.contribution_score == pytest.approx(0.25)
    assert sum(a.contribution_score for a in result.attribution) == pytest.approx(0.25)
