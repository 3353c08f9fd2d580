"""Participant resolution as a property."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._meetings.participants import resolve_participants
from langgraph_council.nodes.testing import ScriptedChatModel

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
