"""Round-robin and position-papers protocols: their nodes and edges."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

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
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.prompts import (
    POSITION_PAPER,
    ROUND_ROBIN_TURN,
    render_agenda,
    render_transcript,
)
from langgraph_council.nodes.meetings.state import CallTask, MeetingState
from langgraph_council.nodes.meetings.turns import turn_schedule

__all__ = ["build_position_papers", "build_round_robin"]

MIN_STEPS_LEFT = 4  # open + summary + finalize + bookkeeping: always leave room to end cleanly


def _after_turns(config: MeetingProtocolConfig) -> Literal["summarize", "finalize"]:
    return "summarize" if config.round_robin.leader_summarizes else "finalize"


def _take_turn(roster: Roster) -> Step:
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
        budget = budget_of(state, config)
        if not rr.leader_summarizes:
            budget = replace(budget, reserve_fraction=0.0)
        if turn == 0:
            emit(
                "phase_started",
                phase="round_robin",
                turns=len(schedule),
                budget_left=budget.remaining,
            )
        price = budget.plan(
            prompt_tokens=estimate_prompt_tokens(roster, agent, prompt), want=rr.max_tokens_per_turn
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


def build_round_robin(graph: StateGraph[Any, Any, Any, Any], roster: Roster) -> None:
    """Each participant speaks in turn (one super-step, one checkpoint, per turn)."""
    graph.add_node(
        "take_turn",
        model_node(roster, _take_turn(roster), name="take_turn"),
        destinations=("take_turn", "summarize", "finalize"),
    )
    graph.add_node(
        "summarize", model_node(roster, synthesize(roster, phase="summary"), name="summarize")
    )
    graph.add_edge("open_meeting", "take_turn")
    graph.add_edge("summarize", "finalize")


def _synthesizer(roster: Roster, state: MeetingState, config: MeetingProtocolConfig) -> str:
    name = config.position_papers.synthesizer
    if name == "meeting_leader":
        return state["leader_id"]
    if name not in roster.org or not roster.has_model(name):
        raise ValueError(
            f"position_papers.synthesizer: {name!r} is not an agent with a model; "
            "use 'meeting_leader' or a roster agent id"
        )
    return name


def _assign_papers(roster: Roster) -> MeetingNode:
    def assign_papers(state: MeetingState) -> Command[str]:
        config = ctx()
        _synthesizer(roster, state, config)
        agenda = render_agenda(state["agenda"])
        want = config.position_papers.max_tokens_per_position
        prompt = POSITION_PAPER.format(max_tokens=want, agenda=agenda)
        ids = state["participant_ids"]
        costs = [estimate_prompt_tokens(roster, a, prompt) for a in ids]
        price = budget_of(state, config).plan_parallel(costs, want=want)
        budget = budget_of(state, config)
        emit(
            "phase_started",
            phase="position_paper",
            participants=len(ids),
            budget_left=budget.remaining,
        )
        if not price.allowed:
            emit("budget_exhausted", phase="position_paper", reason=price.reason)
            return Command(
                goto="finalize", update={"status": "budget_exhausted", "error": price.reason}
            )
        tasks = [
            CallTask(
                agent_id=a,
                phase="position_paper",
                turn=i,
                prompt=prompt,
                max_tokens=price.max_tokens,
            )
            for i, a in enumerate(ids)
        ]
        return Command(goto=[Send("write_paper", t) for t in tasks], update={"turn": len(ids)})

    return assign_papers


def _synthesize_papers(roster: Roster) -> Step:
    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        error = quorum_error(state, "position_paper", config)
        if error:
            emit("meeting_failed", reason=error)
            return {"status": "failed", "error": error}
        agent = _synthesizer(roster, state, config)
        return synthesize(roster, phase="synthesis", synthesizer=agent)(state, config)

    return step


def build_position_papers(graph: StateGraph[Any, Any, Any, Any], roster: Roster) -> None:
    """Everyone writes a paper in parallel (`Send`); the synthesiser decides."""
    graph.add_node(
        "assign_papers",
        pure_node(_assign_papers(roster), name="assign_papers"),
        destinations=("write_paper", "finalize"),
    )
    graph.add_node("write_paper", model_node(roster, call_participant(roster), name="write_paper"))
    graph.add_node("synthesize", model_node(roster, _synthesize_papers(roster), name="synthesize"))
    graph.add_edge("open_meeting", "assign_papers")
    graph.add_edge("write_paper", "synthesize")
    graph.add_edge("synthesize", "finalize")
