"""Graphs survive a checkpointer that hands their models back as dicts, as LangGraph Server does.

The server lends its checkpointer through `graph.copy(update={"checkpointer": ...})`, which
drops the compiled graph's msgpack allowlist; under strict msgpack our models then come back as
plain dicts, and Studio's state editor sends JSON dicts too. A `JsonPlusSerializer` with an
empty allowlist reproduces that in-process.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.pregel import Pregel
from langgraph.types import Command

from langgraph_council.graphs import create_conflict_graph, create_meeting_graph
from langgraph_council.graphs._demo.data import demo_conflict, demo_roster
from langgraph_council.nodes import Contribution, MeetingMinutes
from langgraph_council.nodes._conflicts.state import merge_statements
from langgraph_council.nodes._meetings.models import ParticipantFailure
from langgraph_council.nodes._meetings.state import add_failures, merge_contributions
from langgraph_council.nodes._meetings.transcript import contributions_of
from langgraph_council.nodes._records.conflicts import ConflictResolution, Statement


def _as_the_server_does(graph: Pregel[Any, Any]) -> Pregel[Any, Any]:
    strict_without_allowlist = InMemorySaver(serde=JsonPlusSerializer(allowed_msgpack_modules=None))
    return graph.copy(update={"checkpointer": strict_without_allowlist})


def _contribution(agent: str, turn: int) -> dict[str, Any]:
    return Contribution(
        agent_id=agent,
        phase="round_robin",
        turn=turn,
        content=f"{agent} speaks",
        input_tokens=3,
        output_tokens=2,
        timestamp=datetime(2026, 1, 1, tzinfo=UTC),
    ).model_dump(mode="json")


def test_reducers_validate_json_dicts_back_into_models() -> None:
    merged = merge_contributions(
        [_contribution("b", 1)], [[_contribution("a", 2)], _contribution("c", 0)]
    )
    assert [(c.agent_id, c.turn) for c in merged] == [("c", 0), ("b", 1), ("a", 2)]
    assert all(isinstance(c, Contribution) for c in merged)
    failed = add_failures([], [{"agent_id": "a", "phase": "input", "error": "boom"}])
    assert failed == [ParticipantFailure(agent_id="a", phase="input", error="boom")]
    said = merge_statements(
        [{"agent_id": "b", "kind": "argument", "round": 0, "content": "x"}],
        [Statement(agent_id="a", kind="argument", round=0, content="y")],
    )
    assert [s.agent_id for s in said] == ["a", "b"]


def test_meeting_state_and_history_read_back_when_models_come_back_as_dicts() -> None:
    graph = _as_the_server_does(create_meeting_graph(demo_roster(), protocol="round_robin"))
    config: RunnableConfig = {"configurable": {"thread_id": "t-meeting"}}
    out = graph.invoke(
        {
            "agenda": {"title": "REST or GraphQL?"},
            "leader_id": "cto",
            "participant_ids": ["backend_lead", "frontend_lead"],
            "token_budget": 20_000,
        },
        config,
        context={"round_robin": {"max_turns_per_agent": 1}},
    )
    minutes: MeetingMinutes = out["minutes"]
    state = graph.get_state(config)
    # the contributions read back as models: a turn's from its message, the one stored copy of
    # its words (state version 4), the summary's from the contributions channel; the minutes
    # name the message too
    texts = {m.id: m.content for m in state.values["messages"]}
    kept = contributions_of(state.values)
    words = [{"content": c.content or texts[c.content_ref]} for c in kept]
    assert [c.model_copy(update=w) for c, w in zip(kept, words, strict=True)] == list(
        minutes.contributions
    )
    history = list(graph.get_state_history(config))
    assert len(contributions_of(history[0].values)) == 3 and len(history) >= 5


def test_a_human_escalation_resumes_when_models_come_back_as_dicts() -> None:
    roster = demo_roster()
    graph = _as_the_server_does(create_conflict_graph(roster.org, roster))
    config: RunnableConfig = {"configurable": {"thread_id": "t-human"}}
    graph.invoke({"conflict": demo_conflict()}, config, context={"strategy": "human"})
    assert graph.get_state(config).next == ("await_human",)

    out = graph.invoke(
        Command(
            resume={
                "decision": "winner",
                "winning_agent_id": "frontend_lead",
                "reasoning": "Mobile is where the users are.",
                "decided_by": "human:test",
            }
        ),
        config,
        context={"strategy": "human"},
    )
    resolution = out["resolution"]
    assert isinstance(resolution, ConflictResolution)
    assert (
        resolution.outcome == "resolved_by_human" and resolution.winning_agent_id == "frontend_lead"
    )
    assert sorted(d.dissenting_agent_id for d in out["dissent_records"]) == [
        "backend_lead",
        "ui_dev",
    ]
