"""`OrgMemory`: list, read and forget the org-memory records in a LangGraph store.

The families write records (when a run switches org memory on) under `("council", org, ...)`
in the graph's `BaseStore`; see `nodes._memory.records` for the namespaces. This is the user's
handle on them, for any store: `InMemoryStore`, `PostgresStore`, or LangGraph Server's (the
CLI reaches that one through langgraph-sdk). A record's id is its namespace and key joined by
`/`, e.g. `council/acme/topics/billing-db/meetings/thread-1:mtg-0a1b`.
"""

from __future__ import annotations

from typing import Any

from langgraph.store.base import BaseStore, Item

from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._memory.config import slug
from langgraph_council.nodes._memory.records import NOTED, ROOT

__all__ = ["OrgMemory", "record_id", "split_record_id"]

_PAGE = 100


def record_id(item: Item) -> str:
    """The id `OrgMemory.show` and `forget` take: namespace and key joined by `/`."""
    return "/".join([*item.namespace, item.key])


def split_record_id(value: str) -> tuple[tuple[str, ...], str]:
    """`record_id` read back.

    Raises:
        ValueError: The id is not of a council record.
    """
    parts = value.strip().split("/")
    if len(parts) < 4 or parts[0] != ROOT or not all(parts):
        raise InvalidInputError(
            f"record id {value!r} is not a council memory record; copy an id from "
            "`council memory list` (it starts with 'council/<org>/')"
        )
    return tuple(parts[:-1]), parts[-1]


def _prefix(org: str | None, topic: str | None, agent: str | None) -> tuple[str, ...]:
    if (topic or agent) and not org:
        raise InvalidInputError("give org= (the memory's org) to filter by topic or agent")
    if topic and agent:
        raise InvalidInputError("filter by topic= or by agent=, not both")
    prefix: tuple[str, ...] = (ROOT,)
    if org:
        prefix += (org,)
    if topic:
        prefix += ("topics", slug(topic))
    if agent:
        prefix += ("agents", agent)
    return prefix


class OrgMemory:
    """The org-memory records in `store`, to list, read and forget.

    Example:
        >>> memory = OrgMemory(store)  # doctest: +SKIP
        >>> [record_id(i) for i in memory.list(org="acme", topic="billing db")]  # doctest: +SKIP
        >>> memory.forget(thread_id="meeting-7")  # doctest: +SKIP
        3
    """

    def __init__(self, store: BaseStore) -> None:
        self.store = store

    def list(
        self,
        *,
        org: str | None = None,
        topic: str | None = None,
        agent: str | None = None,
        thread_id: str | None = None,
        kind: str | None = None,
        limit: int = 100,
    ) -> list[Item]:
        """Records, newest first, filtered by org, topic or agent, thread and kind."""
        prefix = _prefix(org, topic, agent)
        wanted: dict[str, Any] = {}
        if thread_id:
            wanted["thread_id"] = thread_id
        if kind:
            wanted["kind"] = kind
        found = [i for i in _every(self.store, prefix, wanted or None) if not _is_mark(i)]
        found.sort(key=lambda i: str(i.value.get("written_at", "")), reverse=True)
        return found[: max(limit, 0)]

    def show(self, record: str) -> Item | None:
        """The record with this id (see `record_id`), or None."""
        namespace, key = split_record_id(record)
        return self.store.get(namespace, key)

    def forget(
        self,
        record: str | None = None,
        *,
        org: str | None = None,
        topic: str | None = None,
        agent: str | None = None,
        thread_id: str | None = None,
    ) -> int:
        """Delete one record by id, or every record matching the filters; returns how many.

        Raises:
            ValueError: Neither a record id nor any filter was given.
        """
        if record is not None:
            namespace, key = split_record_id(record)
            if self.store.get(namespace, key) is None:
                return 0
            self.store.delete(namespace, key)
            return 1
        if not (org or thread_id):
            raise InvalidInputError(
                "forget needs a record id, org= or thread_id=: refusing to forget everything"
            )
        doomed = self.list(org=org, topic=topic, agent=agent, thread_id=thread_id, limit=10**9)
        for item in doomed:
            self.store.delete(item.namespace, item.key)
        if org and not (topic or agent or thread_id):  # the whole org: its marks go too
            for mark in _every(self.store, (ROOT, org, NOTED)):  # not records: list skips them
                self.store.delete(mark.namespace, mark.key)
        return len(doomed)


def _every(
    store: BaseStore, prefix: tuple[str, ...], wanted: dict[str, Any] | None = None
) -> list[Item]:
    """Every item under `prefix` matching `wanted`, searched in pages of `_PAGE`."""
    found: list[Item] = []
    while True:
        page = store.search(prefix, filter=wanted, limit=_PAGE, offset=len(found))
        found += page
        if len(page) < _PAGE:
            return found


def _is_mark(item: Item) -> bool:
    return len(item.namespace) > 2 and item.namespace[2] == NOTED
