"""Every Postgres store has one shape: a connection or a pool, `from_conn_string`, `setup()`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints import (
    EscalationQueue,
    PostgresCallRecordStore,
    PostgresDissentStore,
    PostgresGuardStateStore,
    PostgresLoopRecordStore,
    PostgresMeetingRecordStore,
)
from langgraph_council.checkpoints._connections import connection_kwargs
from langgraph_council.checkpoints._failures import FailureCategory
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.checkpoints._resume_attempts import PostgresResumeAttemptStore
from langgraph_council.guards._rules import GuardLimits
from langgraph_council.guards._types import LoopRecord
from langgraph_council.nodes import MeetingAgenda, MeetingMinutes
from langgraph_council.nodes._escalation.models import Escalation
from langgraph_council.nodes._meetings.records import MeetingRecord
from tests.nodes.samples import dissent_record

pytestmark = pytest.mark.postgres

T0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Case:
    """How to write one thing to a store and read it back."""

    store: type[BasePostgresStore]
    write: Callable[[Any], None]
    read: Callable[[Any], object]
    expected: object


def _minutes() -> MeetingMinutes:
    return MeetingMinutes(
        meeting_id="m-1",
        protocol="round_robin",
        agenda=MeetingAgenda(title="Pick a queue"),
        leader_id="cto",
        participant_ids=("a", "b"),
        status="completed",
        token_budget=1000,
        total_input_tokens=0,
        total_output_tokens=0,
        started_at=T0,
        ended_at=T0,
    )


def _loop() -> LoopRecord:
    return LoopRecord(
        id="l-1",
        mechanism="dedup",
        chain=("a", "b"),
        delegator="a",
        delegatee="b",
        task_id="t",
        message="dedup: again",
        recorded_at=T0,
    )


def _escalation() -> Escalation:
    return Escalation(
        id="e-1",
        thread_id="t-1",
        kind="merge",
        subject="Merge subtask s1",
        options=("keep", "drop"),
    )


LIMITS = GuardLimits()

CASES = {
    "guard state": Case(
        PostgresGuardStateStore,
        lambda s: s.check_and_record(delegator="a", delegatee="b", task_id="t", limits=LIMITS),
        lambda s: len(s.pair_state("a", "b").rate_times),
        1,
    ),
    "escalations": Case(
        EscalationQueue,
        lambda s: s.store.put(_escalation()),
        lambda s: [(e.id, e.kind, e.options) for e in s.pending()],
        [("e-1", "merge", ("keep", "drop"))],
    ),
    "dissent": Case(
        PostgresDissentStore,
        lambda s: s.put_many([dissent_record(timestamp=T0)]),
        lambda s: s.list(agent_id="a"),
        [dissent_record(timestamp=T0)],
    ),
    "loop records": Case(
        PostgresLoopRecordStore,
        lambda s: s.put(_loop()),
        lambda s: s.list(),
        [_loop()],
    ),
    "meeting records": Case(
        PostgresMeetingRecordStore,
        lambda s: s.put(MeetingRecord.from_minutes(_minutes(), meeting_type="x", thread_id="t")),
        lambda s: (s.get("m-1").thread_id, s.get("m-1").minutes),
        ("t", _minutes()),
    ),
    "resume attempts": Case(
        PostgresResumeAttemptStore,
        lambda s: s.mark_failed("t-1", FailureCategory.TIMEOUT, TimeoutError("slow")),
        lambda s: s.status("t-1").failed_category,
        FailureCategory.TIMEOUT,
    ),
    "call records": Case(
        PostgresCallRecordStore,
        lambda s: s.start("c-1", "t-1", "cto", 120),
        lambda s: [(r.call_id, r.estimated_input_tokens, r.finished_at) for r in s.list()],
        [("c-1", 120, None)],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_open_setup_write_reopen(pg_uri: str, name: str) -> None:
    case = CASES[name]
    with case.store.from_conn_string(pg_uri) as store:  # an empty database: no tables yet
        assert store.setup() != []
        assert store.setup() == []  # idempotent
        case.write(store)
    with case.store.from_conn_string(pg_uri) as store:  # a new connection, as a new process
        assert case.read(store) == case.expected
    with ConnectionPool(pg_uri, min_size=1, max_size=2, kwargs=connection_kwargs()) as pool:
        assert case.read(case.store(pool)) == case.expected  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_uri_is_refused_with_the_fix(name: str) -> None:
    store = CASES[name].store
    with pytest.raises(TypeError, match=rf"{store.__name__}\.from_conn_string\(uri\)"):
        store("postgresql://localhost/db")  # type: ignore[arg-type]
