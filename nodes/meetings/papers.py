"""Position papers: parallel papers under one output cap, then the synthesis."""

from __future__ import annotations

from langgraph.types import Command, Send

from langgraph_council.nodes.agents import Roster
from langgraph_council.nodes.meetings.calls import (
    Call,
    MeetingNode,
    Step,
    Update,
    ctx,
    emit,
    quorum_error,
)
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.decide import synthesize
from langgraph_council.nodes.meetings.guarding import MeetingGuards
from langgraph_council.nodes.meetings.prompts import POSITION_PAPER, render_agenda
from langgraph_council.nodes.meetings.state import CallTask, MeetingState

__all__ = ["assign_papers", "synthesize_papers"]


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


def assign_papers(roster: Roster, guards: MeetingGuards) -> MeetingNode:
    """Fan the paper requests out with `Send`, under one shared output cap."""

    def assign_papers(state: MeetingState) -> Command[str]:
        config = ctx()
        _synthesizer(roster, state, config)
        agenda = render_agenda(state["agenda"])
        want = config.position_papers.max_tokens_per_position
        prompt = POSITION_PAPER.format(max_tokens=want, agenda=agenda)
        ids = state["participant_ids"]
        costs = [guards.estimate(roster, a, prompt) for a in ids]
        budget = guards.budget_of(state, config)
        price = budget.plan_parallel(costs, want=want)
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


def synthesize_papers(roster: Roster, guards: MeetingGuards) -> Step:
    """With a quorum of papers, the synthesiser (leader or a named agent) decides."""

    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        error = quorum_error(state, "position_paper", config)
        if error:
            emit("meeting_failed", reason=error)
            return {"status": "failed", "error": error}
        agent = _synthesizer(roster, state, config)
        return synthesize(roster, guards, phase="synthesis", synthesizer=agent)(state, config)

    return step
