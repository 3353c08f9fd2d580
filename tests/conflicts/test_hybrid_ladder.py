"""Hybrid review and the escalation ladder (negotiation -> expert arbitration -> human)."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.checkpoint.postgres import PostgresSaver

from langgraph_council.checkpoints import CouncilStores, EscalationQueue
from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictOutcome, Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

PARTIES = ("junior_dev", "senior_dev")


def review(winner: str, confidence: float) -> dict[str, Any]:
    return {"winning_agent_id": winner, "confidence": confidence, "reasoning": "trade-offs"}


def hybrid_model(verdict: Any) -> ScriptedChatModel:
    script: dict[str, list[Any]] = {a: [f"{a} argues"] for a in PARTIES}
    script["backend_lead"] = [verdict]
    return ScriptedChatModel(script)


def test_a_clear_review_resolves_by_hybrid(kit: Any, org: Org) -> None:
    model = hybrid_model(review("junior_dev", 0.9))
    graph = create_conflict_graph(
        org, Roster(org, default_model=model), config=ConflictResolutionConfig(strategy="hybrid")
    )
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)})
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_HYBRID
    assert (resolution.winning_agent_id, resolution.decided_by) == ("junior_dev", "backend_lead")
    assert out["dissent_records"][0].strategy_used == "hybrid"
    assert "senior_dev argues" in model.calls[-1].prompt


@pytest.mark.postgres
def test_an_ambiguous_review_reaches_a_human_with_the_review_attached(
    kit: Any, org: Org, pg_saver: PostgresSaver, pg_queue: EscalationQueue
) -> None:
    queue = pg_queue
    graph = create_conflict_graph(
        org,
        Roster(org, default_model=hybrid_model(review("senior_dev", 0.4))),
        config=ConflictResolutionConfig(strategy="hybrid"),
        checkpointer=pg_saver,
        stores=CouncilStores(escalations=queue),
    )
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)}, kit.thread("t"))
    payload = out["__interrupt__"][0].value
    assert "leans to senior_dev with confidence 0.40" in payload["analysis"]
    assert "min_confidence" in payload["reason"]
    assert payload["positions"][0].startswith("junior_dev (junior, backend): junior_dev's plan")
    (pending,) = queue.pending()
    assert pending.analysis == payload["analysis"] and pending.strategy == "hybrid"
    done = queue.decide(pending.id, kit.decide_junior, graph)
    assert done["resolution"].outcome is ConflictOutcome.RESOLVED_BY_HUMAN


def test_an_ambiguous_review_falls_back_to_authority_when_told_not_to_escalate(
    kit: Any, org: Org
) -> None:
    config = ConflictResolutionConfig(strategy="hybrid", hybrid={"escalate_on_ambiguity": False})
    graph = create_conflict_graph(
        org, Roster(org, default_model=hybrid_model(review("junior_dev", 0.3))), config=config
    )
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)})
    assert out["resolution"].outcome is ConflictOutcome.RESOLVED_BY_AUTHORITY
    assert out["resolution"].winning_agent_id == "senior_dev"
    assert "hybrid review was ambiguous" in out["fallback_reason"]


LADDER = ConflictResolutionConfig(strategy="ladder")


def turn(statement: str, agrees_with: str | None = None) -> dict[str, Any]:
    return {"statement": statement, "agrees_with": agrees_with}


def test_negotiation_stops_on_agreement(kit: Any, org: Org) -> None:
    model = ScriptedChatModel(
        {
            "junior_dev": [turn("cron"), turn("fine, queue", "senior_dev")],
            "senior_dev": [turn("queue"), turn("queue")],
        }
    )
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=LADDER)
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)})
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_NEGOTIATION
    assert resolution.winning_agent_id == "senior_dev"
    assert "round 2" in resolution.reasoning
    assert len(model.calls) == 4
    second = [c for c in model.calls if "round 2 of 3" in c.prompt]
    assert len(second) == 2 and all("queue" in c.prompt for c in second)


async def test_no_agreement_goes_to_the_best_matching_expert(kit: Any, org: Org) -> None:
    def script(call: ScriptCall) -> Any:
        if call.agent_id in PARTIES:
            return turn(f"{call.agent_id} holds")
        return {"winning_agent_id": "junior_dev", "confidence": 0.8, "reasoning": "data"}

    model = ScriptedChatModel(script)
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=LADDER)
    conflict = kit.conflict(*PARTIES, subject="Which databases index for the python api design?")
    out = await graph.ainvoke({"conflict": conflict})
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_ARBITRATION
    assert (resolution.winning_agent_id, resolution.decided_by) == ("junior_dev", "backend_lead")
    negotiation_calls = [c for c in model.calls if c.agent_id in PARTIES]
    assert len(negotiation_calls) == 2 * 3  # bounded: max_rounds=3


@pytest.mark.postgres
def test_a_failed_arbitration_reaches_a_human(kit: Any, org: Org, pg_saver: PostgresSaver) -> None:
    def script(call: ScriptCall) -> Any:
        if call.agent_id in PARTIES:
            return turn("no")
        return RuntimeError("expert offline")

    config = ConflictResolutionConfig(strategy="ladder", ladder={"max_rounds": 1})
    graph = create_conflict_graph(
        org,
        Roster(org, default_model=ScriptedChatModel(script)),
        config=config,
        checkpointer=pg_saver,
    )
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)}, kit.thread("t"))
    payload = out["__interrupt__"][0].value
    assert "expert offline" in payload["analysis"]


def test_a_tight_step_budget_ends_negotiation_in_arbitration_not_a_crash(
    kit: Any, org: Org
) -> None:
    def script(call: ScriptCall) -> Any:
        if call.agent_id in PARTIES:
            return turn("no")
        return {"winning_agent_id": "senior_dev", "confidence": 0.9, "reasoning": "data"}

    model = ScriptedChatModel(script)
    config = ConflictResolutionConfig(strategy="ladder", ladder={"max_rounds": 10})
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=config)
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)}, {"recursion_limit": 14})
    assert out["resolution"].outcome is ConflictOutcome.RESOLVED_BY_ARBITRATION
    rounds = len([c for c in model.calls if c.agent_id in PARTIES]) // 2
    assert 1 <= rounds < 10


async def test_hybrid_under_ainvoke_argues_in_parallel(kit: Any, org: Org) -> None:
    model = hybrid_model(review("senior_dev", 0.95))
    graph = create_conflict_graph(
        org, Roster(org, default_model=model), config=ConflictResolutionConfig(strategy="hybrid")
    )
    out = await graph.ainvoke({"conflict": kit.conflict(*PARTIES)})
    assert out["resolution"].outcome is ConflictOutcome.RESOLVED_BY_HYBRID
    assert out["resolution"].confidence == 0.95
    assert [c.agent_id for c in model.calls][-1] == "backend_lead"
