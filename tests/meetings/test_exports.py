"""The public names outside code imports, and participant resolution as a property."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import langgraph_council.graphs as graphs
import langgraph_council.guards as guards
import langgraph_council.nodes as nodes
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._meetings.participants import resolve_participants
from langgraph_council.nodes.testing import ScriptedChatModel


def test_public_meeting_names_are_exported() -> None:
    for name in (
        "build_meeting_graph",
        "create_meeting_graph",
        "MeetingProtocolConfig",
        "register_meeting_protocol",
    ):
        assert name in graphs.__all__ and hasattr(graphs, name)
    for name in ("MeetingAgenda", "MeetingMinutes", "ActionItem", "MinorityReport"):
        assert name in nodes.__all__ and hasattr(nodes, name)
    for name in ("TokenBudget", "detect_authority_cues"):
        assert name in guards.__all__
    for module in (graphs, nodes, guards):
        assert list(module.__all__) == sorted(module.__all__)


ORG_YAML = Path(__file__).parents[1] / "data" / "org.yaml"
ROSTER = Roster(Org.load(ORG_YAML), default_model=ScriptedChatModel([]))
REFS = (
    [a.id for a in ROSTER.org]
    + [a.name for a in ROSTER.org]
    + [
        "@backend_dev",
        "department:qa",
        "all",
    ]
)


@given(st.lists(st.sampled_from(REFS), min_size=1, max_size=8))
def test_resolution_dedupes_and_keeps_first_occurrence_order(refs) -> None:
    ids = resolve_participants(ROSTER, refs)
    assert len(ids) == len(set(ids)) and set(ids) <= {a.id for a in ROSTER.org}
    for ref in refs:
        first = resolve_participants(ROSTER, [ref])
        assert all(i in ids for i in first)
    assert ids[: len(resolve_participants(ROSTER, refs[:1]))] == resolve_participants(
        ROSTER, refs[:1]
    )
