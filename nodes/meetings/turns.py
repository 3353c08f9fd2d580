"""Round robin: turn order, and the node in which one participant speaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes.agents import Roster
from langgraph_council.nodes.budget import price
from langgraph_council.nodes.calls import Call, CallOutcome, Update, model_node
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig, ctx
from langgraph_council.nodes.meetings.prompts import (
    ROUND_ROBIN_TURN,
    render_agenda,
    render_transcript,
)
from langgraph_council.nodes.meetings.state import MeetingState
from langgraph_council.nodes.meetings.steps import (
    budget_of,
    contribution,
    emit,
    left_after,
    spent,
)

__all__ = ["MIN_STEPS_LEFT", "take_turn", "turn_schedule"]

MIN_STEPS_LEFT = 4  # summary + finalize + tasks + record: always leave room to end cleanly


def turn_schedule(participants: Sequence[str], per_agent: int, total: int) -> list[str]:
    """Speakers by turn: each participant once per round, `per_agent` rounds, at most `total`.

    Example:
        >>> turn_schedule(["a", "b"], 2, 3)
        ['a', 'b', 'a']
    """
    return [p for _ in range(per_agent) for p in participants][:total]


def _schedule(state: MeetingState, config: MeetingProtocolConfig) -> list[str]:
    rr = config.round_robin
    return turn_schedule(state["participant_ids"], rr.max_turns_per_agent, rr.max_total_turns)


def _after_turns(config: MeetingProtocolConfig) -> Literal["summarize", "finalize"]:
    return "summarize" if config.round_robin.leader_summarizes else "finalize"


def take_turn(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `take_turn`: the scheduled speaker sees the fenced transcript and speaks once."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        rr = config.round_robin
        schedule = _schedule(state, config)
        turn = state["turn"]
        agent = schedule[turn]
        prompt = ROUND_ROBIN_TURN.format(
            turn=turn + 1,
            total=len(schedule),
            agenda=render_agenda(state["agenda"]),
            transcript=render_transcript(state["contributions"], window=rr.transcript_window),
        )
        budget = budget_of(state, config, reserve=rr.leader_summarizes)
        if turn == 0:
            emit(
                "phase_started",
                phase="round_robin",
                turns=len(schedule),
                budget_left=budget.remaining,
            )
        decision = price(roster, agent, prompt, want=rr.max_tokens_per_turn, budget=budget)
        if not decision.allowed:
            emit("budget_exhausted", phase="round_robin", reason=decision.reason)
            update = {"status": "budget_exhausted", "error": decision.reason}
            return Command(goto=_after_turns(config), update=update)
        return Call(agent, prompt, decision.max_tokens, prompt_tokens=decision.estimate)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        config = ctx()
        turn, agent = state["turn"], outcome.reply.agent_id
        left = left_after(state, outcome)
        emit("agent_spoke", agent_id=agent, phase="round_robin", turn=turn, budget_left=left)
        more = (
            turn + 1 < len(_schedule(state, config)) and state["remaining_steps"] > MIN_STEPS_LEFT
        )
        update = {
            "contributions": [contribution(outcome.reply, "round_robin", turn)],
            "turn": turn + 1,
            **spent(outcome),
        }
        return Command(goto="take_turn" if more else _after_turns(config), update=update)

    return model_node("take_turn", roster, plan, apply)
