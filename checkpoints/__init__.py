"""Everything durable: Postgres checkpointers, the stores, the embedded server, recovery."""

from typing import Any

from langgraph_council.checkpoints._call_recording import CallRecordHandler
from langgraph_council.checkpoints._call_records import (
    InMemoryCallRecordStore,
    PostgresCallRecordStore,
)
from langgraph_council.checkpoints._dissent import PostgresDissentStore
from langgraph_council.checkpoints._embedded import EmbeddedPostgresError, embedded_postgres
from langgraph_council.checkpoints._failures import FailureCategory, infer_failure_category
from langgraph_council.checkpoints._guard_store import PostgresGuardStateStore
from langgraph_council.checkpoints._loop_records import PostgresLoopRecordStore
from langgraph_council.checkpoints._meeting_records import (
    InMemoryMeetingRecordStore,
    PostgresMeetingRecordStore,
)
from langgraph_council.checkpoints._migrations import setup_database
from langgraph_council.checkpoints._org_memory import OrgMemory
from langgraph_council.checkpoints._postgres import (
    async_postgres_checkpointer,
    postgres_checkpointer,
)
from langgraph_council.checkpoints._recovery import ThreadStatus, interrupted_threads
from langgraph_council.checkpoints._retention import (
    PruneReport,
    adelete_thread,
    aprune_threads,
    delete_thread,
    prune_threads,
)
from langgraph_council.checkpoints._runner.commands import (
    aescalation_resume_command,
    escalation_resume_command,
)
from langgraph_council.checkpoints._runner.escalations import (
    EscalationQueue,
    InMemoryEscalationQueue,
)
from langgraph_council.checkpoints._runner.policy import ThreadFailedError
from langgraph_council.checkpoints._runner.resume import aresume_thread, resume_thread
from langgraph_council.checkpoints._runner.shutdown import (
    ShutdownResult,
    arun_until_signal,
    run_until_signal,
)
from langgraph_council.checkpoints._serde import council_serde, with_council_serde
from langgraph_council.checkpoints._stores import CouncilStores
from langgraph_council.nodes._conflicts.dissent import InMemoryDissentStore
from langgraph_council.nodes._deprecated import Dropped, dropped_name
from langgraph_council.nodes._escalation.models import EscalationError

__all__ = [
    "CallRecordHandler",
    "CouncilStores",
    "EmbeddedPostgresError",
    "EscalationError",
    "EscalationQueue",
    "FailureCategory",
    "InMemoryCallRecordStore",
    "InMemoryDissentStore",
    "InMemoryEscalationQueue",
    "InMemoryMeetingRecordStore",
    "OrgMemory",
    "PostgresCallRecordStore",
    "PostgresDissentStore",
    "PostgresGuardStateStore",
    "PostgresLoopRecordStore",
    "PostgresMeetingRecordStore",
    "PruneReport",
    "ShutdownResult",
    "ThreadFailedError",
    "ThreadStatus",
    "adelete_thread",
    "aescalation_resume_command",
    "aprune_threads",
    "aresume_thread",
    "arun_until_signal",
    "async_postgres_checkpointer",
    "council_serde",
    "delete_thread",
    "embedded_postgres",
    "escalation_resume_command",
    "infer_failure_category",
    "interrupted_threads",
    "postgres_checkpointer",
    "prune_threads",
    "resume_thread",
    "run_until_signal",
    "setup_database",
    "with_council_serde",
]

_RESUME = "langgraph_council.checkpoints._runner.resume"
_DROPPED = {
    "resume_with_policy": Dropped(
        _RESUME, "resume_thread", "resume_thread(graph, thread_id, attempts_store=...)"
    ),
    "aresume_with_policy": Dropped(
        _RESUME, "aresume_thread", "aresume_thread(graph, thread_id, attempts_store=...)"
    ),
    "asetup_database": Dropped(
        "langgraph_council.checkpoints._migrations",
        "asetup_database",
        "setup_database(uri), once before serving",
    ),
    "ShutdownStrategy": Dropped(
        "langgraph_council.checkpoints._runner.shutdown",
        "ShutdownStrategy",
        "a plain string: 'cooperative_timeout', 'immediate' or 'checkpoint'",
    ),
}
"""Names dropped from this facade (issue 31): importable, with a warning, for one release."""


def __getattr__(name: str) -> Any:
    return dropped_name(__name__, name, _DROPPED)
