"""Meetings saved at state version 2 (8010178: minutes stored with their words) on today's code.

`saved_v2/dump.sql` (see `saved_v2/make_fixture.py`) holds a meeting drained after 3 of its 6
turns and a finished one. The paused one resumes to minutes with every word, stored as
references (version 3); the finished one reads back as it was saved; `council threads
migrate` stamps both from 2 to 3 and they still read the same.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from langgraph_council.checkpoints import (
    CouncilStores,
    postgres_checkpointer,
    resume_thread,
    setup_database,
)
from langgraph_council.nodes._state_version import STATE_VERSION
from tests.checkpoints.saved_threads import scenario as s
from tests.checkpoints.saved_v2.make_fixture import DUMP, FINISHED, PAUSED
from tests.checkpoints.test_saved_threads import load_dump
from tests.cli_runner import council

pytestmark = pytest.mark.postgres

ORDER = ["senior_dev", "junior_dev", "ui_dev"]
WORDS = [
    *(s.MEETING_BEFORE_PAUSE[a][0] for a in ORDER),
    *(s.MEETING_AFTER_PAUSE[a][0] for a in ORDER),
]


@pytest.fixture
def saved(pg_uri: str) -> Iterator[tuple[Any, CouncilStores]]:
    """The version-2 database in a fresh one, migrated by today's `setup_database`."""
    load_dump(pg_uri, DUMP)
    setup_database(pg_uri)
    with (
        postgres_checkpointer(pg_uri, setup=False) as saver,
        CouncilStores.from_conn_string(pg_uri) as stores,
    ):
        yield saver, stores


def _said(minutes: Any) -> list[str]:
    return [c.content for c in minutes.contributions][:6]


def _stored_minutes_json(uri: str, thread: str) -> str:
    """The text of every stored row of the thread that holds minutes (blob or write)."""
    with psycopg.connect(uri) as conn:
        rows = conn.execute(
            "SELECT blob FROM checkpoint_blobs WHERE thread_id = %s AND channel = 'minutes' "
            "UNION ALL SELECT blob FROM checkpoint_writes "
            "WHERE thread_id = %s AND channel = 'minutes'",
            (thread, thread),
        ).fetchall()
    return "".join(bytes(r[0]).decode("utf-8", "replace") for r in rows)


def test_the_paused_v2_meeting_resumes_to_minutes_with_every_word(
    saved: tuple[Any, CouncilStores], pg_uri: str
) -> None:
    saver, stores = saved
    graph = s.meeting_graph(s.MEETING_AFTER_PAUSE, saver, stores)
    assert graph.get_state(s.thread(PAUSED)).values["state_version"] == 2
    minutes = resume_thread(graph, PAUSED)["minutes"]
    assert minutes.status == "completed" and _said(minutes) == WORDS
    values = graph.get_state(s.thread(PAUSED)).values
    assert values["state_version"] == 2  # stamped by the opening (or `migrate`), not a resume
    stored = values["minutes"]  # the checkpoint keeps references, not the words
    assert [c.content for c in stored.contributions][:6] == [""] * 6
    assert _said(stored.with_words(values["messages"])) == WORDS
    assert WORDS[4] not in _stored_minutes_json(pg_uri, PAUSED)
    record = stores.meetings.get(f"{PAUSED}-1") if stores.meetings else None
    assert record is not None and _said(record.minutes) == WORDS


def test_the_finished_v2_meeting_reads_back_with_its_words(
    saved: tuple[Any, CouncilStores],
) -> None:
    saver, stores = saved
    graph = s.meeting_graph(s.MEETING_AFTER_PAUSE, saver, stores)
    values = graph.get_state(s.thread(FINISHED)).values
    assert _said(values["minutes"]) == WORDS  # saved with the words: read as it is
    assert values["minutes"].with_words(values["messages"]) == values["minutes"]


def test_migrate_stamps_v2_meetings_as_v3_and_they_still_resume(
    saved: tuple[Any, CouncilStores], pg_uri: str
) -> None:
    done = council("threads", "migrate", "--db", pg_uri, "--json")
    assert done.returncode == 0, done.stderr
    rows = {(m["thread_id"], m["from_version"], m["to_version"], m["action"])
            for m in json.loads(done.stdout)["threads"]}  # fmt: skip
    assert rows == {(t, 2, STATE_VERSION, "migrated") for t in (PAUSED, FINISHED)}
    again = council("threads", "migrate", "--db", pg_uri)
    assert f"every council thread is at state version {STATE_VERSION}" in again.stdout
    saver, stores = saved
    graph = s.meeting_graph(s.MEETING_AFTER_PAUSE, saver, stores)
    assert _said(resume_thread(graph, PAUSED)["minutes"]) == WORDS
    assert _said(graph.get_state(s.thread(FINISHED)).values["minutes"]) == WORDS
