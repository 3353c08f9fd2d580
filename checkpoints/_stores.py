"""`CouncilStores`: the durable stores of every graph family in one bundle, on one pool.

Every `create_*` factory takes `stores=` and reads the fields it needs (the table in
docs/design.md, "One factory shape"); a field left `None` keeps that family's default (no
record kept, a guard state private to the graph, escalations that only the thread itself sees):

    stores = CouncilStores.in_memory()                     # tests, notebooks, `--memory`
    with CouncilStores.from_conn_string(uri) as stores:    # one pool for all six stores
        graph = create_conflict_graph(org, roster, stores=stores, checkpointer=saver)
    stores = CouncilStores.from_pool(pool)                 # share the saver's pool
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Self, TypedDict, Unpack

from langgraph_council.checkpoints._call_records import (
    CallRecordStore,
    InMemoryCallRecordStore,
    PostgresCallRecordStore,
)
from langgraph_council.checkpoints._connections import ConnOrPool, open_pool
from langgraph_council.checkpoints._dissent import PostgresDissentStore
from langgraph_council.checkpoints._guard_store import PostgresGuardStateStore
from langgraph_council.checkpoints._loop_records import PostgresLoopRecordStore
from langgraph_council.checkpoints._meeting_records import PostgresMeetingRecordStore
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.checkpoints._runner.escalations import (
    EscalationQueue,
    InMemoryEscalationQueue,
)
from langgraph_council.guards import (
    GuardStateStore,
    InMemoryGuardStateStore,
    InMemoryLoopRecordStore,
    LoopRecordStore,
)
from langgraph_council.nodes._conflicts.dissent import DissentStore, InMemoryDissentStore
from langgraph_council.nodes._meetings.records import InMemoryMeetingRecordStore, MeetingRecorder

__all__ = ["STORE_ALIASES", "CouncilStores"]

STORE_ALIASES: dict[str, str] = {
    "escalations": "escalations",
    "dissent_store": "dissent",
    "records": "meetings",
    "guard_store": "guard_state",
    "loop_records": "loop_records",
}
"""The factories' older store keywords and the `CouncilStores` field each one fills."""


class _Fields(TypedDict, total=False):
    """The fields of `CouncilStores`, as `replace` takes them."""

    escalations: EscalationQueue | None
    dissent: DissentStore | None
    meetings: MeetingRecorder | None
    guard_state: GuardStateStore | None
    loop_records: LoopRecordStore | None
    calls: CallRecordStore | None


@dataclass(frozen=True)
class CouncilStores:
    """The durable stores graphs share: escalations, dissent, meeting records, guard state,
    loop records and call records. Every field is optional; `None` is the family default.

    Example:
        >>> stores = CouncilStores.in_memory()
        >>> type(stores.escalations).__name__
        'InMemoryEscalationQueue'
        >>> CouncilStores().guard_state is None
        True
    """

    escalations: EscalationQueue | None = None
    """Human escalations (conflicts, blocked top-level hand-offs, merge conflicts)."""
    dissent: DissentStore | None = None
    """Dissent records of conflicts and meetings' minority reports."""
    meetings: MeetingRecorder | None = None
    """A record of every finished meeting."""
    guard_state: GuardStateStore | None = None
    """Loop-guard state (rate limits, breakers): share it to hold limits across graphs."""
    loop_records: LoopRecordStore | None = None
    """Refused hand-offs, for analytics."""
    calls: CallRecordStore | None = None
    """Model-call records (`CallRecordHandler`); the factories do not read it."""

    @classmethod
    def in_memory(cls) -> Self:
        """Fresh in-memory stores, one of each (nothing survives the process)."""
        return cls(
            InMemoryEscalationQueue(),
            InMemoryDissentStore(),
            InMemoryMeetingRecordStore(),
            InMemoryGuardStateStore(),
            InMemoryLoopRecordStore(),
            InMemoryCallRecordStore(),
        )

    @classmethod
    def from_pool(cls, conn: ConnOrPool) -> Self:
        """The Postgres stores on one connection or pool (e.g. the saver's `conn`).

        The tables must exist: `setup_database(uri)` or `stores.setup()` once per database.
        """
        return cls(
            EscalationQueue(conn),
            PostgresDissentStore(conn),
            PostgresMeetingRecordStore(conn),
            PostgresGuardStateStore(conn),
            PostgresLoopRecordStore(conn),
            PostgresCallRecordStore(conn),
        )

    @classmethod
    @contextmanager
    def from_conn_string(
        cls, uri: str, *, pool_size: int = 4, prepare_threshold: int | None = 0
    ) -> Iterator[Self]:
        """The Postgres stores on one pool of `pool_size` connections, closed on exit.

        `prepare_threshold=None` disables prepared statements (transaction poolers).

        Raises:
            ValueError: `pool_size` is below 2 (an escalation resume holds one connection).

        Example:
            >>> with CouncilStores.from_conn_string(uri) as stores:  # doctest: +SKIP
            ...     stores.setup()
        """
        if pool_size < 2:
            raise ValueError(
                f"pool_size must be >= 2 (an escalation resume holds one), got {pool_size}"
            )
        with open_pool(uri, size=pool_size, prepare_threshold=prepare_threshold) as pool:
            yield cls.from_pool(pool)

    def setup(self) -> list[int]:
        """Create this package's tables if missing (idempotent); nothing to do in memory.

        Returns the migration versions applied by this call.
        """
        for field in dataclasses.fields(self):
            store = getattr(self, field.name)
            if isinstance(store, EscalationQueue):
                store = store.store
            if isinstance(store, BasePostgresStore):
                return store.setup()  # one run of the migrations creates every table
        return []

    def replace(self, **changes: Unpack[_Fields]) -> Self:
        """A copy with some fields changed, e.g. `stores.replace(guard_state=None)`.

        Raises:
            TypeError: A name is not a field of the bundle.
        """
        return dataclasses.replace(self, **changes)
