"""What every meeting step shares: progress events, contributions, the meeting's budget."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from langchain_core.messages.ai import UsageMetadata
from langgraph.config import get_stream_writer
from langgraph.types import Command

from langgraph_council.nodes._calls.budget import BudgetDecision, TokenBudget
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update
from langgraph_council.nodes._calls.replies import AgentReply
from langgraph_council.nodes._calls.roster import Prompt, Roster
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._meetings.config import MeetingProtocolConfig
from langgraph_council.nodes._meetings.ledger import tokens_spent
from langgraph_council.nodes._meetings.models import Contribution, MeetingPhase, ParticipantFailure
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.stopping import at_boundary
from langgraph_council.nodes._meetings.transcript import SAID_AT, contributions_of
from langgraph_council.nodes._messages import said

__all__ = [
    "MeetingNode",
    "boundary",
    "budget_of",
    "contribution",
    "emit",
    "failed_turn",
    "input_scale",
    "left_after",
    "named_agent",
    "out_of_budget",
    "priced_call",
    "spent",
    "turn_update",
    "turns_stopped",
]


class MeetingNode(Protocol):
    """A plain meeting node: the state in, a partial update or a `Command` out."""

    def __call__(self, state: MeetingState) -> Any:
        """Run the node."""
        ...


def emit(event: str, **data: Any) -> None:
    """A progress event on LangGraph's `custom` stream (a no-op when nobody streams it)."""
    get_stream_writer()({"event": event, **data})


def contribution(reply: AgentReply, phase: MeetingPhase, turn: int) -> Contribution:
    """A contribution keeping one agent reply's own text: the synthesis's raw reply, whose
    message is prose. A spoken turn writes none: its message is its record (`turn_update`)."""
    return Contribution(
        agent_id=reply.agent_id,
        phase=phase,
        turn=turn,
        content=reply.content,
        input_tokens=reply.input_tokens,
        output_tokens=reply.output_tokens,
        usage_estimated=reply.usage_estimated,
        over_cap=reply.over_cap,
        timestamp=datetime.now(UTC),
    )


def named_agent(roster: Roster, state: MeetingState, name: str, field: str) -> str:
    """The agent a setting names: `"meeting_leader"` or a roster agent with a model.

    Raises:
        ValueError: Naming the setting (`field`, e.g. `structured_phases.conflict_judge`).
    """
    if name == "meeting_leader":
        return state["leader_id"]
    if name not in roster.org or not roster.has_model(name):
        raise ValueError(
            f"{field}: {name!r} is not an agent with a model; "
            "use 'meeting_leader' or a roster agent id"
        )
    return name


def spent(outcome: CallOutcome, next_turn: int | None = None) -> dict[str, Any]:
    """The turn's ledger write: its (estimated, billed) prompt tokens, the tokens it used, and
    the meeting's next turn when the caller moves it (`ledger.add_pairs`).

    The pair calibrates later pricing (`input_scale`): a provider billing more than we estimate
    makes the next calls priced higher, before they are made. One channel for all of it: every
    channel a turn writes is one more row per checkpoint on Postgres.
    """
    if outcome.prompt_tokens is None:
        return {"input_calibration": (0, 0, outcome.tokens, next_turn)}
    billed = outcome.reply.input_tokens
    return {"input_calibration": (outcome.prompt_tokens, billed, outcome.tokens, next_turn)}


def turn_update(
    meeting_id: str,
    outcome: CallOutcome,
    phase: MeetingPhase,
    turn: int,
    *,
    refer: bool = True,
    next_turn: int | None = None,
) -> dict[str, Any]:
    """What one spoken turn writes: its message, which is its contribution, and the tokens it
    used.

    The message id is `<meeting_id>:<phase>:<turn>:<agent_id>`: a node re-run after a crash
    writes the same id again, so the conversation never shows a contribution twice. The
    message is the turn's one record (state version 4): its words, `said_at`, phase and turn
    in `response_metadata` (and `usage_estimated` / `over_cap` when set), its tokens in
    `usage_metadata`; `transcript.contributions_of` reads the contribution back from it.
    `refer=False`, for a caller that rewrites the message (the synthesis), keeps the raw reply
    as a contribution of its own and writes a plain message. `next_turn` moves the meeting's
    turn in the same ledger write.
    """
    reply = outcome.reply
    message_id = f"{meeting_id}:{phase}:{turn}:{reply.agent_id}"
    if not refer:
        spoken = contribution(reply, phase, turn)
        message = said(reply.agent_id, reply.content, message_id=message_id, phase=phase, turn=turn)
        return {"contributions": [spoken], "messages": [message], **spent(outcome, next_turn)}
    record: dict[str, Any] = {"phase": phase, "turn": turn, SAID_AT: datetime.now(UTC).isoformat()}
    if reply.usage_estimated:
        record["usage_estimated"] = True
    if reply.over_cap:
        record["over_cap"] = True
    usage: UsageMetadata = {
        "input_tokens": reply.input_tokens,
        "output_tokens": reply.output_tokens,
        "total_tokens": reply.input_tokens + reply.output_tokens,
    }
    message = said(reply.agent_id, reply.content, message_id=message_id, usage=usage, **record)
    return {"messages": [message], **spent(outcome, next_turn)}


def input_scale(state: MeetingState) -> float:
    """Billed over estimated prompt tokens so far: later calls are priced with it (never < 1)."""
    calibration = state.get("input_calibration")
    priced, billed = (calibration[0], calibration[1]) if calibration else (0, 0)
    return max(1.0, billed / priced) if priced else 1.0


def budget_of(
    state: MeetingState, config: MeetingProtocolConfig, *, reserve: bool = True
) -> TokenBudget:
    """The meeting's budget now; `reserve=False` when no synthesis will follow."""
    return TokenBudget(
        total=state["token_budget"],
        used=tokens_spent(state),
        reserve_fraction=config.synthesis_reserve if reserve else 0.0,
        min_output=config.min_output_tokens,
        input_scale=input_scale(state),
    )


def left_after(state: MeetingState, outcome: CallOutcome) -> int:
    """Tokens left in the meeting's budget once `outcome` is paid for (for progress events)."""
    return max(0, state["token_budget"] - tokens_spent(state)) - outcome.tokens


def boundary(
    state: MeetingState, config: MeetingProtocolConfig, *, cancel: bool = True
) -> tuple[Literal["cancelled", "stopped"], dict[str, Any]] | None:
    """At a turn boundary: a pending cancel (status `cancelled`: go to `finalize`) or a stop
    condition that holds (the talk ends: go to the synthesis), with the update recording why.

    The cancel check reads the record store (I/O): nodes that run on the event loop (pure
    nodes) pass `cancel=False`; model nodes that check it are built with
    `plan_io=cancel_source_present`."""
    found = at_boundary(state, config.stop_when, cancel=cancel)
    if found is None:
        return None
    kind, why = found
    emit("meeting_stopped", kind=kind, reason=why)
    if kind == "cancelled":
        return "cancelled", {"status": "cancelled", "stop_reason": why}
    return "stopped", {"stop_reason": why}


def turns_stopped(
    state: MeetingState, config: MeetingProtocolConfig, after: str
) -> Command[str] | None:
    """At a turn boundary of the talk: a cancel, or a stop before anyone spoke, ends the meeting;
    any other stop goes on to `after`. None when the talk goes on."""
    stop = boundary(state, config)
    if stop is None:
        return None
    kind, update = stop
    ends = kind == "cancelled" or not contributions_of(state)
    return Command(goto="finalize" if ends else after, update=update)


def out_of_budget(phase: str, reason: str, goto: str) -> Command[str]:
    """The budget refused the next call: say so and go to `goto`, the meeting marked
    `budget_exhausted`."""
    emit("budget_exhausted", phase=phase, reason=reason)
    return Command(goto=goto, update={"status": "budget_exhausted", "error": reason})


def failed_turn(agent_id: str, phase: str, exc: Exception) -> ParticipantFailure:
    """A participant's call failed after the client's retries: say so and record it."""
    emit("agent_failed", agent_id=agent_id, phase=phase, error=str(exc))
    return ParticipantFailure(agent_id=agent_id, phase=phase, error=f"{describe_error(exc)}")


def priced_call(
    agent_id: str,
    prompt: Prompt,
    decision: BudgetDecision,
    on_error: Callable[[Exception], Update] | None = None,
) -> Call:
    """The call at the size the budget allowed, carrying the estimate made when pricing it."""
    return Call(
        agent_id, prompt, decision.max_tokens, prompt_tokens=decision.estimate, on_error=on_error
    )
