"""Only the agenda is required: participants, leader and budget have defaults a user can see."""

from __future__ import annotations

import pytest

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel


def _roster(org: Org) -> Roster:
    return Roster(org, default_model=ScriptedChatModel(lambda _: "Ship REST first."))


def test_the_leader_defaults_to_the_first_resolved_participant(org: Org) -> None:
    graph = create_meeting_graph(_roster(org), protocol="round_robin")
    out = graph.invoke(
        {"agenda": "API", "participant_ids": ["@backend_dev", "ui_dev"], "token_budget": 9000},
        context={"round_robin": {"max_turns_per_agent": 1}},
    )  # fmt: skip
    minutes = out["minutes"]
    backend = [a.id for a in org.with_role("backend_dev") if a.active]
    assert minutes.leader_id == backend[0]
    assert list(minutes.participant_ids) == [*backend[1:], "ui_dev"]
    assert minutes.status == "completed"


def test_an_agenda_alone_starts_a_meeting_of_every_agent_on_the_configured_budget(org: Org) -> None:
    active = [a.id for a in org if a.active][:5]
    small = Roster(org, models={a: ScriptedChatModel(lambda _: "Agreed.") for a in active})
    out = create_meeting_graph(small, protocol="round_robin").invoke(
        {"agenda": "API style"},
        context={"round_robin": {"max_turns_per_agent": 1}, "token_budget": 7000},
    )
    minutes = out["minutes"]
    assert (minutes.leader_id, *minutes.participant_ids) == tuple(active)
    assert minutes.token_budget == 7000


def test_without_a_leader_one_participant_is_not_a_meeting(org: Org) -> None:
    agent = next(a.id for a in org if a.active)
    graph = create_meeting_graph(_roster(org), protocol="round_robin")
    with pytest.raises(ValueError, match=r"leader_id: none given.*fewer than two"):
        graph.invoke({"agenda": "API style", "participant_ids": [agent]})
