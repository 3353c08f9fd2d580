"""Every thread's latest checkpoint, read without deserialising the threads' state.

Recovery scans all threads of a database, and a database holds threads of many graphs. On
Postgres the scan reads only ids, timestamps and channel names (jsonb) and the `__interrupt__`
writes, so no other graph's state is unpacked: under `LANGGRAPH_STRICT_MSGPACK=true` that would
log a "Blocked deserialization" line for every foreign type. Other savers (in memory) fall back
to `list(None)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.types import Interrupt

from langgraph_council.checkpoints._connections import saver_cursor

__all__ = ["LatestCheckpoint", "latest_checkpoints"]

_INTERRUPT = "__interrupt__"

_LATEST = """
SELECT DISTINCT ON (thread_id)
    thread_id, checkpoint_id, checkpoint ->> 'ts' AS ts,
    ARRAY(SELECT jsonb_object_keys(checkpoint -> 'channel_versions')) AS channels
FROM checkpoints
WHERE checkpoint_ns = ''
ORDER BY thread_id, checkpoint_id DESC
"""

_INTERRUPTS = """
SELECT w.thread_id, w.type, w.blob
FROM checkpoint_writes AS w
JOIN (
    SELECT DISTINCT ON (thread_id) thread_id, checkpoint_id
    FROM checkpoints
    WHERE checkpoint_ns = ''
    ORDER BY thread_id, checkpoint_id DESC
) AS latest USING (thread_id, checkpoint_id)
WHERE w.checkpoint_ns = '' AND w.channel = %s
ORDER BY w.thread_id, w.task_id, w.idx
"""


@dataclass(frozen=True)
class LatestCheckpoint:
    """A thread's newest top-level checkpoint, and the interrupts pending on it."""

    thread_id: str
    checkpoint_id: str
    ts: str
    channels: frozenset[str]
    interrupts: tuple[Interrupt, ...] = ()

    def fits(self, channels: Sequence[str] | frozenset[str] | dict[str, Any]) -> bool:
        """True when every channel of the checkpoint is one of the graph's (`graph.channels`):
        the thread belongs to that graph, or at least could."""
        return self.channels <= set(channels)


def _interrupts_of(values: Any) -> list[Interrupt]:
    items = values if isinstance(values, Sequence) else [values]
    return [value for value in items if isinstance(value, Interrupt)]


def _from_postgres(saver: PostgresSaver) -> list[LatestCheckpoint]:
    with saver_cursor(saver) as cur:
        rows = cur.execute(_LATEST).fetchall()
        writes = cur.execute(_INTERRUPTS, (_INTERRUPT,)).fetchall()
    interrupts: dict[str, list[Interrupt]] = {}
    for row in writes:
        value = saver.serde.loads_typed((row["type"], row["blob"]))
        interrupts.setdefault(str(row["thread_id"]), []).extend(_interrupts_of(value))
    return [
        LatestCheckpoint(
            thread_id=str(row["thread_id"]),
            checkpoint_id=str(row["checkpoint_id"]),
            ts=str(row["ts"]),
            channels=frozenset(row["channels"] or ()),
            interrupts=tuple(interrupts.get(str(row["thread_id"]), ())),
        )
        for row in rows
    ]


def _from_any(checkpointer: BaseCheckpointSaver[Any]) -> list[LatestCheckpoint]:
    latest: dict[str, Any] = {}
    for item in checkpointer.list(None):
        configurable = item.config["configurable"]
        if configurable.get("checkpoint_ns", ""):
            continue
        thread_id = str(configurable["thread_id"])
        current = latest.get(thread_id)
        if current is None or item.checkpoint["id"] > current.checkpoint["id"]:
            latest[thread_id] = item
    return [
        LatestCheckpoint(
            thread_id=thread_id,
            checkpoint_id=item.checkpoint["id"],
            ts=item.checkpoint["ts"],
            channels=frozenset(item.checkpoint["channel_versions"]),
            interrupts=tuple(
                interrupt
                for _task, channel, value in (item.pending_writes or [])
                if channel == _INTERRUPT
                for interrupt in _interrupts_of(value)
            ),
        )
        for thread_id, item in latest.items()
    ]


def latest_checkpoints(checkpointer: BaseCheckpointSaver[Any]) -> list[LatestCheckpoint]:
    """The newest top-level checkpoint of every thread the saver holds, oldest first."""
    found = (
        _from_postgres(checkpointer)
        if isinstance(checkpointer, PostgresSaver)
        else _from_any(checkpointer)
    )
    return sorted(found, key=lambda latest: latest.ts)
