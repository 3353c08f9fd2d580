"""The durable stores that served graphs share: one pool per server process, on the saver's DB.

Under LangGraph Server (`langgraph dev`, or several `langhost serve` replicas on one PostgreSQL),
every replica builds the graphs of `langgraph.json` per request. What must be shared between
requests and replicas lives in PostgreSQL: the escalation queue (so `council escalations list`
and `decide` see what any replica opened), the guard state (rate limits and breakers hold
across replicas), loop records, dissent and meeting records. `graphs.studio.checkpointer` opens
them next to the saver when the server starts; the graph factories read them with
`served_stores()` and fall back to no store (in-memory behaviour) outside a server.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from psycopg import Connection
from psycopg.rows import DictRow
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints import (
    EscalationQueue,
    PostgresDissentStore,
    PostgresGuardStateStore,
    PostgresLoopRecordStore,
    PostgresMeetingRecordStore,
)
from langgraph_council.checkpoints._connections import connection_kwargs

__all__ = ["ServedStores", "open_served_stores", "served_stores"]


@dataclass(frozen=True)
class ServedStores:
    """The Postgres stores a server process lends its graphs (all on one pool)."""

    escalations: EscalationQueue
    dissent: PostgresDissentStore
    meetings: PostgresMeetingRecordStore
    guard_store: PostgresGuardStateStore
    loop_records: PostgresLoopRecordStore

    def conflict_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of `create_conflict_graph` these stores fill."""
        return {"escalations": self.escalations, "dissent_store": self.dissent}

    def meeting_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of `create_meeting_graph` these stores fill."""
        return {"records": self.meetings, "dissent_store": self.dissent}

    def delegation_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of `create_delegation_graph` these stores fill."""
        return {
            "escalations": self.escalations,
            "guard_store": self.guard_store,
            "loop_records": self.loop_records,
        }

    def coordination_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of `create_coordination_graph` these stores fill.

        The pipeline demo keeps a fresh in-memory guard per build (as `council demo pipeline`):
        its fixed plan repeats the same hand-offs, which a shared rate limit would refuse.
        """
        return {"escalations": self.escalations, "loop_records": self.loop_records}


_current: list[ServedStores] = []


def served_stores() -> ServedStores | None:
    """The stores of this server process, or None outside a server (no shared state)."""
    return _current[-1] if _current else None


@contextmanager
def open_served_stores(uri: str, *, pool_size: int = 4) -> Iterator[ServedStores]:
    """Open the shared stores on `uri` (tables already set up) for the server's lifetime.

    Blocking: call it in a worker thread from async code. `pool_size` connections are opened
    per server process; count them against PostgreSQL's `max_connections` (docs/deploy.md).

    Example:
        >>> with open_served_stores(uri) as stores:  # doctest: +SKIP
        ...     graph = create_conflict_graph(org, roster, **stores.conflict_kwargs())
    """
    if pool_size < 2:
        raise ValueError(
            f"pool_size must be >= 2 (an escalation resume holds one), got {pool_size}"
        )
    with ConnectionPool[Connection[DictRow]](
        uri, min_size=1, max_size=pool_size, kwargs=connection_kwargs(), open=True
    ) as pool:
        stores = ServedStores(
            EscalationQueue(pool),
            PostgresDissentStore(pool),
            PostgresMeetingRecordStore(pool),
            PostgresGuardStateStore(pool),
            PostgresLoopRecordStore(pool),
        )
        _current.append(stores)
        try:
            yield stores
        finally:
            _current.remove(stores)
