"""Model-calling nodes: a pure plan, the call (sync or async), a pure apply."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from langchain_core.runnables import RunnableLambda
from langgraph.errors import GraphBubbleUp
from langgraph.runtime import get_runtime
from pydantic import BaseModel

from langgraph_council.nodes.agents import AgentReply, Roster
from langgraph_council.nodes.conflicts.config import ConflictResolutionConfig, coerce_config

__all__ = ["CallOutcome", "CallPlan", "current_config", "model_node"]

In = TypeVar("In")


@dataclass(frozen=True)
class CallPlan:
    """One agent call to make: `schema` asks for structured output; errors are kept if tolerated."""

    agent_id: str
    prompt: str
    max_tokens: int | None = None
    schema: type[BaseModel] | None = None
    tolerate_errors: bool = False


@dataclass(frozen=True)
class CallOutcome(Generic[In]):
    """What came back: the reply, the parsed structure, or the error (only if tolerated)."""

    reply: AgentReply | None
    parsed: BaseModel | None = None
    error: BaseException | None = None

    @property
    def tokens(self) -> int:
        """Tokens the call used (0 when it failed)."""
        return self.reply.total_tokens if self.reply else 0


def current_config(default: ConflictResolutionConfig) -> ConflictResolutionConfig:
    """The run's `ConflictResolutionConfig` (the graph's context, else `default`)."""
    return coerce_config(get_runtime().context, default)


def _need(roster: Roster | None, plan: CallPlan) -> Roster:
    if roster is None:
        raise LookupError(
            f"agent {plan.agent_id!r} must be called but the graph has no roster; "
            "pass roster=Roster(org, models) to the graph factory"
        )
    return roster


def _call(roster: Roster, plan: CallPlan) -> CallOutcome[Any]:
    if plan.schema is None:
        return CallOutcome(roster.call(plan.agent_id, plan.prompt, max_tokens=plan.max_tokens))
    out = roster.call_structured(
        plan.agent_id, plan.prompt, plan.schema, max_tokens=plan.max_tokens
    )
    return CallOutcome(out.reply, out.parsed)


async def _acall(roster: Roster, plan: CallPlan) -> CallOutcome[Any]:
    if plan.schema is None:
        reply = await roster.acall(plan.agent_id, plan.prompt, max_tokens=plan.max_tokens)
        return CallOutcome(reply)
    out = await roster.acall_structured(
        plan.agent_id, plan.prompt, plan.schema, max_tokens=plan.max_tokens
    )
    return CallOutcome(out.reply, out.parsed)


def model_node(
    name: str,
    roster: Roster | None,
    plan: Callable[[In], CallPlan | None],
    apply: Callable[[In, CallOutcome[Any] | None], dict[str, Any]],
) -> RunnableLambda[In, dict[str, Any]]:
    """A node that makes at most one agent call, sync under `invoke`, async under `ainvoke`.

    `plan` returns None when no call is needed. A model error propagates unless the plan
    tolerates it, in which case `apply` sees it in `CallOutcome.error` (e.g. a judge failing
    falls back to authority with the reason recorded).
    """

    def run(value: In) -> dict[str, Any]:
        step = plan(value)
        if step is None:
            return apply(value, None)
        try:
            outcome = _call(_need(roster, step), step)
        except GraphBubbleUp:
            raise
        except Exception as exc:
            if not step.tolerate_errors:
                raise
            outcome = CallOutcome(None, error=exc)
        return apply(value, outcome)

    async def arun(value: In) -> dict[str, Any]:
        step = plan(value)
        if step is None:
            return apply(value, None)
        try:
            outcome = await _acall(_need(roster, step), step)
        except GraphBubbleUp:
            raise
        except Exception as exc:
            if not step.tolerate_errors:
                raise
            outcome = CallOutcome(None, error=exc)
        return apply(value, outcome)

    return RunnableLambda(run, afunc=arun, name=name)
