"""Studio fixtures: an SDK client on the `langgraph dev` server that each module starts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient

from tests.studio.dev_server import Server


@pytest.fixture
async def client(server: Server) -> AsyncIterator[LangGraphClient]:
    """A client of the module's `server` fixture (each module starts its own server)."""
    async with get_client(url=server.url) as sdk:
        yield sdk
