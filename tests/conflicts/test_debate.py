"""Debate: parallel arguments, one rebuttal seeing the others, a neutral judge, safe fallbacks."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.checkpoint.postgres import PostgresSaver

from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictOutcome, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.probes import Overlap, OverlapModel

DEBATE = ConflictResolutionConfig(strategy="debate")


def verdict(winner: str, confidence: float = 0.9) -> dict[str, Any]:
    return {"winning_agent_id": winner, "confidence": confidence, "reasoning": "benchmarks win"}


def scripted(
    judge: str, judged: Any, parties: tuple[str, ...], model: Any = ScriptedChatModel, **kw: Any
) -> ScriptedChatModel:
    script: dict[str, list[Any]] = {a: [f"{a} argues", f"{a} rebuts"] for a in parties}
    script[judge] = [judged]
    return model(script, **kw)  # type: ignore[no-any-return]


def test_the_judge_decides_after_arguments_and_rebuttals(kit: Any, org: Org) -> None:
    parties = ("junior_dev", "senior_dev")
    model = scripted("backend_lead", verdict("junior_dev"), parties)
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    out = graph.invoke({"conflict": kit.conflict(*parties)})
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert (resolution.winning_agent_id, resolution.decided_by) == ("junior_dev", "backend_lead")
    assert resolution.confidence == 0.9
    assert [r.dissenting_agent_id for r in out["dissent_records"]] == ["senior_dev"]
    rebuttal = next(c for c in model.calls if c.agent_id == "junior_dev" and "Rebut" in c.prompt)
    assert "senior_dev argues" in rebuttal.prompt and "junior_dev argues" not in rebuttal.prompt
    judge = next(c for c in model.calls if c.agent_id == "backend_lead")
    assert all(f"{a} rebuts" in judge.prompt for a in parties)


def test_the_judge_is_never_a_party(kit: Any, org: Org) -> None:
    parties = ("cto", "backend_lead")
    model = scripted("ceo", verdict("backend_lead"), parties)
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    resolution = graph.invoke({"conflict": kit.conflict(*parties)})["resolution"]
    assert resolution.decided_by == "ceo"
    assert {c.agent_id for c in model.calls} == {"ceo", *parties}
    named = ConflictResolutionConfig(strategy="debate", debate={"judge": "cto"})
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=named)
    with pytest.raises(ValueError, match=r"debate\.judge 'cto' is a party"):
        graph.invoke({"conflict": kit.conflict(*parties)})


@pytest.mark.postgres
def test_ceo_judge_escalates_when_the_root_is_a_party(
    kit: Any, org: Org, pg_saver: PostgresSaver
) -> None:
    model = ScriptedChatModel([])
    config = ConflictResolutionConfig(strategy="debate", debate={"judge": "ceo"})
    graph = create_conflict_graph(
        org, Roster(org, default_model=model), config=config, checkpointer=pg_saver
    )
    out = graph.invoke({"conflict": kit.conflict("ceo", "cto")}, kit.thread("t"))
    assert "root ceo is itself a party" in out["__interrupt__"][0].value["reason"]
    assert model.calls == []


@pytest.mark.parametrize(
    ("judged", "reason"),
    [
        (
            RuntimeError("judge model is down"),
            "evaluator failed (RuntimeError: judge model is down)",
        ),
        (verdict("ceo"), "'ceo', who is not a party"),
        ("I think both are fine", "no structured verdict and its text names no party"),
        (
            "junior_dev and senior_dev both make fair points.",
            "its text names junior_dev and senior_dev without saying who wins",
        ),
    ],
)
def test_an_unusable_verdict_falls_back_to_authority_with_the_reason(
    kit: Any, org: Org, judged: Any, reason: str
) -> None:
    parties = ("junior_dev", "senior_dev")
    model = scripted("backend_lead", judged, parties)
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    out = graph.invoke({"conflict": kit.conflict(*parties)})
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_AUTHORITY
    assert resolution.winning_agent_id == "senior_dev"
    assert reason in resolution.reasoning
    assert reason in out["fallback_reason"]
    assert reason in out["dissent_records"][0].metadata["fallback_reason"]


def test_converged_arguments_skip_the_rebuttal_round(kit: Any, org: Org) -> None:
    script = {
        "junior_dev": ["CONCEDE: the queue is better"],
        "senior_dev": ["queue it is"],
        "backend_lead": [verdict("senior_dev")],
    }
    model = ScriptedChatModel(script)
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    out = graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")})
    assert out["resolution"].winning_agent_id == "senior_dev"
    assert len(model.calls) == 3


async def test_arguments_overlap_under_ainvoke(kit: Any, org: Org) -> None:
    parties = ("junior_dev", "senior_dev", "ui_dev")
    overlap = Overlap(gate=3)
    model = scripted("cto", verdict("ui_dev"), parties, overlap=overlap, model=OverlapModel)
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    out = await graph.ainvoke({"conflict": kit.conflict(*parties)})
    assert out["resolution"].decided_by == "cto"
    assert len(model.calls) == 7
    assert overlap.peak == 3  # the three parties argued at once, not one after another


def test_a_context_dict_picks_the_strategy_per_run(kit: Any, org: Org) -> None:
    parties = ("junior_dev", "senior_dev")
    model = scripted("backend_lead", verdict("junior_dev"), parties)
    graph = create_conflict_graph(org, Roster(org, default_model=model))
    out = graph.invoke(
        {"conflict": kit.conflict(*parties)},
        context={"strategy": "debate", "debate": {"rebuttal_round": False}},
    )
    assert out["strategy"] == "debate"
    assert out["resolution"].outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert len(model.calls) == 3


@pytest.mark.postgres
def test_a_failed_rebuttal_is_recorded_and_the_run_finishes_on_postgres(
    kit: Any, org: Org, pg_saver: PostgresSaver
) -> None:
    # issue 13 item 3: the rebuttal's model error used to raise out of the graph; now it is a
    # failed statement the judge sees, and the run ends with a resolution naming the party.
    script = {
        "junior_dev": ["junior_dev argues", "junior_dev rebuts"],
        "senior_dev": ["senior_dev argues", RuntimeError("provider timeout")],
        "backend_lead": [verdict("senior_dev")],
    }
    model = ScriptedChatModel(script)
    graph = create_conflict_graph(
        org, Roster(org, default_model=model), config=DEBATE, checkpointer=pg_saver
    )
    cfg = kit.thread("t")
    out = graph.invoke(
        {"conflict": kit.conflict("junior_dev", "senior_dev")}, cfg, durability="sync"
    )
    assert out["resolution"].winning_agent_id == "senior_dev"
    assert "senior_dev (rebuttal: RuntimeError: provider timeout)" in out["resolution"].reasoning
    assert graph.get_state(cfg).next == ()
    calls = [(c.agent_id, "Rebut" in c.prompt) for c in model.calls]
    assert calls.count(("junior_dev", True)) == 1 and calls.count(("senior_dev", True)) == 1
    judge = next(c for c in model.calls if c.agent_id == "backend_lead")
    assert "no rebuttal: the call to senior_dev failed" in judge.prompt
