"""The model-driven decomposer: what to ask the planner agent, and what its answer means.

`make_planner_node` is the decompose node when no `ManualDecomposer` is given: the one
agent-call node (`nodes._calls.model_node`) around two pure steps. `plan_call` gives the call
(or a failed-decompose update when nobody can plan); the structured plan comes back through
the same tolerant structured-output path as every call (a tool call, or JSON in the text:
the whole reply, a ```json fence, an object in prose); `apply_plan_reply` turns it into the
decompose update. A reply without a usable plan fails the decompose phase with what was wrong
(the field, or the subtask ids), before any subtask runs.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import Runnable
from langchain_core.utils.json import parse_json_markdown
from langgraph.types import Command
from pydantic import BaseModel, Field, ValidationError

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._calls.structured import too_deep
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import PlanError, build_plan
from langgraph_council.nodes._pipeline.models import Complexity, Plan, Task, TaskStructure
from langgraph_council.nodes._pipeline.names import DECOMPOSE
from langgraph_council.nodes._pipeline.phases import check_task, decomposed, given_plan
from langgraph_council.nodes._pipeline.prompts import render_plan_prompt
from langgraph_council.nodes._pipeline.runtime import coordination_context, time_limit
from langgraph_council.nodes._pipeline.traced import pipeline_trace

__all__ = [
    "DecompositionPlan",
    "PlanRequest",
    "PlannedSubtask",
    "apply_plan",
    "apply_plan_reply",
    "make_planner_node",
    "plan_call",
    "plan_problems",
]

_STARTED: ContextVar[float] = ContextVar("council_planner_started", default=0.0)


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
    """The planner call: maps one-to-one onto `nodes._calls.Call(agent_id, prompt, ...)`."""

    agent_id: str
    prompt: str
    schema: type[DecompositionPlan]
    max_tokens: int


def plan_problems(text: str) -> str:
    """Why `text` holds no `DecompositionPlan`: the invalid fields, or that it has no JSON."""
    if too_deep(text):
        return "the reply holds JSON nested too deep to read"
    try:
        data: Any = parse_json_markdown(text, parser=json.loads)
    except (json.JSONDecodeError, ValueError):
        data = None
    start = text.find("{")
    if not isinstance(data, dict) and start != -1:
        try:
            data = json.JSONDecoder().raw_decode(text, start)[0]
        except json.JSONDecodeError:
            data = None
    if not isinstance(data, dict):
        return "the reply holds no JSON object"
    try:
        DecompositionPlan.model_validate(data)
    except ValidationError as exc:
        return "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'plan'}: {e['msg']}" for e in exc.errors()
        )
    return "the reply's JSON is not a plan"


def apply_plan(
    task: Task,
    parsed: DecompositionPlan | None,
    config: CoordinationConfig,
    *,
    planner: str,
    reply_text: str = "",
) -> Plan | PlanError:
    """The planner's answer as a validated `Plan`, or the `PlanError` saying what is wrong.

    With no parsed plan, `reply_text` is read again to name the invalid fields.
    """
    if parsed is None:
        why = f": {plan_problems(reply_text)}" if reply_text else ""
        return PlanError(
            f"planner {planner} gave no parsable plan (expected JSON with subtasks){why}"
        )
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
    """Pure planning step: the planner call; the input's own plan, or a failed decompose when
    nobody can plan, without one."""
    started = time.perf_counter()
    config = coordination_context(default)
    task = check_task(state, org)
    given = given_plan(state, task, config)
    if given is not None:  # the input carries the plan: nobody is asked
        return decomposed(task, given, started)
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
    reply_text: str = "",
    usage: tuple[int, int] = (0, 0),
    warnings: Sequence[str] = (),
) -> Command[Any]:
    """Pure apply step: the decompose update from the planner's parsed answer.

    `usage` (input, output tokens) is kept on the decompose phase (and on the plan, when there
    is one); `warnings` become the run's first.
    """
    config = coordination_context(default)
    task = check_task(state, org)
    agent = _planner(task, config, org)
    planner = agent if isinstance(agent, str) else "planner"
    plan = apply_plan(task, parsed, config, planner=planner, reply_text=reply_text)
    if isinstance(plan, Plan):
        billed = {"planner_input_tokens": usage[0], "planner_output_tokens": usage[1]}
        plan = plan.model_copy(update=billed)
    return decomposed(task, plan, time.perf_counter() - duration_s, warnings, usage)


def make_planner_node(
    org: Org, roster: Roster | None, default: CoordinationConfig
) -> Runnable[Any, Any]:
    """The decompose node of `decomposer=None`: the planner agent writes the plan.

    The planner is `CoordinationConfig.planner_id`, else the task's owner. A model error
    fails the decompose phase with the error (the run ends with a rollup), like a bad plan.

    Example:
        >>> node = make_planner_node(org, roster, CoordinationConfig())  # doctest: +SKIP
    """

    def plan(state: dict[str, Any]) -> Call | Update:
        _STARTED.set(time.perf_counter())
        request = plan_call(state, org, default)
        if not isinstance(request, PlanRequest):
            return request

        def failed(exc: Exception) -> Update:
            error = PlanError(f"planner {request.agent_id} failed: {describe_error(exc)}")
            return decomposed(check_task(state, org), error, _STARTED.get())

        return Call(
            request.agent_id,
            request.prompt,
            max_tokens=request.max_tokens,
            schema=request.schema,
            on_error=failed,
        )

    def apply(state: dict[str, Any], outcome: CallOutcome) -> Update:
        parsed = outcome.parsed
        return apply_plan_reply(
            state,
            parsed if isinstance(parsed, DecompositionPlan) else None,
            org,
            default,
            duration_s=time.perf_counter() - _STARTED.get(),
            reply_text=outcome.reply.content,
            usage=(outcome.reply.input_tokens, outcome.reply.output_tokens),
            warnings=outcome.warnings("the plan"),
        )

    limit = time_limit(default, "agent_timeout_seconds")
    return model_node(DECOMPOSE, roster, plan, apply, time_limit=limit, trace=pipeline_trace)
