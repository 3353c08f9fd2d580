"""The three built-in protocols as wiring: nodes from `nodes.meetings`, guards plugged in."""

from __future__ import annotations

from typing import Any

from langgraph.graph import StateGraph

from langgraph_council.guards.authority_deference import (
    AUTHORITY_JUSTIFICATION_DIRECTIVE,
    detect_authority_cues,
)
from langgraph_council.guards.budget import TokenBudget, estimate_prompt_tokens
from langgraph_council.nodes.agents import Roster
from langgraph_council.nodes.meetings.calls import call_participant, model_node, pure_node
from langgraph_council.nodes.meetings.decide import synthesize
from langgraph_council.nodes.meetings.guarding import MeetingGuards
from langgraph_council.nodes.meetings.papers import assign_papers, synthesize_papers
from langgraph_council.nodes.meetings.phases import (
    AFTER_DISCUSSION,
    broadcast_agenda,
    check_consensus,
    detect_conflicts,
    devils_advocate,
    discuss,
)
from langgraph_council.nodes.meetings.turns import take_turn

__all__ = [
    "MEETING_GUARDS",
    "MeetingBuilder",
    "build_position_papers",
    "build_round_robin",
    "build_structured_phases",
]

MeetingBuilder = StateGraph[Any, Any, Any, Any]

MEETING_GUARDS = MeetingGuards(
    budget=TokenBudget,
    estimate=estimate_prompt_tokens,
    authority_cues=detect_authority_cues,
    authority_directive=AUTHORITY_JUSTIFICATION_DIRECTIVE,
)
"""The token budget guard and the authority-deference guard, as the meeting nodes use them."""


def build_round_robin(graph: MeetingBuilder, roster: Roster, guards: MeetingGuards) -> None:
    """Each participant speaks in turn (one super-step, one checkpoint, per turn)."""
    graph.add_node(
        "take_turn",
        model_node(roster, take_turn(roster, guards), name="take_turn"),
        destinations=("take_turn", "summarize", "finalize"),
    )
    summary = synthesize(roster, guards, phase="summary")
    graph.add_node("summarize", model_node(roster, summary, name="summarize"))
    graph.add_edge("open_meeting", "take_turn")
    graph.add_edge("summarize", "finalize")


def build_position_papers(graph: MeetingBuilder, roster: Roster, guards: MeetingGuards) -> None:
    """Everyone writes a paper in parallel (`Send`); the synthesiser decides."""
    graph.add_node(
        "assign_papers",
        pure_node(assign_papers(roster, guards), name="assign_papers"),
        destinations=("write_paper", "finalize"),
    )
    graph.add_node("write_paper", model_node(roster, call_participant(roster), name="write_paper"))
    decide = synthesize_papers(roster, guards)
    graph.add_node("synthesize", model_node(roster, decide, name="synthesize"))
    graph.add_edge("open_meeting", "assign_papers")
    graph.add_edge("write_paper", "synthesize")
    graph.add_edge("synthesize", "finalize")


def build_structured_phases(graph: MeetingBuilder, roster: Roster, guards: MeetingGuards) -> None:
    """Agenda -> parallel inputs -> conflicts -> targeted discussion -> premortem -> decision."""
    graph.add_node(
        "broadcast_agenda",
        pure_node(broadcast_agenda(roster, guards), name="broadcast_agenda"),
        destinations=("gather_input", "finalize"),
    )
    participant = call_participant(roster)
    graph.add_node("gather_input", model_node(roster, participant, name="gather_input"))
    graph.add_node(
        "detect_conflicts",
        model_node(roster, detect_conflicts(roster, guards), name="detect_conflicts"),
        destinations=("discuss", *AFTER_DISCUSSION, "finalize"),
    )
    graph.add_node(
        "discuss",
        model_node(roster, discuss(roster, guards), name="discuss"),
        destinations=("discuss", *AFTER_DISCUSSION, "synthesize"),
    )
    graph.add_node("run_premortem", model_node(roster, participant, name="run_premortem"))
    graph.add_node(
        "check_consensus",
        pure_node(check_consensus, name="check_consensus"),
        destinations=("play_devils_advocate", "synthesize"),
    )
    graph.add_node(
        "play_devils_advocate",
        model_node(roster, devils_advocate(roster, guards), name="play_devils_advocate"),
    )
    decide = synthesize(roster, guards, phase="synthesis")
    graph.add_node("synthesize", model_node(roster, decide, name="synthesize"))
    graph.add_edge("open_meeting", "broadcast_agenda")
    graph.add_edge("gather_input", "detect_conflicts")
    graph.add_edge("run_premortem", "check_consensus")
    graph.add_edge("play_devils_advocate", "synthesize")
    graph.add_edge("synthesize", "finalize")
