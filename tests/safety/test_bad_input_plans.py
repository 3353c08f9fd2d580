"""Issue 15 item 3, plans: any plan, task and pipeline context either runs, or is refused before
any subtask runs (and before any planner call) with an error naming the field or the ids."""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import example, given
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import ManualDecomposer, create_coordination_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._pipeline.decompose import PlanError
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._pipeline.report import CoordinationResult
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel
from tests.conftest import ORG_YAML

from .strategies import Fuzzed, fuzz
from .strategies_flows import coordination_contexts, limit_plans, plan_rows, tasks

ORG = Org.load(ORG_YAML)
FUZZ = fuzz(60)
PLAN = [
    {"id": "a", "title": "Schema", "required_skills": ["python"]},
    {"id": "b", "title": "API", "dependencies": ["a"], "required_skills": ["python"]},
]
TASK = {"id": "t1", "title": "Ship the billing API", "owner_id": "cto"}
_threads = itertools.count()
DEEP = [
    {"id": f"s{i}", "title": f"Step {i}", "dependencies": [f"s{i - 1}"] if i else []}
    for i in range(10_000)
]


class Executor:
    """Records the subtasks it ran."""

    def __init__(self) -> None:
        self.ran: list[str] = []

    def __call__(self, run: SubtaskRun) -> str:
        self.ran.append(run.subtask.id)
        return f"{run.subtask.id} done"


def run_pipeline(
    task: Fuzzed, context: Fuzzed, *, plan: list[Any] | None = None, planner: Any = None
) -> CoordinationResult | None:
    """Run the pipeline once; an exception must name a changed field and run nothing."""
    executor = Executor()
    model = ScriptedChatModel(planner or [])
    try:
        graph = create_coordination_graph(
            ORG,
            Roster(ORG, default_model=model),
            executor=executor,
            decomposer=None if plan is None else ManualDecomposer(plan),
            checkpointer=InMemorySaver(),
        )
        out = graph.invoke(
            {"task": task.value},
            {"configurable": {"thread_id": f"p{next(_threads)}"}},
            context=context.value,
        )
    except (ValueError, TypeError) as exc:
        assert executor.ran == [] and model.calls == [], str(exc)
        touched = task.touched | context.touched
        assert Fuzzed(None, touched).named_in(str(exc)), (str(exc), touched)
        return None
    result: CoordinationResult = out["result"]
    decompose = result.phase("decompose")
    if decompose is not None and not decompose.success:
        assert executor.ran == [], decompose.error
        assert decompose.error
    planned = {s.id for s in result.subtasks}
    assert set(executor.ran) <= planned
    assert len(executor.ran) == len(set(executor.ran)), executor.ran
    return result


@FUZZ
@given(plan_rows())
def test_manual_plans_run_or_are_refused_naming_the_rows(rows: Fuzzed) -> None:
    try:
        ManualDecomposer(rows.value)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        if isinstance(exc, PlanError) and exc.ids:  # dependency problems name the subtask ids
            assert all(i in message or repr(i) in message for i in exc.ids), message
        else:
            assert rows.named_in(message) or "plan" in message, message
        return
    result = run_pipeline(Fuzzed(TASK), Fuzzed(None), plan=rows.value)
    assert result is not None


@FUZZ
@given(tasks(), coordination_contexts())
# Bug: the input is saved (sync durability) before any node checks it; LangGraph's serializer
# failed with "Integer exceeds 64-bit range", naming no field.
@example(Fuzzed({**TASK, "id": 2**64}, {"id"}), Fuzzed({}))
def test_tasks_and_contexts_run_or_fail_before_any_subtask(task: Fuzzed, context: Fuzzed) -> None:
    run_pipeline(task, Fuzzed({"coordination": context.value}, context.touched), plan=PLAN)


@FUZZ
@given(plan_rows(), coordination_contexts())
def test_a_planner_reply_of_any_plan_fails_decompose_or_runs_it(
    rows: Fuzzed, context: Fuzzed
) -> None:
    """The model-driven decomposer: the planner's plan is untrusted model output."""

    def plan(call: ScriptCall) -> Any:
        return json.dumps({"subtasks": rows.value}, allow_nan=True, default=str)

    run_pipeline(
        Fuzzed(TASK), Fuzzed({"coordination": context.value}, context.touched), planner=plan
    )


@fuzz(30)
@given(limit_plans())
# A 10,000-deep chain under the default limits: refused on size before its depth is walked.
@example((Fuzzed({}, {"max_subtasks"}), DEEP, "max_subtasks"))
def test_plans_at_and_past_the_limits_run_or_fail_naming_the_limit_before_any_subtask(
    case: tuple[Fuzzed, list[dict[str, Any]], str | None],
) -> None:
    """Issue 21 item 4: the size and depth limits come first; a plan within them runs whole."""
    limits, rows, expected = case
    result = run_pipeline(Fuzzed(TASK), Fuzzed({"coordination": limits.value}, limits.touched),
                          plan=rows)  # fmt: skip
    if result is None:  # refused before any subtask (run_pipeline checked the error)
        assert expected == "context", limits.value
        return
    decompose = result.phase("decompose")
    assert decompose is not None
    if expected is None:
        assert decompose.success, decompose.error
        assert sorted(s.id for s in result.subtasks) == sorted(r["id"] for r in rows)
    else:
        assert not decompose.success and expected in (decompose.error or ""), decompose.error
