"""Authority: highest seniority wins; ties inside the top group go down the management tree."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import Runnable, RunnableLambda

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._conflicts.config import (
    ConflictResolutionConfig,
    agent_limit,
    current_config,
)
from langgraph_council.nodes._conflicts.outcomes import (
    make_resolution,
    noted,
    to_human,
    with_fallback,
)
from langgraph_council.nodes._conflicts.prompts import COMMON_MANAGER_PROMPT, render_conflict
from langgraph_council.nodes._conflicts.state import StrategyState
from langgraph_council.nodes._conflicts.traced import conflict_trace
from langgraph_council.nodes._conflicts.verdicts import read_verdict
from langgraph_council.nodes._errors import describe_error
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._records.conflicts import Conflict, ConflictOutcome, Verdict

__all__ = [
    "AUTHORITY_FALLBACK",
    "AuthorityRanking",
    "make_ask_common_manager_node",
    "make_rank_parties_node",
    "rank_parties",
    "route_after_ranking",
]


@dataclass(frozen=True)
class AuthorityRanking:
    """What rank alone settles: a `winner`, or the `tied` group and their `manager` (or None)."""

    winner: str | None
    tied: tuple[str, ...]
    manager: str | None
    reasoning: str


def rank_parties(org: Org, conflict: Conflict) -> AuthorityRanking:
    """Rank the parties by seniority, then by distance below their lowest common manager.

    The result does not depend on the order of positions: ties are sorted by agent id.
    """
    profiles = sorted((org.get(a) for a in conflict.agent_ids), key=lambda p: p.id)
    top_level = max(p.level for p in profiles)
    top = [p.id for p in profiles if p.level == top_level]
    if len(top) == 1:
        others = ", ".join(f"{p.id} ({p.level.value})" for p in profiles if p.id != top[0])
        reason = f"{top[0]} ({top_level.value}) outranks {others}."
        return AuthorityRanking(top[0], (), None, reason)
    manager = org.lowest_common_manager(*top)
    if manager is None:
        reason = f"{', '.join(top)} share the top rank ({top_level.value}) and no common manager."
        return AuthorityRanking(None, tuple(top), None, reason)
    depth = {a: org.depth_below(manager.id, a) or 0 for a in top}
    nearest = min(depth.values())
    closest = [a for a in top if depth[a] == nearest]
    if len(closest) == 1:
        reason = (
            f"{', '.join(top)} share the top rank ({top_level.value}); {closest[0]} sits "
            f"closest below their common manager {manager.id}."
        )
        return AuthorityRanking(closest[0], (), manager.id, reason)
    reason = (
        f"{', '.join(closest)} share the top rank ({top_level.value}) and the same distance "
        f"below {manager.id}, who decides."
    )
    return AuthorityRanking(None, tuple(closest), manager.id, reason)


def make_rank_parties_node(org: Org) -> RunnableLambda[StrategyState, dict[str, Any]]:
    """Node `rank_parties`: settle by rank with zero model calls, or prepare the tie-break."""

    def rank(state: StrategyState) -> dict[str, Any]:
        conflict = state["conflict"]
        ranking = rank_parties(org, conflict)
        fallback = state.get("fallback_reason")
        if ranking.winner is not None:
            resolution = make_resolution(
                conflict,
                ConflictOutcome.RESOLVED_BY_AUTHORITY,
                winner=ranking.winner,
                decided_by=ranking.winner,
                reasoning=with_fallback(ranking.reasoning, fallback),
            )
            return {"route": "resolved", "resolution": resolution}
        if ranking.manager is None:
            return to_human(with_fallback(ranking.reasoning, fallback))
        return {"tied_ids": list(ranking.tied), "judge_id": ranking.manager}

    return RunnableLambda(rank, name="rank_parties")


def route_after_ranking(state: StrategyState) -> str:
    """`ask_common_manager` when a tie is left, else the end of the subgraph."""
    return "ask_common_manager" if state.get("tied_ids") and "route" not in state else "__end__"


AUTHORITY_FALLBACK = "authority_fallback"
"""`decided_by` when the tied parties' manager gave no usable verdict and the first tied
party by id won: the fallback decided, not the manager (nor a judge)."""


def _manager_decided(
    state: StrategyState, verdict: object, why: str, tokens: int, notes: Sequence[str] = ()
) -> Update:
    """The tie-break: the manager's verdict when it names a tied party, else the fallback (the
    first by id), which says it was the fallback and why."""
    conflict, manager = state["conflict"], str(state.get("judge_id"))
    tied = sorted(state.get("tied_ids", []))
    confidence: float | None = None
    if isinstance(verdict, Verdict) and verdict.winning_agent_id in tied:
        winner, confidence, decided_by = verdict.winning_agent_id, verdict.confidence, manager
        reasoning = f"{manager} decided between {', '.join(tied)}: {verdict.reasoning}"
    else:
        winner, decided_by = tied[0], AUTHORITY_FALLBACK
        reasoning = (
            f"{manager} {why}, so the authority fallback decided, not {manager}: the first of "
            f"{', '.join(tied)} by agent id wins."
        )
    resolution = make_resolution(
        conflict,
        ConflictOutcome.RESOLVED_BY_AUTHORITY,
        winner=winner,
        decided_by=decided_by,
        reasoning=with_fallback(reasoning, state.get("fallback_reason")),
        confidence=confidence,
    )
    update = {"route": "resolved", "resolution": resolution, "tokens_used": tokens}
    return noted(update, notes)


def make_ask_common_manager_node(
    roster: Roster | None, default: ConflictResolutionConfig | None = None
) -> Runnable[StrategyState, Update]:
    """Node `ask_common_manager`: the tied parties' manager picks (a model call if it has one;
    `default` is the build-time config, whose `agent_timeout_seconds` bounds it)."""

    def plan(state: StrategyState) -> Call | Update:
        manager = state.get("judge_id")
        if roster is None or manager is None or not roster.has_model(manager):
            return _manager_decided(state, None, "has no model", 0)
        prompt = COMMON_MANAGER_PROMPT.format(
            party_ids=", ".join(state.get("tied_ids", [])),
            conflict=render_conflict(state["conflict"]),
        )

        def on_error(exc: Exception) -> Update:
            why = f"could not decide ({describe_error(exc)})"
            return _manager_decided(state, None, why, 0)

        cap = current_config(default or ConflictResolutionConfig()).max_verdict_tokens
        return Call(manager, prompt, max_tokens=cap, schema=Verdict, on_error=on_error)

    def apply(state: StrategyState, outcome: CallOutcome) -> Update:
        tied, manager = state.get("tied_ids", []), outcome.reply.agent_id
        org = roster.org if roster is not None else None
        verdict, notes = read_verdict(
            outcome.parsed, outcome.reply.content, state["conflict"], org, manager, among=tied
        )
        if isinstance(verdict, str):
            why = f"gave no usable verdict ({verdict})"
        else:
            why = "named a winner outside the tie"
        notes = [*notes, *outcome.warnings("the verdict")]
        return _manager_decided(state, verdict, why, outcome.tokens, notes)

    limit = agent_limit(default or ConflictResolutionConfig())
    return model_node(
        "ask_common_manager", roster, plan, apply, time_limit=limit, trace=conflict_trace
    )
