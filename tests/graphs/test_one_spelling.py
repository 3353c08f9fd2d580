"""One spelling: the DESIGN signatures run without a warning; every older spelling still runs
but warns once per call, naming the new spelling, pointed at the caller's line."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    ManualDecomposer,
    MeetingTriggers,
    build_conflict_graph,
    build_coordination_graph,
    build_meeting_graph,
    create_conflict_batch_graph,
    create_conflict_graph,
    create_coordination_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.guards import InMemoryGuardStateStore, LoopPreventionConfig
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.errors import InvalidInputTypeError
from langgraph_council.nodes.testing import ScriptedChatModel

PLAN = ManualDecomposer([{"id": "a", "title": "A"}])


def run(subtask: Any) -> str:
    return "done"


@pytest.fixture
def roster(org: Org) -> Roster:
    return Roster(org, default_model=ScriptedChatModel([]))


@contextmanager
def one_warning(*fragments: str) -> Iterator[None]:
    """Exactly one DeprecationWarning, naming every fragment, attributed to this file."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    found = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len(found) == 1, [str(w.message) for w in caught]
    message = str(found[0].message)
    for fragment in fragments:
        assert fragment in message, message
    assert found[0].filename == __file__, "the warning points at the caller's line"


def test_the_design_spellings_warn_nothing(org: Org, roster: Roster) -> None:
    stores = CouncilStores.in_memory()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # DESIGN section 3
        create_meeting_graph(roster, protocol="round_robin", checkpointer=None, store=None)
        build_meeting_graph(roster, protocol="position_papers")
        # DESIGN section 4
        create_conflict_graph(org)
        create_conflict_graph(org, roster, config=ConflictResolutionConfig(), checkpointer=None)
        build_conflict_graph(org, roster=roster, config={"strategy": "debate"})
        create_conflict_batch_graph(org, roster)
        # DESIGN section 5
        create_coordination_graph(org, roster, executor=run, decomposer=PLAN, checkpointer=None)
        create_coordination_graph(org, executor=run, decomposer=PLAN, workspace=None)
        build_coordination_graph(org, roster, executor=run)
        # DESIGN section 6
        create_delegation_graph(
            org,
            roster,
            guard_config=LoopPreventionConfig(),
            guard_store=InMemoryGuardStateStore(),
            checkpointer=None,
        )
        # one bundle for the stores, everywhere
        create_meeting_graph(roster, stores=stores)
        create_conflict_graph(org, roster, stores=stores)
        create_coordination_graph(org, executor=run, decomposer=PLAN, stores=stores)
        create_delegation_graph(org, roster, stores=stores)
        MeetingTriggers(roster, [], stores=stores)


OLDER: dict[str, Callable[[Org, Roster, CouncilStores], Any]] = {
    "meeting_mapping": lambda org, r, s: create_meeting_graph(
        {a.id: ScriptedChatModel([]) for a in org}  # type: ignore[arg-type]
    ),
    "conflict_roster_first": lambda org, r, s: create_conflict_graph(r),  # type: ignore[arg-type]
    "batch_roster_first": lambda org, r, s: create_conflict_batch_graph(r),  # type: ignore[arg-type]
    "pipeline_roster_first": lambda org, r, s: create_coordination_graph(
        r,  # type: ignore[arg-type]
        executor=run,
        decomposer=PLAN,
    ),
    "delegation_roster_first": lambda org, r, s: create_delegation_graph(r),  # type: ignore[arg-type]
    "meeting_records": lambda org, r, s: create_meeting_graph(r, records=s.meetings),
    "meeting_dissent_store": lambda org, r, s: build_meeting_graph(r, dissent_store=s.dissent),
    "conflict_escalations": lambda org, r, s: create_conflict_graph(org, escalations=s.escalations),
    "conflict_dissent_store": lambda org, r, s: build_conflict_graph(org, dissent_store=s.dissent),
    "pipeline_guard_store": lambda org, r, s: create_coordination_graph(
        org, executor=run, decomposer=PLAN, guard_store=s.guard_state
    ),
    "pipeline_loop_records": lambda org, r, s: build_coordination_graph(
        org, executor=run, loop_records=s.loop_records
    ),
    "delegation_escalations": lambda org, r, s: create_delegation_graph(
        org, r, escalations=s.escalations
    ),
    "delegation_store_as_guard": lambda org, r, s: create_delegation_graph(
        org,
        r,
        store=s.guard_state,  # type: ignore[arg-type]
    ),
    "triggers_records": lambda org, r, s: MeetingTriggers(r, [], records=s.meetings),
}
NEW_SPELLING = {
    "meeting_mapping": ("Roster({'name': model",),
    "conflict_roster_first": ("create_conflict_graph(roster.org, roster)",),
    "batch_roster_first": ("create_conflict_batch_graph(roster.org, roster)",),
    "pipeline_roster_first": ("create_coordination_graph(roster.org, roster)",),
    "delegation_roster_first": ("create_delegation_graph(roster.org, roster)",),
    "meeting_records": ("records=", "stores=CouncilStores(meetings=...)"),
    "meeting_dissent_store": ("dissent_store=", "stores=CouncilStores(dissent=...)"),
    "conflict_escalations": ("escalations=", "stores=CouncilStores(escalations=...)"),
    "conflict_dissent_store": ("dissent_store=", "stores=CouncilStores(dissent=...)"),
    "pipeline_guard_store": ("guard_store=", "stores=CouncilStores(guard_state=...)"),
    "pipeline_loop_records": ("loop_records=", "stores=CouncilStores(loop_records=...)"),
    "delegation_escalations": ("escalations=", "stores=CouncilStores(escalations=...)"),
    "delegation_store_as_guard": ("store=<GuardStateStore>", "guard_store="),
    "triggers_records": ("MeetingTriggers(records=)", "stores=CouncilStores(meetings=...)"),
}


@pytest.mark.parametrize("spelling", OLDER)
def test_each_older_spelling_warns_once_naming_the_new_one(
    spelling: str, org: Org, roster: Roster
) -> None:
    with one_warning("deprecated", "goes in 0.3", *NEW_SPELLING[spelling]):
        OLDER[spelling](org, roster, CouncilStores.in_memory())


def test_an_older_alias_still_fills_the_bundle(org: Org, roster: Roster) -> None:
    stores = CouncilStores.in_memory()
    with pytest.warns(DeprecationWarning):
        older = build_meeting_graph(roster, records=stores.meetings, dissent_store=stores.dissent)
    taught = build_meeting_graph(roster, stores=stores)
    assert {"record_meeting", "record_dissent"} <= set(older.nodes) == set(taught.nodes)


def test_an_unknown_keyword_is_still_a_type_error(org: Org, roster: Roster) -> None:
    with pytest.raises(TypeError, match=r"create_conflict_graph\(\) got an unexpected keyword"):
        create_conflict_graph(org, records=None)  # type: ignore[call-arg]
    with pytest.raises(InvalidInputTypeError, match=r"^executor: the pipeline needs executor="):
        create_coordination_graph(org)  # a TypeError too, one line naming the keyword
    with pytest.raises(TypeError, match="positional argument"):
        create_meeting_graph(org, roster)  # type: ignore[call-arg, misc]
