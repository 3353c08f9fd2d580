"""The SQL behind `delete_for_runs` and `copy_thread`, shared by the sync and async savers.

LangGraph Server calls `adelete_for_runs([run_id])` when a run is rolled back
(`multitask_strategy="rollback"`, or a deleted run) and `acopy_thread` for
`POST /threads/{id}/copy` (Studio's "copy thread"). Both work on LangGraph's three tables only:

- delete_for_runs: a run's checkpoints are those whose metadata has its `run_id` (LangGraph and
  the server write it), in every namespace. Their writes go with them, and so do the blobs no
  remaining checkpoint of the thread refers to: nothing the run left behind stays.
- copy_thread: every checkpoint, blob and write of the source, in every namespace, with the
  same checkpoint ids, parents and order; metadata's `thread_id` (the server adds it) names
  the target. This package's per-thread rows stay with the source: escalations and meeting
  claims are owned by one thread (a copy claiming them would clash), call records are spend
  that happened once, resume attempts count the source's restarts (docs/design.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "COPY_THREAD",
    "DELETE_RUN_CHECKPOINTS",
    "DELETE_UNREFERENCED_BLOBS",
    "DELETE_WRITES_OF",
    "RUN_ID_INDEX",
    "TARGET_HAS_CHECKPOINTS",
    "gone_columns",
    "refuse_one_str",
    "refuse_used_target",
]

# Created by `setup_database` right after LangGraph's tables (not a versioned migration: the
# stores apply those on databases without checkpoint tables). A rollback then finds its run's
# checkpoints without reading every thread's.
RUN_ID_INDEX = (
    "CREATE INDEX IF NOT EXISTS council_checkpoints_run_id ON checkpoints ((metadata ->> 'run_id'))"
)

DELETE_RUN_CHECKPOINTS = """
DELETE FROM checkpoints
WHERE metadata ->> 'run_id' = ANY(%s)
RETURNING thread_id, checkpoint_ns, checkpoint_id
"""

DELETE_WRITES_OF = """
DELETE FROM checkpoint_writes AS w
USING unnest(%s::text[], %s::text[], %s::text[]) AS gone(thread_id, checkpoint_ns, checkpoint_id)
WHERE w.thread_id = gone.thread_id
    AND w.checkpoint_ns = gone.checkpoint_ns
    AND w.checkpoint_id = gone.checkpoint_id
"""

# Blobs are keyed by (thread, namespace, channel, version), shared by every checkpoint that
# holds that version: one is left over only when no checkpoint of its namespace refers to it.
DELETE_UNREFERENCED_BLOBS = """
WITH touched AS (
    SELECT DISTINCT thread_id, checkpoint_ns
    FROM unnest(%s::text[], %s::text[]) AS t(thread_id, checkpoint_ns)
), referenced AS (
    SELECT DISTINCT c.thread_id, c.checkpoint_ns, v.key AS channel, v.value AS version
    FROM checkpoints AS c
    JOIN touched USING (thread_id, checkpoint_ns)
    CROSS JOIN LATERAL jsonb_each_text(c.checkpoint -> 'channel_versions') AS v
)
DELETE FROM checkpoint_blobs AS b
USING touched
WHERE b.thread_id = touched.thread_id
    AND b.checkpoint_ns = touched.checkpoint_ns
    AND NOT EXISTS (
        SELECT 1 FROM referenced AS r
        WHERE r.thread_id = b.thread_id AND r.checkpoint_ns = b.checkpoint_ns
            AND r.channel = b.channel AND r.version = b.version
    )
"""

TARGET_HAS_CHECKPOINTS = "SELECT 1 AS used FROM checkpoints WHERE thread_id = %s LIMIT 1"

COPY_THREAD = (
    """
    INSERT INTO checkpoints
        (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata)
    SELECT %(target)s, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint,
        CASE WHEN metadata ? 'thread_id'
            THEN jsonb_set(metadata, '{thread_id}', to_jsonb(%(target)s::text))
            ELSE metadata END
    FROM checkpoints WHERE thread_id = %(source)s
    """,
    """
    INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
    SELECT %(target)s, checkpoint_ns, channel, version, type, blob
    FROM checkpoint_blobs WHERE thread_id = %(source)s
    """,
    """
    INSERT INTO checkpoint_writes
        (thread_id, checkpoint_ns, checkpoint_id, task_id, task_path, idx, channel, type, blob)
    SELECT %(target)s, checkpoint_ns, checkpoint_id, task_id, task_path, idx, channel, type, blob
    FROM checkpoint_writes WHERE thread_id = %(source)s
    """,
)


def refuse_one_str(run_ids: Sequence[str]) -> list[str]:
    """`run_ids` as a list of strings; one bare string is refused (it would be its letters)."""
    if isinstance(run_ids, str):
        raise TypeError(f"run_ids must be a list of run ids, got the str {run_ids!r}: pass [it]")
    return [str(run_id) for run_id in run_ids]


def refuse_used_target(source: str, target: str, used: Any) -> None:
    """A copy goes to a new thread: onto itself, or over another history, it would mix two."""
    if source == target:
        raise ValueError(f"target_thread_id is the source thread {source!r}: name a new thread")
    if used:
        raise ValueError(
            f"target_thread_id {target!r} already has checkpoints: copy to a new thread id, "
            "or delete that thread first"
        )


def gone_columns(rows: Sequence[dict[str, Any]]) -> tuple[list[str], list[str], list[str]]:
    """Deleted checkpoints' (thread ids, namespaces, checkpoint ids), as three arrays."""
    return (
        [str(row["thread_id"]) for row in rows],
        [str(row["checkpoint_ns"]) for row in rows],
        [str(row["checkpoint_id"]) for row in rows],
    )
