"""The planning phases as nodes: decompose, route, resolve_topology, validate."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command, Overwrite

from langgraph_council.nodes._calls.node import pure_node
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import PlanError, build_plan
from langgraph_council.nodes._pipeline.from_messages import asked_task, is_asked
from langgraph_council.nodes._pipeline.models import Plan, Task
from langgraph_council.nodes._pipeline.names import (
    DECOMPOSE,
    GUARD_HANDOFFS,
    RESOLVE_TOPOLOGY,
    ROLLUP,
    ROUTE,
    VALIDATE,
)
from langgraph_council.nodes._pipeline.route import route_plan
from langgraph_council.nodes._pipeline.runtime import coordination_context, emit, phase_result
from langgraph_council.nodes._pipeline.state import plan_of, routing_of, task_of, topology_of
from langgraph_council.nodes._pipeline.topology import (
    isolation_error,
    resolve_topology,
    validation_error,
)
from langgraph_council.nodes._state_version import versioned

__all__ = [
    "NO_PLAN",
    "Planner",
    "check_task",
    "decomposed",
    "given_plan",
    "make_decompose_node",
    "make_resolve_topology_node",
    "make_route_node",
    "make_validate_node",
]

Planner = Callable[[Task, CoordinationConfig], Plan]
"""Turns the task into a validated plan under the run's config (`PlanError` when it cannot)."""


def check_task(state: dict[str, Any], org: Org) -> Task:
    """The input task as a model; `ValueError` naming the field when it is unusable.

    A run started from messages takes its task from the last request (`from_messages`)."""
    asked = asked_task(state)
    if asked is not None:
        return asked
    if "task" not in state or state["task"] is None:
        raise InvalidInputError(
            'input needs "task": a Task or a dict with id, title, description, ...'
        )
    task = task_of(state)
    if task.owner_id is not None and task.owner_id not in org:
        raise InvalidInputError(
            f"task.owner_id {task.owner_id!r} is not in the org; use one of "
            f"{sorted(a.id for a in org)} or leave it empty"
        )
    return task


NO_PLAN = (
    "this pipeline was built without a decomposer or a roster (for the planner agent), so "
    'its input must carry the plan: {"task": ..., "subtasks": [{"id": "a", "title": ...}, '
    "...]} or Task(..., subtasks=[...]); or build it with decomposer=ManualDecomposer(rows) "
    "or a Roster"
)
"""Why a run of a pipeline with nothing to plan with fails before any work starts."""


def _rows_given(state: Mapping[str, Any], task: Task) -> Sequence[Any] | None:
    """The plan rows the input carries (`subtasks`, or `task.subtasks`), else None."""
    rows = state.get("subtasks")
    if rows is None:
        return task.subtasks or None
    if task.subtasks:
        raise InvalidInputError(
            'the plan is given twice: pass "subtasks" in the input or Task(subtasks=...), not both'
        )
    if isinstance(rows, str | bytes | Mapping) or not isinstance(rows, Sequence):
        raise InvalidInputTypeError(
            '"subtasks" must be a list of plan rows: Subtask models or dicts with id, title, '
            f"dependencies, ...; got {type(rows).__name__}"
        )
    return rows


def given_plan(
    state: Mapping[str, Any], task: Task, config: CoordinationConfig
) -> Plan | PlanError | None:
    """The plan the run's input carries, validated under `config`; None when it has none.

    The input's plan wins over a build-time decomposer or planner agent, for that run.

    Raises:
        ValueError, TypeError: The plan is given twice, or `subtasks` is not a list.
    """
    rows = _rows_given(state, task)
    if rows is None:
        return None
    try:
        return build_plan(task.model_copy(update={"subtasks": ()}), rows, config, planner="input")
    except PlanError as exc:
        return exc


def decomposed(
    task: Task,
    outcome: Plan | PlanError,
    started: float,
    warnings: Sequence[str] = (),
    usage: tuple[int, int] = (0, 0),
) -> Command[Any]:
    """The decompose node's update: a fresh run with the plan, or a failed phase and rollup;
    `warnings` (e.g. a plan read from the planner's text) start the run's warnings, `usage`
    (the planner's input, output tokens) is on the phase record whether or not it planned."""
    fresh: dict[str, Any] = {
        "task": task,
        **versioned(),
        "subtasks": None,  # the input's plan is read once: a later run brings its own
        "run_id": uuid.uuid4().hex,
        "routing": [],
        "topology": None,
        "handoffs": [],
        "outcomes": Overwrite({}),
        **({} if is_asked(task) else {"messages": Overwrite([])}),
        "warnings": Overwrite(list(warnings)),
        "dispatch_started": None,
        "recovering": None,
        "workspace_id": None,
        "batch": [],
        "merges": Overwrite({}),
        "merge_pending": None,
        "merge_ruling": None,
        "integration": None,
        "escalation_id": None,
        "escalation_decision": None,
    }
    if isinstance(outcome, PlanError):
        emit("decompose_failed", task_id=task.id, error=str(outcome))
        phase = phase_result("decompose", started, str(outcome), usage=usage)
        return Command(goto=ROLLUP, update={**fresh, "plan": None, "phases": Overwrite([phase])})
    emit("decomposed", task_id=task.id, subtasks=len(outcome.subtasks), waves=len(outcome.levels))
    phase = phase_result("decompose", started, usage=usage)
    return Command(goto=ROUTE, update={**fresh, "plan": outcome, "phases": Overwrite([phase])})


def make_decompose_node(
    planner: Planner | None, org: Org, default: CoordinationConfig
) -> Runnable[Any, Any]:
    """The decompose phase with a pure planner (e.g. `ManualDecomposer.plan`), or with none:
    then every run's input carries its plan (`given_plan`), and one without is refused."""

    def decompose(state: dict[str, Any]) -> Command[Any]:
        started = time.perf_counter()
        config = coordination_context(default)
        task = check_task(state, org)
        plan = given_plan(state, task, config)
        if plan is None:
            if planner is None:
                raise InvalidInputError(NO_PLAN)
            try:
                plan = planner(task, config)
            except PlanError as exc:
                plan = exc
        return decomposed(task, plan, started)

    return pure_node(decompose, name=DECOMPOSE)


def make_route_node(org: Org, default: CoordinationConfig) -> Runnable[Any, Any]:
    """The route phase: every subtask to the best-fitting agent, unroutable ones reported."""

    def route(state: dict[str, Any]) -> dict[str, Any]:
        started = time.perf_counter()
        plan = plan_of(state)
        if plan is None:
            raise RuntimeError("route ran without a plan: decompose has not succeeded")
        routing = route_plan(plan, task_of(state), org, coordination_context(default))
        for decision in routing.decisions:
            emit("routed", subtask_id=decision.subtask_id, agent_id=decision.agent_id)
        return {
            "routing": list(routing.decisions),
            "outcomes": routing.unroutable,
            "warnings": list(routing.warnings),
            "phases": [phase_result("route", started)],
        }

    return pure_node(route, name=ROUTE)


def make_resolve_topology_node(
    default: CoordinationConfig, *, isolated: bool = False
) -> Runnable[Any, Any]:
    """The resolve_topology phase (`isolated`: the pipeline has a workspace)."""

    def resolve(state: dict[str, Any]) -> dict[str, Any]:
        started = time.perf_counter()
        plan = plan_of(state)
        if plan is None:
            raise RuntimeError("resolve_topology ran without a plan")
        config = coordination_context(default)
        decision = resolve_topology(task_of(state), plan, config, isolated=isolated)
        emit("topology", topology=decision.topology, source=decision.source)
        return {"topology": decision, "phases": [phase_result("resolve_topology", started)]}

    return pure_node(resolve, name=RESOLVE_TOPOLOGY)


def make_validate_node(*, isolated: bool = False) -> Runnable[Any, Any]:
    """The validate phase: it fails when a subtask needs a skill nobody has, when no subtask
    is routable at all, or when the topology needs a workspace the pipeline lacks."""

    def validate(state: dict[str, Any]) -> Command[Any]:
        started = time.perf_counter()
        error = validation_error(routing_of(state))
        decision = topology_of(state)
        if error is None and decision is not None:
            error = isolation_error(decision.topology, isolated)
        phase = phase_result("validate", started, error)
        if error is not None:
            emit("validate_failed", error=error)
            return Command(goto=ROLLUP, update={"phases": [phase]})
        return Command(goto=GUARD_HANDOFFS, update={"phases": [phase]})

    return pure_node(validate, name=VALIDATE)
