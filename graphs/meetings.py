"""Meeting graphs: `create_meeting_graph`, `build_meeting_graph` and the protocol registry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.graphs.meeting_protocols import (
    MEETING_GUARDS,
    build_position_papers,
    build_round_robin,
    build_structured_phases,
)
from langgraph_council.nodes.agents import Roster
from langgraph_council.nodes.meetings.calls import open_meeting, pure_node
from langgraph_council.nodes.meetings.config import (
    MeetingProtocolConfig,
    build_metadata,
    coerce_config,
)
from langgraph_council.nodes.meetings.guarding import MeetingGuards
from langgraph_council.nodes.meetings.minutes import (
    TaskCreator,
    create_tasks,
    finalize,
    record_meeting,
)
from langgraph_council.nodes.meetings.records import MeetingRecorder
from langgraph_council.nodes.meetings.state import MeetingInput, MeetingOutput, MeetingState

__all__ = [
    "MeetingGraph",
    "MeetingProtocolBuilder",
    "build_meeting_graph",
    "create_meeting_graph",
    "meeting_protocols",
    "register_meeting_protocol",
]

MeetingGraph = CompiledStateGraph[Any, Any, Any, Any]
MeetingProtocolBuilder = Callable[[StateGraph[Any, Any, Any, Any], Roster, MeetingGuards], None]
"""Adds a protocol's nodes (priced through the guards): an edge out of `open_meeting` and every
path into `finalize`."""

_PROTOCOLS: dict[str, MeetingProtocolBuilder] = {
    "round_robin": build_round_robin,
    "position_papers": build_position_papers,
    "structured_phases": build_structured_phases,
}


def register_meeting_protocol(name: str, builder: MeetingProtocolBuilder) -> None:
    """Register a protocol under `name` (snake_case); re-registering a name replaces it.

    Example:
        >>> def one_call(graph, roster, guards):  # doctest: +SKIP
        ...     graph.add_node("decide", ...)
        ...     graph.add_edge("open_meeting", "decide")
        ...     graph.add_edge("decide", "finalize")
        >>> register_meeting_protocol("one_call", one_call)  # doctest: +SKIP
    """
    if not isinstance(name, str) or not name.isidentifier() or name != name.lower():
        raise ValueError(f"protocol name must be a snake_case identifier, got {name!r}")
    if not callable(builder):
        raise TypeError(f"builder for protocol {name!r} must be callable, got {builder!r}")
    _PROTOCOLS[name] = builder


def meeting_protocols() -> tuple[str, ...]:
    """Names of the registered protocols."""
    return tuple(sorted(_PROTOCOLS))


def build_meeting_graph(
    roster: Roster,
    *,
    protocol: str = "structured_phases",
    config: MeetingProtocolConfig | Mapping[str, Any] | None = None,
    task_creator: TaskCreator | None = None,
    records: MeetingRecorder | None = None,
) -> StateGraph[Any, Any, Any, Any]:
    """The uncompiled meeting graph of `protocol` (for composition and shape snapshots).

    `config` is the build-time default of the tunables: a run that passes no `context` uses
    it (a run's `context` replaces it for that run). `task_creator` receives action items when
    `auto_create_tasks` is on; `records` saves a meeting record at the end (e.g.
    `PostgresMeetingRecordStore`).

    Raises:
        ValueError: If `protocol` is not registered or `config` is invalid (naming the field).
        TypeError: If `roster` is not a `Roster` or `config` neither a config nor a dict.

    Example:
        >>> builder = build_meeting_graph(roster, protocol="round_robin")  # doctest: +SKIP
    """
    if not isinstance(roster, Roster):
        raise TypeError(f"roster must be a Roster, got {type(roster).__name__}")
    if protocol not in _PROTOCOLS:
        raise ValueError(
            f"protocol {protocol!r} is not registered; choose one of {list(meeting_protocols())} "
            "or call register_meeting_protocol()"
        )
    graph: StateGraph[Any, Any, Any, Any] = StateGraph(
        MeetingState,
        context_schema=MeetingProtocolConfig,
        input_schema=MeetingInput,
        output_schema=MeetingOutput,
    )
    graph.add_node("open_meeting", pure_node(open_meeting(roster, protocol), name="open_meeting"))
    graph.add_node("finalize", pure_node(finalize, name="finalize"))
    graph.add_edge(START, "open_meeting")
    _PROTOCOLS[protocol](graph, roster, MEETING_GUARDS)
    last = "finalize"
    if task_creator is not None:
        graph.add_node("create_tasks", create_tasks(task_creator))
        graph.add_edge(last, "create_tasks")
        last = "create_tasks"
    if records is not None:
        graph.add_node("record_meeting", record_meeting(records))
        graph.add_edge(last, "record_meeting")
        last = "record_meeting"
    graph.add_edge(last, END)
    if config is not None:
        # Interim (until the run-context accessor of SPEC section 2 lands): every node reads
        # the build-time default from its metadata when the run has no context.
        metadata = build_metadata(coerce_config(config))
        for spec in graph.nodes.values():
            spec.metadata = {**(spec.metadata or {}), **metadata}
    return graph


def create_meeting_graph(
    roster: Roster,
    *,
    protocol: str = "structured_phases",
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "meeting",
    config: MeetingProtocolConfig | Mapping[str, Any] | None = None,
    task_creator: TaskCreator | None = None,
    records: MeetingRecorder | None = None,
) -> MeetingGraph:
    """Build and compile a meeting graph for `roster`.

    Input: `{"agenda", "leader_id", "participant_ids", "token_budget"}`; output: `minutes`.
    Tunables: `config=MeetingProtocolConfig(...)` (or a dict) at build time, like
    `create_conflict_graph`; a run's `context=` replaces it for that run. With a checkpointer,
    invoke with `durability="sync"` so a crash never repeats a finished turn or paper.

    Raises:
        ValueError: If `protocol` is not registered or `config` is invalid.

    Example:
        >>> graph = create_meeting_graph(roster, protocol="round_robin")  # doctest: +SKIP
        >>> graph.invoke({"agenda": {"title": "Q3"}, "leader_id": "cto",
        ...               "participant_ids": ["@backend_dev"], "token_budget": 4000},
        ...              context={"round_robin": {"max_turns_per_agent": 1}})["minutes"]
    """
    builder = build_meeting_graph(
        roster, protocol=protocol, config=config, task_creator=task_creator, records=records
    )
    return builder.compile(checkpointer=checkpointer, store=store, name=name)
