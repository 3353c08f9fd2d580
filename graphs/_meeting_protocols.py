"""The three built-in protocols as wiring: nodes from `nodes._meetings`, one call node each."""

from __future__ import annotations

from typing import Any

from langgraph.graph import StateGraph

from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._calls import pure_node
from langgraph_council.nodes._meetings.decide import synthesize
from langgraph_council.nodes._meetings.papers import assign_papers, synthesize_papers
from langgraph_council.nodes._meetings.parallel import participant_node
from langgraph_council.nodes._meetings.phases import (
    AFTER_DISCUSSION,
    broadcast_agenda,
    check_consensus,
    detect_conflicts,
    devils_advocate,
    discuss,
    plan_premortem,
)
from langgraph_council.nodes._meetings.turns import take_turn

__all__ = [
    "MeetingBuilder",
    "build_position_papers",
    "build_round_robin",
    "build_structured_phases",
]

MeetingBuilder = StateGraph[Any, Any, Any, Any]


def build_round_robin(graph: MeetingBuilder, roster: Roster) -> None:
    """Each participant speaks in turn (one super-step, one checkpoint, per turn)."""
    graph.add_node(
        "take_turn", take_turn(roster), destinations=("take_turn", "summarize", "finalize")
    )
    graph.add_node("summarize", synthesize(roster, name="summarize", phase="summary"))
    graph.add_edge("open_meeting", "take_turn")
    graph.add_edge("summarize", "finalize")


def build_position_papers(graph: MeetingBuilder, roster: Roster) -> None:
    """Everyone writes a paper in parallel (`Send`); the synthesiser decides."""
    graph.add_node(
        "assign_papers",
        pure_node(assign_papers(roster), name="assign_papers"),
        destinations=("write_paper", "finalize"),
    )
    graph.add_node("write_paper", participant_node(roster, "write_paper"))
    graph.add_node("synthesize", synthesize_papers(roster))
    graph.add_edge("open_meeting", "assign_papers")
    graph.add_edge("write_paper", "synthesize")
    graph.add_edge("synthesize", "finalize")


def build_structured_phases(graph: MeetingBuilder, roster: Roster) -> None:
    """Agenda -> parallel inputs -> conflicts -> targeted discussion -> premortem -> decision."""
    graph.add_node(
        "broadcast_agenda",
        pure_node(broadcast_agenda(roster), name="broadcast_agenda"),
        destinations=("gather_input", "finalize"),
    )
    graph.add_node("gather_input", participant_node(roster, "gather_input"))
    graph.add_node(
        "detect_conflicts",
        detect_conflicts(roster),
        destinations=("discuss", *AFTER_DISCUSSION, "finalize"),
    )
    graph.add_node(
        "discuss", discuss(roster), destinations=("discuss", *AFTER_DISCUSSION, "synthesize")
    )
    graph.add_node(
        "plan_premortem",
        pure_node(plan_premortem(roster), name="plan_premortem"),
        destinations=("run_premortem", "check_consensus"),
    )
    graph.add_node("run_premortem", participant_node(roster, "run_premortem"))
    graph.add_node(
        "check_consensus",
        pure_node(check_consensus, name="check_consensus"),
        destinations=("play_devils_advocate", "synthesize"),
    )
    graph.add_node("play_devils_advocate", devils_advocate(roster))
    graph.add_node("synthesize", synthesize(roster, name="synthesize", phase="synthesis"))
    graph.add_edge("open_meeting", "broadcast_agenda")
    graph.add_edge("gather_input", "detect_conflicts")
    graph.add_edge("run_premortem", "check_consensus")
    graph.add_edge("play_devils_advocate", "synthesize")
    graph.add_edge("synthesize", "finalize")
