"""Versioned schema for this package's own tables, plus LangGraph's checkpoint and store setup."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
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
        "conflict escalations",
        (
            """
            CREATE TABLE council_escalations (
                id text PRIMARY KEY,
                thread_id text NOT NULL,
                conflict_id text NOT NULL,
                conflict jsonb NOT NULL,
                strategy text NOT NULL,
                analysis text,
                status text NOT NULL
                    CHECK (status IN ('pending', 'decided', 'expired', 'cancelled')),
                created_at timestamptz NOT NULL DEFAULT now(),
                expires_at timestamptz,
                decision jsonb,
                decided_by text,
                decided_at timestamptz,
                closed_at timestamptz,
                CONSTRAINT council_escalations_pending_open CHECK (
                    status <> 'pending' OR (decision IS NULL AND decided_by IS NULL
                        AND decided_at IS NULL AND closed_at IS NULL)),
                CONSTRAINT council_escalations_decided_complete CHECK (
                    status <> 'decided' OR (decision IS NOT NULL AND decided_by IS NOT NULL
                        AND decided_at IS NOT NULL AND closed_at IS NOT NULL)),
                CONSTRAINT council_escalations_closed_undecided CHECK (
                    status NOT IN ('expired', 'cancelled') OR (decision IS NULL
                        AND decided_by IS NULL AND decided_at IS NULL AND closed_at IS NOT NULL)),
                CONSTRAINT council_escalations_human_decider CHECK (
                    decided_by IS NULL OR decided_by LIKE 'human:_%'),
                CONSTRAINT council_escalations_expiry_after_creation CHECK (
                    expires_at IS NULL OR expires_at > created_at)
            )""",
            "CREATE UNIQUE INDEX council_escalations_one_pending_per_conflict "
            "ON council_escalations (conflict_id) WHERE status = 'pending'",
            "CREATE INDEX council_escalations_sweep ON council_escalations (status, expires_at)",
            "CREATE INDEX council_escalations_thread ON council_escalations (thread_id)",
        ),
    ),
    Migration(
        "dissent records",
        (
            """
            CREATE TABLE council_dissent_records (
                id text PRIMARY KEY,
                conflict_id text NOT NULL,
                conflict_type text NOT NULL,
                dissenting_agent_id text NOT NULL,
                strategy_used text NOT NULL,
                decided_by text NOT NULL,
                recorded_at timestamptz NOT NULL,
                record jsonb NOT NULL
            )""",
            "CREATE INDEX council_dissent_agent ON council_dissent_records "
            "(dissenting_agent_id, recorded_at)",
            "CREATE INDEX council_dissent_type ON council_dissent_records "
            "(conflict_type, recorded_at)",
            "CREATE INDEX council_dissent_strategy ON council_dissent_records "
            "(strategy_used, recorded_at)",
        ),
    ),
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


@contextmanager
def _advisory_lock(conn: Connection[DictRow], key: int, timeout_s: float = 300.0) -> Iterator[None]:
    """Session lock by polling: a blocked `pg_advisory_lock` would hold a snapshot open and
    deadlock with LangGraph's `CREATE INDEX CONCURRENTLY` running in the lock holder."""
    deadline = time.monotonic() + timeout_s
    while True:
        row = conn.execute("SELECT pg_try_advisory_lock(%s) AS ok", (key,)).fetchone()
        if row and row["ok"]:
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"another process held the schema lock for over {timeout_s:.0f} s")
        time.sleep(0.05)
    try:
        yield
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (key,))


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
    with _advisory_lock(conn, _ADVISORY_LOCK_KEY):
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
    return applied


def setup_database(uri: str, *, prepare_threshold: int | None = 0) -> list[int]:
    """Create LangGraph's checkpoint and store tables and this package's tables (idempotent).

    Returns the versions of this package's migrations applied by this call.
    """
    with connect(uri, prepare_threshold=prepare_threshold) as conn:
        with _advisory_lock(conn, _ADVISORY_LOCK_KEY + 1):
            PostgresSaver(conn).setup()
            PostgresStore(conn).setup()
        return apply_migrations(conn)


async def asetup_database(uri: str, *, prepare_threshold: int | None = 0) -> list[int]:
    """`setup_database` without blocking the event loop."""
    return await asyncio.to_thread(setup_database, uri, prepare_threshold=prepare_threshold)
