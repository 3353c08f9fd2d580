"""Conflict models and config: bad input is refused with errors that name the field."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from pydantic import ValidationError

from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import (
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    ConflictResolution,
    HumanDecision,
)
from langgraph_council.nodes._conflicts.human import parse_conflict_decision as parse_decision
from tests.nodes.samples import dissent_record


def test_one_position_is_refused(kit: Any) -> None:
    with pytest.raises(ValidationError, match="at least 2 positions"):
        Conflict(id="c", type="process", subject="s", positions=[kit.position("junior_dev")])


def test_duplicate_agents_are_refused(kit: Any) -> None:
    with pytest.raises(ValidationError, match="agent 'junior_dev' twice"):
        Conflict(
            id="c",
            type="process",
            subject="s",
            positions=[kit.position("junior_dev", "a"), kit.position("junior_dev", "b")],
        )


def test_naive_datetimes_and_unknown_types_are_refused(kit: Any) -> None:
    with pytest.raises(ValidationError, match="timezone"):
        kit.position("junior_dev", timestamp=datetime(2026, 1, 1))
    with pytest.raises(ValidationError, match="type"):
        kit.conflict("junior_dev", "senior_dev", kind="gossip")


def test_cross_department_is_computed(kit: Any) -> None:
    assert not kit.conflict("junior_dev", "senior_dev").is_cross_department
    assert kit.conflict("backend_lead", "frontend_lead").is_cross_department


def test_winner_fields_are_set_iff_a_winner_exists() -> None:
    with pytest.raises(ValidationError, match="needs winning_agent_id"):
        ConflictResolution(
            conflict_id="c", outcome="resolved_by_debate", decided_by="x", reasoning="r"
        )
    with pytest.raises(ValidationError, match="has no winner"):
        ConflictResolution(
            conflict_id="c",
            outcome=ConflictOutcome.ESCALATED_TO_HUMAN,
            winning_agent_id="a",
            winning_position="p",
            decided_by="system:timeout",
            reasoning="r",
        )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("junior_dev", "must be a mapping"),
        ({"decision": "winner", "reasoning": "r", "decided_by": "human:a"}, "winning_agent_id"),
        (
            {
                "decision": "winner",
                "winning_agent_id": "junior_dev",
                "reasoning": "r",
                "decided_by": "ann",
            },
            "human:<who>",
        ),
        (
            {
                "decision": "winner",
                "winning_agent_id": "ceo",
                "reasoning": "r",
                "decided_by": "human:a",
            },
            "not a party",
        ),
        ({"decision": "maybe", "reasoning": "r", "decided_by": "human:a"}, "decision"),
    ],
)
def test_malformed_decisions_are_explained(kit: Any, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_decision(value, kit.conflict("junior_dev", "senior_dev"))


def test_a_valid_decision_parses(kit: Any) -> None:
    decision = parse_decision(kit.decide_junior, kit.conflict("junior_dev", "senior_dev"))
    assert decision == HumanDecision(**kit.decide_junior)


def test_strategy_choice_type_beats_department_beats_default(kit: Any) -> None:
    config = ConflictResolutionConfig(
        strategy="debate",
        by_conflict_type={"priority": "human"},
        by_department={"backend": "hybrid"},
    )
    assert config.strategy_for(kit.conflict("junior_dev", "senior_dev", kind="priority")) == "human"
    assert config.strategy_for(kit.conflict("junior_dev", "senior_dev")) == "hybrid"
    assert config.strategy_for(kit.conflict("backend_lead", "frontend_lead")) == "debate"


def test_bad_config_is_refused_at_build_time(org: Any) -> None:
    with pytest.raises(ValueError, match="unregistered strategies \\['coin_flip'\\]"):
        create_conflict_graph(org, config=ConflictResolutionConfig(strategy="coin_flip"))
    with pytest.raises(ValueError, match=r"config\.debate\.judge 'nobody'"):
        create_conflict_graph(org, config=ConflictResolutionConfig(debate={"judge": "nobody"}))
    with pytest.raises(ValidationError, match="min_confidence"):
        ConflictResolutionConfig(hybrid={"min_confidence": 1.5})
    with pytest.raises(TypeError, match="org must be an Org"):
        create_conflict_graph("org.yaml")  # type: ignore[arg-type]


def test_unknown_agent_and_stale_level_fail_before_any_call(kit: Any, org: Any) -> None:
    graph = create_conflict_graph(org)
    stranger = kit.position("junior_dev").model_copy(update={"agent_id": "mallory"})
    bad = Conflict(
        id="c", type="process", subject="s", positions=[stranger, kit.position("senior_dev")]
    )
    with pytest.raises(ValueError, match=r"positions\[0\].agent_id 'mallory' is not an agent"):
        graph.invoke({"conflict": bad})
    stale = ConflictPosition.model_validate(
        {**kit.position("junior_dev").model_dump(), "agent_level": "lead"}
    )
    bad = Conflict(
        id="c", type="process", subject="s", positions=[stale, kit.position("senior_dev")]
    )
    with pytest.raises(ValueError, match="org says 'junior'"):
        graph.invoke({"conflict": bad})


def test_a_dict_input_is_validated_into_a_conflict(kit: Any, org: Any) -> None:
    graph = create_conflict_graph(org)
    data = kit.conflict("junior_dev", "senior_dev").model_dump(mode="json")
    assert graph.invoke({"conflict": data})["resolution"].winning_agent_id == "senior_dev"
    data["positions"] = data["positions"][:1]
    with pytest.raises(ValueError, match="at least 2 positions"):
        graph.invoke({"conflict": data})


def test_a_dissent_record_with_only_the_documented_fields_is_valid() -> None:
    record = dissent_record(evidence=("e",))
    assert record.conflict_type is None and record.timestamp.tzinfo is not None


@pytest.mark.postgres
def test_a_record_without_a_conflict_type_round_trips_through_postgres(pg_db: str) -> None:
    from langgraph_council.checkpoints import PostgresDissentStore

    record = dissent_record()
    with PostgresDissentStore.from_conn_string(pg_db) as store:
        store.put_many([record])
        assert store.list(agent_id="a") == [record]
        assert store.list(agent_id="a", conflict_type="architecture") == []
