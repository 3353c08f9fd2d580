"""Bad input is refused before any agent is called, naming the field and the fix."""

from __future__ import annotations

import logging

import pytest

from langgraph_council.graphs import (
    build_meeting_graph,
    create_meeting_graph,
    register_meeting_protocol,
)
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel


@pytest.mark.parametrize("protocol", ["round_robin", "position_papers", "structured_phases"])
@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        ({"participant_ids": []}, ValueError, "participant_ids: at least one"),
        ({"participant_ids": ["senior_dev", "senior_dev"]}, ValueError, "listed twice"),
        ({"participant_ids": ["senior_dev", "cto"]}, ValueError, "leader_id: 'cto' is also among"),
        ({"participant_ids": ["senior_dev", "ghost"]}, ValueError, "participant_ids: 'ghost'"),
        ({"leader_id": "ghost"}, ValueError, "leader_id: 'ghost'"),
        ({"token_budget": 0}, ValueError, "token_budget: must be > 0"),
        ({"token_budget": -5}, ValueError, "token_budget"),
        ({"token_budget": "100"}, TypeError, "token_budget"),
        ({"agenda": 42}, TypeError, "agenda"),
        ({"participant_ids": ["Tariq"]}, ValueError, "leader_id: 'cto' is also among"),
    ],
)
def test_bad_input_fails_before_any_model_call(
    make_roster, meeting_input, protocol, change, error, match
) -> None:
    roster, model = make_roster({})
    graph = create_meeting_graph(roster, protocol=protocol)
    with pytest.raises(error, match=match):
        graph.invoke({**meeting_input(), **change})
    assert model.calls == []


def test_more_than_eight_participants_are_refused() -> None:
    agents = [
        AgentProfile(id=f"a{i}", name=f"A{i}", role="dev", department="eng", level="mid")
        for i in range(10)
    ]
    model = ScriptedChatModel([])
    graph = create_meeting_graph(
        Roster(Org(agents), default_model=model), protocol="position_papers"
    )
    inp = {
        "agenda": "x",
        "leader_id": "a0",
        "participant_ids": [f"a{i}" for i in range(1, 10)],
        "token_budget": 10_000,
    }
    with pytest.raises(ValueError, match="more than 8"):
        graph.invoke(inp)
    with pytest.raises(ValueError, match="more than 5"):
        graph.invoke(inp, context={"max_participants": 5})
    assert model.calls == []


def test_references_resolve_by_name_role_department_and_dedupe(
    make_roster, meeting_input, caplog
) -> None:
    script = {
        a: ["ok"]
        for a in [
            "senior_dev",
            "junior_dev",
            "ui_dev",
            "frontend_lead",
            "qa_engineer",
            "backend_lead",
        ]
    }
    roster, _ = make_roster(script | {"cto": ["Decisions:\n- ok"]})
    refs = ["Sam", "@backend_dev", "department:frontend", "qa_engineer", "backend_lead"]
    graph = create_meeting_graph(roster, protocol="position_papers")
    with caplog.at_level(logging.WARNING):
        minutes = graph.invoke(meeting_input(refs))["minutes"]
    assert minutes.participant_ids == (
        "senior_dev",
        "junior_dev",
        "frontend_lead",
        "ui_dev",
        "qa_engineer",
        "backend_lead",
    )
    assert "6 participants" in caplog.text


def test_unknown_protocol_and_bad_roster_fail_at_build_time(make_roster) -> None:
    roster, _ = make_roster({})
    with pytest.raises(ValueError, match="protocol 'nope' is not registered"):
        build_meeting_graph(roster, protocol="nope")
    with pytest.raises(TypeError, match="roster must be a Roster"):
        build_meeting_graph(object())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="snake_case"):
        register_meeting_protocol("Bad Name", lambda g, r: None)


def test_bad_context_names_the_field(make_roster, meeting_input) -> None:
    roster, model = make_roster({})
    graph = create_meeting_graph(roster, protocol="round_robin")
    with pytest.raises(ValueError, match="max_turns_per_agent"):
        graph.invoke(meeting_input(), context={"round_robin": {"max_turns_per_agent": 0}})
    assert model.calls == []


def test_custom_protocol_registers_and_runs(make_roster, meeting_input) -> None:
    from langgraph_council.graphs._meeting_protocols import build_round_robin

    def quick(org, roster: Roster, config):
        return build_round_robin(org, roster, config)

    register_meeting_protocol("quick_round", quick)
    roster, _ = make_roster({"senior_dev": ["hi"], "cto": ["Decisions:\n- done"]})
    graph = create_meeting_graph(roster, protocol="quick_round")
    minutes = graph.invoke(
        meeting_input(["senior_dev"]), context={"round_robin": {"max_turns_per_agent": 1}}
    )["minutes"]
    assert minutes.protocol == "quick_round" and minutes.decisions == ("done",)


@pytest.mark.parametrize(
    ("ctx", "match"),
    [
        ({"structured_phases": {"strategic_lenses": {"ghost": "cost"}}}, "strategic_lenses"),
        ({"structured_phases": {"devils_advocate_agent": "ghost"}}, "devils_advocate_agent"),
        ({"structured_phases": {"conflict_judge": "ghost"}}, "conflict_judge"),
        ({"structured_phases": {"conflict_detector": "vibes"}}, "conflict_detector"),
    ],
)
def test_bad_structured_phase_settings_fail_before_any_call(
    make_roster, meeting_input, ctx, match
) -> None:
    roster, model = make_roster({})
    with pytest.raises(ValueError, match=match):
        create_meeting_graph(roster).invoke(meeting_input(), context=ctx)
    assert model.calls == []


def test_group_references_leave_out_the_leader(make_roster) -> None:
    from langgraph_council.nodes._meetings.participants import validate_meeting_input

    roster, _model = make_roster({})
    base = {"agenda": "Plan", "token_budget": 1000}
    team = validate_meeting_input(
        roster, {**base, "leader_id": "backend_lead", "participant_ids": ["department:backend"]}
    )
    assert team.participant_ids == ["senior_dev", "junior_dev"]
    everyone = validate_meeting_input(
        roster, {**base, "leader_id": "cto", "participant_ids": ["all"]}
    )
    assert "cto" not in everyone.participant_ids and len(everyone.participant_ids) == 8
