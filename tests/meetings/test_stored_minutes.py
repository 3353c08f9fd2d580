"""The minutes keep their words for every reader while the checkpoint stores references (state
version 3): a run's output and a parent graph show the words; a resume after `finalize` puts
them back; minutes LangGraph lost with its untracked write are rebuilt by the next step."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from langgraph.graph import END, START, StateGraph

from langgraph_council.checkpoints import (
    CouncilStores,
    PostgresMeetingRecordStore,
    postgres_checkpointer,
)
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import MeetingKeys

pytestmark = pytest.mark.postgres

SCRIPT = {
    "senior_dev": ["Postgres, because we run it already."],
    "junior_dev": ["Agreed: its JSON columns fit our events."],
    "cto": ["Summary: Postgres.\nDecisions:\n- Use Postgres"],
}
SAID = [SCRIPT["senior_dev"][0], SCRIPT["junior_dev"][0]]
CTX = {"round_robin": {"max_turns_per_agent": 1}}


def _said(minutes: Any) -> list[str]:
    return [c.content for c in minutes.contributions if c.phase == "round_robin"]


CONFIG = {"configurable": {"thread_id": "t"}}


@pytest.fixture
def stopped(pg_db: str, make_roster: Any, meeting_input: Any) -> Iterator[tuple[Any, Any]]:
    """A meeting (id `m-1`) run up to its `record_meeting` step on Postgres: (graph, records)."""
    roster, _ = make_roster(SCRIPT)
    with (
        postgres_checkpointer(pg_db) as saver,
        PostgresMeetingRecordStore.from_conn_string(pg_db) as records,
    ):
        graph = create_meeting_graph(
            roster,
            protocol="round_robin",
            checkpointer=saver,
            stores=CouncilStores(meetings=records),
        )
        meeting = meeting_input(meeting_id="m-1")
        graph.invoke(meeting, CONFIG, context=CTX, interrupt_before=["record_meeting"])
        assert graph.get_state(CONFIG).next == ("record_meeting",)
        yield graph, records


def test_a_resume_after_finalize_shows_and_records_the_words(stopped: tuple[Any, Any]) -> None:
    graph, records = stopped
    assert _said(graph.get_state(CONFIG).values["minutes"]) == ["", ""]  # references
    out = graph.invoke(None, CONFIG, context=CTX)
    assert _said(out["minutes"]) == SAID
    record = records.get("m-1")
    assert record is not None and _said(record.minutes) == SAID
    values = graph.get_state(CONFIG).values
    assert _said(values["minutes"].with_words(values["messages"])) == SAID


def test_minutes_lost_with_their_untracked_write_are_rebuilt(
    stopped: tuple[Any, Any], pg_db: str
) -> None:
    graph, records = stopped
    with psycopg.connect(pg_db, autocommit=True) as conn:  # as if the process died before
        conn.execute(  # finalize's checkpoint: LangGraph keeps no write of the minutes
            "UPDATE checkpoints SET checkpoint = checkpoint #- '{channel_versions,minutes}' "
            "WHERE thread_id = 't'"
        )
    assert "minutes" not in graph.get_state(CONFIG).values
    out = graph.invoke(None, CONFIG, context=CTX)
    assert out["minutes"].meeting_id == "m-1" and _said(out["minutes"]) == SAID
    assert out["minutes"].decisions == ("Use Postgres",)
    record = records.get("m-1")
    assert record is not None and _said(record.minutes) == SAID


class _Parent(MeetingKeys):
    pass


def test_a_parent_graph_receives_and_stores_the_words(
    pg_db: str, make_roster: Any, meeting_input: Any
) -> None:
    roster, _ = make_roster(SCRIPT)
    parent = StateGraph(_Parent)
    parent.add_node("meeting", create_meeting_graph(roster, protocol="round_robin"))
    parent.add_edge(START, "meeting")
    parent.add_edge("meeting", END)
    config = {"configurable": {"thread_id": "parent"}}
    with postgres_checkpointer(pg_db) as saver:
        graph = parent.compile(checkpointer=saver)
        out = graph.invoke(meeting_input(), config, context=CTX)
        assert _said(out["minutes"]) == SAID
        # the parent's own channel is a plain one: its checkpoint keeps the words it received
        assert _said(graph.get_state(config).values["minutes"]) == SAID
