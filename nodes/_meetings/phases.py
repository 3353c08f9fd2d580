"""Structured-phases protocol: inputs, conflict detection, premortem, consensus check, devil's
advocate (the targeted discussion is `nodes._meetings.discussion`; its node and exits are
re-exported here for the protocol's wiring)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes._calls.budget import price
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._fencing import escape_line
from langgraph_council.nodes._meetings.config import AGENT_LIMIT, ctx
from langgraph_council.nodes._meetings.detectors import (
    consensus_is_premature,
    custom_conflicts,
    keyword_conflicts,
    parse_judge_reply,
    structured_conflicts,
)
from langgraph_council.nodes._meetings.discussion import (
    AFTER_DISCUSSION,
    discuss,
    route_conflicts,
    stopped,
)
from langgraph_council.nodes._meetings.ledger import at_turn, turn_of
from langgraph_council.nodes._meetings.memory import agenda_text
from langgraph_council.nodes._meetings.parallel import open_phase, priced_sends, quorum_error
from langgraph_council.nodes._meetings.positions import extract_position
from langgraph_council.nodes._meetings.prompts import (
    DEVILS_ADVOCATE,
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
    named_agent,
    priced_call,
    turn_update,
)
from langgraph_council.nodes._meetings.stopping import cancel_source_present
from langgraph_council.nodes._meetings.traced import meeting_trace
from langgraph_council.nodes._meetings.transcript import transcript

__all__ = [
    "AFTER_DISCUSSION",
    "broadcast_agenda",
    "check_consensus",
    "detect_conflicts",
    "devils_advocate",
    "discuss",
    "plan_premortem",
]


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


def detect_conflicts(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `detect_conflicts`: quorum check, then the configured detector (the judge is a
    model call); routes to discussion or onwards."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        error = quorum_error(state, "input", config)
        if error:
            emit("meeting_failed", reason=error)
            return Command(goto="finalize", update={"status": "failed", "error": error})
        stop = stopped(state, config)
        if stop is not None:
            return stop
        sp = config.structured_phases
        inputs = [c for c in transcript(state) if c.phase == "input"]
        positions = [p for c in inputs if (p := extract_position(c))]
        detector = sp.conflict_detector
        limit = config.callable_timeout_seconds
        custom, why = custom_conflicts(detector, inputs, limit=limit)
        if custom is not None:
            return route_conflicts(state, config, custom, turn_of(state), {})
        noted: dict[str, Any] = {"notes": [why]} if why else {}
        if detector == "auto" or why:
            detector = "structured" if 2 * len(positions) >= len(inputs) else "keyword"
        keyword, structured = keyword_conflicts(inputs), structured_conflicts(positions)
        turn = turn_of(state)
        if detector == "keyword":
            return route_conflicts(state, config, keyword, turn, noted)
        if detector == "structured":
            return route_conflicts(state, config, structured, turn, noted)
        if detector == "hybrid" and bool(keyword) == bool(structured):
            return route_conflicts(state, config, [*structured, *keyword], turn, {})
        judge = _agent(roster, state, sp.conflict_judge, "conflict_judge")
        prompt = JUDGE_REQUEST.format(
            agenda=agenda_text(state), transcript=render_transcript(inputs)
        )
        decision = price(roster, judge, prompt, want=200, budget=budget_of(state, config))
        if not decision.allowed:
            update = {"status": "budget_exhausted", "error": decision.reason}
            return route_conflicts(state, config, [*structured, *keyword], turn, update)

        def on_error(exc: Exception) -> Update:
            why = f"the conflict judge {judge} failed ({describe_error(exc)})"
            note = f"{why}; the structured and keyword detectors were used"
            return route_conflicts(state, config, [*structured, *keyword], turn, {"notes": [note]})

        return priced_call(judge, prompt, decision, on_error)

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        turn = turn_of(state)
        found = parse_judge_reply(outcome.reply.content, state["participant_ids"])
        update = {
            **turn_update(state["meeting_id"], outcome, "conflict_judge", turn),
        }
        return route_conflicts(state, ctx(), found, turn + 1, update)

    return model_node(
        "detect_conflicts",
        roster,
        plan,
        apply,
        plan_io=cancel_source_present,
        time_limit=AGENT_LIMIT,
        trace=meeting_trace("conflict_judge"),
    )


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
