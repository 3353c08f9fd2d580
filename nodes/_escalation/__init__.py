"""Human escalations of every kind: the model, the store abstraction, the graph steps.

One path for every decision a graph waits on a human for: conflicts, delegations blocked at
the top of the hierarchy, and pipeline merge conflicts. A graph opens an escalation in its own
node (`open_escalation`), waits in the next (`await_decision`), and the escalation queue
(`InMemoryEscalationQueue`, or `langgraph_council.checkpoints.EscalationQueue` on Postgres)
lists it and resumes the thread with the human's decision from any process.
"""

from langgraph_council.nodes._escalation.flow import (
    ESCALATION_KEYS,
    MAX_ATTEMPTS,
    MAX_ROUNDS,
    Awaited,
    await_decision,
    open_escalation,
    opened,
    require_thread_id,
)
from langgraph_council.nodes._escalation.memory import InMemoryEscalationQueue
from langgraph_council.nodes._escalation.models import (
    DECISION_MODELS,
    DelegationDecision,
    Escalation,
    EscalationDecision,
    EscalationError,
    EscalationKind,
    EscalationStatus,
    HumanDecision,
    MergeDecision,
    escalation_id_for,
    expired_decision,
    parse_decision,
)
from langgraph_council.nodes._escalation.resume import (
    aescalation_resume_command,
    escalation_resume_command,
    waiting_escalations,
)
from langgraph_council.nodes._escalation.store import (
    DecisionInput,
    EscalationStore,
    check_escalation_store,
)
from langgraph_council.nodes._escalation.sweeper import (
    DEFAULT_TIMEOUT_SECONDS,
    arun_expiry,
    run_expiry,
)

__all__ = [
    "DECISION_MODELS",
    "DEFAULT_TIMEOUT_SECONDS",
    "ESCALATION_KEYS",
    "MAX_ATTEMPTS",
    "MAX_ROUNDS",
    "Awaited",
    "DecisionInput",
    "DelegationDecision",
    "Escalation",
    "EscalationDecision",
    "EscalationError",
    "EscalationKind",
    "EscalationStatus",
    "EscalationStore",
    "HumanDecision",
    "InMemoryEscalationQueue",
    "MergeDecision",
    "aescalation_resume_command",
    "arun_expiry",
    "await_decision",
    "check_escalation_store",
    "escalation_id_for",
    "escalation_resume_command",
    "expired_decision",
    "open_escalation",
    "opened",
    "parse_decision",
    "require_thread_id",
    "run_expiry",
    "waiting_escalations",
]
