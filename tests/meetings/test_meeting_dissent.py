"""Issue 13 item 8: a meeting's minority reports are stored as dissent records.

Before, minority reports stayed in the minutes: `create_meeting_graph` took no dissent store
and `DissentStore.list(agent_id=...)` never found a position overruled in a meeting.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from langgraph_council.checkpoints import CouncilStores, PostgresDissentStore, postgres_checkpointer
from langgraph_council.graphs import (
    create_conflict_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Conflict, Org
from langgraph_council.nodes._conflicts.dissent import InMemoryDissentStore
from tests.conflicts.conftest import position as party_position


def _script(position) -> dict:
    return {
        "senior_dev": [position("Use MongoDB", "blog.example.com/hype")],
        "junior_dev": [position("Use MongoDB", "blog.example.com/hype")],
        "ui_dev": [position("Use Postgres", "pgbench 2024", "incident review INC-88")],
        "cto": ["Decisions:\n- Use MongoDB"],
    }


@pytest.mark.postgres
def test_minority_reports_land_in_the_dissent_store_beside_conflict_dissent(
    make_roster, meeting_input, position, pg_db: str, org: Org
) -> None:
    roster, _ = make_roster(_script(position))
    before = datetime.now(UTC) - timedelta(seconds=1)
    with (
        PostgresDissentStore.from_conn_string(pg_db) as store,
        postgres_checkpointer(pg_db, setup=False) as saver,
    ):
        graph = create_meeting_graph(
            roster,
            protocol="position_papers",
            stores=CouncilStores(dissent=store),
            checkpointer=saver,
        )
        cfg = {"configurable": {"thread_id": "m1"}}
        minutes = graph.invoke(meeting_input(), cfg, durability="sync")["minutes"]
        graph.update_state(cfg, None, as_node="finalize")  # replays record_dissent
        graph.invoke(None, cfg, durability="sync")
        (record,) = store.list(agent_id="ui_dev")
        assert record.dissenting_position == "Use Postgres"
        assert record.evidence == ("pgbench 2024", "incident review INC-88")
        assert record.conflict_id == minutes.meeting_id and record.decided_by == "cto"
        assert record.strategy_used == "meeting:position_papers"
        assert record.metadata["evidence_warning"] == minutes.evidence_warning
        assert store.list(strategy="meeting:position_papers", since=before) == [record]
        assert store.list(agent_id="senior_dev") == []  # the adopted side is no dissent
        # conflict dissent goes to the same store and answers the same queries
        conflict = Conflict(
            id="db",
            type="architecture",
            subject="Primary database",
            positions=[
                party_position(org, a, p, reasoning="measured")
                for a, p in (("ui_dev", "Use Postgres"), ("backend_lead", "Use MongoDB"))
            ],
        )
        create_conflict_graph(org, stores=CouncilStores(dissent=store)).invoke(
            {"conflict": conflict}
        )
        assert {r.strategy_used for r in store.list(agent_id="ui_dev")} == {
            "meeting:position_papers",
            "authority",
        }


def test_an_in_memory_store_gets_the_records_too(make_roster, meeting_input, position) -> None:
    roster, _ = make_roster(_script(position))
    assert "record_dissent" not in create_meeting_graph(roster).get_graph().nodes
    store = InMemoryDissentStore()
    graph = create_meeting_graph(
        roster, protocol="position_papers", stores=CouncilStores(dissent=store)
    )
    minutes = graph.invoke(meeting_input())["minutes"]
    assert [r.dissenting_agent_id for r in store.list()] == ["ui_dev"]
    assert [r.claim for r in minutes.minority_reports] == ["Use Postgres"]
