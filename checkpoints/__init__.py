"""Everything durable: Postgres checkpointers, the schema, the embedded server, recovery."""

from langgraph_council.checkpoints.embedded import (
    EmbeddedPostgresError,
    default_data_dir,
    embedded_postgres,
)
from langgraph_council.checkpoints.guard_store import PostgresGuardStateStore
from langgraph_council.checkpoints.loop_records import PostgresLoopRecordStore
from langgraph_council.checkpoints.migrations import (
    MIGRATIONS,
    Migration,
    asetup_database,
    setup_database,
)
from langgraph_council.checkpoints.postgres import (
    async_postgres_checkpointer,
    connect,
    postgres_checkpointer,
)
from langgraph_council.checkpoints.recovery import (
    ThreadStatus,
    aresume_thread,
    interrupted_threads,
    resume_thread,
)

__all__ = [
    "MIGRATIONS",
    "EmbeddedPostgresError",
    "Migration",
    "PostgresGuardStateStore",
    "PostgresLoopRecordStore",
    "ThreadStatus",
    "aresume_thread",
    "asetup_database",
    "async_postgres_checkpointer",
    "connect",
    "default_data_dir",
    "embedded_postgres",
    "interrupted_threads",
    "postgres_checkpointer",
    "resume_thread",
    "setup_database",
]
