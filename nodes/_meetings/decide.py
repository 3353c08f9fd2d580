"""The decision step: the synthesiser sees positions ranked by evidence, then decides."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.nodes._calls.budget import price
from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._meetings.config import AGENT_LIMIT, MeetingProtocolConfig, ctx
from langgraph_council.nodes._meetings.deference import (
    AUTHORITY_JUDGE_DIRECTIVE,
    AUTHORITY_JUSTIFICATION_DIRECTIVE,
    detect_authority_cues,
)
from langgraph_council.nodes._meetings.ledger import at_turn, turn_of
from langgraph_council.nodes._meetings.memory import (
    agenda_text,
    meeting_recall,
    reversals_of,
    synthesis_with_memory,
)
from langgraph_council.nodes._meetings.models import AuthorityCue, MeetingPhase, SynthesisResult
from langgraph_council.nodes._meetings.positions import latest_positions, rank_positions
from langgraph_council.nodes._meetings.prompts import SYNTHESIS, render_transcript
from langgraph_council.nodes._meetings.prose import synthesis_prose
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import budget_of, emit, left_after, turn_update
from langgraph_council.nodes._meetings.stopping import at_boundary, cancel_source_present
from langgraph_council.nodes._meetings.synthesis import (
    JudgedSynthesisOutput,
    SynthesisOutput,
    adopted_ids,
    merge_positions,
    parse_synthesis_text,
    render_ranked_positions,
    resolve_action_items,
    synthesiser_positions,
)
from langgraph_council.nodes._meetings.traced import meeting_trace
from langgraph_council.nodes._meetings.transcript import contributions_of, transcript
from langgraph_council.nodes._memory.reversals import without_reversals

__all__ = ["apply_synthesis", "plan_synthesis", "synthesize"]


def _noted(state: MeetingState) -> SynthesisResult:
    """What the minutes keep whatever the synthesiser says: stated positions, authority cues."""
    contribs = transcript(state)
    positions = latest_positions(contribs)
    return SynthesisResult(
        positions=tuple(positions), authority_cues=tuple(detect_authority_cues(contribs))
    )


def plan_synthesis(
    roster: Roster,
    state: MeetingState,
    config: MeetingProtocolConfig,
    *,
    phase: MeetingPhase,
    agent: str,
) -> Call | Update:
    """Price the synthesis call of `agent` (the reserve is for it); refused, the minutes keep
    the stated positions and the budget status."""
    if state["status"] in ("failed", "cancelled"):
        return {}
    contribs = [c for c in transcript(state) if c.phase != "speaker_selection"]
    noted = _noted(state)
    cancel = at_boundary(state, None)  # only a cancel: the talk is over, the synthesis is due
    if cancel is not None:
        emit("meeting_stopped", kind="cancelled", reason=cancel[1])
        return {"outcome": noted, "status": "cancelled", "stop_reason": cancel[1]}
    judged = config.authority_detector == "model"
    schema = JudgedSynthesisOutput if judged else SynthesisOutput
    cues = () if judged else noted.authority_cues  # the model judges: no rules discount
    groups = rank_positions(noted.positions, discount=[c.agent_id for c in cues])
    if judged:
        directive = AUTHORITY_JUDGE_DIRECTIVE
    else:
        directive = AUTHORITY_JUSTIFICATION_DIRECTIVE if cues else ""
    schema, directive = synthesis_with_memory(state, schema, directive)
    prompt = SYNTHESIS.format(
        directive=directive,
        agenda=agenda_text(state),
        positions=render_ranked_positions(groups),
        transcript=render_transcript(contribs),
    )
    decision = price(
        roster,
        agent,
        prompt,
        want=config.max_synthesis_tokens,
        budget=budget_of(state, config),
        for_synthesis=True,
        prompt_tokens=roster.estimate_prompt_tokens(agent, prompt)
        + roster.structured_overhead(agent, schema),
    )
    if not decision.allowed:
        emit("budget_exhausted", phase=phase, reason=decision.reason)
        return {"outcome": noted, "status": "budget_exhausted", "error": decision.reason}
    return Call(
        agent,
        prompt,
        decision.max_tokens,
        schema=schema,
        prompt_tokens=decision.estimate,
        on_error=lambda exc: _synthesis_failed(noted, agent, exc),
    )


def _synthesis_failed(noted: SynthesisResult, agent: str, exc: Exception) -> Update:
    """A synthesis call that failed (its reply did not parse, the server refused it, the
    provider was down, it ran past its time limit): the minutes keep every contribution,
    flagged for review, instead of an exception that loses them (issue 34)."""
    error = f"synthesis by {agent} failed: {describe_error(exc)}"
    emit("synthesis_failed", agent_id=agent, error=error)
    warning = f"{error}; the minutes are partial (no decisions): review them"
    return {"outcome": noted.model_copy(update={"warnings": (warning,)}), "error": error}


def _read(outcome: CallOutcome, remembered: bool) -> tuple[SynthesisOutput, list[str]]:
    """The synthesis as structured output or from its text sections, and what to review
    (`remembered`: earlier decisions were shown, so a `Reverses:` section is not decisions)."""
    reply = outcome.reply
    warnings = outcome.warnings("the synthesis")
    if isinstance(outcome.parsed, SynthesisOutput):
        return outcome.parsed, warnings
    warnings = [w for w in warnings if "held no answer in the asked-for form" not in w]
    out = parse_synthesis_text(without_reversals(reply.content) if remembered else reply.content)
    why = f" ({reply.fallback_reason})" if reply.fallback_reason else ""  # e.g. a refused schema
    if not (out.decisions or out.action_items or out.adopted_positions or out.adopted_agent_ids):
        what = "nothing" if not reply.content.strip() else "prose without JSON or sections"
        warnings.append(
            f"the synthesis by {reply.agent_id} gave {what}{why}: no decisions were read, "
            "its text is kept as the summary; the minutes are partial: review them"
        )
    else:
        warnings.append(f"the synthesis by {reply.agent_id} was read from its text sections{why}")
    return out, warnings


def _judged_cues(
    state: MeetingState, outcome: CallOutcome, rules: tuple[AuthorityCue, ...]
) -> tuple[tuple[AuthorityCue, ...], list[str]]:
    """The authority cues of `authority_detector="model"`: the synthesiser's verdicts on the
    participants who spoke; without usable verdicts, the rules' cues and a warning."""
    parsed = outcome.parsed
    if not isinstance(parsed, JudgedSynthesisOutput) or parsed.authority_verdicts is None:
        return rules, [
            f"the synthesis by {outcome.reply.agent_id} gave no authority verdicts: "
            "the authority-deference check fell back to the rules"
        ]
    turns = {c.agent_id: c.turn for c in contributions_of(state)}  # each speaker's last turn
    cues = tuple(
        AuthorityCue(agent_id=v.agent_id, turn=turns[v.agent_id], cue=v.cue or "judged by model")
        for v in parsed.authority_verdicts
        if v.defers_to_authority and v.agent_id in turns
    )
    return cues, []


def apply_synthesis(
    roster: Roster, phase: MeetingPhase
) -> Callable[[MeetingState, CallOutcome], Update]:
    """Fold the synthesiser's reply (structured, or read from its text) into the outcome."""

    def apply(state: MeetingState, outcome: CallOutcome) -> Update:
        reply = outcome.reply
        out, warnings = _read(outcome, bool(meeting_recall(state).earlier))
        turn = turn_of(state)
        left = left_after(state, outcome)
        emit("agent_spoke", agent_id=reply.agent_id, phase=phase, turn=turn, budget_left=left)
        noted = _noted(state)
        if ctx().authority_detector == "model":
            cues, fell_back = _judged_cues(state, outcome, noted.authority_cues)
            noted = noted.model_copy(update={"authority_cues": cues})
            warnings = [*warnings, *fell_back]
        read = synthesiser_positions(out, state["participant_ids"])
        shown = rank_positions(noted.positions, discount=[c.agent_id for c in noted.authority_cues])
        attendees = [state["leader_id"], *state["participant_ids"]]
        result = noted.model_copy(
            update={
                "positions": tuple(merge_positions(noted.positions, read)),
                "summary": out.summary,
                "justification": out.justification,
                "decisions": tuple(out.decisions),
                "adopted_agent_ids": adopted_ids(out, shown, state["participant_ids"]),
                "action_items": tuple(
                    resolve_action_items(out.action_items, roster.org, attendees)
                ),
                "warnings": tuple(warnings),
                "reversals": reversals_of(state, outcome.parsed, reply.content, out.decisions),
            }
        )
        update = turn_update(state["meeting_id"], outcome, phase, turn, refer=False)
        readable = _readable(update, result)
        return at_turn({"outcome": result, **update, "messages": readable}, turn + 1)

    return apply


def _readable(update: dict[str, Any], result: SynthesisResult) -> list[Any]:
    """The synthesis message as prose (the contribution keeps the raw reply, JSON or not)."""
    prose = synthesis_prose(result)
    return [m.model_copy(update={"content": prose}) if prose else m for m in update["messages"]]


def synthesize(roster: Roster, *, name: str, phase: MeetingPhase) -> Runnable[MeetingState, Update]:
    """Node `name`: the leader turns contributions into decisions and action items."""

    def plan(state: MeetingState) -> Call | Update:
        return plan_synthesis(roster, state, ctx(), phase=phase, agent=state["leader_id"])

    return model_node(
        name,
        roster,
        plan,
        apply_synthesis(roster, phase),
        plan_io=cancel_source_present,
        time_limit=AGENT_LIMIT,
        trace=meeting_trace(phase),
    )
