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
    # Loop-guard state: one row per undirected pair (rate window, breaker), dedup times per
    # (delegator, delegatee, task), verdicts per attempt id (idempotent re-runs).
    Migration(
        "guard_state",
        (
            """CREATE TABLE council_guard_pairs (
                agent_a text NOT NULL,
                agent_b text NOT NULL,
                rate_times timestamptz[] NOT NULL DEFAULT '{}',
                bounces integer NOT NULL DEFAULT 0 CHECK (bounces >= 0),
                trips integer NOT NULL DEFAULT 0 CHECK (trips >= 0),
                open_until timestamptz,
                updated_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (agent_a, agent_b),
                CHECK (agent_a <= agent_b)
            )""",
            """CREATE TABLE council_guard_dedup (
                delegator text NOT NULL,
                delegatee text NOT NULL,
                task_id text NOT NULL,
                last_at timestamptz NOT NULL,
                PRIMARY KEY (delegator, delegatee, task_id)
            )""",
            """CREATE TABLE council_guard_attempts (
                attempt_id text PRIMARY KEY,
                passed boolean NOT NULL,
                mechanism text NOT NULL,
                message text NOT NULL,
                recorded_at timestamptz NOT NULL DEFAULT now(),
                CHECK (passed = (mechanism = 'all_passed'))
            )""",
        ),
    ),
    # Blocked delegations kept for analytics.
    Migration(
        "loop_records",
        (
            """CREATE TABLE council_loop_records (
                id text PRIMARY KEY,
                mechanism text NOT NULL CHECK (mechanism IN ('authority', 'ancestry',
                    'max_depth', 'dedup', 'rate_limit', 'circuit_breaker')),
                chain text[] NOT NULL,
                delegator text NOT NULL,
                delegatee text NOT NULL,
                task_id text NOT NULL,
                message text NOT NULL,
                thread_id text,
                recorded_at timestamptz NOT NULL
            )""",
            "CREATE INDEX council_loop_records_time ON council_loop_records (recorded_at)",
            "CREATE INDEX council_loop_records_mechanism"
            " ON council_loop_records (mechanism, recorded_at)",
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
