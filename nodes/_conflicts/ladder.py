"""Escalation ladder: negotiation rounds, then expert arbitration, then a human."""

from __future__ import annotations

import re
from typing import Any

from langchain_core.runnables import Runnable, RunnableLambda
from langgraph.types import Send
from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict

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
)
from langgraph_council.nodes._conflicts.failures import (
    failed_ids,
    failed_statement,
    require_quorum,
    with_failures,
)
from langgraph_council.nodes._conflicts.outcomes import (
    make_resolution,
    noted,
    resolved_by_verdict,
    to_human,
)
from langgraph_council.nodes._conflicts.prompts import (
    ARBITRATION_PROMPT,
    NEGOTIATION_PROMPT,
    render_conflict,
    render_statements,
)
from langgraph_council.nodes._conflicts.state import StrategyState, stated
from langgraph_council.nodes._conflicts.traced import conflict_trace
from langgraph_council.nodes._conflicts.verdicts import judged
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._records.conflicts import Conflict, ConflictOutcome, Statement, Verdict

__all__ = [
    "NegotiationReply",
    "NegotiationTurn",
    "agreed_winner",
    "best_expert",
    "check_arbitrator",
    "make_arbitrate_node",
    "make_check_agreement_node",
    "make_negotiate_node",
    "route_negotiation",
]


class NegotiationReply(BaseModel):
    """A party's structured negotiation turn."""

    model_config = ConfigDict(frozen=True)

    statement: str = Field(description="Your position this round, briefly.")
    agrees_with: str | None = Field(
        default=None, description="Agent id whose position you accept, or null."
    )


class NegotiationTurn(TypedDict):
    """The input a `Send` gives one party's negotiation task."""

    conflict: Conflict
    agent_id: str
    round: int
    statements: list[Statement]


def agreed_winner(conflict: Conflict, statements: list[Statement], rnd: int) -> str | None:
    """The party every other party accepted in round `rnd` (and who accepted no one), if any."""
    latest = {s.agent_id: s for s in statements if s.kind == "negotiation" and s.round == rnd}
    for candidate in conflict.agent_ids:
        others = [a for a in conflict.agent_ids if a != candidate]
        own = latest.get(candidate)
        if own is not None and own.agrees_with not in (None, candidate):
            continue
        if all(a in latest and latest[a].agrees_with == candidate for a in others):
            return candidate
    return None


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def best_expert(org: Org, conflict: Conflict, roster: Roster | None) -> str | None:
    """The active non-party agent whose skills best match the conflict (None if no one matches).

    Primary skills count 2, secondary 1; ties go to the more senior agent, then by agent id.
    """
    text = " ".join(
        [
            conflict.type.value,
            conflict.subject,
            *(f"{p.position} {p.reasoning}" for p in conflict.positions),
        ]
    )
    words = _words(text)

    def score(skills: tuple[str, ...]) -> int:
        return sum(1 for skill in skills if _words(skill) and _words(skill) <= words)

    ranked = sorted(
        (
            (2 * score(a.primary_skills) + score(a.secondary_skills), a.level.rank, a.id)
            for a in org
            if a.active
            and a.id not in conflict.agent_ids
            and (roster is None or roster.has_model(a.id))
        ),
        key=lambda row: (-row[0], -row[1], row[2]),
    )
    return ranked[0][2] if ranked and ranked[0][0] > 0 else None


def make_negotiate_node(
    roster: Roster | None, default: ConflictResolutionConfig
) -> Runnable[NegotiationTurn, Update]:
    """Node `negotiate`: one party's turn in one negotiation round."""

    def plan(turn: NegotiationTurn) -> Call:
        conflict, settings = turn["conflict"], current_config(default).ladder
        prompt = NEGOTIATION_PROMPT.format(
            round=turn["round"],
            max_rounds=settings.max_rounds,
            party_ids=", ".join(a for a in conflict.agent_ids if a != turn["agent_id"]),
            conflict=render_conflict(conflict),
            statements=render_statements(turn["statements"]),
        )
        agent, rnd = turn["agent_id"], turn["round"]
        return Call(
            agent,
            prompt,
            max_tokens=settings.max_statement_tokens,
            schema=NegotiationReply,
            on_error=lambda exc: failed_statement(agent, "negotiation", rnd, exc),
        )

    def apply(turn: NegotiationTurn, outcome: CallOutcome) -> Update:
        parsed = outcome.parsed if isinstance(outcome.parsed, NegotiationReply) else None
        agrees = parsed.agrees_with if parsed else None
        statement = Statement(
            agent_id=turn["agent_id"],
            kind="negotiation",
            round=turn["round"],
            content=parsed.statement if parsed else outcome.reply.content,
            agrees_with=agrees if agrees in turn["conflict"].agent_ids else None,
            tokens=outcome.tokens,
            over_cap=outcome.reply.over_cap,
        )
        return {**stated(turn["conflict"], statement), "tokens_used": outcome.tokens}

    return model_node(
        "negotiate", roster, plan, apply, time_limit=agent_limit(default), trace=conflict_trace
    )


def route_negotiation(state: StrategyState) -> Any:
    """Next round's `negotiate` tasks, `arbitrate`, or the end once agreed."""
    if "route" in state:
        return "__end__"
    rnd = state.get("round", 0)
    if rnd < 0:
        return "arbitrate"
    conflict = state["conflict"]
    return [
        Send(
            "negotiate",
            NegotiationTurn(
                conflict=conflict, agent_id=a, round=rnd + 1, statements=state.get("statements", [])
            ),
        )
        for a in conflict.agent_ids
    ]


def check_arbitrator(org: Org, conflict: Conflict, named: str | None) -> None:
    """A named `ladder.arbitrator` must be an agent of the org and not a party.

    Raises:
        ValueError: Naming the field.
    """
    if named is not None and (named not in org or named in conflict.agent_ids):
        raise ValueError(f"ladder.arbitrator {named!r} must be an agent of the org and not a party")


def make_check_agreement_node(
    roster: Roster | None, default: ConflictResolutionConfig
) -> RunnableLambda[StrategyState, dict[str, Any]]:
    """Node `check_agreement`: resolve on agreement, else another round (bounded) or arbitration.

    `round` counts finished rounds; -1 means negotiation is over without agreement.
    """

    def check(state: StrategyState) -> dict[str, Any]:
        conflict, statements = state["conflict"], state.get("statements", [])
        if roster is not None:  # before any negotiation call, not after the rounds
            check_arbitrator(roster.org, conflict, current_config(default).ladder.arbitrator)
        silent = [a for a in conflict.agent_ids if roster is None or not roster.has_model(a)]
        if silent:
            return {"round": -1}
        rnd = max((s.round for s in statements if s.kind == "negotiation"), default=0)
        require_quorum(conflict, statements, "negotiation", rnd)
        if failed_ids(statements):  # no agreement without a party: the arbitrator decides
            return {"round": -1}
        winner = agreed_winner(conflict, statements, rnd) if rnd else None
        if winner is not None:
            others = ", ".join(a for a in conflict.agent_ids if a != winner)
            resolution = make_resolution(
                conflict,
                ConflictOutcome.RESOLVED_BY_NEGOTIATION,
                winner=winner,
                decided_by=f"agreement:{','.join(sorted(conflict.agent_ids))}",
                reasoning=f"In round {rnd}, {others} accepted {winner}'s position.",
            )
            return {"route": "resolved", "resolution": resolution}
        # max_rounds is the bound; the step budget is the last guard before a recursion error.
        if rnd >= current_config(default).ladder.max_rounds or state["remaining_steps"] < 6:
            return {"round": -1}
        return {"round": rnd}

    return RunnableLambda(check, name="check_agreement")


def _arbitrated(
    state: StrategyState,
    expert: str,
    verdict: object,
    problem: str | None,
    tokens: int,
    notes: list[str],
) -> Update:
    if problem is not None or not isinstance(verdict, Verdict):
        analysis = f"Arbitration by {expert}: {problem}."
        update = to_human(f"expert arbitration by {expert} failed: {problem}", analysis=analysis)
        return noted({**update, "tokens_used": tokens}, notes)
    verdict = with_failures(verdict, state.get("statements", []))
    update = resolved_by_verdict(
        state["conflict"], ConflictOutcome.RESOLVED_BY_ARBITRATION, verdict, expert, tokens
    )
    return noted(update, notes)


def make_arbitrate_node(
    org: Org, roster: Roster | None, default: ConflictResolutionConfig
) -> Runnable[StrategyState, Update]:
    """Node `arbitrate`: the best-matching non-party expert decides, else a human does."""

    def expert_of(state: StrategyState) -> str | None:
        conflict, named = state["conflict"], current_config(default).ladder.arbitrator
        if named is not None:
            check_arbitrator(org, conflict, named)
            return named if roster is not None and roster.has_model(named) else None
        return best_expert(org, conflict, roster)

    def plan(state: StrategyState) -> Call | Update:
        expert = expert_of(state)
        if expert is None:
            return to_human("negotiation failed and no expert with a model matches the conflict")
        conflict = state["conflict"]
        prompt = ARBITRATION_PROMPT.format(
            party_ids=", ".join(conflict.agent_ids),
            conflict=render_conflict(conflict),
            statements=render_statements(state.get("statements", [])),
        )

        def on_error(exc: Exception) -> Update:
            return _arbitrated(
                state, expert, None, evaluator_failed(exc), 0, evaluation_notes(state)
            )

        cap = current_config(default).max_verdict_tokens
        return Call(expert, prompt, max_tokens=cap, schema=Verdict, on_error=on_error)

    def apply(state: StrategyState, outcome: CallOutcome) -> Update:
        min_confidence = current_config(default).ladder.min_confidence
        verdict, problem, read = judged(outcome, state["conflict"], org, min_confidence)
        notes = [*evaluation_notes(state, outcome), *read]
        return _arbitrated(state, outcome.reply.agent_id, verdict, problem, outcome.tokens, notes)

    return model_node(
        "arbitrate", roster, plan, apply, time_limit=agent_limit(default), trace=conflict_trace
    )
