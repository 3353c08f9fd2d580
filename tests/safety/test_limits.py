"""Issue 14 item 8: limits that validate in Python work on both guard stores or are refused.

Every accepted config runs a check on the in-memory and the Postgres guard store (both fixtures
of `guard_store`); values only one store could take are refused by the model, naming the field.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import ValidationError

from langgraph_council.checkpoints import postgres_checkpointer
from langgraph_council.graphs import ConflictResolutionConfig, create_meeting_graph
from langgraph_council.guards import GuardStateStore, LoopGuard, LoopPreventionConfig
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel

BIG = 2**31

REFUSED = [
    ({"rate_limit": {"max_per_pair_per_minute": BIG}}, "max_per_pair_per_minute"),
    ({"rate_limit": {"burst_allowance": BIG}}, "burst_allowance"),
    ({"rate_limit": {"window_seconds": 1e300}}, "window_seconds"),
    ({"rate_limit": {"window_seconds": 1e-7}}, "window_seconds"),
    ({"circuit_breaker": {"cooldown_seconds": 1e300, "max_cooldown_seconds": 1e300}}, "cooldown"),
    ({"circuit_breaker": {"max_cooldown_seconds": 1e300}}, "max_cooldown_seconds"),
    ({"circuit_breaker": {"bounce_threshold": BIG}}, "bounce_threshold"),
    ({"dedup_window_seconds": 1e300}, "dedup_window_seconds"),
    ({"dedup_window_seconds": math.inf}, "dedup_window_seconds"),
]


@pytest.mark.parametrize(("settings", "field"), REFUSED)
def test_limits_one_store_could_not_take_are_refused_naming_the_field(
    settings: dict[str, Any], field: str
) -> None:
    with pytest.raises(ValidationError, match=field):
        LoopPreventionConfig.model_validate(settings)


ACCEPTED = [
    {
        "rate_limit": {"max_per_pair_per_minute": 1_000_000, "burst_allowance": 1_000_000},
        "circuit_breaker": {"bounce_threshold": 1},
    },
    {
        "rate_limit": {"window_seconds": 315_360_000},
        "circuit_breaker": {
            "bounce_threshold": 1,
            "cooldown_seconds": 315_360_000,
            "max_cooldown_seconds": 315_360_000,
        },
        "dedup_window_seconds": 315_360_000,
    },
    {
        "rate_limit": {"window_seconds": 0.001},
        "circuit_breaker": {"bounce_threshold": 1, "cooldown_seconds": 0.001},
        "dedup_window_seconds": 0.001,
    },
]


@pytest.mark.parametrize("settings", ACCEPTED)
def test_the_extreme_accepted_limits_work_on_both_stores(
    settings: dict[str, Any],
    guard_store: GuardStateStore,
) -> None:
    guard = LoopGuard(LoopPreventionConfig.model_validate(settings), store=guard_store)
    first = guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="t1")
    assert first.passed, first.message
    # b sends t1 straight back: one bounce, which trips a breaker with threshold 1.
    guard.check_and_record(chain=[], delegator="b", delegatee="a", task_id="t1")
    third = guard.check_and_record(chain=[], delegator="a", delegatee="b", task_id="t3")
    if guard.config.circuit_breaker.cooldown_seconds >= 1:  # a 1 ms cooldown may be over
        assert third.mechanism == "circuit_breaker", third.message


def test_a_chain_given_as_a_string_is_refused() -> None:
    with pytest.raises(TypeError, match="chain"):
        LoopGuard().check_and_record(chain="ceo", delegator="cto", delegatee="dev", task_id="t")


@pytest.mark.parametrize("seconds", [math.inf, 1e-7, 1e13, math.nan])
def test_human_timeouts_that_would_crash_after_the_model_calls_are_refused(seconds: float) -> None:
    with pytest.raises(ValidationError, match="timeout_seconds"):
        ConflictResolutionConfig.model_validate({"human": {"timeout_seconds": seconds}})


def _meeting(budget: int) -> dict[str, Any]:
    return {
        "agenda": {"title": "Budget"},
        "leader_id": "cto",
        "participant_ids": ["senior_dev", "junior_dev"],
        "token_budget": budget,
    }


@pytest.mark.parametrize("budget", [2**31, 2**64, 2**80])
def test_a_token_budget_too_big_to_store_names_the_field_before_any_call(
    org: Org, budget: int
) -> None:
    model = ScriptedChatModel([])
    graph = create_meeting_graph(Roster(org, default_model=model), checkpointer=InMemorySaver())
    with pytest.raises(ValueError, match="token_budget"):
        graph.invoke(_meeting(budget), {"configurable": {"thread_id": "b"}})
    assert model.calls == []


@pytest.mark.postgres
def test_a_token_budget_beyond_64_bits_names_the_field_on_postgres(org: Org, pg_db: str) -> None:
    """With sync durability LangGraph saves the input before any node runs: the saver's
    serializer names the field."""
    model = ScriptedChatModel([])
    with postgres_checkpointer(pg_db, setup=False) as saver:
        graph = create_meeting_graph(Roster(org, default_model=model), checkpointer=saver)
        with pytest.raises(ValueError, match="token_budget: 1208925819614629174706176"):
            graph.invoke(_meeting(2**80), {"configurable": {"thread_id": "b"}}, durability="sync")
    assert model.calls == []
