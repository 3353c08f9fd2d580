"""The decision step: the synthesiser sees positions ranked by evidence, then decides."""

from __future__ import annotations

from typing import Any

from langgraph_council.nodes.agents import AgentReply, Roster
from langgraph_council.nodes.meetings.calls import Call, Step, Update, contribution, emit
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.guarding import MeetingGuards
from langgraph_council.nodes.meetings.models import MeetingPhase, SynthesisResult
from langgraph_council.nodes.meetings.positions import latest_positions, rank_positions
from langgraph_council.nodes.meetings.prompts import SYNTHESIS, render_agenda, render_transcript
from langgraph_council.nodes.meetings.state import MeetingState
from langgraph_council.nodes.meetings.synthesis import (
    SynthesisOutput,
    merge_positions,
    parse_synthesis_text,
    render_ranked_positions,
    resolve_action_items,
    synthesiser_positions,
)

__all__ = ["synthesize"]


def synthesize(
    roster: Roster, guards: MeetingGuards, *, phase: MeetingPhase, synthesizer: str | None = None
) -> Step:
    """The leader (or `synthesizer`) turns contributions into decisions and action items."""

    def step(state: MeetingState, config: MeetingProtocolConfig) -> Call | Update:
        if state["status"] == "failed":
            return {}
        agent = synthesizer or state["leader_id"]
        contribs = state["contributions"]
        positions = latest_positions(contribs)
        cues = guards.authority_cues(contribs)
        groups = rank_positions(positions, discount=[c.agent_id for c in cues])
        prompt = SYNTHESIS.format(
            directive=guards.authority_directive if cues else "",
            agenda=render_agenda(state["agenda"]),
            positions=render_ranked_positions(groups),
            transcript=render_transcript(contribs),
        )
        noted = SynthesisResult(positions=tuple(positions), authority_cues=tuple(cues))
        price = guards.budget_of(state, config).plan(
            prompt_tokens=guards.estimate(roster, agent, prompt),
            want=config.max_synthesis_tokens,
            for_synthesis=True,
        )
        if not price.allowed:
            emit("budget_exhausted", phase=phase, reason=price.reason)
            return {"outcome": noted, "status": "budget_exhausted", "error": price.reason}
        turn = state["turn"]
        attendees = [state["leader_id"], *state["participant_ids"]]

        def finish(reply: AgentReply, parsed: Any) -> Update:
            out = (
                parsed
                if isinstance(parsed, SynthesisOutput)
                else parse_synthesis_text(reply.content)
            )
            left = guards.budget_of(state, config).remaining - reply.total_tokens
            emit("agent_spoke", agent_id=agent, phase=phase, turn=turn, budget_left=left)
            read = synthesiser_positions(out, state["participant_ids"])
            outcome = noted.model_copy(
                update={
                    "positions": tuple(merge_positions(positions, read)),
                    "summary": out.summary,
                    "justification": out.justification,
                    "decisions": tuple(out.decisions),
                    "action_items": tuple(
                        resolve_action_items(out.action_items, roster.org, attendees)
                    ),
                }
            )
            return {
                "outcome": outcome,
                "contributions": [contribution(reply, phase, turn)],
                "tokens_used": reply.total_tokens,
                "turn": turn + 1,
            }

        return Call(agent, prompt, price.max_tokens, finish, schema=SynthesisOutput)

    return step
