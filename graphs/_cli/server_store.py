"""A LangGraph Server's store as a `BaseStore`, through langgraph-sdk's store API.

`OrgMemory` lists, reads and forgets records in any `BaseStore`; this adapter lets
`council memory ... --server URL` do the same on a server's own store. It serves the
operations `OrgMemory` uses (get, search, delete); writes and namespace listing are refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import httpx
from langgraph.store.base import BaseStore, GetOp, Item, Op, PutOp, Result, SearchItem, SearchOp
from langgraph_sdk import get_sync_client
from langgraph_sdk.errors import NotFoundError

from langgraph_council.graphs._cli.server import check_server_url
from langgraph_council.nodes._errors import CliError

__all__ = ["ServerStore"]

_TIMEOUT = 30.0


def _when(value: Any) -> datetime:
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            pass
    return datetime.now(UTC)


def _item(raw: Any, kind: type[Item] = Item) -> Item:
    return kind(
        value=dict(raw["value"]),
        key=str(raw["key"]),
        namespace=tuple(raw["namespace"]),
        created_at=_when(raw.get("created_at")),
        updated_at=_when(raw.get("updated_at")),
    )


class ServerStore(BaseStore):
    """The store of the LangGraph Server at `url` (get, search and delete)."""

    def __init__(self, url: str) -> None:
        self.url = check_server_url(url)
        self.client = get_sync_client(url=self.url, timeout=_TIMEOUT)
        try:
            httpx.get(f"{self.url}/ok", timeout=10).raise_for_status()
        except httpx.HTTPError as exc:
            raise CliError(f"--server {self.url}: no LangGraph Server answers ({exc})") from None

    def _one(self, op: Op) -> Result:
        store = self.client.store
        if isinstance(op, GetOp):
            try:
                return _item(store.get_item(list(op.namespace), op.key))
            except NotFoundError:
                return None
        if isinstance(op, SearchOp):
            found = store.search_items(
                list(op.namespace_prefix), filter=op.filter, limit=op.limit, offset=op.offset
            )
            return [_item(raw, SearchItem) for raw in found["items"]]
        if isinstance(op, PutOp) and op.value is None:
            store.delete_item(list(op.namespace), op.key)
            return None
        raise CliError("council memory --server only reads and forgets records")

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [self._one(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return self.batch(ops)
