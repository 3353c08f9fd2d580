"""Everything durable: Postgres checkpointers, the schema, the embedded server, recovery."""

from langgraph_council.checkpoints.call_recording import CallRecordHandler
from langgraph_council.checkpoints.call_records import (
    CallRecord,
    CallRecordStore,
    InMemoryCallRecordStore,
    PostgresCallRecordStore,
)
from langgraph_council.checkpoints.connections import connect
from langgraph_council.checkpoints.dissent import PostgresDissentStore
from langgraph_council.checkpoints.embedded import (
    EmbeddedPostgresError,
    default_data_dir,
    embedded_postgres,
)
from langgraph_council.checkpoints.escalations import EscalationQueue, InMemoryEscalationQueue
from langgraph_council.checkpoints.failures import (
    FailureCategory,
    describe_error,
    infer_failure_category,
)
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
from langgraph_council.checkpoints.reconciliation import (
    reconciliation_note,
    redact_secrets,
    sanitize_error_text,
)
from langgraph_council.checkpoints.recovery import (
    ThreadStatus,
    aresume_thread,
    interrupted_threads,
    resume_thread,
)
from langgraph_council.checkpoints.resume_attempts import (
    InMemoryResumeAttemptStore,
    PostgresResumeAttemptStore,
    ResumeAttemptStore,
    ResumeStatus,
)
from langgraph_council.checkpoints.resume_policy import (
    ResumePlan,
    ThreadFailedError,
    aprepare_resume,
    aresume_with_policy,
    prepare_resume,
    resume_with_policy,
)
from langgraph_council.checkpoints.retention import (
    PruneReport,
    adelete_thread,
    aprune_threads,
    delete_thread,
    prune_threads,
)
from langgraph_council.checkpoints.serde import (
    council_allowlist,
    council_serde,
    with_council_serde,
)
from langgraph_council.checkpoints.shutdown import (
    ShutdownResult,
    ShutdownStrategy,
    arun_until_signal,
    run_until_signal,
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
    "CallRecord",
    "CallRecordHandler",
    "CallRecordStore",
    "EmbeddedPostgresError",
    "EscalationError",
    "EscalationQueue",
    "EscalationStore",
    "FailureCategory",
    "InMemoryCallRecordStore",
    "InMemoryEscalationQueue",
    "InMemoryMeetingRecordStore",
    "InMemoryResumeAttemptStore",
    "Migration",
    "PostgresCallRecordStore",
    "PostgresDissentStore",
    "PostgresGuardStateStore",
    "PostgresLoopRecordStore",
    "PostgresMeetingRecordStore",
    "PostgresResumeAttemptStore",
    "PruneReport",
    "ResumeAttemptStore",
    "ResumePlan",
    "ResumeStatus",
    "ShutdownResult",
    "ShutdownStrategy",
    "ThreadFailedError",
    "ThreadStatus",
    "adelete_thread",
    "aescalation_resume_command",
    "aprepare_resume",
    "aprune_threads",
    "aresume_thread",
    "aresume_with_policy",
    "arun_until_signal",
    "asetup_database",
    "async_postgres_checkpointer",
    "connect",
    "council_allowlist",
    "council_serde",
    "default_data_dir",
    "delete_thread",
    "describe_error",
    "embedded_postgres",
    "escalation_resume_command",
    "infer_failure_category",
    "interrupted_threads",
    "postgres_checkpointer",
    "prepare_resume",
    "prune_threads",
    "reconciliation_note",
    "redact_secrets",
    "resume_thread",
    "resume_with_policy",
    "run_until_signal",
    "sanitize_error_text",
    "setup_database",
    "with_council_serde",
]
