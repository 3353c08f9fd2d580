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
  operational rows (resume attempts, call records, loop records); audit rows (escalations,
  meeting records and their claims) stay unless `keep_audit=False`. Dissent records are keyed
  by conflict, not thread, and are never deleted here.
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

from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg import Cursor
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool

from langgraph_council.checkpoints._connections import saver_cursor
from langgraph_council.checkpoints._retention_plan import (
    Options,
    PruneReport,
    Steps,
    Strategy,
    Vacuum,
    make_options,
    plan,
    vacuum_sql,
)

__all__ = ["PruneReport", "adelete_thread", "aprune_threads", "delete_thread", "prune_threads"]


def _has_own_prune(saver: BaseCheckpointSaver[Any], name: str = "prune") -> bool:
    """langgraph-checkpoint-postgres >= 3.2 has `prune`; 3.1 inherits the base's, which raises."""
    return getattr(type(saver), name) is not getattr(BaseCheckpointSaver, name)


def _fetch(cur: Cursor[DictRow]) -> list[dict[str, Any]]:
    return list(cur.fetchall()) if cur.description is not None else [{}] * max(cur.rowcount, 0)


class _Drive:
    """Runs the plan's statements in a loop: iterate for each `(sql, params)`, set `reply` to
    what it returned (None when skipped); `report` holds the plan's result once it is done."""

    def __init__(self, options: Options) -> None:
        self.steps: Steps = plan(options)
        self.reply: Any = None
        self.report: PruneReport | None = None

    def __iter__(self) -> Iterator[tuple[str, Sequence[Any]]]:
        while True:
            try:
                step = self.steps.send(self.reply)
            except StopIteration as done:
                self.report = done.value
                return
            self.reply = None
            yield step

    def done(self) -> PruneReport:
        assert self.report is not None, "iterate the plan to its end first"
        return self.report


def _run(saver: PostgresSaver, options: Options) -> PruneReport:
    drive = _Drive(options)
    for sql, params in drive:
        if sql.startswith("saver:"):
            if _has_own_prune(saver):
                saver.prune(params[0], strategy=sql.removeprefix("saver:"))
                drive.reply = []
        elif sql == "vacuum":
            with saver_cursor(saver) as cur:
                for statement in vacuum_sql(options.vacuum):
                    cur.execute(statement)
            drive.reply = []
        else:
            with saver_cursor(saver) as cur:
                cur.execute(_returning(sql), params)
                drive.reply = _fetch(cur)
    return drive.done()


async def _arun(saver: AsyncPostgresSaver, options: Options) -> PruneReport:
    drive = _Drive(options)
    for sql, params in drive:
        if sql.startswith("saver:"):
            if _has_own_prune(saver, "aprune"):
                await saver.aprune(params[0], strategy=sql.removeprefix("saver:"))
                drive.reply = []
            continue
        statements = vacuum_sql(options.vacuum) if sql == "vacuum" else [_returning(sql)]
        conn = saver.conn
        if isinstance(conn, AsyncConnectionPool):
            async with conn.connection() as pooled, pooled.cursor(row_factory=dict_row) as cur:
                drive.reply = await _aexec(cur, statements, () if sql == "vacuum" else params)
        else:
            async with saver.lock, conn.cursor(row_factory=dict_row) as cur:
                drive.reply = await _aexec(cur, statements, () if sql == "vacuum" else params)
    return drive.done()


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
    options = make_options(
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
    """`prune_threads` on an `AsyncPostgresSaver` (from `async_postgres_checkpointer`), with
    the same keywords."""
    options = make_options(
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
    options = make_options(
        "delete", [thread_id], None, None, None, True, keep_audit, "none", False
    )  # fmt: skip
    return _run(saver, options)


async def adelete_thread(
    saver: AsyncPostgresSaver, thread_id: str, *, keep_audit: bool = True
) -> PruneReport:
    """`delete_thread` on an `AsyncPostgresSaver`."""
    options = make_options(
        "delete", [thread_id], None, None, None, True, keep_audit, "none", False
    )  # fmt: skip
    return await _arun(saver, options)
