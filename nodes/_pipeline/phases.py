"""The planning phases as nodes: decompose, route, resolve_topology, validate."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command, Overwrite

from langgraph_council.nodes._calls import pure_node
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import PlanError
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

__all__ = [
    "Planner",
    "check_task",
    "decomposed",
    "make_decompose_node",
    "make_resolve_topology_node",
    "make_route_node",
    "make_validate_node",
]

Planner = Callable[[Task, CoordinationConfig], Plan]
"""Turns the task into a validated plan under the run's config (`PlanError` when it cannot)."""


def check_task(state: dict[str, Any], org: Org) -> Task:
    """The input task as a model; `ValueError` naming the field when it is unusable."""
    if "task" not in state or state["task"] is None:
        raise ValueError('input needs "task": a Task or a dict with id, title, description, ...')
    task = task_of(state)
    if task.owner_id is not None and task.owner_id not in org:
        raise ValueError(
            f"task.owner_id {task.owner_id!r} is not in the org; use one of "
            f"{sorted(a.id for a in org)} or leave it empty"
        )
    return task


def decomposed(
    task: Task, outcome: Plan | PlanError, started: float, warnings: Sequence[str] = ()
) -> Command[Any]:
    """The decompose node's update: a fresh run with the plan, or a failed phase and rollup;
    `warnings` (e.g. a plan read from the planner's text) start the run's warnings."""
    fresh: dict[str, Any] = {
        "task": task,
        "run_id": uuid.uuid4().hex,
        "routing": [],
        "topology": None,
        "handoffs": [],
        "outcomes": Overwrite({}),
        "messages": Overwrite([]),
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
        phase = phase_result("decompose", started, str(outcome))
        return Command(goto=ROLLUP, update={**fresh, "plan": None, "phases": Overwrite([phase])})
    emit("decomposed", task_id=task.id, subtasks=len(outcome.subtasks), waves=len(outcome.levels))
    phase = phase_result("decompose", started)
    return Command(goto=ROUTE, update={**fresh, "plan": outcome, "phases": Overwrite([phase])})


def make_decompose_node(
    planner: Planner, org: Org, default: CoordinationConfig
) -> Runnable[Any, Any]:
    """The decompose phase with a pure planner (e.g. `ManualDecomposer.plan`)."""

    def decompose(state: dict[str, Any]) -> Command[Any]:
        started = time.perf_counter()
        config = coordination_context(default)
        task = check_task(state, org)
        try:
            plan: Plan | PlanError = planner(task, config)
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
