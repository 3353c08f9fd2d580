"""Fixtures for the guard tests: the guard-state store over memory and Postgres."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import GuardStateStore, InMemoryGuardStateStore


@pytest.fixture(
    params=[
        "memory",
        pytest.param("postgres", marks=pytest.mark.postgres),
        pytest.param("postgres-async-commit", marks=pytest.mark.postgres),
    ]
)
def guard_store(request: pytest.FixtureRequest) -> Iterator[GuardStateStore]:
    """The same tests run on the in-memory store and on the Postgres store (both commit modes)."""
    if request.param == "memory":
        yield InMemoryGuardStateStore()
        return
    uri = request.getfixturevalue("pg_db")
    synchronous = request.param == "postgres"
    with PostgresGuardStateStore.from_conn_string(uri, synchronous_commit=synchronous) as store:
        yield store
