"""Threads saved by commit 6516df4 resume on today's code (issue 33: the saved-thread fixture).

`saved_threads/dump.sql` is a Postgres database that 6516df4 wrote (see
`saved_threads/make_fixture.py`): a meeting paused mid-way, a conflict and a delegation waiting
for a human, and a pipeline paused on a merge held for a human, whose git repository is
`saved_threads/repo.tar.gz`. Each test loads the dump into a fresh database, runs today's
`setup_database` over the old tables, and resumes one thread with today's factories, checking
what a user would see. Every change to what a thread stores must keep these tests passing.
"""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationQueue,
    postgres_checkpointer,
    resume_thread,
    setup_database,
)
from langgraph_council.checkpoints._embedded import _bin_dir
from langgraph_council.nodes import ConflictOutcome
from langgraph_council.nodes.testing import ScriptCall
from tests.checkpoints.saved_threads import scenario as s

pytestmark = pytest.mark.postgres


@dataclass
class Saved:
    """The loaded fixture: the checkpointer, the stores and what the manifest says."""

    saver: Any
    stores: CouncilStores
    threads: dict[str, dict[str, Any]]

    @property
    def queue(self) -> EscalationQueue:
        """The escalation queue on the loaded database."""
        assert self.stores.escalations is not None
        return self.stores.escalations


def load_dump(uri: str, dump: Path = s.DUMP) -> None:
    """Run `dump.sql` into the empty database at `uri` (psql, stop at the first error).

    `SET transaction_timeout` (PostgreSQL 17+) is left out, so that a `COUNCIL_TEST_PG_URI`
    server older than the pg_dump 18 that wrote the dump loads it too.
    """
    text = dump.read_text()
    text = "".join(
        line
        for line in text.splitlines(keepends=True)
        if not line.startswith("SET transaction_timeout")
    )
    psql = [str(_bin_dir() / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1"]
    done = subprocess.run(
        [*psql, "-f", "-", "--dbname", uri], input=text, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


@pytest.fixture
def saved(pg_uri: str) -> Iterator[Saved]:
    """The 6516df4 database in a fresh database, migrated by today's `setup_database`."""
    load_dump(pg_uri)
    setup_database(pg_uri)
    manifest = json.loads(s.MANIFEST.read_text())
    assert manifest["commit"] == s.COMMIT
    threads = {t["thread_id"]: t for t in manifest["threads"]}
    with (
        postgres_checkpointer(pg_uri, setup=False) as saver,
        CouncilStores.from_conn_string(pg_uri) as stores,
    ):
        yield Saved(saver, stores, threads)


def test_setup_database_migrates_the_old_tables_forward(saved: Saved, pg_uri: str) -> None:
    from langgraph_council.checkpoints._schema import MIGRATIONS

    with psycopg.connect(pg_uri) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM council_migrations")]
        threads = {r[0] for r in conn.execute("SELECT DISTINCT thread_id FROM checkpoints")}
    assert sorted(versions) == list(range(1, len(MIGRATIONS) + 1))
    assert threads == set(saved.threads)
    assert {e.thread_id for e in saved.queue.pending()} == {
        s.CONFLICT_THREAD, s.DELEGATION_THREAD, s.PIPELINE_THREAD
    }  # fmt: skip


def test_the_paused_meeting_completes_keeping_what_was_said(saved: Saved) -> None:
    graph = s.meeting_graph(s.MEETING_AFTER_PAUSE, saved.saver, saved.stores)
    config = s.thread(s.MEETING_THREAD)
    assert list(graph.get_state(config).next) == saved.threads[s.MEETING_THREAD]["next"]
    minutes = resume_thread(graph, s.MEETING_THREAD)["minutes"]
    assert minutes.status == "completed"
    before, after = s.MEETING_BEFORE_PAUSE, s.MEETING_AFTER_PAUSE
    order = ["senior_dev", "junior_dev", "ui_dev"]
    expected = [(a, i, before[a][0]) for i, a in enumerate(order)]
    expected += [(a, i + 3, after[a][0]) for i, a in enumerate(order)]
    expected.append(("cto", 6, after["cto"][0]))
    turns = [(c.agent_id, c.turn, c.content) for c in minutes.contributions]
    assert turns[:6] == expected[:6]
    assert turns[6][:2] == ("cto", 6) and minutes.summary == "we use Postgres."
    assert minutes.decisions == ("Adopt Postgres for billing",)
    (item,) = minutes.action_items
    assert (item.description, item.assignee_id) == ("Write the migration scripts", "junior_dev")
    values = graph.get_state(config).values
    # each contribution shown once, then the council's closing message (issue 32's prose outcome)
    assert [m.name for m in values["messages"]] == [*order, *order, "cto", "council"]
    assert len({m.id for m in values["messages"]}) == 8
    assert saved.stores.meetings is not None
    record = saved.stores.meetings.get("saved-meeting-1")
    assert record is not None and record.thread_id == s.MEETING_THREAD


def test_the_waiting_conflict_is_decided_through_the_queue(saved: Saved) -> None:
    escalation_id = saved.threads[s.CONFLICT_THREAD]["escalation_id"]
    pending = saved.queue.get(escalation_id)
    assert (pending.status, pending.thread_id) == ("pending", s.CONFLICT_THREAD)
    graph = s.conflict_graph(saved.saver, saved.stores)
    out = saved.queue.decide(escalation_id, s.CONFLICT_DECISION, graph)
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_HUMAN
    assert (resolution.winning_agent_id, resolution.decided_by) == ("junior_dev", "human:ann")
    assert resolution.winning_position == "Run the nightly jobs with a cron job"
    assert [d.dissenting_agent_id for d in out["dissent_records"]] == ["senior_dev"]
    assert saved.stores.dissent is not None
    (stored,) = saved.stores.dissent.list(agent_id="senior_dev")
    assert (stored.conflict_id, stored.decided_by) == ("saved-conflict-1", "human:ann")
    assert stored.evidence == ("senior_dev-benchmark",)
    decided = saved.queue.get(escalation_id)
    assert decided.status == "decided" and decided.resumed_at is not None
    assert graph.get_state(s.thread(s.CONFLICT_THREAD)).next == ()


def test_the_blocked_delegation_ends_as_the_human_decided(saved: Saved) -> None:
    escalation_id = saved.threads[s.DELEGATION_THREAD]["escalation_id"]
    calls: list[ScriptCall] = []

    def reply(call: ScriptCall) -> str:  # only the CEO speaks again, with the human's answer
        calls.append(call)
        return "We launch on 1 July, as decided."

    graph = s.delegation_graph(reply, saved.saver, saved.stores)
    out = saved.queue.decide(escalation_id, s.DELEGATION_DECISION, graph)
    result = out["result"]
    assert (result.status, result.answered_by) == ("answered", "ceo")
    assert result.answer == "We launch on 1 July, as decided."
    assert [c.agent_id for c in calls] == ["ceo"]
    assert s.DELEGATION_DECISION["answer"] in calls[0].prompt
    assert [(b.delegator, b.delegatee, b.mechanism) for b in out["blocked"]] == [
        ("cto", "ceo", "authority"), ("ceo", "cto", "dedup")
    ]  # fmt: skip
    assert [b.escalated_to for b in out["blocked"]] == ["ceo", "human"]
    assert [m.name for m in out["messages"]] == ["ceo", "cto", "ceo", "human", "ceo", "council"]
    decided = saved.queue.get(escalation_id)
    assert decided.status == "decided" and decided.decision is not None
    assert decided.decision.decided_by == "human:cora"
    assert graph.get_state(s.thread(s.DELEGATION_THREAD)).next == ()


@contextmanager
def saved_repository() -> Iterator[None]:
    """The pipeline's repository extracted at its saved absolute path, one test at a time."""
    s.REPO_LOCK.touch()
    with s.REPO_LOCK.open() as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # other test processes wait here
        shutil.rmtree(s.SAVED_ROOT, ignore_errors=True)
        s.SAVED_ROOT.mkdir(parents=True)
        try:
            with tarfile.open(s.REPO_ARCHIVE) as tar:
                tar.extractall(s.SAVED_ROOT, filter="data")
            yield
        finally:
            shutil.rmtree(s.SAVED_ROOT, ignore_errors=True)


def test_the_held_merge_is_decided_and_the_pipeline_completes(saved: Saved) -> None:
    escalation_id = saved.threads[s.PIPELINE_THREAD]["escalation_id"]
    with saved_repository():
        writer = s.Writer()
        graph = s.pipeline_graph(writer, saved.saver, saved.stores)
        out = saved.queue.decide(escalation_id, s.PIPELINE_DECISION, graph)
        result = out["result"]
        assert result.rollup == "completed" and writer.calls == ["after"]
        assert result.statuses == {"left": "completed", "right": "completed", "after": "completed"}
        assert [(m.subtask_id, m.status) for m in result.merges] == [
            ("left", "merged"), ("right", "merged"), ("after", "merged")
        ]  # fmt: skip
        branch = result.integration.branch
        assert branch == f"council/{saved.threads[s.PIPELINE_THREAD]['run_id']}/integration"
        shared = s.git(s.REPO, "show", f"{branch}:shared.py")
        assert "hello from right" in shared and "hello from left" not in shared
        assert s.git(s.REPO, "show", f"{branch}:after.py") == s.PIPELINE_EDITS["after"]["after.py"]
        assert s.git(s.REPO, "show", "main:shared.py") == s.SHARED  # the user's branch: as was
    assert saved.queue.get(escalation_id).status == "decided"
