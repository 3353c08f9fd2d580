"""Resume-attempt and call-record stores: Postgres and in-memory behave the same."""

from __future__ import annotations

import threading

import psycopg
import pytest

from langgraph_council.checkpoints import (
    FailureCategory,
    PostgresCallRecordStore,
)
from langgraph_council.checkpoints._call_records import CallRecordStore
from langgraph_council.checkpoints._resume_attempts import (
    InMemoryResumeAttemptStore,
    PostgresResumeAttemptStore,
    ResumeAttemptStore,
)
from tests.backends import Backend


@pytest.fixture
def attempts(backend: Backend) -> ResumeAttemptStore:
    """The resume-attempt store of the memory-or-Postgres matrix."""
    return backend.store(InMemoryResumeAttemptStore, PostgresResumeAttemptStore)


@pytest.fixture
def calls(backend: Backend) -> CallRecordStore:
    """The call-record store of the memory-or-Postgres matrix."""
    store: CallRecordStore = backend.call_records
    return store


def test_attempts_count_until_cleared(attempts: ResumeAttemptStore) -> None:
    assert attempts.attempts("t-1") == 0
    assert attempts.record_attempt("t-1", TimeoutError("slow")) == 1
    assert attempts.record_attempt("t-1", "ToolException('boom')") == 2
    assert attempts.attempts("t-2") == 0  # per thread
    status = attempts.status("t-1")
    assert (status.attempts, status.last_error, status.failed) == (2, "ToolException: boom", False)
    attempts.clear("t-1")
    assert attempts.status("t-1").attempts == 0 and attempts.status("t-1").last_error is None


def test_a_failed_thread_keeps_its_category_and_error(attempts: ResumeAttemptStore) -> None:
    attempts.record_attempt("t-1", None)
    attempts.mark_failed("t-1", FailureCategory.TIMEOUT, TimeoutError("read timed out"))
    status = attempts.status("t-1")
    assert status.failed_category is FailureCategory.TIMEOUT
    assert (status.attempts, status.last_error) == (1, "TimeoutError: read timed out")
    attempts.mark_failed("t-2", FailureCategory.UNKNOWN, None)  # never resumed, still listed
    assert {s.thread_id: s.failed_category for s in attempts.statuses()} == {
        "t-1": FailureCategory.TIMEOUT,
        "t-2": FailureCategory.UNKNOWN,
    }
    attempts.clear("t-1")
    assert not attempts.status("t-1").failed


def test_stored_errors_have_credentials_redacted(attempts: ResumeAttemptStore) -> None:
    attempts.record_attempt("t-1", RuntimeError("login failed for password=hunter2 at /srv/x"))
    assert attempts.status("t-1").last_error == (
        "RuntimeError: login failed for password=[redacted] at /srv/x"
    )


def test_bad_thread_ids_are_refused(attempts: ResumeAttemptStore) -> None:
    with pytest.raises(ValueError, match="thread_id"):
        attempts.record_attempt("", None)


@pytest.mark.postgres
def test_postgres_attempts_are_atomic_across_connections(pg_db: str) -> None:
    def hammer() -> None:
        with PostgresResumeAttemptStore.from_conn_string(pg_db) as store:
            for _ in range(25):
                store.record_attempt("t-race", None)

    workers = [threading.Thread(target=hammer) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    with PostgresResumeAttemptStore.from_conn_string(pg_db) as store:
        assert store.attempts("t-race") == 100


@pytest.mark.postgres
def test_postgres_refuses_an_unknown_category(pg_db: str) -> None:
    with (
        psycopg.connect(pg_db, autocommit=True) as conn,
        pytest.raises(psycopg.errors.CheckViolation),
    ):
        conn.execute(
            "INSERT INTO council_resume_attempts (thread_id, failed_category, failed_at) "
            "VALUES ('t', 'cosmic_rays', now())"
        )


@pytest.mark.postgres
def test_stores_say_how_to_fix_a_missing_table(pg_uri: str) -> None:
    with (
        PostgresResumeAttemptStore.from_conn_string(pg_uri) as store,
        pytest.raises(RuntimeError, match="setup_database"),
    ):
        store.attempts("t")
    with (
        PostgresCallRecordStore.from_conn_string(pg_uri) as records,
        pytest.raises(RuntimeError, match="setup_database"),
    ):
        records.start("c", "t", "alice", 10)


def test_a_started_call_is_unfinished_until_finished(calls: CallRecordStore) -> None:
    calls.start("c-1", "t-1", "alice", 120)
    calls.start("c-1", "t-1", "alice", 999)  # idempotent: a re-sent start changes nothing
    calls.start("c-2", "t-2", "bob", 40)
    record = calls.get("c-1")
    assert record is not None and not record.finished
    assert (record.estimated_input_tokens, record.input_tokens, record.output_tokens) == (
        120,
        None,
        None,
    )
    assert [r.call_id for r in calls.list(unfinished=True)] == ["c-1", "c-2"]

    calls.finish("c-1", 130, 45)
    record = calls.get("c-1")
    assert record is not None and record.finished
    assert (record.input_tokens, record.output_tokens) == (130, 45)
    assert [r.call_id for r in calls.list(unfinished=True)] == ["c-2"]
    assert [r.call_id for r in calls.list(thread_id="t-1")] == ["c-1"]


def test_finish_errors_name_the_problem(calls: CallRecordStore) -> None:
    with pytest.raises(LookupError, match="start"):
        calls.finish("nope", 1, 1)
    calls.start("c-1", None, "alice", 5)
    calls.finish("c-1", 5, 1)
    with pytest.raises(ValueError, match="already finished"):
        calls.finish("c-1", 5, 1)
    with pytest.raises(ValueError, match="estimated_input_tokens"):
        calls.start("c-2", None, "alice", -1)
    with pytest.raises(ValueError, match="token counts"):
        calls.finish("c-1", -1, 0)
    assert calls.get("missing") is None


def test_store_constructors_reject_non_connections() -> None:
    with pytest.raises(TypeError, match="Connection"):
        PostgresResumeAttemptStore("postgresql://x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Connection"):
        PostgresCallRecordStore("postgresql://x")  # type: ignore[arg-type]
