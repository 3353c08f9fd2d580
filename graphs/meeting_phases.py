"""Structured-phases protocol: inputs, conflict detection, targeted discussion, decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langgraph.graph import StateGraph
from langgraph.types import Command, Send

from langgraph_council.graphs.meeting_steps import (
    Call,
    MeetingNode,
    Step,
    Update,
    budget_of,
    call_participant,
    contribution,
    ctx,
    emit,
    model_node,
    pure_node,
    quorum_error,
    synthesize,
)
from langgraph_council.guards.budget import estimate_prompt_tokens
from langgraph_council.nodes.agents import AgentReply, Roster
from langgraph_council.nodes.fencing import escape_fences
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.detectors import (
    consensus_is_premature,
    keyword_conflicts,
    parse_judge_reply,
    structured_conflicts,
)
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

__all__ = ["build_structured_phases"]

MIN_STEPS_LEFT = 6
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


def broadcast_agenda(roster: Roster) -> MeetingNode:
    """Share the agenda (no model call) and fan the input requests out in parallel."""

    def broadcast_agenda(state: MeetingState) -> Command[Any]:
        config = ctx()
        sp = config.structured_phases
        _agent(roster, state, sp.devils_advocate_agent, "devils_advocate_agent")
        _agent(roster, state, sp.conflict_judge, "conflict_judge")
        agenda = render_agenda(state["agenda"])
        ids = state["participant_ids"]
        prompts = [
            INPUT_REQUEST.format(agenda=agenda, lens=_lens(sp.strategic_lenses.get(a))) for a in ids
        ]
        costs = [estimate_prompt_tokens(roster, a, p) for a, p in zip(ids, prompts, strict=True)]
        price = budget_of(state, config).plan_parallel(costs, want=sp.max_tokens_per_input)
        left = budget_of(state, config).remaining
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
    return f" Consider it through this strategic lens: {escape_fences(lens)}." if lens else ""


def _after_discussion(
    roster: Roster,
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
    costs = [estimate_prompt_tokens(roster, a, prompt) for a in ids]
    price = budget_of(state, config).plan_parallel(
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


def _route_conflicts(
    roster: Roster,
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
    emit("conflicts_detected", count=len(conflicts), discussants=discussants)
    update = {**update, "conflicts": conflicts, "discussants": discussants, "turn": turn}
    if update.get("status") == "budget_exhausted":
        return Command(goto="check_consensus", update=update)
    if len(discussants) >= 2 and update.get("status", state["status"]) == "completed":
        emit("phase_started", phase="discussion", participants=len(discussants))
        return Command(goto="discuss", update={**update, "discussion_index": 0})
    goto, more = _after_discussion(roster, state, config, turn)
    return Command(goto=goto, update={**update, **more})


def _detect_conflicts(roster: Roster) -> Step:
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
            return _route_conflicts(roster, state, config, keyword, turn, {})
        if detector == "structured":
            return _route_conflicts(roster, state, config, structured, turn, {})
        if detector == "hybrid" and bool(keyword) == bool(structured):
            return _route_conflicts(roster, state, config, [*structured, *keyword], turn, {})
        judge = _agent(roster, state, sp.conflict_judge, "conflict_judge")
        prompt = JUDGE_REQUEST.format(
            agenda=render_agenda(state["agenda"]), transcript=render_transcript(inputs)
        )
        price = budget_of(state, config).plan(
            prompt_tokens=estimate_prompt_tokens(roster, judge, prompt), want=200
        )
        if not price.allowed:
            update = {"status": "budget_exhausted", "error": price.reason}
            return _route_conflicts(roster, state, config, [*structured, *keyword], turn, update)

        def finish(reply: AgentReply, _: Any) -> Update:
            found = parse_judge_reply(reply.content, state["participant_ids"])
            update = {
                "contributions": [contribution(reply, "conflict_judge", turn)],
                "tokens_used": reply.total_tokens,
            }
            return _route_conflicts(roster, state, config, found, turn + 1, update)

        return Call(judge, prompt, price.max_tokens, finish)

    return step


def _discuss(roster: Roster) -> Step:
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
        cost = estimate_prompt_tokens(roster, agent, prompt)
        left = sp.max_discussion_tokens - state["discussion_tokens"]
        want = min(sp.max_tokens_per_input, left - cost)
        if want < config.min_output_tokens:
            emit("discussion_capped", tokens_left=left)
            goto, more = _after_discussion(roster, state, config, turn)
            return Command(goto=goto, update=more)
        price = budget_of(state, config).plan(prompt_tokens=cost, want=want)
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
            goto, more = _after_discussion(roster, state, config, turn + 1, [said])
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


def _devils_advocate(roster: Roster) -> Step:
    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        agent = _agent(
            roster, state, config.structured_phases.devils_advocate_agent, "devils_advocate_agent"
        )
        prompt = DEVILS_ADVOCATE.format(
            agenda=render_agenda(state["agenda"]),
            transcript=render_transcript(state["contributions"]),
        )
        price = budget_of(state, config).plan(
            prompt_tokens=estimate_prompt_tokens(roster, agent, prompt),
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


def build_structured_phases(graph: StateGraph[Any, Any, Any, Any], roster: Roster) -> None:
    """Agenda -> parallel inputs -> conflicts -> targeted discussion -> premortem -> decision."""
    graph.add_node(
        "broadcast_agenda",
        pure_node(broadcast_agenda(roster), name="broadcast_agenda"),
        destinations=("gather_input", "finalize"),
    )
    graph.add_node(
        "gather_input", model_node(roster, call_participant(roster), name="gather_input")
    )
    graph.add_node(
        "detect_conflicts",
        model_node(roster, _detect_conflicts(roster), name="detect_conflicts"),
        destinations=("discuss", *AFTER_DISCUSSION, "finalize"),
    )
    graph.add_node(
        "discuss",
        model_node(roster, _discuss(roster), name="discuss"),
        destinations=("discuss", *AFTER_DISCUSSION, "synthesize"),
    )
    graph.add_node(
        "run_premortem", model_node(roster, call_participant(roster), name="run_premortem")
    )
    graph.add_node(
        "check_consensus",
        pure_node(check_consensus, name="check_consensus"),
        destinations=("play_devils_advocate", "synthesize"),
    )
    graph.add_node(
        "play_devils_advocate",
        model_node(roster, _devils_advocate(roster), name="play_devils_advocate"),
    )
    graph.add_node(
        "synthesize", model_node(roster, synthesize(roster, phase="synthesis"), name="synthesize")
    )
    graph.add_edge("open_meeting", "broadcast_agenda")
    graph.add_edge("gather_input", "detect_conflicts")
    graph.add_edge("run_premortem", "check_consensus")
    graph.add_edge("play_devils_advocate", "synthesize")
    graph.add_edge("synthesize", "finalize")
