"""Fixtures for the guard tests (the memory-or-Postgres `guard_store` is in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from langgraph_council.checkpoints import PostgresGuardStateStore, setup_database
from tests.conftest import fresh_database


@pytest.fixture(scope="module")
def pg_store(pg_server: str) -> Iterator[PostgresGuardStateStore]:
    """One Postgres guard store for the module's hypothesis examples (each uses fresh names)."""
    with fresh_database(pg_server, "test_guards") as uri:
        setup_database(uri)
        with PostgresGuardStateStore.from_conn_string(uri) as store:
            yield store
