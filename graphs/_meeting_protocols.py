"""The four built-in protocols as wiring: nodes from `nodes._meetings`, one call node each.

Each is a plugin builder (`graphs._registry`): `(org, roster, config) -> StateGraph` from START
to END over `MeetingState`; the meeting factory splices it between `open_meeting` and
`finalize`, where its nodes also go early with `Command(goto="finalize")`.
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph

from langgraph_council.nodes._calls.node import pure_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._meetings.config import MeetingProtocolConfig
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
from langgraph_council.nodes._meetings.selector import select_speaker, speak
from langgraph_council.nodes._meetings.state import MeetingContext, MeetingState
from langgraph_council.nodes._meetings.turns import take_turn
from langgraph_council.nodes._org import Org

__all__ = [
    "MeetingBuilder",
    "build_position_papers",
    "build_round_robin",
    "build_selector",
    "build_structured_phases",
    "protocol_graph",
]

MeetingBuilder = StateGraph[Any, Any, Any, Any]


def protocol_graph() -> MeetingBuilder:
    """An empty protocol graph over the meeting's state and context."""
    return StateGraph(MeetingState, context_schema=MeetingContext)


def build_round_robin(
    org: Org, roster: Roster | None, config: MeetingProtocolConfig | None = None
) -> MeetingBuilder:
    """Each participant speaks in turn (one super-step, one checkpoint, per turn)."""
    roster = _needs(roster)
    graph = protocol_graph()
    graph.add_node(
        "take_turn", take_turn(roster), destinations=("take_turn", "summarize", "finalize")
    )
    graph.add_node("summarize", synthesize(roster, name="summarize", phase="summary"))
    graph.add_edge(START, "take_turn")
    graph.add_edge("summarize", END)
    return graph


def build_selector(
    org: Org, roster: Roster | None, config: MeetingProtocolConfig | None = None
) -> MeetingBuilder:
    """A selector (the leader or a named agent) picks each next speaker; then the summary.

    `config.selector.candidate_filter`, a Python callable, is taken here at build time.
    """
    roster = _needs(roster)
    build_filter = None if config is None else config.selector.candidate_filter
    graph = protocol_graph()
    graph.add_node(
        "select_speaker",
        select_speaker(roster, build_filter),
        destinations=("speak", "summarize", "finalize"),
    )
    graph.add_node("speak", speak(roster), destinations=("select_speaker", "summarize", "finalize"))
    graph.add_node("summarize", synthesize(roster, name="summarize", phase="summary"))
    graph.add_edge(START, "select_speaker")
    graph.add_edge("summarize", END)
    return graph


def build_position_papers(
    org: Org, roster: Roster | None, config: MeetingProtocolConfig | None = None
) -> MeetingBuilder:
    """Everyone writes a paper in parallel (`Send`); the synthesiser decides."""
    roster = _needs(roster)
    graph = protocol_graph()
    graph.add_node(
        "assign_papers",
        pure_node(assign_papers(roster), name="assign_papers"),
        destinations=("write_paper", "finalize"),
    )
    graph.add_node("write_paper", participant_node(roster, "write_paper"))
    graph.add_node("synthesize", synthesize_papers(roster))
    graph.add_edge(START, "assign_papers")
    graph.add_edge("write_paper", "synthesize")
    graph.add_edge("synthesize", END)
    return graph


def build_structured_phases(
    org: Org, roster: Roster | None, config: MeetingProtocolConfig | None = None
) -> MeetingBuilder:
    """Agenda -> parallel inputs -> conflicts -> targeted discussion -> premortem -> decision."""
    roster = _needs(roster)
    graph = protocol_graph()
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
        "discuss",
        discuss(roster),
        destinations=("discuss", *AFTER_DISCUSSION, "synthesize", "finalize"),
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
        destinations=("play_devils_advocate", "synthesize", "finalize"),
    )
    graph.add_node("play_devils_advocate", devils_advocate(roster))
    graph.add_node("synthesize", synthesize(roster, name="synthesize", phase="synthesis"))
    graph.add_edge(START, "broadcast_agenda")
    graph.add_edge("gather_input", "detect_conflicts")
    graph.add_edge("run_premortem", "check_consensus")
    graph.add_edge("play_devils_advocate", "synthesize")
    graph.add_edge("synthesize", END)
    return graph


def _needs(roster: Roster | None) -> Roster:
    if roster is None:
        raise ValueError("a meeting protocol needs a Roster(org, models)")
    return roster
