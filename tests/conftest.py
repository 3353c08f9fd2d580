"""Shared fixtures: one PostgreSQL server per session, a fresh database per test, and the
memory-or-Postgres matrix (`backend`): the same test on in-memory stores and on Postgres."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from psycopg import sql

from langgraph_council.checkpoints import postgres_checkpointer, setup_database
from langgraph_council.checkpoints._embedded import given_or_scratch_server
from langgraph_council.nodes import AgentProfile, Org
from tests.backends import ASYNC_COMMIT, BACKENDS, Backend

SERVER_URI_ENV = "COUNCIL_TEST_PG_URI"


@pytest.fixture(scope="session", autouse=True)
def _studio_pipeline_repo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The Studio `coordination` graph's demo repository in the session's temp dir, never in
    the user's cache (`COUNCIL_PIPELINE_REPO`)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COUNCIL_PIPELINE_REPO", str(tmp_path_factory.mktemp("studio") / "billing"))
        yield


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """URI of a server to create test databases on: `COUNCIL_TEST_PG_URI` or an embedded one."""
    with given_or_scratch_server(os.environ.get(SERVER_URI_ENV)) as uri:
        yield uri


@contextmanager
def fresh_database(server_uri: str, prefix: str = "test") -> Iterator[str]:
    """A new, empty database on `server_uri` for the block, dropped afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex}"
    with psycopg.connect(server_uri, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield str(psycopg.conninfo.make_conninfo(server_uri, dbname=name))
    finally:
        with psycopg.connect(server_uri, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture
def pg_uri(pg_server: str) -> Iterator[str]:
    """A fresh, empty database for one test, dropped afterwards."""
    with fresh_database(pg_server) as uri:
        yield uri


@pytest.fixture
def pg_db(pg_uri: str) -> str:
    """A fresh database with LangGraph's and this package's tables set up."""
    setup_database(pg_uri)
    return pg_uri


@pytest.fixture
def pg_saver(pg_db: str) -> Iterator[BaseCheckpointSaver[Any]]:
    """The Postgres checkpointer on the test's database (tables already set up)."""
    with postgres_checkpointer(pg_db, setup=False) as saver:
        yield saver


# -- the memory-or-Postgres matrix (the kit is `tests.backends.Backend`) -----------------


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that takes `backend` runs once per backend; guard-store tests once more."""
    if "backend" in metafunc.fixturenames:
        extra = [ASYNC_COMMIT] if "guard_store" in metafunc.fixturenames else []
        metafunc.parametrize("backend", [*BACKENDS, *extra], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> Iterator[Backend]:
    """The memory-or-Postgres matrix: a `Backend` kit, once in memory and once on Postgres."""
    kind: str = request.param
    uri = None if kind == "memory" else request.getfixturevalue("pg_db")
    with ExitStack() as stack:
        yield Backend(kind, uri, stack)


@pytest.fixture
def guard_store(backend: Backend) -> Any:
    """The guard-state store of the matrix (with a third run: Postgres, asynchronous commit)."""
    return backend.guard_store


ORG_YAML = Path(__file__).parent / "data" / "org.yaml"


@pytest.fixture
def org() -> Org:
    """The org used across the suite (see tests/data/org.yaml)."""
    return Org.load(ORG_YAML)


def make_agent(
    agent_id: str, level: str = "mid", manager_id: str | None = None, **kw: object
) -> AgentProfile:
    """A terse profile builder for tests."""
    defaults: dict[str, object] = {
        "name": agent_id.title(),
        "role": "engineer",
        "department": "engineering",
    }
    defaults.update(kw)
    return AgentProfile(id=agent_id, level=level, manager_id=manager_id, **defaults)  # type: ignore[arg-type]
