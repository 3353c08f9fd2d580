"""Retention: prune finished threads' checkpoint history, or delete threads outright.

`prune_threads` picks threads (finished only by default, older than a cutoff, by id, by graph)
and either keeps each one's latest checkpoint (`strategy="keep_latest"`) or deletes it
(`strategy="delete"`). It runs over langgraph-checkpoint-postgres's own `prune` and adds what
that one does not do:

- Threads with a `DeltaChannel` (every meeting thread: `contributions`; the pipeline's
  `outcomes` and `merges`) are refused by checkpoint-postgres's keep_latest
  (`NotImplementedError`), because the channel's value is rebuilt by replaying the writes of
  every ancestor checkpoint. For those threads we keep every checkpoint row, every blob and
  write of the delta channels and the latest checkpoint's own blobs and writes, and delete the
  rest: older blob versions and older writes of the other channels. The latest state and a
  resume read back exactly as before; older checkpoints (time travel) lose their non-delta
  values. The delta channel already keeps the transcript out of the quadratic growth, so what
  this frees is the per-step small channels (turn counters, token tallies, routing).
- This package's tables. `keep_latest` touches none of them. `delete` also removes a thread's
  operational rows (resume attempts, call records, loop records); audit rows (escalations and
  meeting records) stay unless `keep_audit=False`. Dissent records are keyed by conflict, not
  thread, and are never deleted here.
- Stored bytes before and after (`pg_total_relation_size` and live row bytes of the three
  checkpoint tables). Deleted rows free their space for reuse; the files only shrink after
  `VACUUM FULL` (`vacuum="full"` runs it; it locks the tables while it runs).

A thread is "finished" when its latest top-level checkpoint has no pending writes, no pending
sends and triggers no node (every `branch:to:` channel already seen by its node): exactly the
threads whose `graph.get_state(config).next` is empty. Interrupted, crashed and drained threads
are therefore never pruned unless `include_unfinished=True`.

The CLI (`council threads prune`) calls `prune_threads` and prints the report.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg import Cursor
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool, ConnectionPool

__all__ = ["PruneReport", "adelete_thread", "aprune_threads", "delete_thread", "prune_threads"]

Strategy = Literal["keep_latest", "delete"]
Vacuum = Literal["none", "plain", "full"]

CHECKPOINT_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes")
OPERATIONAL_TABLES = ("council_resume_attempts", "council_call_records", "council_loop_records")
AUDIT_TABLES = ("council_escalations", "council_meeting_records")

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
class _Options:
    strategy: Strategy
    thread_ids: tuple[str, ...] | None
    older_than: datetime | None
    graph_ids: frozenset[str] | None
    channels: frozenset[str] | None
    include_unfinished: bool
    keep_audit: bool
    vacuum: Vacuum
    dry_run: bool


_Steps = Generator[tuple[str, Sequence[Any]], list[dict[str, Any]], Any]


def _options(
    strategy: str,
    thread_ids: Sequence[str] | None,
    older_than: timedelta | datetime | None,
    graph_ids: Sequence[str] | None,
    graph: Any,
    include_unfinished: bool,
    keep_audit: bool,
    vacuum: str,
    dry_run: bool,
) -> _Options:
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
    return _Options(
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


def _select(options: _Options, rows: list[dict[str, Any]]) -> tuple[list[str], list[Any]]:
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


def _compact_delta(thread_id: str, channels: list[str]) -> _Steps:
    """Keep-latest for a DeltaChannel thread (see the module docstring). Returns rows freed."""
    freed = 0
    for head in (yield _HEADS, (thread_id,)):
        ns, latest = head["checkpoint_ns"], head["checkpoint_id"]
        writes = yield _DELTA_WRITES, (thread_id, ns, latest, channels)
        blobs = yield _DELTA_BLOBS, (thread_id, ns, channels, _json(head["versions"]))
        freed += len(writes) + len(blobs)
    return freed


def _json(value: Any) -> str:
    return json.dumps(value or {})


def _our_rows(thread_ids: list[str], options: _Options, existing: set[str]) -> _Steps:
    deleted: dict[str, int] = {}
    tables = list(OPERATIONAL_TABLES) + ([] if options.keep_audit else list(AUDIT_TABLES))
    for table in tables:
        if table in existing:
            rows = yield f"DELETE FROM {table} WHERE thread_id = ANY(%s::text[])", (thread_ids,)
            deleted[table] = len(rows)
    return deleted


def _plan(options: _Options) -> _Steps:
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
            yield "saver:delete", (chosen,)
            names = [*OPERATIONAL_TABLES, *AUDIT_TABLES]
            existing = {r["relname"] for r in (yield _EXISTING, (names,))}
            deleted = yield from _our_rows(chosen, options, existing)
        else:
            plain = [t for t in chosen if t not in delta]
            yield "saver:keep_latest", (plain,)
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


def _vacuum_sql(vacuum: Vacuum) -> list[str]:
    verb = "VACUUM FULL" if vacuum == "full" else "VACUUM"
    return [f"{verb} {t}" for t in CHECKPOINT_TABLES]


@contextmanager
def _cursor(saver: PostgresSaver) -> Iterator[Cursor[DictRow]]:
    conn = saver.conn
    if isinstance(conn, ConnectionPool):
        with conn.connection() as pooled, pooled.cursor(row_factory=dict_row) as cur:
            yield cur
        return
    with saver.lock, conn.cursor(row_factory=dict_row) as cur:
        yield cur


def _fetch(cur: Cursor[DictRow]) -> list[dict[str, Any]]:
    return list(cur.fetchall()) if cur.description is not None else [{}] * max(cur.rowcount, 0)


def _run(saver: PostgresSaver, options: _Options) -> PruneReport:
    steps = _plan(options)
    reply: Any = None
    while True:
        try:
            sql, params = steps.send(reply)
        except StopIteration as done:
            report: PruneReport = done.value
            return report
        if sql.startswith("saver:"):
            saver.prune(params[0], strategy=sql.removeprefix("saver:"))
            reply = []
        elif sql == "vacuum":
            with _cursor(saver) as cur:
                for statement in _vacuum_sql(options.vacuum):
                    cur.execute(statement)
            reply = []
        else:
            with _cursor(saver) as cur:
                cur.execute(_returning(sql), params)
                reply = _fetch(cur)


async def _arun(saver: AsyncPostgresSaver, options: _Options) -> PruneReport:
    steps = _plan(options)
    reply: Any = None
    while True:
        try:
            sql, params = steps.send(reply)
        except StopIteration as done:
            report: PruneReport = done.value
            return report
        if sql.startswith("saver:"):
            await saver.aprune(params[0], strategy=sql.removeprefix("saver:"))
            reply = []
            continue
        statements = _vacuum_sql(options.vacuum) if sql == "vacuum" else [_returning(sql)]
        conn = saver.conn
        if isinstance(conn, AsyncConnectionPool):
            async with conn.connection() as pooled, pooled.cursor(row_factory=dict_row) as cur:
                reply = await _aexec(cur, statements, () if sql == "vacuum" else params)
        else:
            async with saver.lock, conn.cursor(row_factory=dict_row) as cur:
                reply = await _aexec(cur, statements, () if sql == "vacuum" else params)


async def _aexec(cur: Any, statements: list[str], params: Sequence[Any]) -> list[dict[str, Any]]:
    for statement in statements:
        await cur.execute(statement, params or None)
    return list(await cur.fetchall()) if cur.description is not None else []


def _returning(sql: str) -> str:
    return sql.rstrip() + "\nRETURNING 1" if sql.lstrip().startswith("DELETE") else sql


def prune_threads(
    saver: PostgresSaver,
    *,
    strategy: Strategy = "keep_latest",
    thread_ids: Sequence[str] | None = None,
    older_than: timedelta | datetime | None = None,
    graph_ids: Sequence[str] | None = None,
    graph: Any = None,
    include_unfinished: bool = False,
    keep_audit: bool = True,
    vacuum: Vacuum = "none",
    dry_run: bool = False,
) -> PruneReport:
    """Prune (or delete) finished threads of a Postgres checkpointer; see the module docstring.

    Args:
        saver: the `PostgresSaver` (from `postgres_checkpointer(uri)`).
        strategy: `"keep_latest"` keeps each thread's latest checkpoint; `"delete"` removes the
            thread and its operational rows (audit rows stay unless `keep_audit=False`).
        thread_ids: only these threads (default: all).
        older_than: only threads whose latest checkpoint is older (age or cutoff time).
        graph_ids: only threads whose checkpoint metadata has one of these `graph_id`s
            (LangGraph Server sets it).
        graph: only threads that fit this compiled graph's channels.
        include_unfinished: also prune interrupted, crashed or drained threads.
        keep_audit: with `"delete"`, keep escalations and meeting records.
        vacuum: `"plain"` or `"full"` runs VACUUM on the checkpoint tables afterwards.
        dry_run: select and measure only.

    Example:
        >>> with postgres_checkpointer(uri) as saver:  # doctest: +SKIP
        ...     report = prune_threads(saver, older_than=timedelta(days=30))
        ...     print(len(report.pruned), report.live_bytes_before, report.live_bytes_after)
    """
    options = _options(
        strategy, thread_ids, older_than, graph_ids, graph, include_unfinished, keep_audit,
        vacuum, dry_run,
    )  # fmt: skip
    return _run(saver, options)


async def aprune_threads(
    saver: AsyncPostgresSaver,
    *,
    strategy: Strategy = "keep_latest",
    thread_ids: Sequence[str] | None = None,
    older_than: timedelta | datetime | None = None,
    graph_ids: Sequence[str] | None = None,
    graph: Any = None,
    include_unfinished: bool = False,
    keep_audit: bool = True,
    vacuum: Vacuum = "none",
    dry_run: bool = False,
) -> PruneReport:
    """`prune_threads` on an `AsyncPostgresSaver` (from `async_postgres_checkpointer`)."""
    options = _options(
        strategy, thread_ids, older_than, graph_ids, graph, include_unfinished, keep_audit,
        vacuum, dry_run,
    )  # fmt: skip
    return await _arun(saver, options)


def delete_thread(saver: PostgresSaver, thread_id: str, *, keep_audit: bool = True) -> PruneReport:
    """Delete one thread, finished or not, with its operational rows (audit rows unless
    `keep_audit=False`).

    Example:
        >>> delete_thread(saver, "meeting-42").pruned  # doctest: +SKIP
        ('meeting-42',)
    """
    options = _options(
        "delete", [thread_id], None, None, None, True, keep_audit, "none", False
    )  # fmt: skip
    return _run(saver, options)


async def adelete_thread(
    saver: AsyncPostgresSaver, thread_id: str, *, keep_audit: bool = True
) -> PruneReport:
    """`delete_thread` on an `AsyncPostgresSaver`."""
    options = _options(
        "delete", [thread_id], None, None, None, True, keep_audit, "none", False
    )  # fmt: skip
    return await _arun(saver, options)
