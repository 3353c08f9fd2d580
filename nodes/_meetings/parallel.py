"""Parallel phases: one priced `Send` per participant, the participant's call, the quorum."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command, Send

from langgraph_council.nodes._calls.budget import BudgetDecision, price_parallel
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.config import AGENT_LIMIT, MeetingProtocolConfig
from langgraph_council.nodes._meetings.ledger import at_turn, turn_of
from langgraph_council.nodes._meetings.models import MeetingPhase
from langgraph_council.nodes._meetings.state import CallTask, MeetingState
from langgraph_council.nodes._meetings.steps import (
    budget_of,
    emit,
    failed_turn,
    out_of_budget,
    turn_update,
)
from langgraph_council.nodes._meetings.traced import meeting_trace
from langgraph_council.nodes._meetings.transcript import contributions_of

__all__ = ["open_phase", "participant_node", "priced_sends", "quorum_error"]


def priced_sends(
    roster: Roster,
    state: MeetingState,
    config: MeetingProtocolConfig,
    *,
    node: str,
    phase: str,
    prompts: Sequence[tuple[str, str]],
    want: int,
) -> tuple[BudgetDecision, list[Send]]:
    """Price a parallel phase of `(agent_id, prompt)` calls under one output cap, and the
    `Send`s to `node` that run it (none when the budget refuses). Turns follow
    `ledger.turn_of(state)`.
    """
    decision = price_parallel(roster, prompts, want=want, budget=budget_of(state, config))
    if not decision.allowed:
        return decision, []
    turn = turn_of(state)
    sends = [
        Send(
            node,
            CallTask(
                agent_id=agent,
                phase=phase,
                turn=turn + i,
                prompt=prompt,
                max_tokens=decision.max_tokens,
                prompt_tokens=estimate,
                meeting_id=state["meeting_id"],
            ),
        )
        for i, ((agent, prompt), estimate) in enumerate(
            zip(prompts, decision.estimates, strict=True)
        )
    ]
    return decision, sends


def open_phase(
    roster: Roster,
    state: MeetingState,
    config: MeetingProtocolConfig,
    *,
    node: str,
    phase: MeetingPhase,
    prompts: Sequence[tuple[str, str]],
    want: int,
) -> Command[Any]:
    """A protocol's first parallel phase, priced (`priced_sends`) and announced: the `Send`s
    go out, or, when the budget refuses, the meeting ends `budget_exhausted`."""
    decision, sends = priced_sends(
        roster, state, config, node=node, phase=phase, prompts=prompts, want=want
    )
    left = budget_of(state, config).remaining
    emit("phase_started", phase=phase, participants=len(prompts), budget_left=left)
    if not decision.allowed:
        return out_of_budget(phase, decision.reason, "finalize")
    return Command(goto=sends, update=at_turn({}, len(prompts)))


def _plan(task: CallTask) -> Call:
    phase = task["phase"]

    def on_error(exc: Exception) -> Update:
        return {"failures": [failed_turn(task["agent_id"], phase, exc)]}

    return Call(
        task["agent_id"],
        task["prompt"],
        task["max_tokens"],
        prompt_tokens=task.get("prompt_tokens"),
        on_error=on_error,
    )


def _apply(task: CallTask, outcome: CallOutcome) -> Update:
    phase: MeetingPhase = task["phase"]  # type: ignore[assignment]
    emit("agent_spoke", agent_id=outcome.reply.agent_id, phase=phase, turn=task["turn"])
    meeting_id = task.get("meeting_id", "")
    return turn_update(meeting_id, outcome, phase, task["turn"])


def participant_node(roster: Roster, name: str) -> Runnable[CallTask, Update]:
    """The body of a parallel branch: one participant's call; a failure is recorded, not fatal."""
    return model_node(name, roster, _plan, _apply, time_limit=AGENT_LIMIT, trace=meeting_trace())


def quorum_error(state: MeetingState, phase: str, config: MeetingProtocolConfig) -> str | None:
    """Why the meeting cannot go on after a parallel `phase` (None when a quorum answered)."""
    asked = len(state["participant_ids"])
    answered = sum(1 for c in contributions_of(state) if c.phase == phase)
    needed = max(1, math.ceil(asked * config.quorum))
    if answered >= needed:
        return None
    errors = "; ".join(f"{f.agent_id}: {f.error}" for f in state["failures"] if f.phase == phase)
    return (
        f"quorum not reached in {phase}: {answered} of {asked} answered, {needed} needed ({errors})"
    )
