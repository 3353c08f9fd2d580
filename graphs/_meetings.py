"""Meeting graphs: `create_meeting_graph`, `build_meeting_graph` and the protocol registry."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any, TypeAlias, Unpack

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs._compile import compile_graph
from langgraph_council.graphs._meeting_protocols import (
    build_position_papers,
    build_round_robin,
    build_selector,
    build_structured_phases,
    protocol_graph,
)
from langgraph_council.graphs._registry import PluginBuilder, Registry, add_plugin
from langgraph_council.graphs._shape import (
    DissentAlias,
    RecordsAlias,
    bundle,
    coerce_config,
    leading_roster,
    store_aliases,
)
from langgraph_council.nodes._calls.node import pure_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._meetings.config import (
    MeetingProtocolConfig,
    build_metadata,
)
from langgraph_council.nodes._meetings.dissent import record_meeting_dissent
from langgraph_council.nodes._meetings.minutes import (
    TaskCreator,
    create_tasks,
    finalize,
    record_meeting,
)
from langgraph_council.nodes._meetings.opening import open_meeting
from langgraph_council.nodes._meetings.state import (
    MeetingContext,
    MeetingInput,
    MeetingOutput,
    MeetingState,
)
from langgraph_council.nodes._meetings.stopping import MeetingCancels, cancel_metadata
from langgraph_council.nodes._org import Org

__all__ = [
    "MeetingGraph",
    "MeetingProtocolBuilder",
    "MeetingStoreAliases",
    "build_meeting_graph",
    "create_meeting_graph",
    "meeting_protocols",
    "register_meeting_protocol",
]

MeetingGraph: TypeAlias = CompiledStateGraph[
    MeetingState, MeetingContext, MeetingInput, MeetingOutput
]
MeetingProtocolBuilder: TypeAlias = PluginBuilder
"""`builder(org, roster, config) -> StateGraph` over `MeetingState`, from START to END: the
factory splices its nodes between `open_meeting` and `finalize` (see `graphs._registry`).

Model-calling nodes are `nodes._calls.model_node`s that price each call with
`nodes._calls.budget.price` before making it."""


class MeetingStoreAliases(RecordsAlias, DissentAlias, total=False):
    """The meeting factories' deprecated store keywords (each warns; use `stores=`)."""


_PROTOCOLS: Registry[PluginBuilder] = Registry(
    "protocol",
    "meeting graph",
    builtins={
        "round_robin": build_round_robin,
        "position_papers": build_position_papers,
        "structured_phases": build_structured_phases,
        "selector": build_selector,
    },
    reserved=("open_meeting", "finalize", "create_tasks", "record_meeting"),
)


def register_meeting_protocol(name: str, builder: PluginBuilder, *, replace: bool = False) -> None:
    """Register a protocol under `name` (snake_case); graphs built afterwards can select it.

    The builder is called as `builder(org, roster, config)` and returns a `StateGraph` over
    `MeetingState` from START to END (the contract of `register_conflict_strategy` too); the
    factory splices its nodes between `open_meeting` and `finalize`. An older builder
    `(graph, roster)` that adds nodes to the meeting graph itself keeps working. Like
    `register_conflict_strategy`, an existing name is refused unless `replace=True`.

    Example:
        >>> def one_call(org, roster, config):  # doctest: +SKIP
        ...     graph = StateGraph(MeetingState)
        ...     graph.add_node("decide", ...)
        ...     graph.add_edge(START, "decide")
        ...     graph.add_edge("decide", END)
        ...     return graph
        >>> register_meeting_protocol("one_call", one_call)  # doctest: +SKIP

    Raises:
        ValueError: If `name` is not snake_case, clashes with a node, or exists without `replace`.
        TypeError: If `builder` is not callable.
    """
    _PROTOCOLS.register(name, _adapt(name, builder), replace=replace)


def _adapt(name: str, builder: Any) -> Any:
    """An older `(graph, roster)` builder as a plugin builder (a protocol graph it fills)."""
    if not callable(builder):
        return builder  # the registry names the mistake
    try:
        signature = inspect.signature(builder)
    except (TypeError, ValueError):  # a builtin or C callable: nothing to check
        return builder
    try:
        signature.bind(None, None, None)
        return builder
    except TypeError:
        pass
    try:
        signature.bind(None, None)
    except TypeError:
        raise TypeError(
            f"builder for protocol {name!r} must take (org, roster, config) and return a StateGraph"
        ) from None

    def fill(org: Org, roster: Roster | None, config: object) -> StateGraph[Any, Any, Any, Any]:
        graph = protocol_graph()
        builder(graph, roster)
        return graph

    return fill


def meeting_protocols() -> tuple[str, ...]:
    """Names of the registered protocols."""
    return tuple(_PROTOCOLS.names())


def build_meeting_graph(
    roster: Roster,
    *,
    protocol: str = "structured_phases",
    config: MeetingProtocolConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    task_creator: TaskCreator | None = None,
    **deprecated: Unpack[MeetingStoreAliases],
) -> StateGraph[Any, Any, Any, Any]:
    """The uncompiled meeting graph of `protocol` (for composition and shape snapshots).

    Args:
        roster: The agents (`Roster(org, models)` or `Roster({"name": model, ...})`).
        protocol: A registered protocol (`meeting_protocols()`).
        config: The build-time default of the tunables (an instance or a dict of its fields);
            a run's `context` is merged over it.
        stores: `stores.meetings` claims the meeting id when the meeting opens (a clash with
            another thread fails before any model call) and saves a meeting record at the
            end; `stores.dissent` keeps the minority reports as dissent records (the
            conflicts' store, same queries).
        task_creator: Receives the action items when `auto_create_tasks` is on.
        **deprecated: The older store keywords `records=` and `dissent_store=` (they warn).

    Raises:
        ValueError: If `protocol` is not registered or `config` is invalid (naming the field).
        TypeError: If `roster` is not a `Roster` or `config` neither a config nor a dict.

    Example:
        >>> builder = build_meeting_graph(roster, protocol="round_robin")  # doctest: +SKIP
    """
    members = leading_roster("build_meeting_graph", roster)
    aliases = store_aliases("build_meeting_graph", deprecated, MeetingStoreAliases)
    return _build(members, protocol, config, bundle(stores, **aliases), task_creator)


def _build(
    members: Roster,
    protocol: str,
    config: MeetingProtocolConfig | Mapping[str, Any] | None,
    kept: CouncilStores,
    task_creator: TaskCreator | None,
) -> StateGraph[Any, Any, Any, Any]:
    """`build_meeting_graph` once its arguments are in their taught spelling."""
    org = members.org
    settings = coerce_config(config, MeetingProtocolConfig)
    protocols = _PROTOCOLS.snapshot()
    if protocol not in protocols:
        raise InvalidInputError(
            f"protocol {protocol!r} is not registered; choose one of {list(meeting_protocols())} "
            "or call register_meeting_protocol()"
        )
    graph: StateGraph[Any, Any, Any, Any] = StateGraph(
        MeetingState,
        context_schema=MeetingContext,
        input_schema=MeetingInput,
        output_schema=MeetingOutput,
    )
    opening = open_meeting(members, protocol, kept.meetings)
    if kept.meetings is None:
        graph.add_node("open_meeting", pure_node(opening, name="open_meeting"))
    else:  # it claims the meeting id in the store: I/O, so a plain (thread-pool) node
        graph.add_node("open_meeting", opening)
    graph.add_node("finalize", pure_node(finalize, name="finalize"))
    graph.add_edge(START, "open_meeting")
    add_plugin(graph, protocol, protocols[protocol](org, members, settings), flat=True)
    _add_tail(graph, task_creator, kept)
    metadata: dict[str, str] = {}
    if config is not None:
        # Every node carries the build-time default in its metadata; `ctx()` merges the run
        # context over it.
        metadata.update(build_metadata(settings))
    if isinstance(kept.meetings, MeetingCancels):  # nodes read cancels from the record store
        metadata.update(cancel_metadata(kept.meetings))
    if metadata:
        for spec in graph.nodes.values():
            spec.metadata = {**(spec.metadata or {}), **metadata}
    return graph


def _add_tail(
    graph: StateGraph[Any, Any, Any, Any], task_creator: TaskCreator | None, stores: CouncilStores
) -> None:
    """`finalize` -> [`create_tasks`] -> [`record_dissent`] -> [`record_meeting`] -> END."""
    last = "finalize"
    if task_creator is not None:
        graph.add_node("create_tasks", create_tasks(task_creator))
        graph.add_edge(last, "create_tasks")
        last = "create_tasks"
    if stores.dissent is not None:
        graph.add_node("record_dissent", record_meeting_dissent(stores.dissent))
        graph.add_edge(last, "record_dissent")
        last = "record_dissent"
    if stores.meetings is not None:
        graph.add_node("record_meeting", record_meeting(stores.meetings))
        graph.add_edge(last, "record_meeting")
        last = "record_meeting"
    graph.add_edge(last, END)


def create_meeting_graph(
    roster: Roster,
    *,
    protocol: str = "structured_phases",
    config: MeetingProtocolConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    task_creator: TaskCreator | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "meeting",
    **deprecated: Unpack[MeetingStoreAliases],
) -> MeetingGraph:
    """Build and compile a meeting graph for `roster` (the shape of every `create_*`).

    Input: `{"agenda", "leader_id", "participant_ids", "token_budget"}`; output: `minutes`.
    Tunables: `config=MeetingProtocolConfig(...)` (or a dict) at build time; a run's
    `context=` (the config, a plain dict of its fields, or a namespaced dict
    `{"meeting": {...}}`; other families' sections are ignored) is merged over it for that
    run. With a checkpointer, durability is "sync" by default, so a crash never repeats a
    finished turn or paper (`graphs._compile`).

    Args:
        roster, protocol, config, stores, task_creator: As `build_meeting_graph`.
        checkpointer: LangGraph's checkpointer (durable threads, resume after a crash).
        store: LangGraph's `BaseStore`, passed to `compile`.
        name: The compiled graph's name.
        **deprecated: The older store keywords `records=` and `dissent_store=` (they warn).

    Raises:
        ValueError: If `protocol` is not registered or `config` is invalid.

    Example:
        >>> graph = create_meeting_graph(roster, protocol="round_robin")  # doctest: +SKIP
        >>> graph.invoke({"agenda": {"title": "Q3"}, "leader_id": "cto",
        ...               "participant_ids": ["@backend_dev"], "token_budget": 4000},
        ...              context={"round_robin": {"max_turns_per_agent": 1}})["minutes"]
    """
    members = leading_roster("create_meeting_graph", roster)
    aliases = store_aliases("create_meeting_graph", deprecated, MeetingStoreAliases)
    builder = _build(members, protocol, config, bundle(stores, **aliases), task_creator)
    compiled: MeetingGraph = compile_graph(
        builder, checkpointer=checkpointer, store=store, name=name, family="meeting"
    )
    return compiled
