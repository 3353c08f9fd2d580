"""Meeting records: saved at the end, with per-participant usage, rank and duration."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import psycopg
import pytest

from langgraph_council.checkpoints import (
    CouncilStores,
    InMemoryMeetingRecordStore,
    PostgresMeetingRecordStore,
    postgres_checkpointer,
)
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes._meetings.transcript import transcript

SCRIPT = {
    "senior_dev": ["A long, detailed contribution about storage engines and their trade-offs."],
    "junior_dev": ["Short."],
    "cto": ["Decisions:\n- Use Postgres"],
}
CTX = {"round_robin": {"max_turns_per_agent": 1}, "meeting_type": "design_review"}


def _check(record, minutes) -> None:
    assert record.meeting_id == minutes.meeting_id and record.status == "completed"
    assert record.meeting_type == "design_review" and record.protocol == "round_robin"
    usage = record.token_usage_by_participant
    assert set(usage) == {"senior_dev", "junior_dev", "cto"}
    assert sum(usage.values()) == minutes.total_tokens == record.total_tokens
    assert list(record.contribution_rank) == sorted(usage, key=lambda a: -usage[a])
    assert record.duration_seconds >= 0
    assert record.minutes == minutes


def test_in_memory_records(make_roster, meeting_input) -> None:
    roster, _ = make_roster(SCRIPT)
    records = InMemoryMeetingRecordStore()
    graph = create_meeting_graph(
        roster, protocol="round_robin", stores=CouncilStores(meetings=records)
    )
    minutes = graph.invoke(meeting_input(["senior_dev", "junior_dev"]), context=CTX)["minutes"]
    record = records.get(minutes.meeting_id)
    assert record is not None
    _check(record, minutes)
    assert records.list(meeting_type="standup") == []
    assert records.last_started("design_review") == minutes.started_at


@pytest.mark.postgres
def test_postgres_records_and_checkpoints(pg_db, make_roster, meeting_input) -> None:
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
        config = {"configurable": {"thread_id": "m1"}}
        minutes = graph.invoke(
            meeting_input(["senior_dev", "junior_dev"], meeting_id="m-1"), config, context=CTX
        )["minutes"]
        assert minutes.meeting_id == "m-1"
        _check(records.get("m-1"), minutes)
        assert [r.meeting_id for r in records.list(since=minutes.started_at)] == ["m-1"]
        assert records.list(since=minutes.started_at + timedelta(seconds=1)) == []
        assert records.list(meeting_type="design_review", since=minutes.started_at)[
            0
        ] == records.get("m-1")
        # saving again (a re-run node) replaces, never duplicates
        records.put(records.get("m-1"))
        state = graph.get_state(config)
        stored = state.values["minutes"]  # refers to the messages for the words (version 3)
        assert stored.with_words(state.values["messages"]) == minutes and state.next == ()
    with psycopg.connect(pg_db) as conn:
        row = conn.execute(
            "SELECT count(*), min(status), min(meeting_type) FROM council_meeting_records"
        ).fetchone()
    assert row == (1, "completed", "design_review")
    with psycopg.connect(pg_db) as conn, pytest.raises(psycopg.errors.CheckViolation):
        conn.execute("UPDATE council_meeting_records SET status = 'maybe' WHERE meeting_id = 'm-1'")


@pytest.mark.postgres
async def test_ainvoke_on_the_async_postgres_saver(pg_db, make_roster, meeting_input) -> None:
    from langgraph_council.checkpoints import async_postgres_checkpointer

    roster, _ = make_roster(SCRIPT | {"ui_dev": ["UI view."]})
    async with async_postgres_checkpointer(pg_db) as saver:
        graph = create_meeting_graph(roster, protocol="position_papers", checkpointer=saver)
        config = {"configurable": {"thread_id": "async-1"}}
        out = await graph.ainvoke(
            meeting_input(["senior_dev", "junior_dev", "ui_dev"]), config, durability="sync"
        )
        state = await graph.aget_state(config)
    minutes = out["minutes"]
    assert [c.agent_id for c in minutes.contributions] == [
        "senior_dev",
        "junior_dev",
        "ui_dev",
        "cto",
    ]
    # the state read back from the checkpoint holds every contribution, in order: the papers
    # as their messages (the one stored copy of each turn, state version 4), the synthesis
    # in the contributions channel; with their words they are the minutes' contributions
    assert [c.model_dump(exclude={"content_ref"}) for c in transcript(state.values)] == [
        c.model_dump(exclude={"content_ref"}) for c in minutes.contributions
    ]
    assert [c.agent_id for c in state.values["contributions"]] == ["cto"]


def test_a_reused_meeting_id_never_overwrites_another_threads_record(
    backend, make_roster, meeting_input
) -> None:
    record_store = backend.meeting_records  # each store, with the same append-only rules
    from langgraph.checkpoint.memory import InMemorySaver

    from langgraph_council.nodes._meetings.records import MeetingRecordClashError

    roster, _ = make_roster(lambda call: "Decisions:\n- Use Postgres")
    graph = create_meeting_graph(
        roster,
        protocol="round_robin",
        checkpointer=InMemorySaver(),
        stores=CouncilStores(meetings=record_store),
    )
    inp = meeting_input(["senior_dev"], meeting_id="standup-1")
    first = graph.invoke(inp, {"configurable": {"thread_id": "team-a"}}, context=CTX)
    with pytest.raises(MeetingRecordClashError) as clash:
        graph.invoke(inp, {"configurable": {"thread_id": "team-b"}}, context=CTX)
    assert "thread 'team-a'" in str(clash.value) and "thread 'team-b'" in str(clash.value)
    stored = record_store.get("standup-1")
    assert stored.thread_id == "team-a" and stored.minutes == first["minutes"]
    record_store.put(stored)  # the same thread saving again (a node re-run) changes nothing
    assert record_store.list() == [stored]


def _never(call) -> str:
    raise AssertionError(f"no model call may happen, got one for {call.agent_id}")


@pytest.fixture
def record_store(backend: Any) -> Any:
    """The meeting-record store of the memory-or-Postgres matrix."""
    return backend.meeting_records


def test_a_reused_meeting_id_fails_before_any_model_call(
    record_store, make_roster, meeting_input
) -> None:
    """Issue 21: the clash used to come when the record was written, after every call."""
    from langgraph.checkpoint.memory import InMemorySaver

    from langgraph_council.nodes._meetings.records import MeetingRecordClashError

    paid, _ = make_roster(lambda call: "Decisions:\n- Use Postgres")
    inp = meeting_input(["senior_dev"], meeting_id="standup-1")
    saver = InMemorySaver()
    first = create_meeting_graph(
        paid,
        protocol="round_robin",
        checkpointer=saver,
        stores=CouncilStores(meetings=record_store),
    ).invoke(inp, {"configurable": {"thread_id": "team-a"}}, context=CTX)
    roster, model = make_roster(_never)
    graph = create_meeting_graph(
        roster,
        protocol="round_robin",
        checkpointer=saver,
        stores=CouncilStores(meetings=record_store),
    )
    team_b = {"configurable": {"thread_id": "team-b"}}
    for attempt in (inp, None):  # the run, then a resume of it: refused alike, for free
        with pytest.raises(MeetingRecordClashError) as clash:
            graph.invoke(attempt, team_b, context=CTX)
        assert "thread 'team-a'" in str(clash.value) and "thread 'team-b'" in str(clash.value)
        assert (clash.value.stored_thread, clash.value.new_thread) == ("team-a", "team-b")
    assert model.calls == []
    stored = record_store.get("standup-1")
    assert stored.minutes == first["minutes"]
    with pytest.raises(MeetingRecordClashError):  # saving it directly is refused the same way
        record_store.put(stored.model_copy(update={"thread_id": "team-b"}))


def test_a_meeting_in_progress_holds_its_id_and_its_thread_resumes(
    record_store, make_roster, meeting_input
) -> None:
    """Team a paused after opening (claimed, nothing recorded yet): team b is refused before
    any call, and team a's resume finishes and records the meeting."""
    from langgraph.checkpoint.memory import InMemorySaver

    from langgraph_council.graphs import build_meeting_graph
    from langgraph_council.nodes._meetings.records import MeetingRecordClashError

    saver = InMemorySaver()
    paid, _ = make_roster(lambda call: "Decisions:\n- Use Postgres")
    paused = build_meeting_graph(
        paid, protocol="round_robin", stores=CouncilStores(meetings=record_store)
    ).compile(checkpointer=saver, interrupt_after=["open_meeting"])
    team_a = {"configurable": {"thread_id": "team-a"}}
    inp = meeting_input(["senior_dev"], meeting_id="standup-2")
    paused.invoke(inp, team_a, context=CTX)
    assert paused.get_state(team_a).next and record_store.get("standup-2") is None
    roster, model = make_roster(_never)
    other = create_meeting_graph(
        roster,
        protocol="round_robin",
        checkpointer=saver,
        stores=CouncilStores(meetings=record_store),
    )
    with pytest.raises(MeetingRecordClashError, match=r"thread 'team-a'.*thread 'team-b'"):
        other.invoke(inp, {"configurable": {"thread_id": "team-b"}}, context=CTX)
    assert model.calls == []
    minutes = paused.invoke(None, team_a, context=CTX)["minutes"]
    assert minutes.status == "completed" and minutes.meeting_id == "standup-2"
    assert record_store.get("standup-2").thread_id == "team-a"


class _LostAfterClaim:
    """The store, but its first claim is lost on the way back (the claim itself was made)."""

    def __init__(self, store) -> None:
        self.store, self.lost = store, False

    def claim(self, meeting_id: str, thread_id: str | None) -> None:
        self.store.claim(meeting_id, thread_id)
        if not self.lost:
            self.lost = True
            raise ConnectionError("the connection dropped after the claim")

    def __getattr__(self, name: str):
        return getattr(self.store, name)


def test_a_resume_reclaims_its_own_meeting_id(record_store, make_roster, meeting_input) -> None:
    """`open_meeting` re-runs on resume: the claim is idempotent for the thread holding it."""
    from langgraph.checkpoint.memory import InMemorySaver

    roster, model = make_roster(lambda call: "Decisions:\n- Use Postgres")
    graph = create_meeting_graph(
        roster,
        protocol="round_robin",
        checkpointer=InMemorySaver(),
        stores=CouncilStores(meetings=_LostAfterClaim(record_store)),
    )
    team_a = {"configurable": {"thread_id": "team-a"}}
    with pytest.raises(ConnectionError):
        graph.invoke(meeting_input(["senior_dev"], meeting_id="standup-3"), team_a, context=CTX)
    assert model.calls == []
    minutes = graph.invoke(None, team_a, context=CTX)["minutes"]
    assert minutes.status == "completed" and minutes.meeting_id == "standup-3"
    assert record_store.get("standup-3").thread_id == "team-a"


def test_claims_are_idempotent_per_thread_and_bind_the_record(record_store) -> None:
    from langgraph_council.nodes._meetings.records import MeetingRecordClashError

    record_store.claim("m-9", "team-a")
    record_store.claim("m-9", "team-a")  # a re-run of the owner
    with pytest.raises(MeetingRecordClashError, match=r"thread 'team-a'.*thread 'team-b'"):
        record_store.claim("m-9", "team-b")
    record_store.claim("solo", None)
    with pytest.raises(MeetingRecordClashError, match="a run without a thread id"):
        record_store.claim("solo", None)  # a run without a thread never resumes: another run
    assert record_store.list() == []  # claims are not records
