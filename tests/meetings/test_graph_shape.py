"""Graph shapes: mermaid snapshots, and every transition a run takes is a drawn edge."""

from __future__ import annotations

import itertools

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import CouncilStores, InMemoryMeetingRecordStore
from langgraph_council.graphs import build_meeting_graph, create_meeting_graph

PROTOCOLS = ["round_robin", "position_papers", "structured_phases", "selector"]


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_mermaid_snapshot(make_roster, protocol, snapshot) -> None:
    roster, _ = make_roster({})
    graph = create_meeting_graph(roster, protocol=protocol)
    assert graph.get_graph().draw_mermaid(with_styles=False) == snapshot


def test_optional_task_and_record_nodes_snapshot(make_roster, snapshot) -> None:
    roster, _ = make_roster({})
    builder = build_meeting_graph(
        roster,
        protocol="position_papers",
        task_creator=lambda item, minutes: None,
        stores=CouncilStores(meetings=InMemoryMeetingRecordStore()),
    )
    assert builder.compile().get_graph().draw_mermaid(with_styles=False) == snapshot


def _edges(graph) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in graph.get_graph().edges}


def _assert_run_follows_drawn_edges(graph, inp, ctx=None) -> None:
    config = {"configurable": {"thread_id": "shape"}}
    graph.invoke(inp, config, context=ctx)
    steps = [s.next for s in reversed(list(graph.get_state_history(config))) if s.next]
    steps = [*steps, ("__end__",)]
    drawn = _edges(graph)
    for before, after in itertools.pairwise(steps):
        for node in set(after):
            assert any((a, node) in drawn for a in before), (before, node, sorted(drawn))


def test_runs_only_take_drawn_edges(make_roster, meeting_input, position) -> None:
    conflict = {
        "senior_dev": [position("Use Postgres", "pgbench"), "rebut", "- risk one"],
        "junior_dev": [position("Use MongoDB", "churn"), "rebut", "- risk two"],
        "cto": ["Decisions:\n- Use Postgres"],
    }
    same = position("Use Postgres", "pgbench")
    consensus = {"senior_dev": [same], "junior_dev": [same], "cto": ["risks", "Decisions:\n- ok"]}
    two = ["senior_dev", "junior_dev"]
    premortem = {"structured_phases": {"premortem": True}}
    for protocol, script, ctx in [
        ("structured_phases", conflict, premortem),
        ("structured_phases", consensus, None),
        ("round_robin", {"senior_dev": ["a", "b"], "junior_dev": ["c", "d"], "cto": ["ok"]}, None),
        ("position_papers", {"senior_dev": ["a"], "junior_dev": ["b"], "cto": ["ok"]}, None),
    ]:
        roster, _ = make_roster(script)
        graph = create_meeting_graph(roster, protocol=protocol, checkpointer=InMemorySaver())
        _assert_run_follows_drawn_edges(graph, meeting_input(two), ctx)
