"""Versioned schema for this package's own tables, plus LangGraph's checkpoint and store setup."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.store.postgres import PostgresStore
from psycopg import Connection
from psycopg.rows import DictRow

from langgraph_council.checkpoints.postgres import connect

__all__ = [
    "MIGRATIONS",
    "Migration",
    "apply_migrations",
    "asetup_database",
    "schema_version",
    "setup_database",
]

# Any constant works: it only serialises concurrent `setup_database` calls on one database.
_ADVISORY_LOCK_KEY = 0x636F_756E_6369_6C


@dataclass(frozen=True)
class Migration:
    """One schema step; its version is its 1-based position in `MIGRATIONS`."""

    name: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "meeting_records",
        (
            """
        CREATE TABLE IF NOT EXISTS council_meeting_records (
            meeting_id text PRIMARY KEY,
            meeting_type text NOT NULL,
            protocol text NOT NULL,
            status text NOT NULL CHECK (status IN ('completed', 'budget_exhausted', 'failed')),
            leader_id text NOT NULL,
            token_budget integer NOT NULL CHECK (token_budget > 0),
            total_tokens integer NOT NULL CHECK (total_tokens >= 0),
            token_usage_by_participant jsonb NOT NULL,
            contribution_rank jsonb NOT NULL,
            duration_seconds double precision NOT NULL CHECK (duration_seconds >= 0),
            started_at timestamptz NOT NULL,
            ended_at timestamptz NOT NULL CHECK (ended_at >= started_at),
            error text,
            minutes jsonb NOT NULL,
            recorded_at timestamptz NOT NULL DEFAULT now()
        )""",
            """
        CREATE INDEX IF NOT EXISTS council_meeting_records_type_started
            ON council_meeting_records (meeting_type, started_at DESC)""",
        ),
    ),
)
"""Append only: never edit or reorder a released entry, the index is the version."""

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS council_migrations (
    version integer PRIMARY KEY CHECK (version > 0),
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
)"""


def schema_version(conn: Connection[DictRow]) -> int:
    """Highest applied version of this package's schema (0 for a fresh database)."""
    conn.execute(_VERSION_TABLE)
    row = conn.execute("SELECT coalesce(max(version), 0) AS v FROM council_migrations").fetchone()
    return int(row["v"]) if row else 0


def apply_migrations(
    conn: Connection[DictRow], migrations: Sequence[Migration] = MIGRATIONS
) -> list[int]:
    """Apply the missing migrations in order, each in its own transaction; returns the versions."""
    applied: list[int] = []
    conn.execute("SELECT pg_advisory_lock(%s)", (_ADVISORY_LOCK_KEY,))
    try:
        current = schema_version(conn)
        for version, migration in enumerate(migrations, start=1):
            if version <= current:
                continue
            with conn.transaction():
                for statement in migration.statements:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO council_migrations (version, name) VALUES (%s, %s)",
                    (version, migration.name),
                )
            applied.append(version)
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (_ADVISORY_LOCK_KEY,))
    return applied


def setup_database(uri: str, *, prepare_threshold: int | None = 0) -> list[int]:
    """Create LangGraph's checkpoint and store tables and this package's tables (idempotent).

    Returns the versions of this package's migrations applied by this call.
    """
    with connect(uri, prepare_threshold=prepare_threshold) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (_ADVISORY_LOCK_KEY + 1,))
        try:
            PostgresSaver(conn).setup()
            PostgresStore(conn).setup()
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_ADVISORY_LOCK_KEY + 1,))
        return apply_migrations(conn)


async def asetup_database(uri: str, *, prepare_threshold: int | None = 0) -> list[int]:
    """`setup_database` without blocking the event loop."""
    return await asyncio.to_thread(setup_database, uri, prepare_threshold=prepare_threshold)
