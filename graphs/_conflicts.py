"""The conflict graph: pick a strategy, run it as a subgraph, ask a human if needed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias, Unpack

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs._compile import compile_graph
from langgraph_council.graphs._conflict_strategies import (
    build_authority_strategy,
    build_debate_strategy,
    build_human_strategy,
    build_hybrid_strategy,
    build_ladder_strategy,
)
from langgraph_council.graphs._registry import PluginBuilder, Registry, add_plugin
from langgraph_council.graphs._shape import (
    DissentAlias,
    EscalationsAlias,
    bundle,
    coerce_config,
    leading_org,
    store_aliases,
)
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._calls.node import pure_node
from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes._conflicts.dissent import make_record_dissent_node
from langgraph_council.nodes._conflicts.from_messages import (
    make_frame_conflict_node,
    make_take_position_node,
    route_start,
)
from langgraph_council.nodes._conflicts.human import (
    make_apply_human_decision_node,
    make_await_human_node,
    make_open_escalation_node,
    route_after_human,
)
from langgraph_council.nodes._conflicts.intake import (
    make_choose_strategy_node,
    route_after_strategy,
    route_to_strategy,
)
from langgraph_council.nodes._conflicts.state import (
    ConflictContext,
    ConflictInput,
    ConflictOutput,
    ConflictState,
)

__all__ = [
    "ConflictGraph",
    "ConflictStoreAliases",
    "StrategyBuilder",
    "build_conflict_graph",
    "conflict_strategies",
    "create_conflict_graph",
    "register_conflict_strategy",
]

StrategyBuilder: TypeAlias = PluginBuilder
"""`builder(org, roster, config) -> StateGraph` over `StrategyInput` -> `StrategyOutput`, added
as a subgraph node named after the strategy (see `graphs._registry`)."""


class ConflictStoreAliases(EscalationsAlias, DissentAlias, total=False):
    """The conflict factories' deprecated store keywords (each warns; use `stores=`)."""


ConflictGraph: TypeAlias = CompiledStateGraph[
    ConflictState, ConflictContext, ConflictInput, ConflictOutput
]

_STRATEGIES: Registry[StrategyBuilder] = Registry(
    "strategy",
    "conflict graph",
    builtins={
        "authority": build_authority_strategy,
        "debate": build_debate_strategy,
        "human": build_human_strategy,
        "hybrid": build_hybrid_strategy,
        "ladder": build_ladder_strategy,
    },
    reserved=(
        "choose_strategy",
        "open_escalation",
        "await_human",
        "apply_human_decision",
        "record_dissent",
    ),
)


def register_conflict_strategy(
    name: str, builder: StrategyBuilder, *, replace: bool = False
) -> None:
    """Register strategy `name`; graphs built afterwards can select it.

    The builder is called as `builder(org, roster, config)` and returns a `StateGraph` (or a
    compiled graph) that reads `StrategyInput` and writes `StrategyOutput` (the contract of
    `register_meeting_protocol` too); it runs as a subgraph node named after the strategy.
    Like `register_meeting_protocol`, an existing name is refused unless `replace=True`.

    Example:
        >>> register_conflict_strategy("coin", my_builder)  # doctest: +SKIP

    Raises:
        ValueError: If `name` is not snake_case, clashes with a node, or exists without `replace`.
        TypeError: If `builder` is not callable.
    """
    _STRATEGIES.register(name, builder, replace=replace)


def conflict_strategies() -> list[str]:
    """Names of the registered strategies, sorted."""
    return _STRATEGIES.names()


def _check_agent(org: Org, value: str | None, field: str) -> None:
    if value is not None and value not in org:
        raise ValueError(
            f"{field} {value!r} is not an agent of the org; use one of {sorted(a.id for a in org)}"
        )


def _validate(org: Org, config: ConflictResolutionConfig, strategies: dict[str, Any]) -> None:
    named = [("config.strategy", config.strategy)]
    named += [
        (f"config.by_conflict_type[{k.value!r}]", v) for k, v in config.by_conflict_type.items()
    ]
    named += [(f"config.by_department[{k!r}]", v) for k, v in config.by_department.items()]
    for field, name in named:
        if name not in strategies:
            raise ValueError(
                f"{field}: unregistered strategies [{name!r}]; known: {sorted(strategies)}, "
                f"or register_conflict_strategy({name!r}, ...)"
            )
    if config.debate.judge not in ("shared_manager", "ceo"):
        _check_agent(org, config.debate.judge, "config.debate.judge")
    _check_agent(org, config.hybrid.review_agent, "config.hybrid.review_agent")
    _check_agent(org, config.ladder.arbitrator, "config.ladder.arbitrator")
    for party in config.parties:
        _check_agent(org, party, "config.parties")


def build_conflict_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    config: ConflictResolutionConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    **deprecated: Unpack[ConflictStoreAliases],
) -> StateGraph[ConflictState, ConflictContext, ConflictInput, ConflictOutput]:
    """Wire the conflict graph (uncompiled): for composition and shape snapshots.

    Nodes: `choose_strategy`, one per registered strategy (named after it), `open_escalation`,
    `await_human`, `apply_human_decision`, `record_dissent`.

    Args:
        org: The organisation (seniority and reporting lines decide authority).
        roster: The agents' models, for strategies that ask an agent (debate, hybrid,
            ladder); None is enough when authority or a human decides.
        config: The tunables, an instance or a dict of its fields; a run's context is
            merged over it.
        stores: `stores.escalations` (human decisions, listable from any process) and
            `stores.dissent` (dissent records).
        **deprecated: The older store keywords `escalations=` and `dissent_store=` (they warn).

    Example:
        >>> graph = build_conflict_graph(org).compile()  # doctest: +SKIP

    Raises:
        ValueError: A strategy is not registered or an agent named in `config` is unknown.
        TypeError: An argument has the wrong type.
    """
    org, roster = leading_org("build_conflict_graph", org, roster)
    aliases = store_aliases("build_conflict_graph", deprecated, ConflictStoreAliases)
    return conflict_builder(org, roster, config, bundle(stores, **aliases))


def conflict_builder(
    org: Org,
    roster: Roster | None,
    config: ConflictResolutionConfig | Mapping[str, Any] | None,
    kept: CouncilStores,
) -> StateGraph[ConflictState, ConflictContext, ConflictInput, ConflictOutput]:
    """`build_conflict_graph` once its arguments are in their taught spelling (the batch
    graph's inner graph too)."""
    settings = coerce_config(config, ConflictResolutionConfig)
    strategies = _STRATEGIES.snapshot()
    _validate(org, settings, strategies)
    graph = StateGraph(
        ConflictState,
        context_schema=ConflictContext,
        input_schema=ConflictInput,
        output_schema=ConflictOutput,
    )
    graph.add_node("take_position", make_take_position_node(roster, settings))
    graph.add_node("frame_conflict", pure_node(make_frame_conflict_node(), name="frame_conflict"))
    graph.add_node("choose_strategy", make_choose_strategy_node(org, settings, strategies))
    for name, builder in sorted(strategies.items()):
        add_plugin(graph, name, builder(org, roster, settings), flat=False)
        after = ["record_dissent", "open_escalation"] + (
            ["authority"] if name != "authority" else []
        )
        graph.add_conditional_edges(name, route_after_strategy, after)
    graph.add_node("open_escalation", make_open_escalation_node(kept.escalations, settings))
    graph.add_node("await_human", make_await_human_node(kept.escalations))
    graph.add_node("apply_human_decision", make_apply_human_decision_node())
    graph.add_node("record_dissent", make_record_dissent_node(kept.dissent))
    graph.add_conditional_edges(
        START, route_start(roster, settings), ["take_position", "choose_strategy"]
    )
    graph.add_edge("take_position", "frame_conflict")
    graph.add_edge("frame_conflict", "choose_strategy")
    graph.add_conditional_edges("choose_strategy", route_to_strategy, sorted(strategies))
    graph.add_edge("open_escalation", "await_human")
    graph.add_conditional_edges(
        "await_human", route_after_human, ["apply_human_decision", "await_human"]
    )
    graph.add_edge("apply_human_decision", "record_dissent")
    graph.add_edge("record_dissent", END)
    return graph


def create_conflict_graph(
    org: Org,
    roster: Roster | None = None,
    *,
    config: ConflictResolutionConfig | Mapping[str, Any] | None = None,
    stores: CouncilStores | None = None,
    checkpointer: Checkpointer = None,
    store: BaseStore | None = None,
    name: str = "conflict",
    **deprecated: Unpack[ConflictStoreAliases],
) -> ConflictGraph:
    """Build and compile the conflict graph (an `Org` alone is enough for authority).

    Input `{"conflict": Conflict}`; output `resolution` and `dissent_records`. The human path
    needs a `checkpointer` and a `thread_id`; `stores.escalations` (e.g.
    `checkpoints.EscalationQueue`) makes waiting escalations listable and decidable from any
    process; `stores.dissent` keeps dissent records. A run's `context` (a
    `ConflictResolutionConfig`, a dict of its fields, or a namespaced `{"conflict": {...}}`) is
    merged over `config` for that run; `{}` keeps `config` as built. With a checkpointer,
    durability is "sync" by default, so a crash never repeats a model call.

    The human path interrupts with a payload carrying `escalation_id`, the summarised
    positions and any review; resume it with `EscalationQueue.decide(...)` or
    `Command(resume={"decision": "winner", "winning_agent_id": ..., "reasoning": ...,
    "decided_by": "human:<who>"})` (or `"decision": "reject"`). A malformed value re-asks.

    Args:
        org, roster, config, stores: As `build_conflict_graph`.
        checkpointer: LangGraph's checkpointer (needed by the human path).
        store: LangGraph's `BaseStore`, passed to `compile`.
        name: The compiled graph's name.
        **deprecated: The older store keywords `escalations=` and `dissent_store=` (they warn).

    Example:
        >>> graph = create_conflict_graph(org, roster)  # doctest: +SKIP
        >>> graph.invoke({"conflict": conflict})["resolution"].outcome  # doctest: +SKIP
        <ConflictOutcome.RESOLVED_BY_AUTHORITY: 'resolved_by_authority'>
    """
    org, roster = leading_org("create_conflict_graph", org, roster)
    aliases = store_aliases("create_conflict_graph", deprecated, ConflictStoreAliases)
    builder = conflict_builder(org, roster, config, bundle(stores, **aliases))
    compiled: ConflictGraph = compile_graph(
        builder, checkpointer=checkpointer, store=store, name=name, family="conflict"
    )
    return compiled
