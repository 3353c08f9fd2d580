"""Where records live in the store (namespaces and keys) and what each family files there.

Namespaces, all under `("council", org)` so orgs never see each other's records:

- `(..., "topics", topic, "meetings" | "rulings" | "outcomes")`: meeting minutes (decisions,
  action items, dissent, reversals), conflict rulings (with dissent), pipeline outcomes.
- `(..., "agents", agent_id, "positions" | "rulings" | "outcomes")`: per-agent notes: the
  positions an agent stated, the rulings on its positions, the subtasks it did.
- `(..., "noted")`: which agents have notes, one small record per agent (its key), and the
  record `.` saying the org's agents are all marked so. Recall reads these in one statement
  and searches only the parties that have notes (a search per party was most of a recall's
  price). Every batch of records puts its agents' marks first; the first batch a process
  writes for an org without `.` marks every agent found under `agents` (notes written before
  marks existed), then `.`. An org without `.` is recalled the old way, a search per party.

Keys are `<thread_id>:<record id>` (meeting id, conflict id, task id): a node that re-runs on
resume puts the same key with the same value, so each record is written once. Every value
carries `kind`, `org`, `topic`, `thread_id`, `run_id`, `written_at` (the outcome's own time,
so a re-run writes identical bytes) and `text` (what the store's index embeds).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from langgraph.store.base import GetOp, ListNamespacesOp, MatchCondition, PutOp

from langgraph_council.nodes._input_errors import InvalidInputError
from langgraph_council.nodes._memory.config import Active, MemoryConfig

__all__ = [
    "MARKED",
    "NOTED",
    "ROOT",
    "Record",
    "agent_key",
    "agent_namespace",
    "indexed",
    "noted_namespace",
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


def agent_key(agent_id: str) -> str:
    """`agent_id` as a namespace label (LangGraph's stores refuse dots in labels)."""
    return agent_id.replace(".", "-")


def agent_namespace(config: MemoryConfig, agent_id: str, *kind: str) -> tuple[str, ...]:
    """Where an agent's notes of `kind` ("positions", "rulings", "outcomes") live; without a
    kind, the prefix of all of them."""
    return (ROOT, config.org, "agents", agent_key(agent_id), *kind)


def noted_namespace(config: MemoryConfig) -> tuple[str, ...]:
    """Where the org marks which agents have notes (one record per `agent_key`) and that its
    agents are all marked (the record `MARKED`)."""
    return (ROOT, config.org, NOTED)


NOTED = "noted"
"""The label of the namespace of marks (`noted_namespace`)."""

MARKED = "."
"""The key of the record saying an org's agents with notes are all marked (no `agent_key` is
a lone dot)."""


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
    records = list(records)  # read twice: the records, then the agents they mark
    ops = [
        PutOp(ns, key, _distinct(ns, value), index=INDEXED_FIELDS if embedded else False, ttl=ttl)
        for ns, key, value in records
    ]
    if ops:
        active.store.batch([*_mark_puts(active, records, ttl), *ops])
    return len(ops)


_MARKED_ORGS: weakref.WeakKeyDictionary[object, set[str]] = weakref.WeakKeyDictionary()
"""The orgs this process found marked, by store: their old notes need no scan. Weak, so a
new store at a dead one's address is not taken for it."""


def _known_marked(store: object, org: str) -> bool:
    try:
        return org in _MARKED_ORGS.get(store, ())
    except TypeError:  # a store that takes no weak reference: ask the store every time
        return False


def _remember_marked(store: object, org: str) -> None:
    with contextlib.suppress(TypeError):
        _MARKED_ORGS.setdefault(store, set()).add(org)


def _mark_puts(active: Active, records: Sequence[Record], ttl: float | None) -> list[PutOp]:
    """The `noted` puts for the agents `records` file notes for, with `MARKED`; for an org
    not yet marked, every agent with notes in the store too (see the module docstring)."""
    agents = {ns[3] for ns, _, _ in records if len(ns) > 3 and ns[2] == "agents"}
    store, org = active.store, active.config.org
    noted = noted_namespace(active.config)
    if not _known_marked(store, org):
        # `batch`, not `get`: langgraph dev's store takes sync calls only through `batch`
        if store.batch([GetOp(noted, MARKED, refresh_ttl=False)])[0] is None:
            agents |= _agents_with_notes(active)
        _remember_marked(store, org)
    mark = {"kind": "noted"}
    return [
        *(PutOp(noted, agent, {**mark, "agent": agent}, index=False, ttl=ttl) for agent in agents),
        PutOp(noted, MARKED, mark, index=False, ttl=ttl),
    ]


def _agents_with_notes(active: Active) -> set[str]:
    """Every agent key under the org's `agents` namespace (pages of 100)."""
    prefix = (ROOT, active.config.org, "agents")
    found: set[str] = set()
    offset = 0
    while True:
        match = (MatchCondition("prefix", prefix),)
        (result,) = active.store.batch([ListNamespacesOp(match, 4, limit=100, offset=offset)])
        page = cast(list[tuple[str, ...]], result)
        found.update(ns[3] for ns in page if len(ns) > 3)
        if len(page) < 100:
            return found
        offset += len(page)


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
