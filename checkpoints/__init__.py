"""Everything durable: Postgres checkpointers, the schema, the embedded server, recovery."""

from langgraph_council.checkpoints._call_recording import CallRecordHandler
from langgraph_council.checkpoints._call_records import (
    CallRecord,
    CallRecordStore,
    InMemoryCallRecordStore,
    PostgresCallRecordStore,
)
from langgraph_council.checkpoints._connections import connect
from langgraph_council.checkpoints._dissent import PostgresDissentStore
from langgraph_council.checkpoints._embedded import (
    EmbeddedPostgresError,
    default_data_dir,
    embedded_postgres,
)
from langgraph_council.checkpoints._escalations import EscalationQueue, InMemoryEscalationQueue
from langgraph_council.checkpoints._failures import (
    FailureCategory,
    describe_error,
    infer_failure_category,
)
from langgraph_council.checkpoints._guard_store import PostgresGuardStateStore
from langgraph_council.checkpoints._loop_records import PostgresLoopRecordStore
from langgraph_council.checkpoints._meeting_records import (
    InMemoryMeetingRecordStore,
    PostgresMeetingRecordStore,
)
from langgraph_council.checkpoints._migrations import (
    MIGRATIONS,
    Migration,
    asetup_database,
    setup_database,
)
from langgraph_council.checkpoints._pg_store import BasePostgresStore
from langgraph_council.checkpoints._postgres import (
    async_postgres_checkpointer,
    postgres_checkpointer,
)
from langgraph_council.checkpoints._reconciliation import (
    reconciliation_note,
    redact_secrets,
    sanitize_error_text,
)
from langgraph_council.checkpoints._recovery import (
    ThreadStatus,
    aresume_thread,
    interrupted_threads,
    resume_thread,
)
from langgraph_council.checkpoints._resume_attempts import (
    InMemoryResumeAttemptStore,
    PostgresResumeAttemptStore,
    ResumeAttemptStore,
    ResumeStatus,
)
from langgraph_council.checkpoints._resume_policy import (
    ResumePlan,
    ThreadFailedError,
    aprepare_resume,
    aresume_with_policy,
    prepare_resume,
    resume_with_policy,
)
from langgraph_council.checkpoints._retention import (
    PruneReport,
    adelete_thread,
    aprune_threads,
    delete_thread,
    prune_threads,
)
from langgraph_council.checkpoints._serde import (
    council_allowlist,
    council_serde,
    with_council_serde,
)
from langgraph_council.checkpoints._shutdown import (
    ShutdownResult,
    ShutdownStrategy,
    arun_until_signal,
    run_until_signal,
)
from langgraph_council.nodes._escalation import (
    EscalationError,
    EscalationStore,
    aescalation_resume_command,
    escalation_resume_command,
)

BaseEscalationQueue = EscalationStore
"""The escalation store abstraction under its earlier name (`nodes._escalation.EscalationStore`)."""

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
