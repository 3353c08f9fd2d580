"""Rows of LangGraph's checkpoint tables that no checkpoint accounts for."""

from __future__ import annotations

import psycopg

# Rows no checkpoint accounts for: writes of a missing checkpoint, blobs no checkpoint refers to.
ORPHAN_WRITES = """
SELECT count(*) AS n FROM checkpoint_writes w
WHERE NOT EXISTS (SELECT 1 FROM checkpoints c WHERE c.thread_id = w.thread_id
    AND c.checkpoint_ns = w.checkpoint_ns AND c.checkpoint_id = w.checkpoint_id)
"""
ORPHAN_BLOBS = """
SELECT count(*) AS n FROM checkpoint_blobs b
WHERE NOT EXISTS (SELECT 1 FROM checkpoints c WHERE c.thread_id = b.thread_id
    AND c.checkpoint_ns = b.checkpoint_ns
    AND c.checkpoint -> 'channel_versions' ->> b.channel = b.version)
"""


def orphans(uri: str) -> tuple[int, int]:
    """(writes of a missing checkpoint, blobs no checkpoint of their namespace refers to)."""
    with psycopg.connect(uri) as conn:
        writes = conn.execute(ORPHAN_WRITES).fetchone()
        blobs = conn.execute(ORPHAN_BLOBS).fetchone()
    assert writes is not None and blobs is not None
    return int(writes[0]), int(blobs[0])
