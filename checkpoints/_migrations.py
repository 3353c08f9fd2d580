"""Apply the versioned schema (`schema.MIGRATIONS`), plus LangGraph's checkpoint and store setup."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.store.postgres import PostgresStore

from langgraph_council.checkpoints._connections import Conn, advisory_lock, connect
from langgraph_council.checkpoints._run_rows import RUN_ID_INDEX
from langgraph_council.checkpoints._schema import MIGRATIONS, Migration

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

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS council_migrations (
    version integer PRIMARY KEY CHECK (version > 0),
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
)"""


def schema_version(conn: Conn) -> int:
    """Highest applied version of this package's schema (0 for a fresh database)."""
    conn.execute(_VERSION_TABLE)
    row = conn.execute("SELECT coalesce(max(version), 0) AS v FROM council_migrations").fetchone()
    return int(row["v"]) if row else 0


def apply_migrations(conn: Conn, migrations: Sequence[Migration] = MIGRATIONS) -> list[int]:
    """Apply the missing migrations in order, each in its own transaction; returns the versions."""
    applied: list[int] = []
    with advisory_lock(conn, _ADVISORY_LOCK_KEY, what="schema lock"):
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
        with advisory_lock(conn, _ADVISORY_LOCK_KEY + 1, what="schema lock"):
            PostgresSaver(conn).setup()
            conn.execute(RUN_ID_INDEX)
            PostgresStore(conn).setup()
        return apply_migrations(conn)


async def asetup_database(uri: str, *, prepare_threshold: int | None = 0) -> list[int]:
    """`setup_database` without blocking the event loop."""
    return await asyncio.to_thread(setup_database, uri, prepare_threshold=prepare_threshold)
