"""Round robin: turn order, and the node in which one participant speaks."""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple, overload

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes._calls.budget import price
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.config import AGENT_LIMIT, MeetingProtocolConfig, ctx
from langgraph_council.nodes._meetings.ledger import at_turn, turn_of
from langgraph_council.nodes._meetings.memory import agenda_text
from langgraph_council.nodes._meetings.prompts import (
    ROUND_ROBIN_TURN,
    render_transcript,
)
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import (
    budget_of,
    emit,
    failed_turn,
    left_after,
    out_of_budget,
    priced_call,
    turn_update,
    turns_stopped,
)
from langgraph_council.nodes._meetings.stopping import cancel_source_present
from langgraph_council.nodes._meetings.traced import meeting_trace
from langgraph_council.nodes._meetings.transcript import contributions_of, message_texts

__all__ = ["MIN_STEPS_LEFT", "TurnSchedule", "take_turn", "turn_schedule"]

MIN_STEPS_LEFT = 4  # summary + finalize + tasks + record: always leave room to end cleanly


class TurnSchedule(Sequence[str]):
    """Speakers by turn, computed on demand: a config may allow 2**63 turns (the budget and
    the step limit end the meeting long before), so the list is never built."""

    def __init__(self, participants: Sequence[str], per_agent: int, total: int) -> None:
        self.participants = tuple(participants)
        self._length = min(total, per_agent * len(self.participants), sys.maxsize)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        turn = index + self._length if index < 0 else index
        if not 0 <= turn < self._length:
            raise IndexError(f"turn {index} is outside the schedule of {self._length}")
        return self.participants[turn % len(self.participants)]


def turn_schedule(participants: Sequence[str], per_agent: int, total: int) -> TurnSchedule:
    """Speakers by turn: each participant once per round, `per_agent` rounds, at most `total`.

    Example:
        >>> list(turn_schedule(["a", "b"], 2, 3))
        ['a', 'b', 'a']
    """
    return TurnSchedule(participants, per_agent, total)


def _schedule(state: MeetingState, config: MeetingProtocolConfig) -> TurnSchedule:
    rr = config.round_robin
    return turn_schedule(state["participant_ids"], rr.max_turns_per_agent, rr.max_total_turns)


def _after_turns(config: MeetingProtocolConfig) -> Literal["summarize", "finalize"]:
    return "summarize" if config.round_robin.leader_summarizes else "finalize"


def _failed(state: MeetingState) -> set[str]:
    return {f.agent_id for f in state["failures"] if f.phase == "round_robin"}


def _next_turn(schedule: TurnSchedule, turn: int, failed: set[str]) -> int:
    """The first turn from `turn` whose speaker has not failed (a failed speaker is skipped).

    Any run of len(participants) turns names every participant: when all of those failed,
    no turn is left (the schedule is never walked to its end).
    """
    for _ in range(len(schedule.participants) + 1):
        if turn >= len(schedule) or schedule[turn] not in failed:
            return turn
        turn += 1
    return len(schedule)


class _Position(NamedTuple):
    """Where the round robin stands: its config, schedule, failed speakers and next live turn."""

    config: MeetingProtocolConfig
    schedule: TurnSchedule
    failed: set[str]
    turn: int

    def route(
        self,
        state: MeetingState,
        update: dict[str, Any],
        *,
        next_turn: int,
        failed: set[str] | None = None,
        speaker: str | None = None,
    ) -> Command[str]:
        """Go on to the next live turn, or end the turns; no quorum of speakers fails the meeting.

        `speaker` has just spoken (its contribution is in `update`, not yet in the state);
        `failed` replaces `self.failed` when a speaker has just failed. Who spoke is only
        counted when the turns end, not on every turn.
        """
        config, failed = self.config, self.failed if failed is None else failed
        turn = _next_turn(self.schedule, next_turn, failed)
        if turn < len(self.schedule) and state["remaining_steps"] > MIN_STEPS_LEFT:
            return Command(goto="take_turn", update=at_turn(update, turn))
        asked = len(state["participant_ids"])
        needed = max(1, math.ceil(asked * config.quorum))
        spoke = _spoke(state) | ({speaker} if speaker else set())
        if failed and len(spoke) < needed:
            errors = "; ".join(f"{f.agent_id}: {f.error}" for f in update.get("failures", ()))
            names = ", ".join(sorted(failed))
            error = (
                f"quorum not reached in round_robin: {len(spoke)} of {asked} spoke, {needed} "
                f"needed; failed: {names}" + (f" ({errors})" if errors else "")
            )
            emit("meeting_failed", reason=error)
            return Command(goto="finalize", update={**update, "status": "failed", "error": error})
        return Command(goto=_after_turns(config), update=at_turn(update, turn))


def _position(state: MeetingState) -> _Position:
    config = ctx()
    schedule = _schedule(state, config)
    failed = _failed(state)
    return _Position(config, schedule, failed, _next_turn(schedule, turn_of(state), failed))


def _spoke(state: MeetingState) -> set[str]:
    return {c.agent_id for c in contributions_of(state) if c.phase == "round_robin"}


def take_turn(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `take_turn`: the scheduled speaker sees the fenced transcript and speaks once."""

    def plan(state: MeetingState) -> Call | Update:
        at = _position(state)
        config, schedule, turn = at.config, at.schedule, at.turn
        if (stop := turns_stopped(state, config, _after_turns(config))) is not None:
            return stop
        rr = config.round_robin
        if turn >= len(schedule):  # every remaining speaker has failed
            return at.route(state, {}, next_turn=turn)
        agent = schedule[turn]
        prompt = ROUND_ROBIN_TURN.format(
            turn=turn + 1,
            total=len(schedule),
            agenda=agenda_text(state),
            transcript=render_transcript(
                contributions_of(state),
                window=rr.transcript_window,
                texts=message_texts(state),
            ),
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
            return out_of_budget("round_robin", decision.reason, _after_turns(config))

        def on_error(exc: Exception) -> Update:
            # The client's retries are spent: record the speaker, skip its turns, go on.
            failure = failed_turn(agent, "round_robin", exc)
            update = {"failures": [failure]}
            return at.route(state, update, next_turn=turn + 1, failed=at.failed | {agent})

        return priced_call(agent, prompt, decision, on_error)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        at = _position(state)
        agent = outcome.reply.agent_id
        left = left_after(state, outcome)
        emit("agent_spoke", agent_id=agent, phase="round_robin", turn=at.turn, budget_left=left)
        update = turn_update(state["meeting_id"], outcome, "round_robin", at.turn)
        return at.route(state, update, next_turn=at.turn + 1, speaker=agent)

    return model_node(
        "take_turn",
        roster,
        plan,
        apply,
        plan_io=cancel_source_present,
        time_limit=AGENT_LIMIT,
        trace=meeting_trace("round_robin"),
    )
