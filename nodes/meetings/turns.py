"""Round robin: turn order, and the node step in which one participant speaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from langgraph.types import Command

from langgraph_council.nodes.agents import AgentReply, Roster
from langgraph_council.nodes.meetings.calls import Call, Step, Update, contribution, emit
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.guarding import MeetingGuards
from langgraph_council.nodes.meetings.prompts import (
    ROUND_ROBIN_TURN,
    render_agenda,
    render_transcript,
)
from langgraph_council.nodes.meetings.state import MeetingState

__all__ = ["MIN_STEPS_LEFT", "take_turn", "turn_schedule"]

MIN_STEPS_LEFT = 4  # summary + finalize + tasks + record: always leave room to end cleanly


def turn_schedule(participants: Sequence[str], per_agent: int, total: int) -> list[str]:
    """Speakers by turn: each participant once per round, `per_agent` rounds, at most `total`.

    Example:
        >>> turn_schedule(["a", "b"], 2, 3)
        ['a', 'b', 'a']
    """
    return [p for _ in range(per_agent) for p in participants][:total]


def _after_turns(config: MeetingProtocolConfig) -> Literal["summarize", "finalize"]:
    return "summarize" if config.round_robin.leader_summarizes else "finalize"


def take_turn(roster: Roster, guards: MeetingGuards) -> Step:
    """One round-robin turn: the scheduled speaker sees the fenced transcript."""

    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        rr = config.round_robin
        schedule = turn_schedule(
            state["participant_ids"], rr.max_turns_per_agent, rr.max_total_turns
        )
        turn = state["turn"]
        agent = schedule[turn]
        prompt = ROUND_ROBIN_TURN.format(
            turn=turn + 1,
            total=len(schedule),
            agenda=render_agenda(state["agenda"]),
            transcript=render_transcript(state["contributions"], window=rr.transcript_window),
        )
        budget = guards.budget_of(state, config, reserve=rr.leader_summarizes)
        if turn == 0:
            emit(
                "phase_started",
                phase="round_robin",
                turns=len(schedule),
                budget_left=budget.remaining,
            )
        price = budget.plan(
            prompt_tokens=guards.estimate(roster, agent, prompt), want=rr.max_tokens_per_turn
        )
        if not price.allowed:
            emit("budget_exhausted", phase="round_robin", reason=price.reason)
            update = {"status": "budget_exhausted", "error": price.reason}
            return Command(goto=_after_turns(config), update=update)

        def finish(reply: AgentReply, _: Any) -> Update:
            left = budget.remaining - reply.total_tokens
            emit("agent_spoke", agent_id=agent, phase="round_robin", turn=turn, budget_left=left)
            more = turn + 1 < len(schedule) and state["remaining_steps"] > MIN_STEPS_LEFT
            update = {
                "contributions": [contribution(reply, "round_robin", turn)],
                "tokens_used": reply.total_tokens,
                "turn": turn + 1,
            }
            return Command(goto="take_turn" if more else _after_turns(config), update=update)

        return Call(agent, prompt, price.max_tokens, finish)

    return step
