"""Hybrid: an argument round, then a review agent; clear verdicts resolve, ambiguous escalate."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import Runnable, RunnableLambda

from langgraph_council.nodes._calls.node import Call, CallOutcome, Update, model_node
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._conflicts.config import (
    ConflictResolutionConfig,
    agent_limit,
    current_config,
)
from langgraph_council.nodes._conflicts.debate import (
    evaluation_notes,
    evaluator_failed,
    shared_manager,
    verdict_call,
)
from langgraph_council.nodes._conflicts.outcomes import (
    noted,
    resolved_by_verdict,
    to_authority,
    to_human,
)
from langgraph_council.nodes._conflicts.prompts import (
    REVIEW_PROMPT,
)
from langgraph_council.nodes._conflicts.state import StrategyState
from langgraph_council.nodes._conflicts.traced import conflict_trace
from langgraph_council.nodes._conflicts.verdicts import judged
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._records.conflicts import ConflictOutcome, Verdict

__all__ = ["make_choose_reviewer_node", "make_review_node", "review_analysis"]


def _ambiguous(reason: str, analysis: str | None, escalate: bool) -> dict[str, Any]:
    if escalate:
        return to_human(f"hybrid review was ambiguous: {reason}", analysis=analysis)
    return to_authority(f"hybrid review was ambiguous: {reason}")


def make_choose_reviewer_node(
    org: Org, roster: Roster | None, default: ConflictResolutionConfig
) -> RunnableLambda[StrategyState, dict[str, Any]]:
    """Node `choose_reviewer`: the configured review agent, else the parties' shared manager."""

    def choose(state: StrategyState) -> dict[str, Any]:
        conflict, settings = state["conflict"], current_config(default).hybrid
        reviewer = settings.review_agent or shared_manager(org, conflict)
        if reviewer is not None and reviewer not in org:
            raise ValueError(f"hybrid.review_agent {reviewer!r} is not an agent of the org")
        if reviewer is not None and reviewer in conflict.agent_ids:
            raise ValueError(
                f"hybrid.review_agent {reviewer!r} is a party to conflict {conflict.id!r}; "
                "pick a neutral review agent"
            )
        callable_ids = [reviewer, *conflict.agent_ids] if reviewer else []
        silent = [a for a in callable_ids if roster is None or not roster.has_model(a)]
        if reviewer is None or silent:
            why = "no review agent" if reviewer is None else f"no model for {', '.join(silent)}"
            return _ambiguous(why, None, settings.escalate_on_ambiguity)
        return {"judge_id": reviewer}

    return RunnableLambda(choose, name="choose_reviewer")


def review_analysis(reviewer: str, verdict: Verdict | None, problem: str | None) -> str:
    """The review as a human reads it next to the positions."""
    if verdict is None:
        return f"Review by {reviewer}: {problem or 'no verdict'}."
    return (
        f"Review by {reviewer}: leans to {verdict.winning_agent_id} with confidence "
        f"{verdict.confidence:.2f}. {verdict.reasoning}"
    )


def _reviewed(
    state: StrategyState,
    verdict: object,
    problem: str | None,
    tokens: int,
    escalate: bool,
    notes: list[str],
) -> Update:
    conflict, reviewer = state["conflict"], str(state.get("judge_id"))
    if problem is not None or not isinstance(verdict, Verdict):
        shown = verdict if isinstance(verdict, Verdict) else None
        analysis = review_analysis(reviewer, shown, problem)
        handed = {**_ambiguous(str(problem), analysis, escalate), "tokens_used": tokens}
        return noted(handed, notes)
    update = resolved_by_verdict(
        conflict, ConflictOutcome.RESOLVED_BY_HYBRID, verdict, reviewer, tokens
    )
    return noted(update, notes)


def make_review_node(
    roster: Roster | None, default: ConflictResolutionConfig
) -> Runnable[StrategyState, Update]:
    """Node `review`: the review agent's structured verdict with confidence."""

    def plan(state: StrategyState) -> Call:
        config = current_config(default)
        escalate = config.hybrid.escalate_on_ambiguity
        return verdict_call(
            state,
            REVIEW_PROMPT,
            lambda exc: _reviewed(
                state, None, evaluator_failed(exc), 0, escalate, evaluation_notes(state)
            ),
            config.max_verdict_tokens,
        )

    def apply(state: StrategyState, outcome: CallOutcome) -> Update:
        settings = current_config(default).hybrid
        org = roster.org if roster is not None else None
        verdict, problem, read = judged(outcome, state["conflict"], org, settings.min_confidence)
        return _reviewed(
            state,
            verdict,
            problem,
            outcome.tokens,
            settings.escalate_on_ambiguity,
            [*evaluation_notes(state, outcome), *read],
        )

    return model_node(
        "review", roster, plan, apply, time_limit=agent_limit(default), trace=conflict_trace
    )
