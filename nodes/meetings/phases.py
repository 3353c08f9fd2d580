"""Structured-phases protocol: inputs, conflict detection, targeted discussion, decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langgraph.types import Command, Send

from langgraph_council.nodes.agents import AgentReply, Roster
from langgraph_council.nodes.fencing import escape_line
from langgraph_council.nodes.meetings.calls import (
    Call,
    MeetingNode,
    Step,
    Update,
    contribution,
    ctx,
    emit,
    quorum_error,
)
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.detectors import (
    consensus_is_premature,
    keyword_conflicts,
    parse_judge_reply,
    structured_conflicts,
)
from langgraph_council.nodes.meetings.guarding import MeetingGuards
from langgraph_council.nodes.meetings.models import Contribution, DetectedConflict
from langgraph_council.nodes.meetings.positions import extract_position
from langgraph_council.nodes.meetings.prompts import (
    DEVILS_ADVOCATE,
    DISCUSSION_TURN,
    INPUT_REQUEST,
    JUDGE_REQUEST,
    PREMORTEM,
    render_agenda,
    render_transcript,
)
from langgraph_council.nodes.meetings.state import CallTask, MeetingState

__all__ = [
    "AFTER_DISCUSSION",
    "broadcast_agenda",
    "check_consensus",
    "detect_conflicts",
    "devils_advocate",
    "discuss",
]

# Another discussion turn needs room for: itself, premortem, consensus check, devil's advocate,
# synthesis, finalize, tasks and record. Below that the discussion ends early, cleanly.
MIN_STEPS_LEFT = 8
AFTER_DISCUSSION = ("run_premortem", "check_consensus")


def _agent(roster: Roster, state: MeetingState, name: str, field: str) -> str:
    if name == "meeting_leader":
        return state["leader_id"]
    if name not in roster.org or not roster.has_model(name):
        raise ValueError(
            f"structured_phases.{field}: {name!r} is not an agent with a model; "
            "use 'meeting_leader' or a roster agent id"
        )
    return name


def broadcast_agenda(roster: Roster, guards: MeetingGuards) -> MeetingNode:
    """Share the agenda (no model call) and fan the input requests out in parallel."""

    def broadcast_agenda(state: MeetingState) -> Command[Any]:
        config = ctx()
        sp = config.structured_phases
        _agent(roster, state, sp.devils_advocate_agent, "devils_advocate_agent")
        _agent(roster, state, sp.conflict_judge, "conflict_judge")
        stray = sorted(set(sp.strategic_lenses) - set(state["participant_ids"]))
        if stray:
            raise ValueError(
                f"structured_phases.strategic_lenses: {stray} are not participants of this "
                "meeting; key each lens by a participant id"
            )
        agenda = render_agenda(state["agenda"])
        ids = state["participant_ids"]
        prompts = [
            INPUT_REQUEST.format(agenda=agenda, lens=_lens(sp.strategic_lenses.get(a))) for a in ids
        ]
        costs = [guards.estimate(roster, a, p) for a, p in zip(ids, prompts, strict=True)]
        price = guards.budget_of(state, config).plan_parallel(costs, want=sp.max_tokens_per_input)
        left = guards.budget_of(state, config).remaining
        emit("phase_started", phase="input", participants=len(ids), budget_left=left)
        if not price.allowed:
            emit("budget_exhausted", phase="input", reason=price.reason)
            update = {"status": "budget_exhausted", "error": price.reason}
            return Command(goto="finalize", update=update)
        sends = [
            Send(
                "gather_input",
                CallTask(agent_id=a, phase="input", turn=i, prompt=p, max_tokens=price.max_tokens),
            )
            for i, (a, p) in enumerate(zip(ids, prompts, strict=True))
        ]
        return Command(goto=sends, update={"turn": len(ids)})

    return broadcast_agenda


def _lens(lens: str | None) -> str:
    return f" Consider it through this strategic lens: {escape_line(lens)}." if lens else ""


def _after_discussion(
    roster: Roster,
    guards: MeetingGuards,
    state: MeetingState,
    config: MeetingProtocolConfig,
    turn: int,
    extra: Sequence[Contribution] = (),
) -> tuple[Any, dict[str, Any]]:
    """Where to go once discussion is over: the premortem fan-out, or the consensus check."""
    if not config.structured_phases.premortem or state["status"] != "completed":
        return "check_consensus", {}
    ids = state["participant_ids"]
    prompt = PREMORTEM.format(
        agenda=render_agenda(state["agenda"]),
        transcript=render_transcript([*state["contributions"], *extra]),
    )
    costs = [guards.estimate(roster, a, prompt) for a in ids]
    price = guards.budget_of(state, config).plan_parallel(
        costs, want=config.structured_phases.max_tokens_per_input
    )
    if not price.allowed:
        emit("phase_skipped", phase="premortem", reason=price.reason)
        return "check_consensus", {}
    emit("phase_started", phase="premortem", participants=len(ids))
    sends = [
        Send(
            "run_premortem",
            CallTask(
                agent_id=a,
                phase="premortem",
                turn=turn + i,
                prompt=prompt,
                max_tokens=price.max_tokens,
            ),
        )
        for i, a in enumerate(ids)
    ]
    return sends, {"turn": turn + len(ids)}


def alternate_sides(discussants: Sequence[str], inputs: Sequence[Contribution]) -> list[str]:
    """Order discussants so opposing claims take turns: both sides speak before the cap bites."""
    claims = {c.agent_id: p.claim.casefold().strip() for c in inputs if (p := extract_position(c))}
    sides: dict[str, list[str]] = {}
    for agent in discussants:
        sides.setdefault(claims.get(agent, agent), []).append(agent)
    deepest = max((len(side) for side in sides.values()), default=0)
    return [side[i] for i in range(deepest) for side in sides.values() if i < len(side)]


def _route_conflicts(
    roster: Roster,
    guards: MeetingGuards,
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
    inputs = [c for c in state["contributions"] if c.phase == "input"]
    discussants = alternate_sides(discussants, inputs)
    emit("conflicts_detected", count=len(conflicts), discussants=discussants)
    update = {**update, "conflicts": conflicts, "discussants": discussants, "turn": turn}
    if update.get("status") == "budget_exhausted":
        return Command(goto="check_consensus", update=update)
    room = state["remaining_steps"] > MIN_STEPS_LEFT
    if len(discussants) >= 2 and room and update.get("status", state["status"]) == "completed":
        emit("phase_started", phase="discussion", participants=len(discussants))
        return Command(goto="discuss", update={**update, "discussion_index": 0})
    goto, more = _after_discussion(roster, guards, state, config, turn)
    return Command(goto=goto, update={**update, **more})


def detect_conflicts(roster: Roster, guards: MeetingGuards) -> Step:
    """Quorum check, then the configured detector; routes to discussion or onwards."""

    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        error = quorum_error(state, "input", config)
        if error:
            emit("meeting_failed", reason=error)
            return Command(goto="finalize", update={"status": "failed", "error": error})
        sp = config.structured_phases
        inputs = [c for c in state["contributions"] if c.phase == "input"]
        positions = [p for c in inputs if (p := extract_position(c))]
        detector = sp.conflict_detector
        if detector == "auto":
            detector = "structured" if 2 * len(positions) >= len(inputs) else "keyword"
        keyword, structured = keyword_conflicts(inputs), structured_conflicts(positions)
        turn = state["turn"]
        if detector == "keyword":
            return _route_conflicts(roster, guards, state, config, keyword, turn, {})
        if detector == "structured":
            return _route_conflicts(roster, guards, state, config, structured, turn, {})
        if detector == "hybrid" and bool(keyword) == bool(structured):
            return _route_conflicts(
                roster, guards, state, config, [*structured, *keyword], turn, {}
            )
        judge = _agent(roster, state, sp.conflict_judge, "conflict_judge")
        prompt = JUDGE_REQUEST.format(
            agenda=render_agenda(state["agenda"]), transcript=render_transcript(inputs)
        )
        price = guards.budget_of(state, config).plan(
            prompt_tokens=guards.estimate(roster, judge, prompt), want=200
        )
        if not price.allowed:
            update = {"status": "budget_exhausted", "error": price.reason}
            return _route_conflicts(
                roster, guards, state, config, [*structured, *keyword], turn, update
            )

        def finish(reply: AgentReply, _: Any) -> Update:
            found = parse_judge_reply(reply.content, state["participant_ids"])
            update = {
                "contributions": [contribution(reply, "conflict_judge", turn)],
                "tokens_used": reply.total_tokens,
            }
            return _route_conflicts(roster, guards, state, config, found, turn + 1, update)

        return Call(judge, prompt, price.max_tokens, finish)

    return step


def discuss(roster: Roster, guards: MeetingGuards) -> Step:
    """One discussion turn between the agents in conflict, within the discussion cap."""

    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        sp = config.structured_phases
        who = state.get("discussants", [])
        schedule = [a for _ in range(sp.max_discussion_turns_per_agent) for a in who]
        index, turn = state.get("discussion_index", 0), state["turn"]
        agent = schedule[index]
        visible = [
            c
            for c in state["contributions"]
            if c.agent_id in who and c.phase in ("input", "discussion")
        ]
        prompt = DISCUSSION_TURN.format(
            agenda=render_agenda(state["agenda"]), transcript=render_transcript(visible)
        )
        cost = guards.estimate(roster, agent, prompt)
        left = sp.max_discussion_tokens - state["discussion_tokens"]
        want = min(sp.max_tokens_per_input, left - cost)
        if want < config.min_output_tokens:
            emit("discussion_capped", tokens_left=left)
            goto, more = _after_discussion(roster, guards, state, config, turn)
            return Command(goto=goto, update=more)
        price = guards.budget_of(state, config).plan(prompt_tokens=cost, want=want)
        if not price.allowed:
            emit("budget_exhausted", phase="discussion", reason=price.reason)
            return Command(
                goto="synthesize", update={"status": "budget_exhausted", "error": price.reason}
            )

        def finish(reply: AgentReply, _: Any) -> Update:
            said = contribution(reply, "discussion", turn)
            emit("agent_spoke", agent_id=agent, phase="discussion", turn=turn)
            update: dict[str, Any] = {
                "contributions": [said],
                "tokens_used": reply.total_tokens,
                "discussion_tokens": reply.total_tokens,
                "turn": turn + 1,
                "discussion_index": index + 1,
            }
            if index + 1 < len(schedule) and state["remaining_steps"] > MIN_STEPS_LEFT:
                return Command(goto="discuss", update=update)
            goto, more = _after_discussion(roster, guards, state, config, turn + 1, [said])
            return Command(goto=goto, update={**update, **more})

        return Call(agent, prompt, price.max_tokens, finish)

    return step


def check_consensus(state: MeetingState) -> Command[Any]:
    """Consensus velocity: near-identical inputs with few disagreements call a devil's advocate."""
    sp = ctx().structured_phases
    texts = [c.content for c in state["contributions"] if c.phase == "input"]
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


def devils_advocate(roster: Roster, guards: MeetingGuards) -> Step:
    """The devil's advocate argues against a consensus reached too fast."""

    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        agent = _agent(
            roster, state, config.structured_phases.devils_advocate_agent, "devils_advocate_agent"
        )
        prompt = DEVILS_ADVOCATE.format(
            agenda=render_agenda(state["agenda"]),
            transcript=render_transcript(state["contributions"]),
        )
        price = guards.budget_of(state, config).plan(
            prompt_tokens=guards.estimate(roster, agent, prompt),
            want=config.structured_phases.max_tokens_per_input,
        )
        if not price.allowed:
            return {"status": "budget_exhausted", "error": price.reason}
        turn = state["turn"]

        def finish(reply: AgentReply, _: Any) -> Update:
            emit("agent_spoke", agent_id=agent, phase="devils_advocate", turn=turn)
            return {
                "contributions": [contribution(reply, "devils_advocate", turn)],
                "tokens_used": reply.total_tokens,
                "turn": turn + 1,
                "devils_advocate_used": True,
            }

        return Call(agent, prompt, price.max_tokens, finish)

    return step
