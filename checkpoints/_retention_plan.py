"""Retention's plan: which threads a prune selects and the SQL it runs, as a generator of
steps that `checkpoints._retention` drives on a sync or an async connection (see there for what
is kept). A step is `(sql, params)` and receives the rows; `("saver:<strategy>", (ids,))` asks
the driver for checkpoint-postgres's own `prune`, `("vacuum", ())` for VACUUM.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

__all__ = ["Options", "PruneReport", "Steps", "is_finished", "make_options", "plan", "vacuum_sql"]

Strategy = Literal["keep_latest", "delete"]
Vacuum = Literal["none", "plain", "full"]

CHECKPOINT_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes")
OPERATIONAL_TABLES = (
    "council_resume_attempts",
    "council_call_records",
    "council_loop_records",
    "council_meeting_cancels",
)
AUDIT_TABLES = ("council_escalations", "council_meeting_records", "council_meeting_claims")

_LATEST = """
SELECT DISTINCT ON (c.thread_id)
    c.thread_id, c.checkpoint_id, c.checkpoint ->> 'ts' AS ts,
    c.checkpoint -> 'channel_versions' AS versions,
    c.checkpoint -> 'versions_seen' AS seen,
    coalesce(c.checkpoint -> 'channel_values' -> '__pregel_tasks', 'null'::jsonb) <> 'null'::jsonb
        AS sends,
    c.metadata ->> 'graph_id' AS graph_id,
    ARRAY(
        SELECT v.key FROM jsonb_each_text(c.checkpoint -> 'channel_versions') AS v
        WHERE (v.key LIKE 'branch:to:%%' OR v.key = '__start__')
          AND (c.checkpoint -> 'channel_values' ? v.key OR EXISTS (
              SELECT 1 FROM checkpoint_blobs b
              WHERE b.thread_id = c.thread_id AND b.checkpoint_ns = ''
                AND b.channel = v.key AND b.version = v.value AND b.type <> 'empty'))
    ) AS available,
    EXISTS (
        SELECT 1 FROM checkpoint_writes w
        WHERE w.thread_id = c.thread_id AND w.checkpoint_ns = ''
          AND w.checkpoint_id = c.checkpoint_id
    ) AS has_writes
FROM checkpoints c
WHERE c.checkpoint_ns = '' AND (%s::text[] IS NULL OR c.thread_id = ANY(%s::text[]))
ORDER BY c.thread_id, c.checkpoint_id DESC
"""

_DELTA = """
SELECT thread_id, array_agg(DISTINCT k) FILTER (WHERE k IS NOT NULL) AS channels,
       bool_or(metadata ? 'delta_writes_versioned') AS versioned
FROM checkpoints
LEFT JOIN LATERAL jsonb_object_keys(
    CASE WHEN jsonb_typeof(metadata -> 'counters_since_delta_snapshot') = 'object'
         THEN metadata -> 'counters_since_delta_snapshot' ELSE '{}'::jsonb END
) AS k ON true
WHERE thread_id = ANY(%s::text[])
  AND (metadata ? 'counters_since_delta_snapshot' OR metadata ? 'delta_writes_versioned')
GROUP BY thread_id
"""

_HEADS = """
SELECT DISTINCT ON (checkpoint_ns) checkpoint_ns, checkpoint_id,
       checkpoint -> 'channel_versions' AS versions
FROM checkpoints WHERE thread_id = %s ORDER BY checkpoint_ns, checkpoint_id DESC
"""

_DELTA_WRITES = """
DELETE FROM checkpoint_writes
WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id <> %s
  AND NOT (channel = ANY(%s::text[]))
"""

_DELTA_BLOBS = """
DELETE FROM checkpoint_blobs
WHERE thread_id = %s AND checkpoint_ns = %s AND NOT (channel = ANY(%s::text[]))
  AND (%s::jsonb ->> channel) IS DISTINCT FROM version
"""

_SIZES = "SELECT " + ", ".join(
    f"pg_total_relation_size('{t}') AS {t}_total, "
    f"(SELECT coalesce(sum(pg_column_size(x.*)), 0) FROM {t} x) AS {t}_live"
    for t in CHECKPOINT_TABLES
)

_EXISTING = "SELECT relname FROM pg_class WHERE relname = ANY(%s::text[]) AND relkind = 'r'"


@dataclass(frozen=True)
class PruneReport:
    """What a prune or delete did, and the stored bytes before and after.

    `bytes_*` are `pg_total_relation_size` of the checkpoint tables (files on disk, which only
    shrink after VACUUM FULL); `live_bytes_*` are the bytes of their remaining rows.
    """

    strategy: Strategy
    pruned: tuple[str, ...] = ()
    delta_threads: tuple[str, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    rows_deleted: dict[str, int] = field(default_factory=dict)
    bytes_before: int = 0
    bytes_after: int = 0
    live_bytes_before: int = 0
    live_bytes_after: int = 0
    dry_run: bool = False

    @property
    def freed_live_bytes(self) -> int:
        """Row bytes the prune removed."""
        return self.live_bytes_before - self.live_bytes_after


@dataclass(frozen=True)
class Options:
    strategy: Strategy
    thread_ids: tuple[str, ...] | None
    older_than: datetime | None
    graph_ids: frozenset[str] | None
    channels: frozenset[str] | None
    include_unfinished: bool
    keep_audit: bool
    vacuum: Vacuum
    dry_run: bool


Steps = Generator[tuple[str, Sequence[Any]], list[dict[str, Any]], Any]


def make_options(
    strategy: str,
    thread_ids: Sequence[str] | None,
    older_than: timedelta | datetime | None,
    graph_ids: Sequence[str] | None,
    graph: Any,
    include_unfinished: bool,
    keep_audit: bool,
    vacuum: str,
    dry_run: bool,
) -> Options:
    if strategy not in ("keep_latest", "delete"):
        raise ValueError(f"strategy={strategy!r}: use 'keep_latest' or 'delete'")
    if vacuum not in ("none", "plain", "full"):
        raise ValueError(f"vacuum={vacuum!r}: use 'none', 'plain' or 'full'")
    if isinstance(thread_ids, str) or isinstance(graph_ids, str):
        raise TypeError("thread_ids and graph_ids take a list of ids, not one string")
    cutoff: datetime | None = None
    if isinstance(older_than, timedelta):
        if older_than < timedelta(0):
            raise ValueError("older_than must be a positive timedelta (or a datetime)")
        cutoff = datetime.now(UTC) - older_than
    elif isinstance(older_than, datetime):
        cutoff = older_than if older_than.tzinfo else older_than.replace(tzinfo=UTC)
    elif older_than is not None:
        raise TypeError("older_than: pass a timedelta (age) or a datetime (cutoff)")
    return Options(
        strategy=strategy,  # type: ignore[arg-type]
        thread_ids=tuple(str(t) for t in thread_ids) if thread_ids is not None else None,
        older_than=cutoff,
        graph_ids=frozenset(graph_ids) if graph_ids is not None else None,
        channels=frozenset(graph.channels) if graph is not None else None,
        include_unfinished=include_unfinished,
        keep_audit=keep_audit,
        vacuum=vacuum,  # type: ignore[arg-type]
        dry_run=dry_run,
    )


def is_finished(row: dict[str, Any]) -> bool:
    """True when a latest checkpoint row (from `_LATEST`) triggers nothing more: no pending
    writes or sends, and no trigger channel that holds a value its node has not seen (LangGraph
    bumps a trigger's version when a node consumes it, so the value's presence matters)."""
    if row["has_writes"] or row["sends"]:
        return False
    versions: dict[str, Any] = row["versions"] or {}
    seen: dict[str, dict[str, Any]] = row["seen"] or {}
    for channel in row["available"] or ():
        version = versions[channel]
        if channel.startswith("branch:to:"):
            node = channel.removeprefix("branch:to:")
        elif channel == "__start__":
            node = "__start__"
        else:
            continue
        if str(seen.get(node, {}).get(channel, "")) < str(version):
            return False
    return True


def _select(options: Options, rows: list[dict[str, Any]]) -> tuple[list[str], list[Any]]:
    chosen: list[str] = []
    skipped: list[tuple[str, str]] = []
    for row in rows:
        thread_id = str(row["thread_id"])
        if options.graph_ids is not None and row["graph_id"] not in options.graph_ids:
            continue
        if options.channels is not None and not set(row["versions"] or {}) <= options.channels:
            continue
        if options.older_than is not None and datetime.fromisoformat(row["ts"]) >= (
            options.older_than
        ):
            continue
        if not options.include_unfinished and not is_finished(row):
            skipped.append((thread_id, "unfinished (interrupted, crashed or drained)"))
            continue
        chosen.append(thread_id)
    return chosen, skipped


def _sizes(rows: list[dict[str, Any]]) -> tuple[int, int]:
    row = rows[0]
    total = sum(int(row[f"{t}_total"]) for t in CHECKPOINT_TABLES)
    live = sum(int(row[f"{t}_live"]) for t in CHECKPOINT_TABLES)
    return total, live


def _compact_delta(thread_id: str, channels: list[str]) -> Steps:
    """Keep-latest for a DeltaChannel thread (see the module docstring). Returns rows freed."""
    freed = 0
    for head in (yield _HEADS, (thread_id,)):
        ns, latest = head["checkpoint_ns"], head["checkpoint_id"]
        writes = yield _DELTA_WRITES, (thread_id, ns, latest, channels)
        blobs = yield _DELTA_BLOBS, (thread_id, ns, channels, _json(head["versions"]))
        freed += len(writes) + len(blobs)
    return freed


_OLDER_CHECKPOINTS = """
DELETE FROM checkpoints WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id <> %s
"""

_DELETE_THREADS = [
    f"DELETE FROM {table} WHERE thread_id = ANY(%s::text[])" for table in CHECKPOINT_TABLES
]


def _keep_latest_sql(thread_id: str) -> Steps:
    """keep_latest without checkpoint-postgres's `prune` (3.1): each namespace keeps its latest
    checkpoint, that checkpoint's writes and the blob versions it references."""
    freed = 0
    for head in (yield _HEADS, (thread_id,)):
        ns, latest = head["checkpoint_ns"], head["checkpoint_id"]
        freed += len((yield _DELTA_WRITES, (thread_id, ns, latest, [])))
        freed += len((yield _DELTA_BLOBS, (thread_id, ns, [], _json(head["versions"]))))
        freed += len((yield _OLDER_CHECKPOINTS, (thread_id, ns, latest)))
    return freed


def _saver_prune(strategy: Strategy, thread_ids: list[str]) -> Steps:
    """checkpoint-postgres's own `prune`; the driver replies None when the saver has none (3.1)
    and the same rows go by SQL here instead."""
    if not thread_ids or (yield f"saver:{strategy}", (thread_ids,)) is not None:
        return 0
    freed = 0
    if strategy == "delete":
        for sql in _DELETE_THREADS:
            freed += len((yield sql, (thread_ids,)))
        return freed
    for thread_id in thread_ids:
        freed += yield from _keep_latest_sql(thread_id)
    return freed


def _json(value: Any) -> str:
    return json.dumps(value or {})


MEMORY_STORE_TABLE = "store"
"""LangGraph's `PostgresStore` table, where org memory keeps its records."""

_FORGET_MEMORY = f"""
DELETE FROM {MEMORY_STORE_TABLE}
WHERE (prefix = 'council' OR prefix LIKE 'council.%%') AND value->>'thread_id' = ANY(%s::text[])
"""
"""A deleted thread's org-memory records (their index vectors go by the store's cascade)."""


def _our_rows(thread_ids: list[str], options: Options, existing: set[str]) -> Steps:
    deleted: dict[str, int] = {}
    if MEMORY_STORE_TABLE in existing:  # org memory: forgetting a thread is part of deleting it
        rows = yield _FORGET_MEMORY, (thread_ids,)
        deleted["org_memory"] = len(rows)
    tables = list(OPERATIONAL_TABLES) + ([] if options.keep_audit else list(AUDIT_TABLES))
    for table in tables:
        if table in existing:
            rows = yield f"DELETE FROM {table} WHERE thread_id = ANY(%s::text[])", (thread_ids,)
            deleted[table] = len(rows)
    return deleted


def plan(options: Options) -> Steps:
    """The whole prune as SQL steps; saver calls are yielded as ("saver", ...) markers."""
    before = _sizes((yield _SIZES, ()))
    rows = yield _LATEST, (list(options.thread_ids) if options.thread_ids else None,) * 2
    if options.thread_ids is not None and not options.thread_ids:
        rows = []
    chosen, skipped = _select(options, rows)
    delta = {r["thread_id"]: r for r in (yield _DELTA, (chosen,))} if chosen else {}
    deleted: dict[str, int] = {}
    if not options.dry_run and chosen:
        if options.strategy == "delete":
            yield from _saver_prune("delete", chosen)
            names = [*OPERATIONAL_TABLES, *AUDIT_TABLES, MEMORY_STORE_TABLE]
            existing = {r["relname"] for r in (yield _EXISTING, (names,))}
            deleted = yield from _our_rows(chosen, options, existing)
        else:
            plain = [t for t in chosen if t not in delta]
            yield from _saver_prune("keep_latest", plain)
            for thread_id in chosen:
                info = delta.get(thread_id)
                if info is None:
                    continue
                if info["versioned"] and not info["channels"]:
                    skipped.append((thread_id, "delta channels unknown: kept whole"))
                    continue
                freed = yield from _compact_delta(thread_id, list(info["channels"]))
                deleted["delta_compacted_rows"] = deleted.get("delta_compacted_rows", 0) + freed
        if options.vacuum != "none":
            yield "vacuum", ()
    after = _sizes((yield _SIZES, ())) if not options.dry_run else before
    kept = {t for t, _ in skipped}
    return PruneReport(
        strategy=options.strategy,
        pruned=tuple(t for t in chosen if t not in kept),
        delta_threads=tuple(t for t in chosen if t in delta),
        skipped=tuple(skipped),
        rows_deleted=deleted,
        bytes_before=before[0],
        bytes_after=after[0],
        live_bytes_before=before[1],
        live_bytes_after=after[1],
        dry_run=options.dry_run,
    )


def vacuum_sql(vacuum: Vacuum) -> list[str]:
    verb = "VACUUM FULL" if vacuum == "full" else "VACUUM"
    return [f"{verb} {t}" for t in CHECKPOINT_TABLES]
