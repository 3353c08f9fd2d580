"""Structured-phases protocol: inputs, conflict detection, targeted discussion, decision."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes._calls.budget import price
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._fencing import escape_line
from langgraph_council.nodes._meetings.config import AGENT_LIMIT, MeetingProtocolConfig, ctx
from langgraph_council.nodes._meetings.detectors import (
    consensus_is_premature,
    custom_conflicts,
    keyword_conflicts,
    parse_judge_reply,
    structured_conflicts,
)
from langgraph_council.nodes._meetings.ledger import at_turn, turn_of
from langgraph_council.nodes._meetings.memory import agenda_text
from langgraph_council.nodes._meetings.models import Contribution, DetectedConflict
from langgraph_council.nodes._meetings.parallel import open_phase, priced_sends, quorum_error
from langgraph_council.nodes._meetings.positions import extract_position
from langgraph_council.nodes._meetings.prompts import (
    DEVILS_ADVOCATE,
    DISCUSSION_TURN,
    INPUT_REQUEST,
    JUDGE_REQUEST,
    PREMORTEM,
    render_transcript,
)
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import (
    boundary,
    budget_of,
    emit,
    failed_turn,
    named_agent,
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
    "broadcast_agenda",
    "check_consensus",
    "detect_conflicts",
    "devils_advocate",
    "discuss",
    "plan_premortem",
]

# Another discussion turn needs room for: itself, premortem, consensus check, devil's advocate,
# synthesis, finalize, tasks and record (and `plan_premortem` when a premortem is configured).
# Below that the discussion ends early, cleanly.
MIN_STEPS_LEFT = 8
AFTER_DISCUSSION = ("plan_premortem", "check_consensus")
"""Where the discussion (or its absence) leads: the premortem when configured, else consensus."""


def _agent(roster: Roster, state: MeetingState, name: str, field: str) -> str:
    return named_agent(roster, state, name, f"structured_phases.{field}")


def broadcast_agenda(roster: Roster) -> Callable[[MeetingState], Command[Any]]:
    """Share the agenda (no model call) and fan the input requests out in parallel."""

    def broadcast_agenda(state: MeetingState) -> Command[Any]:
        config = ctx()
        sp = config.structured_phases
        _agent(roster, state, sp.devils_advocate_agent, "devils_advocate_agent")
        _agent(roster, state, sp.conflict_judge, "conflict_judge")
        stop = boundary(state, config, cancel=False)  # before any input: nothing to decide
        if stop is not None:
            return Command(goto="finalize", update=stop[1])
        stray = sorted(set(sp.strategic_lenses) - set(state["participant_ids"]))
        if stray:
            raise ValueError(
                f"structured_phases.strategic_lenses: {stray} are not participants of this "
                "meeting; key each lens by a participant id"
            )
        agenda = agenda_text(state)
        ids = state["participant_ids"]
        prompts = [
            (a, INPUT_REQUEST.format(agenda=agenda, lens=_lens(sp.strategic_lenses.get(a))))
            for a in ids
        ]
        return open_phase(
            roster,
            state,
            config,
            node="gather_input",
            phase="input",
            prompts=prompts,
            want=sp.max_tokens_per_input,
        )

    return broadcast_agenda


def _lens(lens: str | None) -> str:
    return f" Consider it through this strategic lens: {escape_line(lens)}." if lens else ""


def _room(state: MeetingState, config: MeetingProtocolConfig) -> bool:
    """True when another discussion turn still leaves the steps to end the meeting cleanly."""
    needed = MIN_STEPS_LEFT + (1 if config.structured_phases.premortem else 0)
    return state["remaining_steps"] > needed


def _after_discussion(state: MeetingState, config: MeetingProtocolConfig) -> str:
    """`plan_premortem` when a premortem is configured and the meeting is on track."""
    if config.structured_phases.premortem and state["status"] == "completed":
        return "plan_premortem"
    return "check_consensus"


def plan_premortem(roster: Roster) -> Callable[[MeetingState], Command[Any]]:
    """Node `plan_premortem`: fan the premortem out to every participant, priced in parallel;
    without the budget for it the meeting skips it and goes on to the consensus check."""

    def plan_premortem(state: MeetingState) -> Command[Any]:
        config = ctx()
        stop = boundary(state, config, cancel=False)
        if stop is not None:
            return Command(goto="check_consensus", update=stop[1])
        ids = state["participant_ids"]
        prompt = PREMORTEM.format(
            agenda=agenda_text(state),
            transcript=render_transcript(transcript(state)),
        )
        decision, sends = priced_sends(
            roster,
            state,
            config,
            node="run_premortem",
            phase="premortem",
            prompts=[(a, prompt) for a in ids],
            want=config.structured_phases.max_tokens_per_input,
        )
        if not decision.allowed:
            emit("phase_skipped", phase="premortem", reason=decision.reason)
            return Command(goto="check_consensus")
        emit("phase_started", phase="premortem", participants=len(ids))
        return Command(goto=sends, update=at_turn({}, turn_of(state) + len(ids)))

    return plan_premortem


def alternate_sides(discussants: Sequence[str], inputs: Sequence[Contribution]) -> list[str]:
    """Order discussants so opposing claims take turns: both sides speak before the cap bites."""
    claims = {c.agent_id: p.claim.casefold().strip() for c in inputs if (p := extract_position(c))}
    sides: dict[str, list[str]] = {}
    for agent in discussants:
        sides.setdefault(claims.get(agent, agent), []).append(agent)
    deepest = max((len(side) for side in sides.values()), default=0)
    return [side[i] for i in range(deepest) for side in sides.values() if i < len(side)]


def _route_conflicts(
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


def detect_conflicts(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `detect_conflicts`: quorum check, then the configured detector (the judge is a
    model call); routes to discussion or onwards."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        error = quorum_error(state, "input", config)
        if error:
            emit("meeting_failed", reason=error)
            return Command(goto="finalize", update={"status": "failed", "error": error})
        stop = _stopped(state, config)
        if stop is not None:
            return stop
        sp = config.structured_phases
        inputs = [c for c in transcript(state) if c.phase == "input"]
        positions = [p for c in inputs if (p := extract_position(c))]
        detector = sp.conflict_detector
        limit = config.callable_timeout_seconds
        custom, why = custom_conflicts(detector, inputs, limit=limit)
        if custom is not None:
            return _route_conflicts(state, config, custom, turn_of(state), {})
        noted: dict[str, Any] = {"notes": [why]} if why else {}
        if detector == "auto" or why:
            detector = "structured" if 2 * len(positions) >= len(inputs) else "keyword"
        keyword, structured = keyword_conflicts(inputs), structured_conflicts(positions)
        turn = turn_of(state)
        if detector == "keyword":
            return _route_conflicts(state, config, keyword, turn, noted)
        if detector == "structured":
            return _route_conflicts(state, config, structured, turn, noted)
        if detector == "hybrid" and bool(keyword) == bool(structured):
            return _route_conflicts(state, config, [*structured, *keyword], turn, {})
        judge = _agent(roster, state, sp.conflict_judge, "conflict_judge")
        prompt = JUDGE_REQUEST.format(
            agenda=agenda_text(state), transcript=render_transcript(inputs)
        )
        decision = price(roster, judge, prompt, want=200, budget=budget_of(state, config))
        if not decision.allowed:
            update = {"status": "budget_exhausted", "error": decision.reason}
            return _route_conflicts(state, config, [*structured, *keyword], turn, update)

        def on_error(exc: Exception) -> Update:
            why = f"the conflict judge {judge} failed ({describe_error(exc)})"
            note = f"{why}; the structured and keyword detectors were used"
            return _route_conflicts(state, config, [*structured, *keyword], turn, {"notes": [note]})

        return priced_call(judge, prompt, decision, on_error)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        turn = turn_of(state)
        found = parse_judge_reply(outcome.reply.content, state["participant_ids"])
        update = {
            **turn_update(state["meeting_id"], outcome, "conflict_judge", turn),
        }
        return _route_conflicts(state, ctx(), found, turn + 1, update)

    return model_node(
        "detect_conflicts",
        roster,
        plan,
        apply,
        plan_io=cancel_source_present,
        time_limit=AGENT_LIMIT,
        trace=meeting_trace("conflict_judge"),
    )


def _discussion(state: MeetingState, config: MeetingProtocolConfig) -> TurnSchedule:
    who = state.get("discussants", [])
    rounds = config.structured_phases.max_discussion_turns_per_agent
    return TurnSchedule(who, rounds, sys.maxsize)  # on demand: `rounds` may be 2**63


def discuss(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `discuss`: one discussion turn between the agents in conflict, within the cap."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        stop = _stopped(state, config)
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


def _stopped(state: MeetingState, config: MeetingProtocolConfig) -> Command[Any] | None:
    """At a boundary of the structured phases: a cancel ends the meeting, a stop condition
    goes to the consensus check, which then goes straight to the synthesis."""
    stop = boundary(state, config)
    if stop is None:
        return None
    kind, update = stop
    return Command(goto="finalize" if kind == "cancelled" else "check_consensus", update=update)


def check_consensus(state: MeetingState) -> Command[Any]:
    """Consensus velocity: near-identical inputs with few disagreements call a devil's advocate.

    A meeting whose talk a stop condition ended goes to the synthesis; a cancelled one ends."""
    config = ctx()
    if state["status"] == "cancelled":
        return Command(goto="finalize")
    if state.get("stop_reason"):
        return Command(goto="synthesize")
    stop = boundary(state, config, cancel=False)
    if stop is not None:
        return Command(goto="synthesize", update=stop[1])
    sp = config.structured_phases
    texts = [c.content for c in transcript(state) if c.phase == "input"]
    premature = consensus_is_premature(
        texts,
        state.get("conflicts", []),
        threshold=sp.similarity_threshold,
        min_disagreements=sp.min_disagreements,
    )
    if premature and sp.devils_advocate and state["status"] == "completed":
        emit("phase_started", phase="devils_advocate")
        return Command(goto="play_devils_advocate")
    return Command(goto="synthesize")


def devils_advocate(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `play_devils_advocate`: argue against a consensus reached too fast."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        agent = _agent(
            roster, state, config.structured_phases.devils_advocate_agent, "devils_advocate_agent"
        )
        prompt = DEVILS_ADVOCATE.format(
            agenda=agenda_text(state),
            transcript=render_transcript(transcript(state)),
        )
        decision = price(
            roster,
            agent,
            prompt,
            want=config.structured_phases.max_tokens_per_input,
            budget=budget_of(state, config),
        )
        if not decision.allowed:
            return {"status": "budget_exhausted", "error": decision.reason}

        def on_error(exc: Exception) -> Update:
            why = f"the devil's advocate {agent} failed ({describe_error(exc)})"
            return {"devils_advocate_used": True, "notes": [f"{why}; the meeting went on"]}

        return priced_call(agent, prompt, decision, on_error)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        turn = turn_of(state)
        emit("agent_spoke", agent_id=outcome.reply.agent_id, phase="devils_advocate", turn=turn)
        return {
            **turn_update(
                state["meeting_id"], outcome, "devils_advocate", turn, next_turn=turn + 1
            ),
            "devils_advocate_used": True,
        }

    trace = meeting_trace("devils_advocate")
    return model_node(
        "play_devils_advocate", roster, plan, apply, time_limit=AGENT_LIMIT, trace=trace
    )
