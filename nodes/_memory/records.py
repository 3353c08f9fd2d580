"""Where records live in the store (namespaces and keys) and what each family files there.

Namespaces, all under `("council", org)` so orgs never see each other's records:

- `(..., "topics", topic, "meetings" | "rulings" | "outcomes")`: meeting minutes (decisions,
  action items, dissent, reversals), conflict rulings (with dissent), pipeline outcomes.
- `(..., "agents", agent_id, "positions" | "rulings" | "outcomes")`: per-agent notes: the
  positions an agent stated, the rulings on its positions, the subtasks it did.

Keys are `<thread_id>:<record id>` (meeting id, conflict id, task id): a node that re-runs on
resume puts the same key with the same value, so each record is written once. Every value
carries `kind`, `org`, `topic`, `thread_id`, `run_id`, `written_at` (the outcome's own time,
so a re-run writes identical bytes) and `text` (what the store's index embeds).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from langgraph.store.base import PutOp

from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._memory.config import Active, MemoryConfig

__all__ = [
    "ROOT",
    "Record",
    "agent_namespace",
    "indexed",
    "record_key",
    "topic_namespace",
    "write_records",
]

ROOT = "council"
"""The first label of every namespace this package writes."""

Record = tuple[tuple[str, ...], str, dict[str, Any]]
"""One record to put: namespace, key, value."""

INDEXED_FIELDS = ["text"]
"""The value fields a store with an index embeds."""


def topic_namespace(config: MemoryConfig, topic: str, *kind: str) -> tuple[str, ...]:
    """Where `kind` records ("meetings", "rulings", "outcomes") on `topic` live; without a
    kind, the prefix of all of them."""
    return (ROOT, config.org, "topics", topic, *kind)


def agent_namespace(config: MemoryConfig, agent_id: str, *kind: str) -> tuple[str, ...]:
    """Where an agent's notes of `kind` ("positions", "rulings", "outcomes") live; without a
    kind, the prefix of all of them."""
    return (ROOT, config.org, "agents", agent_id.replace(".", "-"), *kind)


def record_key(thread_id: str | None, record_id: str) -> str:
    """The deterministic key of a record: the same run step always writes the same key."""
    return f"{thread_id or 'no-thread'}:{record_id}"


def common(
    config: MemoryConfig, kind: str, topic: str, thread: str | None, run: str | None, at: str
) -> dict[str, Any]:
    """The fields every record carries."""
    return {
        "kind": kind,
        "org": config.org,
        "topic": topic,
        "thread_id": thread,
        "run_id": run,
        "written_at": at,
    }


def write_records(active: Active, records: Iterable[Record]) -> int:
    """Put `records` in one batch (with the configured TTL); returns how many.

    Raises:
        ValueError: `ttl_minutes` is set but the store keeps no TTLs.
    """
    ttl = active.config.ttl_minutes
    if ttl is not None and not active.store.supports_ttl:
        raise InvalidInputError(
            f"context['memory']['ttl_minutes'] is set but {type(active.store).__name__} keeps "
            "no TTLs: use PostgresStore or InMemoryStore, or drop ttl_minutes"
        )
    embedded = indexed(active.store)
    ops = [
        PutOp(ns, key, _distinct(ns, value), index=INDEXED_FIELDS if embedded else False, ttl=ttl)
        for ns, key, value in records
    ]
    if ops:
        active.store.batch(ops)
    return len(ops)


def _distinct(namespace: tuple[str, ...], value: dict[str, Any]) -> dict[str, Any]:
    """`value` whose `text` names where it is filed: one batch never embeds two equal texts
    (langgraph's InMemoryStore pairs embeddings with texts and miscounts duplicates)."""
    where = "/".join(namespace[2:])
    return {**value, "text": f"{value.get('text', '')}\n[{where}]"}


def indexed(store: object) -> bool:
    """Whether `store` searches by meaning: it has an `index_config`, or the store it wraps
    has (`langgraph dev` hands graphs a batching wrapper, `BatchedStore`, around its indexed
    in-memory store; the wrapper forwards searches but does not say it is indexed)."""
    for _ in range(3):
        if getattr(store, "index_config", None) is not None:
            return True
        store = getattr(store, "_store", None)
        if store is None:
            return False
    return False


def text_of(*parts: str | Sequence[str] | None) -> str:
    """The record's searchable text: its parts joined, lists as lines."""
    lines: list[str] = []
    for part in parts:
        if part is None:
            continue
        lines.extend([part] if isinstance(part, str) else list(part))
    return "\n".join(line for line in lines if line)


def plain(value: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON-ready copy of `value` (tuples as lists)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in value.items()}
