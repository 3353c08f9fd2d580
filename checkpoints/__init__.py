"""Everything durable: Postgres checkpointers, the schema, the embedded server, recovery."""

from langgraph_council.checkpoints.connections import connect
from langgraph_council.checkpoints.dissent import PostgresDissentStore
from langgraph_council.checkpoints.embedded import (
    EmbeddedPostgresError,
    default_data_dir,
    embedded_postgres,
)
from langgraph_council.checkpoints.escalations import EscalationQueue, InMemoryEscalationQueue
from langgraph_council.checkpoints.guard_store import PostgresGuardStateStore
from langgraph_council.checkpoints.loop_records import PostgresLoopRecordStore
from langgraph_council.checkpoints.meeting_records import (
    InMemoryMeetingRecordStore,
    PostgresMeetingRecordStore,
)
from langgraph_council.checkpoints.migrations import (
    MIGRATIONS,
    Migration,
    asetup_database,
    setup_database,
)
from langgraph_council.checkpoints.pg_store import BasePostgresStore
from langgraph_council.checkpoints.postgres import (
    async_postgres_checkpointer,
    postgres_checkpointer,
)
from langgraph_council.checkpoints.recovery import (
    ThreadStatus,
    aresume_thread,
    interrupted_threads,
    resume_thread,
)
from langgraph_council.checkpoints.serde import (
    council_allowlist,
    council_serde,
    with_council_serde,
)
from langgraph_council.nodes.escalation import (
    EscalationError,
    EscalationStore,
    aescalation_resume_command,
    escalation_resume_command,
)

BaseEscalationQueue = EscalationStore
"""The escalation store abstraction under its earlier name (`nodes.escalation.EscalationStore`)."""

__all__ = [
    "MIGRATIONS",
    "BaseEscalationQueue",
    "BasePostgresStore",
    "EmbeddedPostgresError",
    "EscalationError",
    "EscalationQueue",
    "EscalationStore",
    "InMemoryEscalationQueue",
    "InMemoryMeetingRecordStore",
    "Migration",
    "PostgresDissentStore",
    "PostgresGuardStateStore",
    "PostgresLoopRecordStore",
    "PostgresMeetingRecordStore",
    "ThreadStatus",
    "aescalation_resume_command",
    "aresume_thread",
    "asetup_database",
    "async_postgres_checkpointer",
    "connect",
    "council_allowlist",
    "council_serde",
    "default_data_dir",
    "embedded_postgres",
    "escalation_resume_command",
    "interrupted_threads",
    "postgres_checkpointer",
    "resume_thread",
    "setup_database",
    "with_council_serde",
]
