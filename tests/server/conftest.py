"""One LangGraph Server deployment for the `-m server` tests: two replicas, one Postgres, one Redis.

Needs the server install (`.ci/server-venv`); the default `pytest` run deselects these tests
(`-m "not server"` in pyproject), `pytest -m server` runs them and fails, never skips, when the
install is missing.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient

from tests.conftest import fresh_database
from tests.server.cluster import Cluster, ServerExtraMissingError, cluster

LATENCY = "0.05"
"""Seconds per scripted model reply on the replicas (a simulated model call)."""


@pytest.fixture(scope="session")
def deployment(pg_server: str) -> Iterator[Cluster]:
    """Replicas `a` then `b` (one after the other) on a fresh database; stopped by pid."""
    with (
        tempfile.TemporaryDirectory(prefix="council-scaleout-") as tmp,
        fresh_database(pg_server, prefix="scaleout") as conninfo,
    ):
        try:
            with cluster(conninfo, Path(tmp), COUNCIL_DEMO_LATENCY=LATENCY) as running:
                yield running
        except ServerExtraMissingError as exc:
            pytest.fail(str(exc))
        logs = "".join(p.read_text(errors="replace") for p in Path(tmp).glob("*.log"))
        for sign in ("Blocked deserialization", "unregistered type", "Background run failed"):
            assert sign not in logs, f"a replica logged {sign!r}: see the replica logs"


@asynccontextmanager
async def _client(deployment: Cluster, name: str) -> AsyncIterator[LangGraphClient]:
    """An SDK client of replica `name`, restarted first if a test killed it."""
    if not deployment.replicas[name].alive():
        deployment.start(name)
    async with get_client(url=deployment.replicas[name].url) as sdk:
        yield sdk


@pytest.fixture
async def replica_a(deployment: Cluster) -> AsyncIterator[LangGraphClient]:
    """An SDK client of replica `a`."""
    async with _client(deployment, "a") as sdk:
        yield sdk


@pytest.fixture
async def replica_b(deployment: Cluster) -> AsyncIterator[LangGraphClient]:
    """An SDK client of replica `b`."""
    async with _client(deployment, "b") as sdk:
        yield sdk
