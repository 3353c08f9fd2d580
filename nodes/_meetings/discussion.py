"""Structured phases, the targeted discussion: who argues (the agents in conflict, opposing
sides taking turns), each discussion turn, and where talk leads when it ends."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes._calls.budget import price
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.config import AGENT_LIMIT, MeetingProtocolConfig, ctx
from langgraph_council.nodes._meetings.ledger import at_turn, turn_of
from langgraph_council.nodes._meetings.memory import agenda_text
from langgraph_council.nodes._meetings.models import Contribution, DetectedConflict
from langgraph_council.nodes._meetings.positions import extract_position
from langgraph_council.nodes._meetings.prompts import DISCUSSION_TURN, render_transcript
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import (
    boundary,
    budget_of,
    emit,
    failed_turn,
    out_of_budget,
    priced_call,
    turn_update,
)
from langgraph_council.nodes._meetings.stopping import cancel_source_present
from langgraph_council.nodes._meetings.traced import meeting_trace
from langgraph_council.nodes._meetings.transcript import transcript
from langgraph_council.nodes._meetings.turns import TurnSchedule

__all__ = [
    "AFTER_DISCUSSION",
    "alternate_sides",
    "discuss",
    "route_conflicts",
    "stopped",
]

# Another discussion turn needs room for: itself, premortem, consensus check, devil's advocate,
# synthesis, finalize, tasks and record (and `plan_premortem` when a premortem is configured).
# Below that the discussion ends early, cleanly.
MIN_STEPS_LEFT = 8
AFTER_DISCUSSION = ("plan_premortem", "check_consensus")
"""Where the discussion (or its absence) leads: the premortem when configured, else consensus."""


def alternate_sides(discussants: Sequence[str], inputs: Sequence[Contribution]) -> list[str]:
    """Order discussants so opposing claims take turns: both sides speak before the cap bites."""
    claims = {c.agent_id: p.claim.casefold().strip() for c in inputs if (p := extract_position(c))}
    sides: dict[str, list[str]] = {}
    for agent in discussants:
        sides.setdefault(claims.get(agent, agent), []).append(agent)
    deepest = max((len(side) for side in sides.values()), default=0)
    return [side[i] for i in range(deepest) for side in sides.values() if i < len(side)]


def route_conflicts(
    state: MeetingState,
    config: MeetingProtocolConfig,
    conflicts: list[DetectedConflict],
    turn: int,
    update: dict[str, Any],
) -> Command[Any]:
    sp = config.structured_phases
    ids = state["participant_ids"]
    involved = {a for c in conflicts for a in c.agent_ids}
    discussants = [a for a in ids if a in involved]
    if not conflicts and not sp.skip_discussion_if_no_conflicts:
        discussants = list(ids)
    inputs = [c for c in transcript(state) if c.phase == "input"]
    discussants = alternate_sides(discussants, inputs)
    emit("conflicts_detected", count=len(conflicts), discussants=discussants)
    update = at_turn({**update, "conflicts": conflicts, "discussants": discussants}, turn)
    if update.get("status") == "budget_exhausted":
        return Command(goto="check_consensus", update=update)
    if (
        len(discussants) >= 2
        and _room(state, config)
        and update.get("status", state["status"]) == "completed"
    ):
        emit("phase_started", phase="discussion", participants=len(discussants))
        return Command(goto="discuss", update={**update, "discussion_index": 0})
    return Command(goto=_after_discussion(state, config), update=update)


def _room(state: MeetingState, config: MeetingProtocolConfig) -> bool:
    """True when another discussion turn still leaves the steps to end the meeting cleanly."""
    needed = MIN_STEPS_LEFT + (1 if config.structured_phases.premortem else 0)
    return state["remaining_steps"] > needed


def _after_discussion(state: MeetingState, config: MeetingProtocolConfig) -> str:
    """`plan_premortem` when a premortem is configured and the meeting is on track."""
    if config.structured_phases.premortem and state["status"] == "completed":
        return "plan_premortem"
    return "check_consensus"


def _discussion(state: MeetingState, config: MeetingProtocolConfig) -> TurnSchedule:
    who = state.get("discussants", [])
    rounds = config.structured_phases.max_discussion_turns_per_agent
    return TurnSchedule(who, rounds, sys.maxsize)  # on demand: `rounds` may be 2**63


def discuss(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `discuss`: one discussion turn between the agents in conflict, within the cap."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        stop = stopped(state, config)
        if stop is not None:
            return stop
        sp = config.structured_phases
        who = state.get("discussants", [])
        agent = _discussion(state, config)[state.get("discussion_index", 0)]
        visible = [
            c for c in transcript(state) if c.agent_id in who and c.phase in ("input", "discussion")
        ]
        prompt = DISCUSSION_TURN.format(
            agenda=agenda_text(state), transcript=render_transcript(visible)
        )
        cost = roster.estimate_prompt_tokens(agent, prompt)
        left = sp.max_discussion_tokens - state["discussion_tokens"]
        want = min(sp.max_tokens_per_input, left - cost)
        if want < config.min_output_tokens:
            emit("discussion_capped", tokens_left=left)
            return Command(goto=_after_discussion(state, config))
        decision = price(
            roster, agent, prompt, want=want, budget=budget_of(state, config), prompt_tokens=cost
        )
        if not decision.allowed:
            return out_of_budget("discussion", decision.reason, "synthesize")

        def on_error(exc: Exception) -> Update:
            # A discussant that fails (or runs past its time limit) is recorded; talk goes on.
            update = {"failures": [failed_turn(agent, "discussion", exc)]}
            return _next_discussion(state, config, update)

        return priced_call(agent, prompt, decision, on_error)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        config = ctx()
        turn = turn_of(state)
        emit("agent_spoke", agent_id=outcome.reply.agent_id, phase="discussion", turn=turn)
        update: dict[str, Any] = {
            **turn_update(state["meeting_id"], outcome, "discussion", turn, next_turn=turn + 1),
            "discussion_tokens": outcome.tokens,
        }
        return _next_discussion(state, config, update)

    return model_node(
        "discuss",
        roster,
        plan,
        apply,
        plan_io=cancel_source_present,
        time_limit=AGENT_LIMIT,
        trace=meeting_trace("discussion"),
    )


def _next_discussion(
    state: MeetingState, config: MeetingProtocolConfig, update: dict[str, Any]
) -> Command[Any]:
    """After a discussion turn (spoken or failed): the next one while there is room."""
    index = state.get("discussion_index", 0)
    update = {**update, "discussion_index": index + 1}
    if index + 1 < len(_discussion(state, config)) and _room(state, config):
        return Command(goto="discuss", update=update)
    return Command(goto=_after_discussion(state, config), update=update)


def stopped(state: MeetingState, config: MeetingProtocolConfig) -> Command[Any] | None:
    """At a boundary of the structured phases: a cancel ends the meeting, a stop condition
    goes to the consensus check, which then goes straight to the synthesis."""
    stop = boundary(state, config)
    if stop is None:
        return None
    kind, update = stop
    return Command(goto="finalize" if kind == "cancelled" else "check_consensus", update=update)
