"""The Postgres guard store satisfies the guard package's protocol."""

from __future__ import annotations

import langgraph_council.checkpoints as checkpoints
import langgraph_council.guards as guards


def test_the_postgres_store_satisfies_the_protocol_structurally() -> None:
    assert issubclass(checkpoints.PostgresGuardStateStore, guards.GuardStateStore)
    assert issubclass(checkpoints.PostgresLoopRecordStore, guards.LoopRecordStore)
