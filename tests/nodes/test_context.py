"""The run-context accessor: namespaced sections, the flat form, merged over the build config."""

from __future__ import annotations

from typing import Any

import pytest

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    MeetingProtocolConfig,
    create_conflict_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Conflict, ConflictOutcome, ConflictPosition, Org, Roster
from langgraph_council.nodes._context import merge_context
from langgraph_council.nodes.testing import ScriptedChatModel

BUILT = ConflictResolutionConfig(
    strategy="debate", debate={"judge": "ceo", "rebuttal_round": False}
)


def conflict_config(value: object) -> ConflictResolutionConfig:
    return merge_context(value, "conflict", ConflictResolutionConfig, BUILT)


@pytest.mark.parametrize("value", [None, {}, {"meeting": {"quorum": 0.9}}, {"conflict": None}])
def test_nothing_for_this_family_keeps_the_build_time_config(value: object) -> None:
    assert conflict_config(value) is BUILT


def test_a_config_instance_is_used_as_is() -> None:
    given = ConflictResolutionConfig(strategy="human")
    assert conflict_config(given) is given
    assert conflict_config({"conflict": given}) is given


@pytest.mark.parametrize(
    "value",
    [
        {"debate": {"max_argument_tokens": 99}},
        {"conflict": {"debate": {"max_argument_tokens": 99}}, "meeting": {"quorum": 0.9}},
        {"debate": {"max_argument_tokens": 99}, "delegation": {"max_handoffs": 1}},
    ],
    ids=["flat", "namespaced", "flat-with-other-sections"],
)
def test_the_run_context_is_merged_over_the_build_time_config(value: dict[str, Any]) -> None:
    merged = conflict_config(value)
    assert merged.debate.max_argument_tokens == 99
    assert merged.strategy == "debate"  # from the build-time config
    assert (merged.debate.judge, merged.debate.rebuttal_round) == ("ceo", False)  # merged nested


def test_errors_name_the_section_and_the_field() -> None:
    with pytest.raises(ValueError, match=r"context\['conflict'\]\.debate\.max_argument_tokens"):
        conflict_config({"conflict": {"debate": {"max_argument_tokens": 0}}})
    with pytest.raises(ValueError, match=r"'stratgy' is not a setting.*did you mean 'strategy'"):
        conflict_config({"stratgy": "human"})
    # another family's flat key is skipped, not refused (a parent's context is shared)
    assert conflict_config({"round_robin": {"max_turns_per_agent": 1}}).strategy == "debate"
    with pytest.raises(
        TypeError, match=r"context\['conflict'\] must be a ConflictResolutionConfig"
    ):
        conflict_config({"conflict": "human"})
    with pytest.raises(TypeError, match="must be a ConflictResolutionConfig or a dict"):
        conflict_config(["human"])


def test_a_context_changed_in_place_is_read_again() -> None:
    value: dict[str, Any] = {"debate": {"max_argument_tokens": 99}}
    assert conflict_config(value).debate.max_argument_tokens == 99
    value["debate"]["max_argument_tokens"] = 77
    assert conflict_config(value).debate.max_argument_tokens == 77


def _meeting_input() -> dict[str, Any]:
    return {
        "agenda": "Pick the queue",
        "leader_id": "cto",
        "participant_ids": ["senior_dev"],
        "token_budget": 20_000,
    }


def _conflict(org: Org) -> Conflict:
    def position(agent: str) -> ConflictPosition:
        profile = org.get(agent)
        return ConflictPosition(
            agent_id=agent,
            agent_department=profile.department,
            agent_level=profile.level,
            position=f"{agent}'s plan",
            reasoning="measured",
        )

    return Conflict(
        id="c1",
        type="architecture",
        subject="Queue or cron?",
        positions=(position("junior_dev"), position("senior_dev")),
    )


def test_one_namespaced_context_serves_both_families(org: Org) -> None:
    context = {
        "meeting": {"round_robin": {"max_turns_per_agent": 1, "leader_summarizes": False}},
        "conflict": {"strategy": "debate", "debate": {"rebuttal_round": False}},
    }
    verdict = {"winning_agent_id": "junior_dev", "confidence": 0.9, "reasoning": "simpler"}
    model = ScriptedChatModel(
        {"senior_dev": ["turn one", "argues"], "junior_dev": ["argues"], "backend_lead": [verdict]}
    )
    roster = Roster(org, default_model=model)
    minutes = create_meeting_graph(roster, protocol="round_robin").invoke(
        _meeting_input(), context=context
    )["minutes"]
    assert [c.content for c in minutes.contributions] == ["turn one"]  # one turn, no summary
    out = create_conflict_graph(org, roster).invoke({"conflict": _conflict(org)}, context=context)
    assert out["resolution"].outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert len(model.calls) == 1 + 3  # the meeting's turn; two arguments and the judge


def test_a_meeting_config_instance_still_works_as_the_context(org: Org) -> None:
    model = ScriptedChatModel({"senior_dev": ["only turn"]})
    config = MeetingProtocolConfig(
        round_robin={"max_turns_per_agent": 1, "leader_summarizes": False}
    )
    graph = create_meeting_graph(Roster(org, default_model=model), protocol="round_robin")
    minutes = graph.invoke(_meeting_input(), context=config)["minutes"]
    assert [c.content for c in minutes.contributions] == ["only turn"]
