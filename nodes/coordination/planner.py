"""The model-driven decomposer's pure steps: what to ask the planner, and what its answer means.

The node around them is the one agent-call node (`nodes/calls.py`, `model_node`): `plan_call`
gives the call (or a failed-decompose update when nobody can plan), `apply_plan_reply` turns
the parsed answer (None when the reply held no parsable plan) into the decompose update.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from langgraph.types import Command
from pydantic import BaseModel, Field

from langgraph_council.nodes.coordination.config import CoordinationConfig
from langgraph_council.nodes.coordination.decompose import PlanError, build_plan
from langgraph_council.nodes.coordination.models import Complexity, Plan, Task, TaskStructure
from langgraph_council.nodes.coordination.phases import check_task, decomposed
from langgraph_council.nodes.coordination.prompts import render_plan_prompt
from langgraph_council.nodes.coordination.runtime import coordination_context
from langgraph_council.nodes.org import Org

__all__ = [
    "DecompositionPlan",
    "PlanRequest",
    "PlannedSubtask",
    "apply_plan",
    "apply_plan_reply",
    "plan_call",
]


class PlannedSubtask(BaseModel):
    """One subtask as the planner writes it (validated into a `Subtask` afterwards)."""

    id: str
    title: str
    description: str = ""
    dependencies: list[str] = Field(default_factory=list)
    required_skills: list[str] = Field(default_factory=list)
    required_role: str | None = None
    complexity: Complexity = "medium"
    expected_artifacts: int = Field(default=0, ge=0)


class DecompositionPlan(BaseModel):
    """The structured plan the model-driven decomposer asks for."""

    subtasks: list[PlannedSubtask]
    structure: TaskStructure | None = None
    reasoning: str = ""


@dataclass(frozen=True)
class PlanRequest:
    """The planner call: maps one-to-one onto `nodes.calls.Call(agent_id, prompt, ...)`."""

    agent_id: str
    prompt: str
    schema: type[DecompositionPlan]
    max_tokens: int


def apply_plan(
    task: Task, parsed: DecompositionPlan | None, config: CoordinationConfig, *, planner: str
) -> Plan | PlanError:
    """The planner's answer as a validated `Plan`, or the `PlanError` saying what is wrong."""
    if parsed is None:
        return PlanError(f"planner {planner} gave no parsable plan (expected JSON with subtasks)")
    try:
        return build_plan(
            task,
            [s.model_dump() for s in parsed.subtasks],
            config,
            structure=parsed.structure,
            planner=planner,
        )
    except PlanError as exc:
        return exc


def _planner(task: Task, config: CoordinationConfig, org: Org) -> str | PlanError:
    agent = config.planner_id or task.owner_id
    if agent is None:
        return PlanError(
            "the model-driven decomposer needs a planner: set task.owner_id or "
            "CoordinationConfig.planner_id (or pass a ManualDecomposer)"
        )
    if agent not in org:
        return PlanError(f"planner {agent!r} is not in the org")
    return agent


def plan_call(
    state: dict[str, Any], org: Org, default: CoordinationConfig
) -> PlanRequest | Command[Any]:
    """Pure planning step: the planner call, or a failed decompose when nobody can plan."""
    started = time.perf_counter()
    config = coordination_context(default)
    task = check_task(state, org)
    agent = _planner(task, config, org)
    if isinstance(agent, PlanError):
        return decomposed(task, agent, started)
    return PlanRequest(
        agent_id=agent,
        prompt=render_plan_prompt(task, org, config),
        schema=DecompositionPlan,
        max_tokens=config.planner_max_tokens,
    )


def apply_plan_reply(
    state: dict[str, Any],
    parsed: DecompositionPlan | None,
    org: Org,
    default: CoordinationConfig,
    *,
    duration_s: float = 0.0,
) -> Command[Any]:
    """Pure apply step: the decompose update from the planner's parsed answer."""
    config = coordination_context(default)
    task = check_task(state, org)
    agent = _planner(task, config, org)
    planner = agent if isinstance(agent, str) else "planner"
    return decomposed(
        task, apply_plan(task, parsed, config, planner=planner), time.perf_counter() - duration_s
    )
