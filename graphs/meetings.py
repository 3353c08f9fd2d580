"""Meeting graphs: `create_meeting_graph`, `build_meeting_graph` and the protocol registry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

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
from langgraph_council.graphs.registry import Registry
from langgraph_council.nodes.agents import Roster
from langgraph_council.nodes.meetings.calls import open_meeting, pure_node
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
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

MeetingGraph: TypeAlias = CompiledStateGraph[
    MeetingState, MeetingProtocolConfig, MeetingInput, MeetingOutput
]
MeetingProtocolBuilder = Callable[[StateGraph[Any, Any, Any, Any], Roster, MeetingGuards], None]
"""Adds a protocol's nodes (priced through the guards): an edge out of `open_meeting` and every
path into `finalize`."""

_PROTOCOLS: Registry[MeetingProtocolBuilder] = Registry(
    "protocol",
    "meeting graph",
    builtins={
        "round_robin": build_round_robin,
        "position_papers": build_position_papers,
        "structured_phases": build_structured_phases,
    },
    reserved=("open_meeting", "finalize", "create_tasks", "record_meeting"),
)


def register_meeting_protocol(
    name: str, builder: MeetingProtocolBuilder, *, replace: bool = False
) -> None:
    """Register a protocol under `name` (snake_case); graphs built afterwards can select it.

    Like `register_conflict_strategy`, an existing name is refused unless `replace=True`.

    Example:
        >>> def one_call(graph, roster, guards):  # doctest: +SKIP
        ...     graph.add_node("decide", ...)
        ...     graph.add_edge("open_meeting", "decide")
        ...     graph.add_edge("decide", "finalize")
        >>> register_meeting_protocol("one_call", one_call)  # doctest: +SKIP

    Raises:
        ValueError: If `name` is not snake_case, clashes with a node, or exists without `replace`.
        TypeError: If `builder` is not callable.
    """
    _PROTOCOLS.register(name, builder, replace=replace)


def meeting_protocols() -> tuple[str, ...]:
    """Names of the registered protocols."""
    return tuple(_PROTOCOLS.names())


def build_meeting_graph(
    roster: Roster,
    *,
    protocol: str = "structured_phases",
    task_creator: TaskCreator | None = None,
    records: MeetingRecorder | None = None,
) -> StateGraph[Any, Any, Any, Any]:
    """The uncompiled meeting graph of `protocol` (for composition and shape snapshots).

    `task_creator` receives action items when `auto_create_tasks` is on; `records` saves a
    meeting record at the end (e.g. `PostgresMeetingRecordStore`).

    Raises:
        ValueError: If `protocol` is not registered.
        TypeError: If `roster` is not a `Roster`.

    Example:
        >>> builder = build_meeting_graph(roster, protocol="round_robin")  # doctest: +SKIP
    """
    if not isinstance(roster, Roster):
        raise TypeError(f"roster must be a Roster, got {type(roster).__name__}")
    protocols = _PROTOCOLS.snapshot()
    if protocol not in protocols:
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
    protocols[protocol](graph, roster, MEETING_GUARDS)
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
    return graph


def create_meeting_graph(
    roster: Roster,
    *,
    protocol: str = "structured_phases",
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "meeting",
    task_creator: TaskCreator | None = None,
    records: MeetingRecorder | None = None,
) -> MeetingGraph:
    """Build and compile a meeting graph for `roster`.

    Input: `{"agenda", "leader_id", "participant_ids", "token_budget"}`; output: `minutes`.
    Tunables: `context=MeetingProtocolConfig(...)` or a plain dict. With a checkpointer, invoke
    with `durability="sync"` so a crash never repeats a finished turn or paper.

    Raises:
        ValueError: If `protocol` is not registered.

    Example:
        >>> graph = create_meeting_graph(roster, protocol="round_robin")  # doctest: +SKIP
        >>> graph.invoke({"agenda": {"title": "Q3"}, "leader_id": "cto",
        ...               "participant_ids": ["@backend_dev"], "token_budget": 4000},
        ...              context={"round_robin": {"max_turns_per_agent": 1}})["minutes"]
    """
    builder = build_meeting_graph(
        roster, protocol=protocol, task_creator=task_creator, records=records
    )
    return builder.compile(checkpointer=checkpointer, store=store, name=name)
