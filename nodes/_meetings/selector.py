"""Model-chosen speaker: each turn a selector picks who speaks next, then that agent speaks.

Two model nodes per turn, `select_speaker` and `speak` (one call each, the one call node),
so every choice and every turn is its own checkpoint. The choice is read from the selector's
reply; one naming no eligible speaker (or a failed selector call) falls back to round-robin
order and is noted for the minutes. A single eligible speaker is taken without a call.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.errors import GraphBubbleUp
from langgraph.types import Command

from langgraph_council.nodes._calls.budget import price
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._deadline import call_with_limit
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._fencing import escape_line
from langgraph_council.nodes._meetings.config import (
    AGENT_LIMIT,
    CandidateFilter,
    MeetingProtocolConfig,
    SelectorConfig,
    ctx,
)
from langgraph_council.nodes._meetings.ledger import turn_of
from langgraph_council.nodes._meetings.memory import agenda_text
from langgraph_council.nodes._meetings.models import Contribution
from langgraph_council.nodes._meetings.prompts import (
    SELECTED_TURN,
    SPEAKER_SELECTION,
    render_transcript,
)
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import (
    budget_of,
    emit,
    failed_turn,
    named_agent,
    out_of_budget,
    priced_call,
    turn_update,
    turns_stopped,
)
from langgraph_council.nodes._meetings.stopping import cancel_source_present
from langgraph_council.nodes._meetings.traced import meeting_trace
from langgraph_council.nodes._meetings.transcript import transcript

__all__ = ["eligible_speakers", "parse_choice", "round_robin_next", "select_speaker", "speak"]

MIN_STEPS_LEFT = 6  # a choice and a turn, then summary, finalize, tasks and record


def _speech(state: MeetingState) -> list[Contribution]:
    return [c for c in transcript(state) if c.phase == "selected_turn"]


def _failed(state: MeetingState) -> list[str]:
    return [f.agent_id for f in state["failures"] if f.phase == "selected_turn"]


def eligible_speakers(
    participants: Sequence[str], speech: Sequence[Contribution], failed: Sequence[str],
    config: SelectorConfig,
) -> list[str]:  # fmt: skip
    """Participants under their turn cap who have not failed; the last speaker is left out
    unless repeats are allowed or nobody else is left."""
    counts = Counter(c.agent_id for c in speech)
    live = [a for a in participants if a not in failed and counts[a] < config.max_turns_per_agent]
    last = speech[-1].agent_id if speech else None
    if not config.allow_repeated_speaker and len(live) > 1:
        live = [a for a in live if a != last]
    return live


def round_robin_next(participants: Sequence[str], last: str | None, allowed: Sequence[str]) -> str:
    """The first allowed participant after `last` in participant order (wrapping around)."""
    start = participants.index(last) + 1 if last in participants else 0
    order = [*participants[start:], *participants[:start]]
    return next(a for a in order if a in allowed)


def parse_choice(text: str, candidates: Sequence[str]) -> str | None:
    """The candidate a reply names: the whole reply, else the first id named in it."""
    bare = text.strip().strip("`'\".*: \n")
    if bare in candidates:
        return bare
    hits = [
        (m.start(), a)
        for a in candidates
        if (m := re.search(rf"(?<![\w-]){re.escape(a)}(?![\w-])", text))
    ]
    return min(hits)[1] if hits else None


def _talk(state: MeetingState, sc: SelectorConfig, taken: int) -> dict[str, Any]:
    """The prompt fields both selector prompts share: the turn, the agenda, the transcript."""
    return {
        "turn": taken + 1,
        "total": sc.max_total_turns,
        "agenda": agenda_text(state),
        "transcript": render_transcript(_speech(state), window=sc.transcript_window),
    }


def _after(config: MeetingProtocolConfig) -> str:
    return "summarize" if config.selector.leader_summarizes else "finalize"


def _end_turns(
    state: MeetingState, config: MeetingProtocolConfig, update: dict[str, Any]
) -> Update:
    """End the turns; when speakers failed and fewer than a quorum spoke, the meeting failed."""
    failed = _failed(state)
    spoke_ids = {c.agent_id for c in _speech(state)}
    needed = max(1, math.ceil(len(state["participant_ids"]) * config.quorum))
    if failed and len(spoke_ids) < needed:
        error = (
            f"quorum not reached in selector: {len(spoke_ids)} of "
            f"{len(state['participant_ids'])} spoke, {needed} needed; failed: "
            + ", ".join(sorted(set(failed)))
        )
        emit("meeting_failed", reason=error)
        return Command(goto="finalize", update={**update, "status": "failed", "error": error})
    return Command(goto=_after(config), update=update)


def _filtered(
    chooser: CandidateFilter, eligible: list[str], state: MeetingState, limit: float
) -> set[str]:
    """The speakers `chooser` keeps, under `limit` (`callable_timeout_seconds`)."""
    speech = _speech(state)
    return call_with_limit(
        lambda: set(chooser(list(eligible), speech)),
        limit,
        "the selector's candidate_filter",
        "MeetingProtocolConfig.callable_timeout_seconds",
    )


def _allowed(
    state: MeetingState,
    config: SelectorConfig,
    build_filter: CandidateFilter | None,
    limit: float,
) -> tuple[list[str], list[str]]:
    """(who may speak next, notes): eligible speakers, kept by the candidate filter.

    A filter that raises or runs past its time limit keeps everyone, noted like one that
    kept nobody."""
    speech = _speech(state)
    eligible = eligible_speakers(state["participant_ids"], speech, _failed(state), config)
    chooser = config.candidate_filter or build_filter
    if chooser is None or not eligible:
        return eligible, []
    try:
        kept = _filtered(chooser, eligible, state, limit)
    except GraphBubbleUp:
        raise
    except Exception as exc:  # noqa: BLE001 - a failing filter offers every eligible speaker
        why = f"{describe_error(exc)}"
        return eligible, [
            f"the candidate filter failed ({why}); every eligible speaker was offered"
        ]
    allowed = [a for a in eligible if a in kept]
    if allowed:
        return allowed, []
    note = f"the candidate filter kept none of {eligible}; every eligible speaker was offered"
    return eligible, [note]


def _fallback(state: MeetingState, allowed: Sequence[str], why: str) -> tuple[str, str]:
    speech = _speech(state)
    chosen = round_robin_next(
        state["participant_ids"], speech[-1].agent_id if speech else None, allowed
    )
    emit("selector_fallback", reason=why, speaker=chosen)
    return chosen, f"turn {len(speech) + 1}: {why}; {chosen} spoke instead (round-robin order)"


def select_speaker(
    roster: Roster, build_filter: CandidateFilter | None = None
) -> Runnable[MeetingState, Update]:
    """Node `select_speaker`: the selector picks the next speaker among those allowed."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        sc = config.selector
        if (stop := turns_stopped(state, config, _after(config))) is not None:
            return stop
        taken = len(_speech(state)) + len(_failed(state))
        allowed, notes = _allowed(state, sc, build_filter, config.callable_timeout_seconds)
        if not allowed or taken >= sc.max_total_turns or state["remaining_steps"] <= MIN_STEPS_LEFT:
            return _end_turns(state, config, {"notes": notes} if notes else {})
        if len(allowed) == 1:
            return Command(goto="speak", update={"next_speaker": allowed[0], "notes": notes})
        selector = named_agent(roster, state, sc.selector, "selector.selector")
        candidates = "\n".join(
            f"- {escape_line(a)}: {escape_line(roster.org.get(a).role)}" for a in allowed
        )
        prompt = SPEAKER_SELECTION.format(candidates=candidates, **_talk(state, sc, taken))
        budget = budget_of(state, config, reserve=sc.leader_summarizes)
        decision = price(roster, selector, prompt, want=sc.max_selector_tokens, budget=budget)
        if not decision.allowed:
            return out_of_budget("speaker_selection", decision.reason, _after(config))

        def on_error(exc: Exception) -> Update:
            chosen, note = _fallback(
                state, allowed, f"the selector {selector} failed ({describe_error(exc)})"
            )
            return Command(goto="speak", update={"next_speaker": chosen, "notes": [*notes, note]})

        return priced_call(selector, prompt, decision, on_error)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        config = ctx()
        allowed, notes = _allowed(
            state, config.selector, build_filter, config.callable_timeout_seconds
        )
        reply = outcome.reply
        chosen = parse_choice(reply.content, allowed)
        if chosen is None:
            shown = escape_line(reply.content.strip())[:80]
            chosen, note = _fallback(
                state,
                allowed,
                f"the selector {reply.agent_id} chose {shown!r}, not one of {allowed}",
            )
            notes = [*notes, note]
        emit("speaker_selected", selector=reply.agent_id, speaker=chosen)
        turn = turn_of(state)
        return Command(
            goto="speak",
            update={
                **turn_update(
                    state["meeting_id"], outcome, "speaker_selection", turn, next_turn=turn + 1
                ),
                "next_speaker": chosen,
                "notes": notes,
            },
        )

    return model_node(
        "select_speaker",
        roster,
        plan,
        apply,
        plan_io=cancel_source_present,
        time_limit=AGENT_LIMIT,
        trace=meeting_trace("speaker_selection"),
    )


def speak(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `speak`: the chosen participant sees the fenced transcript and speaks once."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        sc = config.selector
        agent = state.get("next_speaker")
        if not agent:
            return Command(goto="select_speaker")
        taken = len(_speech(state)) + len(_failed(state))
        prompt = SELECTED_TURN.format(**_talk(state, sc, taken))
        budget = budget_of(state, config, reserve=sc.leader_summarizes)
        decision = price(roster, agent, prompt, want=sc.max_tokens_per_turn, budget=budget)
        if not decision.allowed:
            return out_of_budget("selected_turn", decision.reason, _after(config))

        def on_error(exc: Exception) -> Update:
            failure = failed_turn(agent, "selected_turn", exc)
            return Command(
                goto="select_speaker", update={"failures": [failure], "next_speaker": None}
            )

        return priced_call(agent, prompt, decision, on_error)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        turn = turn_of(state)
        emit("agent_spoke", agent_id=outcome.reply.agent_id, phase="selected_turn", turn=turn)
        return Command(
            goto="select_speaker",
            update={
                **turn_update(
                    state["meeting_id"], outcome, "selected_turn", turn, next_turn=turn + 1
                ),
                "next_speaker": None,
            },
        )

    trace = meeting_trace("selected_turn")
    return model_node("speak", roster, plan, apply, time_limit=AGENT_LIMIT, trace=trace)
