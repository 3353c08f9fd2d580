"""Plan validation is linear in the plan's size and checks the config's limits first."""

from __future__ import annotations

from typing import ClassVar

import pytest

from langgraph_council.graphs import ManualDecomposer
from langgraph_council.nodes import Task
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import PlanError, build_plan
from langgraph_council.nodes._pipeline.models import Plan, Subtask
from langgraph_council.nodes._pipeline.planner import DecompositionPlan, apply_plan

TASK = Task(id="t", title="x", owner_id="cto")


class CountedId(str):
    """A subtask id that counts its hashes: every dict or set lookup of an id is one."""

    hashes: ClassVar[int] = 0

    def __hash__(self) -> int:
        CountedId.hashes += 1
        return str.__hash__(self)


def _counted_chain(depth: int) -> list[Subtask]:
    ids = [CountedId(f"s{i}") for i in range(depth)]
    return [
        Subtask.model_construct(id=ids[i], title="x", dependencies=(ids[i - 1],) if i else ())
        for i in range(depth)
    ]


def _lookups(depth: int) -> int:
    """Id lookups to validate and plan a `depth`-deep chain with the limits raised to fit."""
    chain = _counted_chain(depth)
    config = CoordinationConfig(max_subtasks=depth, max_depth=depth)
    CountedId.hashes = 0
    plan = ManualDecomposer(chain).plan(TASK, config)
    assert len(plan.levels) == depth
    return CountedId.hashes


def _chain_rows(depth: int) -> list[dict[str, object]]:
    return [
        {"id": f"s{i}", "title": f"Step {i}", "dependencies": [f"s{i - 1}"] if i else []}
        for i in range(depth)
    ]


def test_validating_a_chain_costs_a_constant_number_of_lookups_per_subtask() -> None:
    """Doubling the chain doubles the work (quadratic before: 4x, and ~n lookups per row)."""
    small, large = _lookups(1_000), _lookups(2_000)
    assert large <= 2.2 * small, (small, large)
    assert large <= 50 * 2_000, large  # validated twice: at construction and when planning


def test_a_ten_thousand_deep_chain_validates_with_the_limits_raised() -> None:
    rows = _chain_rows(10_000)
    config = CoordinationConfig(max_subtasks=10_000, max_depth=10_000)
    plan = ManualDecomposer(rows).plan(TASK, config)
    assert plan.levels[:2] == (("s0",), ("s1",)) and len(plan.levels) == 10_000
    assert plan.structure == "sequential"


def test_the_model_planners_plan_goes_through_the_same_linear_path() -> None:
    parsed = DecompositionPlan.model_validate({"subtasks": _chain_rows(10_000)})
    raised = CoordinationConfig(max_subtasks=10_000, max_depth=10_000)
    plan = apply_plan(TASK, parsed, raised, planner="cto")
    assert isinstance(plan, Plan) and len(plan.levels) == 10_000
    refused = apply_plan(TASK, parsed, CoordinationConfig(), planner="cto")
    assert isinstance(refused, PlanError) and "max_subtasks=10" in str(refused)


def test_max_subtasks_is_checked_before_any_row_is_validated() -> None:
    """A 10,001-row plan under the default limit: the size error, not the bad last row's."""
    rows = [*_chain_rows(10_000), {"id": "bad", "title": "x", "complexity": "huge"}]
    with pytest.raises(PlanError, match=r"max_subtasks=10; .*CoordinationConfig\.max_subtasks"):
        build_plan(TASK, rows, CoordinationConfig())


def test_max_depth_stops_the_pass_at_the_first_chain_too_deep() -> None:
    """The error names the field and one chain one longer than the limit, not all 10,000."""
    config = CoordinationConfig(max_subtasks=10_000, max_depth=3)
    with pytest.raises(PlanError) as caught:
        build_plan(TASK, _counted_chain(10_000), config)
    assert caught.value.ids == ("s0", "s1", "s2", "s3")
    assert "s0 -> s1 -> s2 -> s3 is 4 deep, more than max_depth=3" in str(caught.value)
    assert "CoordinationConfig.max_depth" in str(caught.value)


def test_a_cycle_behind_a_long_chain_is_still_named() -> None:
    rows = [*_chain_rows(5_000), {"id": "x", "title": "x", "dependencies": ["y", "s4999"]}]
    rows.append({"id": "y", "title": "y", "dependencies": ["x"]})
    with pytest.raises(PlanError, match=r"dependency cycle x -> y -> x") as caught:
        ManualDecomposer(rows)
    assert caught.value.ids == ("x", "y")
