"""A roster without an org file: agent names mapped to models, profiles optional."""

from __future__ import annotations

import pytest

from langgraph_council.graphs import create_conflict_graph, create_meeting_graph
from langgraph_council.nodes import (
    AgentProfile,
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    Org,
    OrgError,
    Roster,
    SeniorityLevel,
)
from langgraph_council.nodes.testing import ScriptedChatModel


def test_a_mapping_of_names_is_one_team_led_by_the_first() -> None:
    model = ScriptedChatModel(["hi"])
    roster = Roster({"ana": model, "ben": model, "cy": model})
    ana, ben, cy = roster.org
    assert (ana.id, ana.level, ana.manager_id) == ("ana", SeniorityLevel.LEAD, None)
    assert (ben.manager_id, cy.manager_id) == ("ana", "ana")
    assert ben.level is SeniorityLevel.MID and ben.department == ana.department
    assert roster.model_for("cy") is model and roster.call("ben", "Say hi").content == "hi"


def test_profiles_override_any_field_of_the_defaults() -> None:
    model = ScriptedChatModel(["x"])
    roster = Roster(
        {"ana": model, "ben": model},
        profiles={"ben": {"role": "dba", "level": "senior", "primary_skills": ["sql"]}},
    )
    ben = roster.org.get("ben")
    assert (ben.role, ben.level, ben.primary_skills, ben.manager_id) == (
        "dba",
        SeniorityLevel.SENIOR,
        ("sql",),
        "ana",
    )
    assert "dba in the team department" in roster.system_prompt("ben")


def test_mistakes_name_the_fix(org: Org) -> None:
    model = ScriptedChatModel(["x"])
    with pytest.raises(OrgError, match=r"profiles given for \['bob'\].*key profiles by"):
        Roster({"ana": model}, profiles={"bob": {"role": "dba"}})
    with pytest.raises(OrgError, match=r"\(id 'ana'\): level: Input should be 'junior'"):
        Roster({"ana": model}, profiles={"ana": {"level": "boss"}})
    with pytest.raises(OrgError, match="has id 'x'"):
        Roster({"ana": model}, profiles={"ana": AgentProfile.model_validate(_row("x"))})
    with pytest.raises(ValueError, match="pass the models once"):
        Roster({"ana": model}, {"ana": model})
    with pytest.raises(ValueError, match="profiles= is for a roster given as"):
        Roster(org, default_model=model, profiles={"cto": {"role": "x"}})
    with pytest.raises(TypeError, match="roster entry 'ana' is a str"):
        Roster({"ana": "gpt-4o"})  # type: ignore[dict-item]
    with pytest.raises(OrgError, match="at least one agent"):
        Roster({})


def _row(agent_id: str) -> dict[str, str]:
    return {"id": agent_id, "name": agent_id, "role": "r", "department": "d", "level": "mid"}


def test_every_factory_takes_a_roster_of_the_mapping() -> None:
    stance = {"ben": "Use Postgres", "cy": "Use MySQL"}
    model = ScriptedChatModel(lambda call: f"Position: {stance.get(call.agent_id, 'Either')}")
    agents = {"ana": model, "ben": model, "cy": model}
    team = Roster(agents)
    minutes = create_meeting_graph(team, protocol="position_papers").invoke({"agenda": "DB?"})[
        "minutes"
    ]
    assert minutes.leader_id == "ana" and set(minutes.participant_ids) == {"ben", "cy"}
    conflict = Conflict(
        id="db",
        type="architecture",
        subject="Which database?",
        positions=tuple(
            ConflictPosition(
                agent_id=a,
                agent_department="team",
                agent_level=SeniorityLevel.SENIOR if a == "cy" else SeniorityLevel.MID,
                position=stance[a],
                reasoning="measured",
            )
            for a in ("ben", "cy")
        ),
    )
    profiles = {"cy": {"level": "senior"}}
    ranked = Roster(agents, profiles=profiles)
    graph = create_conflict_graph(ranked.org, ranked)
    resolution = graph.invoke({"conflict": conflict})["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_AUTHORITY
    assert resolution.winning_agent_id == "cy"
    with pytest.raises(TypeError, match="positional argument"):
        create_meeting_graph(agents, Roster(agents))  # type: ignore[arg-type, misc]
    with pytest.warns(DeprecationWarning, match=r"Roster\(\{'name': model"):
        create_meeting_graph(agents)  # type: ignore[arg-type]
