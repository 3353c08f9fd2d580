"""The durable stores that served graphs share: one pool per server process, on the saver's DB.

Under LangGraph Server (`langgraph dev`, or several `langhost serve` replicas on one PostgreSQL),
every replica builds the graphs of `langgraph.json` per request. What must be shared between
requests and replicas lives in PostgreSQL: the escalation queue (so `council escalations list`
and `decide` see what any replica opened), the guard state (rate limits and breakers hold
across replicas), loop records, dissent and meeting records: one `CouncilStores` on one
pool. `graphs.studio.checkpointer` opens them next to the saver when the server starts; the
graph factories take `stores=served_stores()`, None outside a server (in-memory behaviour).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.nodes._escalation.notify import WEBHOOK_ENV, check_hook

__all__ = ["open_served_stores", "served_stores"]

_current: list[CouncilStores] = []


def served_stores() -> CouncilStores | None:
    """The stores of this server process, or None outside a server (no shared state)."""
    return _current[-1] if _current else None


@contextmanager
def open_served_stores(uri: str, *, pool_size: int = 4) -> Iterator[CouncilStores]:
    """Open the shared stores on `uri` (tables already set up) for the server's lifetime.

    Blocking: call it in a worker thread from async code. `pool_size` connections are opened
    per server process; count them against PostgreSQL's `max_connections` (docs/deploy.md).

    Example:
        >>> with open_served_stores(uri) as stores:  # doctest: +SKIP
        ...     graph = create_conflict_graph(org, roster, stores=stores)

    Raises:
        ValueError: `pool_size` is below 2.
    """
    with CouncilStores.from_conn_string(uri, pool_size=pool_size) as stores:
        webhook = os.environ.get(WEBHOOK_ENV)
        if webhook and stores.escalations is not None:  # operators hear of escalations
            stores.escalations.store.on_open = check_hook(webhook)
        _current.append(stores)
        try:
            yield stores
        finally:
            _current.remove(stores)
