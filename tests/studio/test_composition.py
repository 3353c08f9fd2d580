"""Council graphs inside one parent graph, with little glue and one shared run context."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph
from langgraph.types import Command

from langgraph_council.checkpoints import council_serde
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    CoordinationConfig,
    MeetingProtocolConfig,
    create_conflict_graph,
    create_coordination_graph,
    create_meeting_graph,
)
from langgraph_council.graphs._demo.data import demo_agenda, demo_roster
from langgraph_council.nodes import (
    Conflict,
    ConflictKeys,
    CoordinationKeys,
    MeetingAgenda,
    MeetingKeys,
    MeetingMinutes,
    Org,
    SubtaskRun,
    Task,
)
from langgraph_council.nodes._conflicts.state import ConflictContext
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._delegation.state import DelegationContext
from langgraph_council.nodes._meetings.models import DetectedConflict, MinorityReport, Position
from langgraph_council.nodes._meetings.state import MeetingContext
from langgraph_council.nodes._pipeline.state import CoordinationContext

START_AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MEETING = {
    "agenda": demo_agenda(),
    "leader_id": "cto",
    "participant_ids": ["backend_lead", "frontend_lead", "qa_head"],
    "token_budget": 30_000,
}


def _minutes(*positions: Position, **extra: Any) -> MeetingMinutes:
    fields: dict[str, Any] = {
        "meeting_id": "mtg-1",
        "protocol": "position_papers",
        "status": "completed",
        "leader_id": "cto",
        "participant_ids": tuple(p.agent_id for p in positions),
        "agenda": MeetingAgenda(title="Release plan"),
        "positions": positions,
        "token_budget": 1000,
        "total_input_tokens": 0,
        "total_output_tokens": 0,
        "started_at": START_AT,
        "ended_at": START_AT + timedelta(minutes=5),
    }
    return MeetingMinutes(**(fields | extra))


def _turns(minutes: MeetingMinutes) -> int:
    return sum(1 for c in minutes.contributions if c.phase == "round_robin")


class AppState(MeetingKeys, ConflictKeys):
    note: str


def test_from_minutes_takes_positions_from_the_minutes_and_ranks_from_the_org(org: Org) -> None:
    minutes = _minutes(
        Position(
            agent_id="senior_dev", claim="Ship Friday", confidence=0.8, evidence=("CI green",)
        ),
        Position(agent_id="ui_dev", claim="Wait a week", evidence=("design review",)),
        minority_reports=(
            MinorityReport(
                claim="Wait a week",
                agent_ids=("ui_dev",),
                evidence=("design review",),
                evidence_weight=1.0,
                supporters=1,
            ),
        ),
    )
    conflict = Conflict.from_minutes(minutes, org, type="priority")
    assert (conflict.id, conflict.type, conflict.subject) == (
        "mtg-1-conflict",
        "priority",
        "Release plan",
    )
    senior, ui = conflict.positions
    assert (senior.agent_department, senior.agent_level, senior.position) == (
        "backend",
        "senior",
        "Ship Friday",
    )
    assert (ui.agent_department, ui.agent_level, ui.evidence) == (
        "frontend",
        "mid",
        ("design review",),
    )
    assert "confidence 0.80" in senior.reasoning and "CI green" in senior.reasoning
    assert conflict.detected_at == minutes.ended_at


def test_from_minutes_keeps_to_the_detected_conflict_or_the_parties_asked_for(org: Org) -> None:
    minutes = _minutes(
        Position(agent_id="senior_dev", claim="Postgres"),
        Position(agent_id="junior_dev", claim="Postgres"),
        Position(agent_id="ui_dev", claim="MongoDB"),
        conflicts=(DetectedConflict(agent_ids=("ui_dev", "senior_dev"), detector="keyword"),),
    )
    assert Conflict.from_minutes(minutes, org).agent_ids == ("ui_dev", "senior_dev")
    chosen = Conflict.from_minutes(minutes, org, parties=["junior_dev", "ui_dev"])
    assert chosen.agent_ids == ("junior_dev", "ui_dev")


def test_from_minutes_names_what_is_missing(org: Org) -> None:
    agreed = _minutes(
        Position(agent_id="senior_dev", claim="Ship"), Position(agent_id="ui_dev", claim="ship ")
    )
    with pytest.raises(ValueError, match="records no disagreement"):
        Conflict.from_minutes(agreed, org)
    with pytest.raises(ValueError, match=r"parties \['qa_head'\] have no position"):
        Conflict.from_minutes(agreed, org, parties=["senior_dev", "qa_head"])
    stranger = _minutes(
        Position(agent_id="senior_dev", claim="A"), Position(agent_id="zed", claim="B")
    )
    with pytest.raises(ValueError, match="'zed', who is not in the org"):
        Conflict.from_minutes(stranger, org)


def test_meeting_config_is_a_build_time_default_that_a_run_context_replaces() -> None:
    roster = demo_roster()
    short = create_meeting_graph(
        roster, protocol="round_robin", config={"round_robin": {"max_turns_per_agent": 1}}
    )
    assert _turns(short.invoke(MEETING)["minutes"]) == 3
    longer = short.invoke(MEETING, context={"round_robin": {"max_turns_per_agent": 2}})
    assert _turns(longer["minutes"]) == 6
    assert (
        _turns(create_meeting_graph(roster, protocol="round_robin").invoke(MEETING)["minutes"]) == 6
    )
    with pytest.raises(ValueError, match="max_turns_per_agent"):
        create_meeting_graph(roster, config={"round_robin": {"max_turns_per_agent": 0}})


def test_both_families_keep_their_build_time_config_inside_one_parent() -> None:
    roster = demo_roster()
    app = StateGraph(AppState)
    meeting = create_meeting_graph(
        roster, protocol="round_robin", config={"round_robin": {"max_turns_per_agent": 1}}
    )
    app.add_node("meeting", meeting)
    app.add_node("open", lambda s: {"conflict": Conflict.from_minutes(s["minutes"], roster.org)})
    human = ConflictResolutionConfig(strategy="human")
    app.add_node("conflict", create_conflict_graph(roster.org, roster, config=human))
    app.add_edge(START, "meeting")
    app.add_edge("meeting", "open")
    app.add_edge("open", "conflict")
    graph = app.compile(checkpointer=InMemorySaver(serde=council_serde()))
    run: RunnableConfig = {"configurable": {"thread_id": "parent-1"}}

    paused = graph.invoke({**MEETING, "note": "kept"}, run)
    assert _turns(paused["minutes"]) == 3 and paused["note"] == "kept"
    (question,) = paused["__interrupt__"]
    assert question.value["party_ids"] == ["backend_lead", "frontend_lead", "qa_head"]
    answer = {
        "decision": "reject",
        "reasoning": "Neither; measure first.",
        "decided_by": "human:lead",
    }
    done = graph.invoke(Command(resume=answer), run)
    assert done["resolution"].outcome == "rejected_by_human"
    assert len(done["dissent_records"]) == 3  # one per position when nobody wins
    assert set(done) == {
        *MEETING,
        *("note", "minutes", "conflict", "resolution", "dissent_records", "messages"),
    }
    # One conversation in the parent: the meeting's contributions and its closing message,
    # then the ruling (the human's rejection), each once though the conflict's node ran again.
    said = [m.name for m in done["messages"]]
    assert said == [*(c.agent_id for c in done["minutes"].contributions), "council", "council"]
    assert done["messages"][-1].response_metadata["decided_by"] == "human:lead"
    assert len({m.id for m in done["messages"]}) == len(said)


def test_namespaced_run_contexts_coexist_in_one_parent() -> None:
    graph = _meeting_then_conflict()
    context = {
        "meeting": {"round_robin": {"max_turns_per_agent": 1}},
        "conflict": {"strategy": "human"},
    }
    run: RunnableConfig = {"configurable": {"thread_id": "parent-2"}}
    paused = graph.invoke(MEETING, run, context=context)
    assert _turns(paused["minutes"]) == 3 and paused["__interrupt__"]


def test_minutes_conflicts_and_resolutions_render_as_escaped_tables(org: Org) -> None:
    minutes = _minutes(
        Position(agent_id="senior_dev", claim="<script>alert(1)</script>"),
        Position(agent_id="ui_dev", claim="Wait a week", evidence=("design review",)),
        decisions=("Ship on Friday",),
    )
    html = minutes._repr_html_()
    assert "<b>Decisions</b>" in html and "<td>Ship on Friday</td>" in html
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert "<td>design review</td>" in Conflict.from_minutes(minutes, org)._repr_html_()
    roster = demo_roster()
    conflict = Conflict.from_minutes(
        create_meeting_graph(roster, protocol="position_papers").invoke(MEETING)["minutes"],
        roster.org,
    )
    resolution = create_conflict_graph(roster.org, roster).invoke({"conflict": conflict})[
        "resolution"
    ]
    table = resolution._repr_html_()
    assert "<td>outcome</td><td>resolved_by_authority</td>" in table
    assert "<td>winner</td><td>qa_head</td>" in table


def _meeting_then_conflict() -> Any:
    roster = demo_roster()
    app = StateGraph(AppState)
    app.add_node("meeting", create_meeting_graph(roster, protocol="round_robin"))
    app.add_node("open", lambda s: {"conflict": Conflict.from_minutes(s["minutes"], roster.org)})
    app.add_node("conflict", create_conflict_graph(roster.org, roster))
    app.add_edge(START, "meeting")
    app.add_edge("meeting", "open")
    app.add_edge("open", "conflict")
    return app.compile(checkpointer=InMemorySaver(serde=council_serde()))


def test_one_flat_run_context_sets_options_for_every_family_in_a_parent() -> None:
    context = {"round_robin": {"max_turns_per_agent": 1}, "strategy": "human"}
    run: RunnableConfig = {"configurable": {"thread_id": "parent-flat"}}
    paused = _meeting_then_conflict().invoke(MEETING, run, context=context)
    assert _turns(paused["minutes"]) == 3 and paused["__interrupt__"]


def test_a_misspelt_flat_key_is_refused_naming_it_and_the_likely_fix() -> None:
    run: RunnableConfig = {"configurable": {"thread_id": "parent-typo"}}
    context = {"round_robin": {"max_turns_per_agent": 1}, "stratgy": "human"}
    with pytest.raises(ValueError, match=r"'stratgy' is not a setting.*did you mean 'strategy'"):
        _meeting_then_conflict().invoke(MEETING, run, context=context)


class Council(MeetingKeys, ConflictKeys, CoordinationKeys):
    """A parent that holds a meeting, settles what it left open, then does its action items."""


class Flaky:
    """An executor whose first call for each subtask fails (a retry succeeds)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def __call__(self, run: SubtaskRun) -> str:
        self.calls.append(run.subtask.id)
        if self.calls.count(run.subtask.id) == 1:
            raise RuntimeError(f"{run.subtask.id}: flaky")
        return f"{run.subtask.title}: done"


def _action_items_as_plan(state: dict[str, Any]) -> dict[str, Any]:
    items = state["minutes"].action_items
    rows = [{"id": f"item-{i}", "title": a.description} for i, a in enumerate(items, 1)]
    return {"task": Task(id="follow-up", title="Meeting follow-up"), "subtasks": rows}


def _council(executor: Flaky) -> Any:
    roster = demo_roster()
    app = StateGraph(Council)
    app.add_node("meeting", create_meeting_graph(roster, protocol="round_robin"))
    app.add_node("open", lambda s: {"conflict": Conflict.from_minutes(s["minutes"], roster.org)})
    app.add_node("conflict", create_conflict_graph(roster.org, roster))
    app.add_node("plan", _action_items_as_plan)
    app.add_node("pipeline", create_coordination_graph(roster.org, executor=executor))
    for a, b in [(START, "meeting"), ("meeting", "open"), ("open", "conflict")]:
        app.add_edge(a, b)
    app.add_edge("conflict", "plan")
    app.add_edge("plan", "pipeline")
    return app.compile(checkpointer=InMemorySaver(serde=council_serde()))


def test_one_flat_context_sets_the_meeting_the_conflict_and_the_pipeline() -> None:
    context = {
        "round_robin": {"max_turns_per_agent": 1},  # meeting
        "strategy": "human",  # conflict
        "max_retries": 0,  # pipeline
        "reassign": False,
        "topology": "sas",
    }
    flaky = Flaky()
    graph = _council(flaky)
    run: RunnableConfig = {"configurable": {"thread_id": "council-flat"}}
    paused = graph.invoke(MEETING, run, context=context)
    assert _turns(paused["minutes"]) == 3  # one turn each, not two
    assert paused["__interrupt__"]  # the conflict waits for a human, not for rank
    answer = {"decision": "reject", "reasoning": "Measure first.", "decided_by": "human:lead"}
    done = graph.invoke(Command(resume=answer), run, context=context)
    assert done["resolution"].outcome == "rejected_by_human"
    result = done["result"]
    assert [s.title for s in result.subtasks] == [
        a.description for a in done["minutes"].action_items
    ]
    assert (result.topology.topology, result.topology.source) == ("sas", "config")
    assert {o.status for w in result.waves for o in w.outcomes} == {"failed"}  # no retry
    assert sorted(flaky.calls) == sorted(s.id for s in result.subtasks)  # each tried once


def test_without_the_context_the_same_parent_runs_on_each_familys_defaults() -> None:
    flaky = Flaky()
    run: RunnableConfig = {"configurable": {"thread_id": "council-defaults"}}
    done = _council(flaky).invoke(MEETING, run)
    assert _turns(done["minutes"]) == 6 and "__interrupt__" not in done
    assert done["resolution"].outcome == "resolved_by_authority"
    assert done["result"].rollup == "completed" and done["result"].topology.source != "config"
    assert len(flaky.calls) == 2 * len(done["result"].subtasks)  # each retried once


@pytest.mark.parametrize(
    ("context", "named"),
    [
        ({"strategy": "human", "max_retires": 0}, r"'max_retires' is not a setting.*did you mean "
         r"'max_retries' \(accepted by coordination\)"),
        ({"meeting": {"strategy": "human"}}, r"context\['meeting'\]\['strategy'\] is not a "
         r"meeting setting; 'strategy' is accepted by conflict"),
        ({"coordination": {"max_retries": 0}, "max_retries": 1}, r"\['max_retries'\] set both"),
    ],
)  # fmt: skip
def test_a_misspelt_or_misplaced_key_is_refused_naming_it(
    context: dict[str, Any], named: str
) -> None:
    flaky = Flaky()
    run: RunnableConfig = {"configurable": {"thread_id": "council-typo"}}
    with pytest.raises(ValueError, match=named):
        _council(flaky).invoke(MEETING, run, context=context)
    assert flaky.calls == []


@pytest.mark.parametrize(
    ("schema", "context", "section"),
    [
        (MeetingProtocolConfig, MeetingContext, "meeting"),
        (ConflictResolutionConfig, ConflictContext, "conflict"),
        (DelegationConfig, DelegationContext, "delegation"),
        (CoordinationConfig, CoordinationContext, "coordination"),
    ],
)
def test_every_context_schema_names_its_section_and_every_flat_key(
    schema: type[Any], context: type[Any], section: str
) -> None:
    # LangGraph Server drops the context keys a graph's schema does not name; `memory` (org
    # memory, issue 35) is a section of its own in every family but delegation.
    memory = set() if section == "delegation" else {"memory"}
    assert set(context.__annotations__) == {section, *memory, *schema.model_fields}
