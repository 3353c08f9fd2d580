"""State versions (issue 33 item 1): the 6516df4 threads resume after `council threads migrate`
as they do without it, the command reports what it did (and nothing the second time), and a
thread saved by a newer package fails with one line naming its version and the fix."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import psycopg
import pytest

from langgraph_council.checkpoints import postgres_checkpointer, resume_thread
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Roster
from langgraph_council.nodes._state_version import STATE_VERSION
from langgraph_council.nodes.errors import CouncilError, StateVersionError
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.checkpoints import test_saved_threads as saved_tests
from tests.checkpoints.saved_threads import scenario as s
from tests.checkpoints.test_saved_threads import Saved, saved  # noqa: F401 - the fixture
from tests.cli_runner import council

pytestmark = pytest.mark.postgres

FAMILIES = {
    s.MEETING_THREAD: "meeting",
    s.CONFLICT_THREAD: "conflict",
    s.DELEGATION_THREAD: "delegation",
    s.PIPELINE_THREAD: "pipeline",
}


def _migrate(uri: str, *extra: str) -> tuple[int, list[dict[str, Any]]]:
    done = council("threads", "migrate", "--db", uri, "--json", *extra)
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, json.loads(done.stdout)["threads"]


def _stored_versions(uri: str) -> dict[str, Any]:
    """Each thread's `state_version` as stored in its latest top-level checkpoint."""
    with psycopg.connect(uri) as conn:
        rows = conn.execute(
            "SELECT DISTINCT ON (thread_id) thread_id, "
            "checkpoint -> 'channel_values' -> 'state_version' FROM checkpoints "
            "WHERE checkpoint_ns = '' ORDER BY thread_id, checkpoint_id DESC"
        ).fetchall()
    return {r[0]: r[1] for r in rows}


def test_migrate_reports_each_old_thread_once_and_nothing_the_second_time(
    saved: Saved,  # noqa: F811 - the fixture
    pg_uri: str,
) -> None:
    nexts = {t: saved.saver.get_tuple(s.thread(t)).checkpoint["id"] for t in FAMILIES}
    status, planned = _migrate(pg_uri, "--dry-run")
    assert status == 0
    rows = {(m["thread_id"], m["family"], m["from_version"], m["to_version"], m["action"])
            for m in planned}  # fmt: skip
    assert rows == {(t, f, 1, STATE_VERSION, "would migrate") for t, f in FAMILIES.items()}
    assert set(_stored_versions(pg_uri).values()) == {None}  # a dry run changes nothing
    status, done = _migrate(pg_uri)
    assert status == 0 and [m["action"] for m in done] == ["migrated"] * 4
    assert _stored_versions(pg_uri) == dict.fromkeys(FAMILIES, STATE_VERSION)
    assert _migrate(pg_uri) == (0, [])
    again = council("threads", "migrate", "--db", pg_uri)
    at = f"every council thread is at state version {STATE_VERSION}"
    assert again.returncode == 0 and at in again.stdout
    # stamped in place: the same checkpoints, still waiting where they waited
    assert {t: saved.saver.get_tuple(s.thread(t)).checkpoint["id"] for t in FAMILIES} == nexts
    assert {e.thread_id for e in saved.queue.pending()} == set(FAMILIES) - {s.MEETING_THREAD}


RESUMES: dict[str, Callable[[Saved], None]] = {
    "meeting": saved_tests.test_the_paused_meeting_completes_keeping_what_was_said,
    "conflict": saved_tests.test_the_waiting_conflict_is_decided_through_the_queue,
    "delegation": saved_tests.test_the_blocked_delegation_ends_as_the_human_decided,
    "pipeline": saved_tests.test_the_held_merge_is_decided_and_the_pipeline_completes,
}


@pytest.mark.parametrize("family", sorted(RESUMES))
def test_each_family_resumes_after_migrate_as_without_it(
    saved: Saved,  # noqa: F811 - the fixture
    pg_uri: str,
    family: str,
) -> None:
    thread = next(t for t, f in FAMILIES.items() if f == family)
    status, done = _migrate(pg_uri, thread)
    assert status == 0 and [(m["thread_id"], m["action"]) for m in done] == [(thread, "migrated")]
    RESUMES[family](saved)  # the same checks as the unmigrated resume in test_saved_threads


def _stamp(uri: str, thread: str, version: int) -> None:
    with psycopg.connect(uri, autocommit=True) as conn:
        conn.execute(
            "UPDATE checkpoints SET checkpoint = jsonb_set(checkpoint, "
            "'{channel_values,state_version}', to_jsonb(%s::int)) "
            "WHERE thread_id = %s AND checkpoint_ns = ''",
            (version, thread),
        )


def test_a_thread_from_a_newer_package_fails_with_its_version_and_the_fix(
    saved: Saved,  # noqa: F811 - the fixture
    pg_uri: str,
) -> None:
    _stamp(pg_uri, s.MEETING_THREAD, 99)
    graph = s.meeting_graph(s.MEETING_AFTER_PAUSE, saved.saver, saved.stores)
    with pytest.raises(StateVersionError) as caught:
        resume_thread(graph, s.MEETING_THREAD)
    message = str(caught.value)
    assert isinstance(caught.value, CouncilError) and isinstance(caught.value, RuntimeError)
    assert "\n" not in message and "state version 99" in message and "upgrade" in message
    assert caught.value.version == 99
    with pytest.raises(StateVersionError):
        graph.get_state(s.thread(s.MEETING_THREAD))
    status, done = _migrate(pg_uri)
    assert status == 1  # the newer thread is reported and left alone; the others migrate
    assert {(m["thread_id"], m["action"]) for m in done} == {
        (s.MEETING_THREAD, "newer: upgrade langgraph-council"),
        *((t, "migrated") for t in FAMILIES if t != s.MEETING_THREAD),
    }
    assert _stored_versions(pg_uri)[s.MEETING_THREAD] == 99


def test_a_new_thread_is_written_at_this_version_once(pg_uri: str) -> None:
    roster = Roster(
        {"a": ScriptedChatModel(lambda c: "Yes."), "b": ScriptedChatModel(lambda c: "No.")}
    )
    config = {"configurable": {"thread_id": "fresh"}}
    with postgres_checkpointer(pg_uri) as saver:
        graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        graph.invoke({"agenda": "Ship it?", "leader_id": "a", "participant_ids": ["b"]}, config)
        assert graph.get_state(config).values["state_version"] == STATE_VERSION
    with psycopg.connect(pg_uri) as conn:
        (writes,) = conn.execute(
            "SELECT count(*) FROM checkpoint_writes WHERE thread_id = 'fresh' "
            "AND channel = 'state_version'"
        ).fetchone() or (0,)
    assert writes == 1  # written by the opening step only, not once per step
    assert _migrate(pg_uri) == (0, [])
