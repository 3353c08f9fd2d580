"""Conflict resolution: models, state, prompts, one module per strategy, dissent records."""

from langgraph_council.nodes.conflicts.config import (
    ConflictResolutionConfig,
    DebateConfig,
    HumanConfig,
    HybridConfig,
    LadderConfig,
)
from langgraph_council.nodes.conflicts.dissent import (
    DissentStore,
    InMemoryDissentStore,
    build_dissent_records,
)
from langgraph_council.nodes.conflicts.human import (
    EscalationStore,
    escalation_id_for,
    parse_decision,
)
from langgraph_council.nodes.conflicts.models import (
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    ConflictResolution,
    ConflictType,
    DissentRecord,
    Escalation,
    EscalationStatus,
    HumanDecision,
    Statement,
    Verdict,
)
from langgraph_council.nodes.conflicts.state import (
    ConflictInput,
    ConflictKeys,
    ConflictOutput,
    ConflictState,
    StrategyInput,
    StrategyOutput,
    StrategyState,
)

__all__ = [
    "Conflict",
    "ConflictInput",
    "ConflictKeys",
    "ConflictOutcome",
    "ConflictOutput",
    "ConflictPosition",
    "ConflictResolution",
    "ConflictResolutionConfig",
    "ConflictState",
    "ConflictType",
    "DebateConfig",
    "DissentRecord",
    "DissentStore",
    "Escalation",
    "EscalationStatus",
    "EscalationStore",
    "HumanConfig",
    "HumanDecision",
    "HybridConfig",
    "InMemoryDissentStore",
    "LadderConfig",
    "Statement",
    "StrategyInput",
    "StrategyOutput",
    "StrategyState",
    "Verdict",
    "build_dissent_records",
    "escalation_id_for",
    "parse_decision",
]
