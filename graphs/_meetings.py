"""Meeting graphs: `create_meeting_graph`, `build_meeting_graph` and the protocol registry."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.graphs._meeting_protocols import (
    build_position_papers,
    build_round_robin,
    build_structured_phases,
)
from langgraph_council.graphs._registry import Registry
from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._calls import pure_node
from langgraph_council.nodes._conflicts.dissent import DissentStore
from langgraph_council.nodes._meetings.config import (
    MeetingProtocolConfig,
    build_metadata,
    coerce_config,
)
from langgraph_council.nodes._meetings.dissent import record_meeting_dissent
from langgraph_council.nodes._meetings.minutes import (
    TaskCreator,
    create_tasks,
    finalize,
    record_meeting,
)
from langgraph_council.nodes._meetings.opening import open_meeting
from langgraph_council.nodes._meetings.records import MeetingRecorder
from langgraph_council.nodes._meetings.state import (
    MeetingContext,
    MeetingInput,
    MeetingOutput,
    MeetingState,
)

__all__ = [
    "MeetingGraph",
    "MeetingProtocolBuilder",
    "build_meeting_graph",
    "create_meeting_graph",
    "meeting_protocols",
    "register_meeting_protocol",
]

MeetingGraph: TypeAlias = CompiledStateGraph[
    MeetingState, MeetingContext, MeetingInput, MeetingOutput
]
MeetingProtocolBuilder = Callable[[StateGraph[Any, Any, Any, Any], Roster], None]
"""Adds a protocol's nodes: an edge out of `open_meeting` and every path into `finalize`.

Model-calling nodes are `nodes._calls.model_node`s that price each call with
`nodes._budget.price` before making it."""

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
        >>> def one_call(graph, roster):  # doctest: +SKIP
        ...     graph.add_node("decide", ...)
        ...     graph.add_edge("open_meeting", "decide")
        ...     graph.add_edge("decide", "finalize")
        >>> register_meeting_protocol("one_call", one_call)  # doctest: +SKIP

    Raises:
        ValueError: If `name` is not snake_case, clashes with a node, or exists without `replace`.
        TypeError: If `builder` is not callable.
    """
    if callable(builder):
        _check_arity(name, builder)
    _PROTOCOLS.register(name, builder, replace=replace)


def _check_arity(name: str, builder: MeetingProtocolBuilder) -> None:
    try:
        signature = inspect.signature(builder)
    except (TypeError, ValueError):  # a builtin or C callable: nothing to check
        return
    try:
        signature.bind(None, None)
    except TypeError:
        raise TypeError(
            f"builder for protocol {name!r} must take (graph, roster); the former third "
            "argument (guards) is gone: price calls with nodes._budget.price inside the nodes"
        ) from None


def meeting_protocols() -> tuple[str, ...]:
    """Names of the registered protocols."""
    return tuple(_PROTOCOLS.names())


def build_meeting_graph(
    roster: Roster,
    *,
    protocol: str = "structured_phases",
    config: MeetingProtocolConfig | Mapping[str, Any] | None = None,
    task_creator: TaskCreator | None = None,
    records: MeetingRecorder | None = None,
    dissent_store: DissentStore | None = None,
) -> StateGraph[Any, Any, Any, Any]:
    """The uncompiled meeting graph of `protocol` (for composition and shape snapshots).

    `config` is the build-time default of the tunables: a run's `context` is merged over it.
    `task_creator` receives action items when `auto_create_tasks` is on; `records` claims the
    meeting id when the meeting opens (a clash with another thread fails before any model
    call) and saves a meeting record at the end (e.g. `PostgresMeetingRecordStore`);
    `dissent_store` keeps the minority reports as dissent records (the conflicts'
    `DissentStore`, same queries).

    Raises:
        ValueError: If `protocol` is not registered or `config` is invalid (naming the field).
        TypeError: If `roster` is not a `Roster` or `config` neither a config nor a dict.

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
        context_schema=MeetingContext,
        input_schema=MeetingInput,
        output_schema=MeetingOutput,
    )
    opening = open_meeting(roster, protocol, records)
    if records is None:
        graph.add_node("open_meeting", pure_node(opening, name="open_meeting"))
    else:  # it claims the meeting id in the store: I/O, so a plain (thread-pool) node
        graph.add_node("open_meeting", opening)
    graph.add_node("finalize", pure_node(finalize, name="finalize"))
    graph.add_edge(START, "open_meeting")
    protocols[protocol](graph, roster)
    last = "finalize"
    if task_creator is not None:
        graph.add_node("create_tasks", create_tasks(task_creator))
        graph.add_edge(last, "create_tasks")
        last = "create_tasks"
    if dissent_store is not None:
        graph.add_node("record_dissent", record_meeting_dissent(dissent_store))
        graph.add_edge(last, "record_dissent")
        last = "record_dissent"
    if records is not None:
        graph.add_node("record_meeting", record_meeting(records))
        graph.add_edge(last, "record_meeting")
        last = "record_meeting"
    graph.add_edge(last, END)
    if config is not None:
        # Protocol builders take (graph, roster) only: every node carries the build-time
        # default in its metadata, and `ctx()` merges the run context over it.
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
    dissent_store: DissentStore | None = None,
) -> MeetingGraph:
    """Build and compile a meeting graph for `roster`.

    Input: `{"agenda", "leader_id", "participant_ids", "token_budget"}`; output: `minutes`.
    Tunables: `config=MeetingProtocolConfig(...)` (or a dict) at build time, like
    `create_conflict_graph`; a run's `context=` (the config, a plain dict of its fields, or a
    namespaced dict `{"meeting": {...}}`; other families' sections are ignored) is merged over
    it for that run. With a checkpointer, invoke with `durability="sync"` so a crash never
    repeats a finished turn or paper.

    Raises:
        ValueError: If `protocol` is not registered or `config` is invalid.

    Example:
        >>> graph = create_meeting_graph(roster, protocol="round_robin")  # doctest: +SKIP
        >>> graph.invoke({"agenda": {"title": "Q3"}, "leader_id": "cto",
        ...               "participant_ids": ["@backend_dev"], "token_budget": 4000},
        ...              context={"round_robin": {"max_turns_per_agent": 1}})["minutes"]
    """
    builder = build_meeting_graph(
        roster,
        protocol=protocol,
        config=config,
        task_creator=task_creator,
        records=records,
        dissent_store=dissent_store,
    )
    return builder.compile(checkpointer=checkpointer, store=store, name=name)
