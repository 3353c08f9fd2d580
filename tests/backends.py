"""The memory-or-Postgres kit behind the `backend` fixture (tests/conftest.py).

A test that takes `backend` runs once on in-memory stores and once on Postgres (a fresh
database). It asks the kit for what it needs: `backend.checkpointer`, `backend.guard_store`,
`backend.escalations`, ... or `backend.store(InMemoryX, PostgresX)` for any other store.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import (
    EscalationQueue,
    InMemoryCallRecordStore,
    InMemoryDissentStore,
    InMemoryEscalationQueue,
    InMemoryMeetingRecordStore,
    PostgresCallRecordStore,
    PostgresDissentStore,
    PostgresGuardStateStore,
    PostgresLoopRecordStore,
    PostgresMeetingRecordStore,
    postgres_checkpointer,
)
from langgraph_council.guards import InMemoryGuardStateStore, InMemoryLoopRecordStore

BACKENDS = ["memory", pytest.param("postgres", marks=pytest.mark.postgres)]
ASYNC_COMMIT = pytest.param("postgres-async-commit", marks=pytest.mark.postgres)

T = TypeVar("T")


@dataclass
class Backend:
    """One storage backend for one test: the checkpointer and each store, in memory or on
    Postgres (a fresh database; each store on its own connection, closed after the test).

    `kind` is "memory", "postgres", or "postgres-async-commit" (only for tests that use the
    `guard_store` fixture: the Postgres guard store with `synchronous_commit=False`).
    """

    kind: str
    uri: str | None
    _stack: ExitStack = field(repr=False)

    @property
    def postgres(self) -> bool:
        """True on Postgres."""
        return self.uri is not None

    def store(self, memory: Callable[[], T], postgres: Any, **options: Any) -> T:
        """`memory()` in memory, else `postgres.from_conn_string(uri, **options)` for the test."""
        if self.uri is None:
            return memory()
        store: T = self._stack.enter_context(postgres.from_conn_string(self.uri, **options))
        return store

    @cached_property
    def checkpointer(self) -> BaseCheckpointSaver[Any]:
        """`InMemorySaver`, or the Postgres checkpointer."""
        if self.uri is None:
            return InMemorySaver()
        return self._stack.enter_context(postgres_checkpointer(self.uri, setup=False))

    @cached_property
    def guard_store(self) -> Any:
        """The guard-state store."""
        synchronous = self.kind != "postgres-async-commit"
        options = {} if self.uri is None else {"synchronous_commit": synchronous}
        return self.store(InMemoryGuardStateStore, PostgresGuardStateStore, **options)

    @cached_property
    def loop_records(self) -> Any:
        """The loop-record store."""
        return self.store(InMemoryLoopRecordStore, PostgresLoopRecordStore)

    @cached_property
    def meeting_records(self) -> Any:
        """The meeting-record store."""
        return self.store(InMemoryMeetingRecordStore, PostgresMeetingRecordStore)

    @cached_property
    def dissent_store(self) -> Any:
        """The dissent store."""
        return self.store(InMemoryDissentStore, PostgresDissentStore)

    @cached_property
    def escalations(self) -> Any:
        """The escalation queue."""
        return self.store(InMemoryEscalationQueue, EscalationQueue)

    @cached_property
    def call_records(self) -> Any:
        """The call-record store."""
        return self.store(InMemoryCallRecordStore, PostgresCallRecordStore)
