"""The built-in conflict strategies, each wired as its own subgraph."""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.runnables import Runnable
from langgraph.graph import END, START, StateGraph

from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._conflicts.authority import (
    make_ask_common_manager_node,
    make_rank_parties_node,
    route_after_ranking,
)
from langgraph_council.nodes._conflicts.config import (
    ConflictResolutionConfig,
    DebateConfig,
    HybridConfig,
    current_config,
)
from langgraph_council.nodes._conflicts.debate import (
    make_argue_node,
    make_choose_judge_node,
    make_judge_node,
    make_rebut_node,
    route_after_arguments,
    route_to_arguments,
)
from langgraph_council.nodes._conflicts.hybrid import make_choose_reviewer_node, make_review_node
from langgraph_council.nodes._conflicts.ladder import (
    make_arbitrate_node,
    make_check_agreement_node,
    make_negotiate_node,
    route_negotiation,
)
from langgraph_council.nodes._conflicts.state import (
    ConflictContext,
    StrategyInput,
    StrategyOutput,
    StrategyState,
)

__all__ = [
    "StrategyGraph",
    "build_authority_strategy",
    "build_debate_strategy",
    "build_human_strategy",
    "build_hybrid_strategy",
    "build_ladder_strategy",
]

StrategyGraph = StateGraph[Any, ConflictContext, Any, Any]

_CHOOSERS = {"debate": "choose_judge", "hybrid": "choose_reviewer"}
"""The node that picks who weighs the arguments, per strategy that argues."""


def _graph() -> StrategyGraph:
    return StateGraph(
        StrategyState,
        context_schema=ConflictContext,
        input_schema=StrategyInput,
        output_schema=StrategyOutput,
    )


def build_authority_strategy(
    org: Org, roster: Roster | None, config: ConflictResolutionConfig
) -> StrategyGraph:
    """`rank_parties` (no model call) -> `ask_common_manager` only when the tie needs it."""
    graph = _graph()
    graph.add_node("rank_parties", make_rank_parties_node(org))
    graph.add_node("ask_common_manager", make_ask_common_manager_node(roster, config))
    graph.add_edge(START, "rank_parties")
    graph.add_conditional_edges("rank_parties", route_after_ranking, ["ask_common_manager", END])
    graph.add_edge("ask_common_manager", END)
    return graph


def build_debate_strategy(
    org: Org, roster: Roster | None, config: ConflictResolutionConfig
) -> StrategyGraph:
    """`choose_judge` -> parallel `argue` -> `weigh_arguments` -> parallel `rebut` -> `judge`."""

    def after_arguments(state: StrategyState) -> Any:
        settings = current_config(config).debate
        return route_after_arguments(
            state, rebut=settings.rebuttal_round, max_tokens=settings.max_argument_tokens
        )

    graph = _arguing(roster, config, "debate", make_choose_judge_node(org, roster, config))
    graph.add_node("weigh_arguments", _join)
    graph.add_node("rebut", make_rebut_node(roster, config))
    graph.add_node("judge", make_judge_node(roster, config))
    graph.add_edge("argue", "weigh_arguments")
    graph.add_conditional_edges("weigh_arguments", after_arguments, ["rebut", "judge"])
    graph.add_edge("rebut", "judge")
    graph.add_edge("judge", END)
    return graph


def build_hybrid_strategy(
    org: Org, roster: Roster | None, config: ConflictResolutionConfig
) -> StrategyGraph:
    """`choose_reviewer` -> parallel `argue` -> `review` (clear, ambiguous or fallback)."""
    graph = _arguing(roster, config, "hybrid", make_choose_reviewer_node(org, roster, config))
    graph.add_node("review", make_review_node(roster, config))
    graph.add_edge("argue", "review")
    graph.add_edge("review", END)
    return graph


def build_ladder_strategy(
    org: Org, roster: Roster | None, config: ConflictResolutionConfig
) -> StrategyGraph:
    """`check_agreement` <-> parallel `negotiate` (bounded rounds) -> `arbitrate`; a human last."""
    graph = _graph()
    graph.add_node("check_agreement", make_check_agreement_node(roster, config))
    graph.add_node("negotiate", make_negotiate_node(roster, config))
    graph.add_node("arbitrate", make_arbitrate_node(org, roster, config))
    graph.add_edge(START, "check_agreement")
    graph.add_conditional_edges(
        "check_agreement", route_negotiation, ["negotiate", "arbitrate", END]
    )
    graph.add_edge("negotiate", "check_agreement")
    graph.add_edge("arbitrate", END)
    return graph


def build_human_strategy(
    org: Org, roster: Roster | None, config: ConflictResolutionConfig
) -> StrategyGraph:
    """`request_human`: every conflict goes straight to the human path."""
    graph = _graph()
    graph.add_node("request_human", _request_human)
    graph.add_edge(START, "request_human")
    graph.add_edge("request_human", END)
    return graph


def _arguing(
    roster: Roster | None,
    config: ConflictResolutionConfig,
    strategy: Literal["debate", "hybrid"],
    chooser: Runnable[StrategyState, dict[str, Any]],
) -> StrategyGraph:
    """The opening debate and hybrid share: `START` -> the chooser (`choose_judge` or
    `choose_reviewer`) -> one `argue` per party, capped by the run's `strategy` settings (or
    `END` when the chooser settled it). The caller wires what follows `argue`."""
    name = _CHOOSERS[strategy]

    def to_arguments(state: StrategyState) -> Any:
        settings: DebateConfig | HybridConfig = getattr(current_config(config), strategy)
        return route_to_arguments(state, settings.max_argument_tokens)

    graph = _graph()
    graph.add_node(name, chooser)
    graph.add_node("argue", make_argue_node(roster, config))
    graph.add_edge(START, name)
    graph.add_conditional_edges(name, to_arguments, ["argue", END])
    return graph


def _join(state: StrategyState) -> dict[str, Any]:
    """Wait for every parallel argument before deciding on rebuttals."""
    return {}


def _request_human(state: StrategyState) -> dict[str, Any]:
    return {"route": "human", "fallback_reason": None, "analysis": None}
