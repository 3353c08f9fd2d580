"""`replan_subtask`: the planner agent writes a replacement row for a subtask recovery gave up on.

One agent call through the one call node (`model_node`), around two pure steps. The row keeps
the subtask's id (dependents still name it), may depend only on completed subtasks, and must
pass the plan's rules and limits (`build_plan`) and find an agent (`route_plan`); then the plan
and the subtask's routing decision are replaced and an `Attempt` marks it `replanned`, and
dispatch hands the replacement to its best candidate through `reassign_subtask` (the guard).
Anything else (no planner, a model error, an unusable row) records a `blocked` replan: the
subtask's failure is then final.
"""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.attempts import Attempt, feedback_for
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.decompose import PlanError, build_plan
from langgraph_council.nodes._pipeline.models import Plan, SubtaskResult, Task
from langgraph_council.nodes._pipeline.names import REPLAN_SUBTASK
from langgraph_council.nodes._pipeline.planner import PlannedSubtask
from langgraph_council.nodes._pipeline.prompts import render_replan_prompt
from langgraph_council.nodes._pipeline.recovery import blocked_step, recovering_of
from langgraph_council.nodes._pipeline.report import RoutingDecision
from langgraph_council.nodes._pipeline.route import route_plan
from langgraph_council.nodes._pipeline.runtime import coordination_context, emit, time_limit
from langgraph_council.nodes._pipeline.state import outcomes_of, plan_of, routing_of, task_of
from langgraph_council.nodes._pipeline.traced import pipeline_trace

__all__ = ["make_replan_node", "replacement"]


def _planner(task: Task, config: CoordinationConfig, org: Org) -> str | None:
    agent = config.planner_id or task.owner_id
    return agent if agent is not None and agent in org else None


def _billed(outcome: CallOutcome | None) -> dict[str, Any]:
    """The planner call's tokens, for its `Attempt` (none without a reply)."""
    if outcome is None:
        return {}
    return {
        "input_tokens": outcome.reply.input_tokens,
        "output_tokens": outcome.reply.output_tokens,
    }


def _blocked(
    result: SubtaskResult, planner: str, error: str, outcome: CallOutcome | None = None
) -> dict[str, Any]:
    """A blocked replan; with the planner's `outcome`, its tokens and warnings are kept."""
    update = blocked_step(result, agent_id=planner, step="replan", error=error)
    if outcome is None:
        return {"outcomes": {result.subtask_id: update}}
    last = update.attempts[-1].model_copy(update=_billed(outcome))
    update = update.model_copy(update={"attempts": (*update.attempts[:-1], last)})
    warnings = outcome.warnings(f"the replacement row for {result.subtask_id}")
    return {"outcomes": {result.subtask_id: update}, "warnings": warnings}


def replacement(
    row: PlannedSubtask,
    sid: str,
    task: Task,
    plan: Plan,
    done: set[str],
    org: Org,
    config: CoordinationConfig,
) -> tuple[Plan, RoutingDecision] | str:
    """The plan with `row` in place of subtask `sid`, and its routing; or why it is unusable."""
    data = {**row.model_dump(), "id": sid}
    waiting = [d for d in data["dependencies"] if d not in done]
    if waiting:
        return f"the replacement depends on {waiting}, which have not completed; use {sorted(done)}"
    rows = [data if s.id == sid else s for s in plan.subtasks]
    try:
        new = build_plan(task, rows, config, structure=plan.structure, planner=plan.planner)
    except PlanError as exc:
        return f"the replacement breaks the plan: {exc}"
    alone = Plan(
        subtasks=(new.subtask(sid),), levels=((sid,),), structure=new.structure,
        structure_source=new.structure_source,
    )  # fmt: skip
    decision = route_plan(alone, task, org, config).decisions[0]
    if decision.agent_id is None:
        return f"no agent can take the replacement ({decision.reason})"
    return new, decision


def make_replan_node(org: Org, roster: Roster, default: CoordinationConfig) -> Runnable[Any, Any]:
    """Create the `replan_subtask` node: one replacement row from the planner agent.

    The planner is `CoordinationConfig.planner_id`, else the task's owner. Its prompt carries
    the task, the failed row, what went wrong (fenced: it quotes executors and checks), the
    completed subtasks it may depend on and the work that builds on it.
    """

    def plan(state: dict[str, Any]) -> Call | Update:
        result, _ = recovering_of(state)
        task, config = task_of(state), coordination_context(default)
        planner, current = _planner(task, config, org), plan_of(state)
        if planner is None or current is None:
            why = "no planner: set CoordinationConfig.planner_id or the task's owner_id"
            return _blocked(result, planner or "pipeline", why)
        done = sorted(i for i, r in outcomes_of(state).items() if r.delivered)
        prompt = render_replan_prompt(
            task, current, result.subtask_id, feedback_for(result.attempts), done, org
        )

        def failed(exc: Exception) -> Update:
            return _blocked(result, planner, f"planner failed: {describe_error(exc)}")

        return Call(
            planner, prompt, max_tokens=config.planner_max_tokens, schema=PlannedSubtask,
            on_error=failed,
        )  # fmt: skip

    def apply(state: dict[str, Any], outcome: CallOutcome) -> Update:
        result, _ = recovering_of(state)
        task, config, current = task_of(state), coordination_context(default), plan_of(state)
        planner = _planner(task, config, org) or "pipeline"
        row, sid = outcome.parsed, result.subtask_id
        if not isinstance(row, PlannedSubtask) or current is None:
            return _blocked(
                result, planner, "the planner gave no parsable replacement row", outcome
            )
        done = {i for i, r in outcomes_of(state).items() if r.delivered}
        made = replacement(row, sid, task, current, done, org, config)
        if isinstance(made, str):
            return _blocked(result, planner, made, outcome)
        new_plan, decision = made
        title = new_plan.subtask(sid).title
        marker = Attempt(
            subtask_id=sid, number=len(result.attempts) + 1, agent_id=planner, step="replan",
            status="replanned", note=f"replaced by {title!r}", **_billed(outcome),
        )  # fmt: skip
        emit("replanned", subtask_id=sid, title=title, agent_id=decision.agent_id)
        routing = [decision if d.subtask_id == sid else d for d in routing_of(state)]
        updated = result.model_copy(update={"attempts": (*result.attempts, marker)})
        return {
            "plan": new_plan, "routing": routing, "outcomes": {sid: updated},
            "warnings": outcome.warnings(f"the replacement row for {sid}"),
        }  # fmt: skip

    limit = time_limit(default, "agent_timeout_seconds")
    return model_node(REPLAN_SUBTASK, roster, plan, apply, time_limit=limit, trace=pipeline_trace)
