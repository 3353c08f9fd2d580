"""One LangGraph Server deployment for the `-m server` tests: two replicas, one Postgres, one Redis.

Needs the server install (`.ci/server-venv`); the default `pytest` run deselects these tests
(`-m "not server"` in pyproject), `pytest -m server` runs them and fails, never skips, when the
install is missing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient

from tests.server.cluster import Cluster, served_cluster

LATENCY = "0.05"
"""Seconds per scripted model reply on the replicas (a simulated model call)."""


@pytest.fixture(scope="session")
def deployment(pg_server: str) -> Iterator[Cluster]:
    """Replicas `a` then `b` (one after the other) on a fresh database; stopped by pid."""
    with served_cluster(pg_server, "scaleout", COUNCIL_DEMO_LATENCY=LATENCY) as running:
        yield running


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
