"""Position papers: parallel papers under one output cap, then the synthesis."""

from __future__ import annotations

from collections.abc import Callable

from langchain_core.runnables import Runnable
from langgraph.types import Command

from langgraph_council.nodes._calls.node import Call, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.config import AGENT_LIMIT, MeetingProtocolConfig, ctx
from langgraph_council.nodes._meetings.decide import apply_synthesis, plan_synthesis
from langgraph_council.nodes._meetings.memory import agenda_text
from langgraph_council.nodes._meetings.parallel import open_phase, quorum_error
from langgraph_council.nodes._meetings.prompts import POSITION_PAPER
from langgraph_council.nodes._meetings.state import MeetingState
from langgraph_council.nodes._meetings.steps import boundary, emit, named_agent
from langgraph_council.nodes._meetings.stopping import cancel_source_present
from langgraph_council.nodes._meetings.traced import meeting_trace

__all__ = ["assign_papers", "synthesize_papers"]


def _synthesizer(roster: Roster, state: MeetingState, config: MeetingProtocolConfig) -> str:
    name = config.position_papers.synthesizer
    return named_agent(roster, state, name, "position_papers.synthesizer")


def assign_papers(roster: Roster) -> Callable[[MeetingState], Command[str]]:
    """Fan the paper requests out with `Send`, under one shared output cap."""

    def assign_papers(state: MeetingState) -> Command[str]:
        config = ctx()
        _synthesizer(roster, state, config)
        stop = boundary(state, config, cancel=False)  # before any paper: nothing to decide
        if stop is not None:
            return Command(goto="finalize", update=stop[1])
        want = config.position_papers.max_tokens_per_position
        prompt = POSITION_PAPER.format(max_tokens=want, agenda=agenda_text(state))
        return open_phase(
            roster,
            state,
            config,
            node="write_paper",
            phase="position_paper",
            prompts=[(a, prompt) for a in state["participant_ids"]],
            want=want,
        )

    return assign_papers


def synthesize_papers(roster: Roster) -> Runnable[MeetingState, Update]:
    """Node `synthesize`: with a quorum of papers, the synthesiser (leader or agent) decides."""

    def plan(state: MeetingState) -> Call | Update:
        config = ctx()
        error = quorum_error(state, "position_paper", config)
        if error:
            emit("meeting_failed", reason=error)
            return {"status": "failed", "error": error}
        agent = _synthesizer(roster, state, config)
        return plan_synthesis(roster, state, config, phase="synthesis", agent=agent)

    return model_node(
        "synthesize",
        roster,
        plan,
        apply_synthesis(roster, "synthesis"),
        plan_io=cancel_source_present,
        time_limit=AGENT_LIMIT,
        trace=meeting_trace("synthesis"),
    )
