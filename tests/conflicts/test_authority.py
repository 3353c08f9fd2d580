"""Authority: rank decides, ties go down the tree, and the order of positions never matters."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langgraph.checkpoint.postgres import PostgresSaver

from langgraph_council.graphs import create_conflict_graph
from langgraph_council.nodes import AgentProfile, ConflictOutcome, Org, Roster
from langgraph_council.nodes._conflicts.authority import rank_parties
from langgraph_council.nodes.testing import ScriptedChatModel


def test_senior_beats_junior_in_any_order_with_zero_model_calls(kit: Any, org: Org) -> None:
    model = ScriptedChatModel([])
    graph = create_conflict_graph(org, Roster(org, default_model=model))
    for agents in permutations(["junior_dev", "senior_dev"]):
        out = graph.invoke({"conflict": kit.conflict(*agents)})
        resolution = out["resolution"]
        assert resolution.outcome is ConflictOutcome.RESOLVED_BY_AUTHORITY
        assert (resolution.winning_agent_id, resolution.decided_by) == ("senior_dev",) * 2
        assert resolution.winning_position == "senior_dev's plan"
        assert [r.dissenting_agent_id for r in out["dissent_records"]] == ["junior_dev"]
        assert out["tokens_used"] == 0
    assert model.calls == []


def test_lead_vs_lead_without_a_manager_model_resolves_the_same_for_both_orders(
    kit: Any, org: Org
) -> None:
    graph = create_conflict_graph(org)
    results = {
        graph.invoke({"conflict": kit.conflict(*agents)})["resolution"].winning_agent_id
        for agents in permutations(["backend_lead", "frontend_lead"])
    }
    assert results == {"backend_lead"}


async def test_lead_vs_lead_the_cto_decides_with_a_model_call(kit: Any, org: Org) -> None:
    verdict = {"winning_agent_id": "frontend_lead", "confidence": 0.8, "reasoning": "UX first"}
    model = ScriptedChatModel({"cto": [verdict, verdict]})
    graph = create_conflict_graph(org, Roster(org, {"cto": model}))
    for agents in permutations(["backend_lead", "frontend_lead"]):
        out = await graph.ainvoke({"conflict": kit.conflict(*agents)})
        resolution = out["resolution"]
        assert (resolution.winning_agent_id, resolution.decided_by) == ("frontend_lead", "cto")
        assert resolution.confidence == 0.8
        assert [r.decided_by for r in out["dissent_records"]] == ["cto"]
        assert out["tokens_used"] > 0
    prompt = model.calls[0].prompt
    assert '<peer-contribution agent="backend_lead"' in prompt
    assert "<task-data" in prompt


def test_a_manager_verdict_outside_the_tie_falls_back_to_agent_id_order(kit: Any, org: Org) -> None:
    bogus = {"winning_agent_id": "ceo", "confidence": 0.9, "reasoning": "me"}
    graph = create_conflict_graph(org, Roster(org, {"cto": ScriptedChatModel([bogus])}))
    resolution = graph.invoke({"conflict": kit.conflict("frontend_lead", "backend_lead")})[
        "resolution"
    ]
    # The fallback, not the manager, picked the first by id, and says so.
    assert (resolution.winning_agent_id, resolution.decided_by) == (
        "backend_lead",
        "authority_fallback",
    )
    assert "outside the tie" in resolution.reasoning
    assert "the authority fallback decided, not cto" in resolution.reasoning


def test_a_manager_beats_its_same_rank_report_by_distance() -> None:
    org = Org(
        [
            AgentProfile(id="vp", name="V", role="vp", department="eng", level="vp"),
            AgentProfile(
                id="a", name="A", role="lead", department="eng", level="lead", manager_id="vp"
            ),
            AgentProfile(
                id="b", name="B", role="lead", department="eng", level="lead", manager_id="a"
            ),
        ]
    )
    from langgraph_council.nodes import Conflict, ConflictPosition

    positions = [
        ConflictPosition(
            agent_id=a,
            agent_department="eng",
            agent_level="lead",
            position=f"{a} plan",
            reasoning="r",
        )
        for a in ("b", "a")
    ]
    conflict = Conflict(id="c", type="process", subject="s", positions=positions)
    resolution = create_conflict_graph(org).invoke({"conflict": conflict})["resolution"]
    assert (resolution.winning_agent_id, resolution.decided_by) == ("a", "a")
    assert "closest below" in resolution.reasoning


def test_three_parties_give_two_dissent_records(kit: Any, org: Org) -> None:
    out = create_conflict_graph(org).invoke(
        {"conflict": kit.conflict("ui_dev", "junior_dev", "senior_dev")}
    )
    assert out["resolution"].winning_agent_id == "senior_dev"
    records = out["dissent_records"]
    assert sorted(r.dissenting_agent_id for r in records) == ["junior_dev", "ui_dev"]
    assert {r.strategy_used for r in records} == {"authority"}
    assert all(r.reasoning == f"{r.dissenting_agent_id} has measured it" for r in records)


def test_a_senior_third_party_wins_even_when_the_others_share_no_manager(
    kit: Any, org: Org
) -> None:
    out = create_conflict_graph(org).invoke(
        {"conflict": kit.conflict("qa_engineer", "ui_dev", "backend_lead")}
    )
    assert out["resolution"].winning_agent_id == "backend_lead"


@pytest.mark.postgres
def test_same_rank_without_a_common_manager_escalates_instead_of_raising(
    kit: Any, org: Org, pg_saver: PostgresSaver
) -> None:
    graph = create_conflict_graph(org, checkpointer=pg_saver)
    for index, agents in enumerate(permutations(["ui_dev", "qa_engineer"])):
        out = graph.invoke({"conflict": kit.conflict(*agents)}, kit.thread(f"t{index}"))
        (pending,) = out["__interrupt__"]
        assert "no common manager" in pending.value["reason"]
        assert sorted(pending.value["party_ids"]) == ["qa_engineer", "ui_dev"]
        assert "resolution" not in out


def test_the_human_path_without_a_checkpointer_says_what_is_missing(kit: Any, org: Org) -> None:
    graph = create_conflict_graph(org)
    with pytest.raises(ValueError, match="needs a checkpointer"):
        graph.invoke({"conflict": kit.conflict("ui_dev", "qa_engineer")})


@pytest.mark.postgres
def test_a_thread_resolving_conflicts_in_turn_starts_each_clean(
    kit: Any, org: Org, pg_saver: PostgresSaver
) -> None:
    verdict = {"winning_agent_id": "frontend_lead", "confidence": 0.8, "reasoning": "UX first"}
    graph = create_conflict_graph(
        org, Roster(org, {"cto": ScriptedChatModel([verdict])}), checkpointer=pg_saver
    )
    cfg = kit.thread("t")
    first = graph.invoke({"conflict": kit.conflict("backend_lead", "frontend_lead")}, cfg)
    assert first["tokens_used"] > 0
    second = graph.invoke(
        {"conflict": kit.conflict("junior_dev", "senior_dev", conflict_id="c2")}, cfg
    )
    assert second["resolution"].conflict_id == "c2"
    assert second["tokens_used"] == 0
    assert "escalation_id" not in second["dissent_records"][0].metadata


@given(data=st.data())
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_rank_parties_ignores_the_order_of_positions(
    kit: Any, org: Org, data: st.DataObject
) -> None:
    ids = [a.id for a in org]
    parties = data.draw(st.lists(st.sampled_from(ids), min_size=2, max_size=5, unique=True))
    shuffled = data.draw(st.permutations(parties))
    first = rank_parties(org, kit.conflict(*parties))
    assert rank_parties(org, kit.conflict(*shuffled)) == first
    if first.winner is not None:
        top = max(org.get(a).level for a in parties)
        assert org.get(first.winner).level == top
    else:
        assert first.tied == tuple(sorted(first.tied)) and len(first.tied) >= 2
