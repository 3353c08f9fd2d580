"""`council threads migrate`: bring saved threads to this package's state version.

Every family reads a version-1 or version-2 thread as it is: the channels version 2 changed
keep their old meaning on read (`nodes._meetings.transcript`), and minutes stored with their
words (before version 3) are read as they are (`nodes._meetings.stored_minutes`), so nothing
has to be rewritten for a thread to resume. Migrating a thread records that it was checked
and is read as this version by stamping `state_version` into its latest top-level checkpoint, in
place (one `UPDATE` of the checkpoint's JSON: no blob, no write, no new checkpoint, so
`next`, pending interrupts and the history are untouched). A second run finds nothing to do.
A thread stamped by a newer package is reported and left alone (upgrade to read it); threads
of graphs that are not a council family are left alone and not reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from langgraph.checkpoint.postgres import PostgresSaver

from langgraph_council.checkpoints._connections import saver_cursor
from langgraph_council.nodes._state_version import LEGACY_STATE_VERSION, STATE_VERSION

__all__ = ["ThreadMigration", "family_of", "migrate_threads"]

MigrationAction = Literal["migrated", "would migrate", "newer: upgrade langgraph-council"]

_FAMILIES: tuple[tuple[str, frozenset[str]], ...] = (
    ("meeting", frozenset({"agenda", "contributions"})),
    ("conflict", frozenset({"conflict"})),
    ("delegation", frozenset({"entry_agent", "frames"})),
    ("pipeline", frozenset({"task", "phases"})),
)

_LATEST = """
SELECT DISTINCT ON (thread_id)
    thread_id, checkpoint_id,
    checkpoint -> 'channel_values' ->> 'state_version' AS version,
    ARRAY(SELECT jsonb_object_keys(checkpoint -> 'channel_versions')) AS channels
FROM checkpoints
WHERE checkpoint_ns = '' AND (%(all)s OR thread_id = ANY(%(ids)s))
ORDER BY thread_id, checkpoint_id DESC
"""

_STAMP = """
UPDATE checkpoints
SET checkpoint = jsonb_set(
    jsonb_set(checkpoint, '{channel_values,state_version}', to_jsonb(%(version)s::int)),
    '{channel_versions,state_version}', to_jsonb(%(channel_version)s::text))
WHERE thread_id = %(thread)s AND checkpoint_ns = '' AND checkpoint_id = %(checkpoint)s
  AND coalesce((checkpoint -> 'channel_values' ->> 'state_version')::int, 1) < %(version)s
"""


@dataclass(frozen=True)
class ThreadMigration:
    """What `migrate_threads` did, or would do, to one thread."""

    thread_id: str
    family: str
    from_version: int
    to_version: int
    action: MigrationAction


def family_of(channels: Sequence[str] | frozenset[str]) -> str | None:
    """The council family whose state has these channels, or None for another graph's."""
    names = set(channels)
    return next((family for family, needs in _FAMILIES if needs <= names), None)


def migrate_threads(
    saver: PostgresSaver, thread_ids: Sequence[str] = (), *, dry_run: bool = False
) -> list[ThreadMigration]:
    """Stamp this package's state version on every council thread older than it.

    Args:
        saver: The Postgres checkpointer holding the threads.
        thread_ids: Only these threads (default: every thread in the database).
        dry_run: Report what would be migrated and change nothing.

    Returns:
        One entry per council thread not already at `STATE_VERSION`, in thread-id order:
        `migrated` (or `would migrate`), or a newer thread refused.
    """
    with saver_cursor(saver) as cur:
        rows = cur.execute(_LATEST, {"all": not thread_ids, "ids": list(thread_ids)}).fetchall()
    done: list[ThreadMigration] = []
    for row in rows:
        family = family_of(row["channels"])
        if family is None:
            continue
        version = LEGACY_STATE_VERSION if row["version"] is None else int(row["version"])
        if version == STATE_VERSION:
            continue
        if version > STATE_VERSION:
            action: MigrationAction = "newer: upgrade langgraph-council"
        elif dry_run:
            action = "would migrate"
        else:
            _stamp(saver, str(row["thread_id"]), str(row["checkpoint_id"]))
            action = "migrated"
        done.append(ThreadMigration(str(row["thread_id"]), family, version, STATE_VERSION, action))
    return done


def _stamp(saver: PostgresSaver, thread: str, checkpoint: str) -> None:
    """Write the version into the thread's latest checkpoint, as its opening node would."""
    channel_version = saver.get_next_version(None, None)
    with saver_cursor(saver) as cur:
        cur.execute(
            _STAMP,
            {
                "version": STATE_VERSION,
                "channel_version": str(channel_version),
                "thread": thread,
                "checkpoint": checkpoint,
            },
        )
