"""Meeting node plumbing: priced calls run sync or async, opening a meeting, parallel calls."""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from langchain_core.runnables import Runnable, RunnableConfig
from langgraph._internal._runnable import RunnableCallable
from langgraph.config import get_config, get_stream_writer
from langgraph.errors import GraphBubbleUp
from langgraph.runtime import get_runtime
from langgraph.types import Command, Overwrite
from pydantic import BaseModel

from langgraph_council.nodes.agents import AgentReply, Roster
from langgraph_council.nodes.meetings.config import (
    MeetingProtocolConfig,
    build_default,
    coerce_config,
)
from langgraph_council.nodes.meetings.models import (
    Contribution,
    MeetingPhase,
    ParticipantFailure,
    SynthesisResult,
)
from langgraph_council.nodes.meetings.participants import validate_meeting_input
from langgraph_council.nodes.meetings.state import CallTask, MeetingState

__all__ = [
    "Call",
    "MeetingNode",
    "Step",
    "Update",
    "call_participant",
    "contribution",
    "ctx",
    "emit",
    "model_node",
    "open_meeting",
    "pure_node",
    "quorum_error",
]

Update = dict[str, Any] | Command[Any]


class MeetingNode(Protocol):
    """A plain meeting node: the state in, a partial update or a `Command` out."""

    def __call__(self, state: MeetingState) -> Any:
        """Run the node."""
        ...


def ctx() -> MeetingProtocolConfig:
    """The run's tunables (`context=`); without one, the graph's build-time `config=`."""
    value = get_runtime(MeetingProtocolConfig).context
    if value is None:
        return build_default(get_config().get("metadata"))
    return coerce_config(value)


def emit(event: str, **data: Any) -> None:
    """A progress event on LangGraph's `custom` stream (a no-op when nobody streams it)."""
    get_stream_writer()({"event": event, **data})


def contribution(reply: AgentReply, phase: MeetingPhase, turn: int) -> Contribution:
    """A contribution from one agent reply."""
    return Contribution(
        agent_id=reply.agent_id,
        phase=phase,
        turn=turn,
        content=reply.content,
        input_tokens=reply.input_tokens,
        output_tokens=reply.output_tokens,
        usage_estimated=reply.usage_estimated,
        timestamp=datetime.now(UTC),
    )


@dataclass(frozen=True)
class Call:
    """A priced model call a step asks for, and how to turn its reply into an update."""

    agent_id: str
    prompt: str
    max_tokens: int
    finish: Callable[[AgentReply, Any], Update]
    schema: type[BaseModel] | None = None
    on_error: Callable[[Exception], Update] | None = None


Step = Callable[[Any, MeetingProtocolConfig], Call | Update]


def _failed(plan: Call, exc: Exception) -> Update:
    if plan.on_error is None:
        raise exc
    return plan.on_error(exc)


def _calibrated(update: Update, roster: Roster, plan: Call, reply: AgentReply) -> Update:
    """Record estimated vs billed prompt tokens, so later calls are priced with the real ratio."""
    extra = {
        "priced_input_tokens": roster.estimate_prompt_tokens(plan.agent_id, plan.prompt),
        "billed_input_tokens": reply.input_tokens,
    }
    if isinstance(update, Command):
        merged = {**dict(update.update or {}), **extra}
        return Command(graph=update.graph, update=merged, resume=update.resume, goto=update.goto)
    return {**update, **extra}


def model_node(roster: Roster, step: Step, *, name: str) -> Runnable[Any, Update]:
    """One node, sync and async: `step` plans (pure), the roster calls, `finish` applies."""

    def run(state: Any, config: RunnableConfig) -> Update:
        plan = step(state, ctx())
        if not isinstance(plan, Call):
            return plan
        try:
            if plan.schema is None:
                reply = roster.call(plan.agent_id, plan.prompt, max_tokens=plan.max_tokens)
                return _calibrated(plan.finish(reply, None), roster, plan, reply)
            out = roster.call_structured(
                plan.agent_id, plan.prompt, plan.schema, max_tokens=plan.max_tokens
            )
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - a failed participant is recorded, not fatal
            return _failed(plan, exc)
        return _calibrated(plan.finish(out.reply, out.parsed), roster, plan, out.reply)

    async def arun(state: Any, config: RunnableConfig) -> Update:
        plan = step(state, ctx())
        if not isinstance(plan, Call):
            return plan
        try:
            if plan.schema is None:
                reply = await roster.acall(plan.agent_id, plan.prompt, max_tokens=plan.max_tokens)
                return _calibrated(plan.finish(reply, None), roster, plan, reply)
            out = await roster.acall_structured(
                plan.agent_id, plan.prompt, plan.schema, max_tokens=plan.max_tokens
            )
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - a failed participant is recorded, not fatal
            return _failed(plan, exc)
        return _calibrated(plan.finish(out.reply, out.parsed), roster, plan, out.reply)

    # LangGraph's own node wrapper: sync and async bodies, traced once as the graph task.
    # (`RunnableLambda(run, afunc=arun)` works too, at ~0.5 ms more per node for a nested run.)
    return RunnableCallable(run, arun, name=name, trace=False)


def pure_node(node: MeetingNode, *, name: str) -> Runnable[Any, Any]:
    """A node without I/O: under `ainvoke` it runs on the loop, skipping the thread-pool hop."""

    async def anode(state: MeetingState) -> Any:
        return node(state)

    return RunnableCallable(node, anode, name=name, trace=False)


FRESH_MEETING: dict[str, Any] = {
    "contributions": Overwrite([]),
    "failures": Overwrite([]),
    "tokens_used": Overwrite(0),
    "priced_input_tokens": Overwrite(0),
    "billed_input_tokens": Overwrite(0),
    "discussion_tokens": Overwrite(0),
    "turn": 0,
    "status": "completed",
    "error": None,
    "conflicts": [],
    "discussants": [],
    "discussion_index": 0,
    "devils_advocate_used": False,
    "outcome": SynthesisResult(),
}
"""What `open_meeting` resets, so a thread can host one meeting after another."""


def open_meeting(roster: Roster, protocol: str) -> MeetingNode:
    """Validate the input before any agent is called, and start the meeting's clock."""

    def open_meeting(state: MeetingState) -> dict[str, Any]:
        meeting = validate_meeting_input(roster, state, max_participants=ctx().max_participants)
        meeting_id = state.get("meeting_id")
        previous = state.get("minutes")
        if not meeting_id or (previous is not None and previous.meeting_id == meeting_id):
            meeting_id = f"mtg-{uuid.uuid4().hex[:12]}"  # a reused thread starts a new meeting
        emit("meeting_started", meeting_id=meeting_id, protocol=protocol)
        return {
            "agenda": meeting.agenda,
            "leader_id": meeting.leader_id,
            "participant_ids": meeting.participant_ids,
            "meeting_id": meeting_id,
            "protocol": protocol,
            "started_at": datetime.now(UTC),
            **FRESH_MEETING,
        }

    return open_meeting


def call_participant(roster: Roster) -> Step:
    """The body of a parallel branch: one participant's call; a failure is recorded."""

    def step(task: CallTask, config: MeetingProtocolConfig) -> Call:
        phase: MeetingPhase = task["phase"]  # type: ignore[assignment]

        def finish(reply: AgentReply, _: Any) -> Update:
            emit("agent_spoke", agent_id=reply.agent_id, phase=phase, turn=task["turn"])
            return {
                "contributions": [contribution(reply, phase, task["turn"])],
                "tokens_used": reply.total_tokens,
            }

        def on_error(exc: Exception) -> Update:
            emit("agent_failed", agent_id=task["agent_id"], phase=phase, error=str(exc))
            failure = ParticipantFailure(
                agent_id=task["agent_id"], phase=phase, error=f"{type(exc).__name__}: {exc}"
            )
            return {"failures": [failure]}

        return Call(task["agent_id"], task["prompt"], task["max_tokens"], finish, on_error=on_error)

    return step


def quorum_error(state: MeetingState, phase: str, config: MeetingProtocolConfig) -> str | None:
    """Why the meeting cannot go on after a parallel `phase` (None when a quorum answered)."""
    asked = len(state["participant_ids"])
    answered = sum(1 for c in state["contributions"] if c.phase == phase)
    needed = max(1, math.ceil(asked * config.quorum))
    if answered >= needed:
        return None
    errors = "; ".join(f"{f.agent_id}: {f.error}" for f in state["failures"] if f.phase == phase)
    return (
        f"quorum not reached in {phase}: {answered} of {asked} answered, {needed} needed ({errors})"
    )
