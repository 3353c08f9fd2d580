"""Conflict resolution: models, state, prompts, one module per strategy, dissent records."""

from langgraph_council.nodes._conflicts.config import (
    ConflictResolutionConfig,
    DebateConfig,
    HumanConfig,
    HybridConfig,
    LadderConfig,
)
from langgraph_council.nodes._conflicts.dissent import (
    DissentStore,
    InMemoryDissentStore,
    build_dissent_records,
)
from langgraph_council.nodes._conflicts.human import parse_conflict_decision
from langgraph_council.nodes._conflicts.models import (
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    ConflictResolution,
    ConflictType,
    DissentRecord,
    Statement,
    Verdict,
)
from langgraph_council.nodes._conflicts.state import (
    ConflictContext,
    ConflictInput,
    ConflictKeys,
    ConflictOutput,
    ConflictState,
    StrategyInput,
    StrategyOutput,
    StrategyState,
)

# Escalations are one concept for every graph family (`nodes._escalation`); the conflict
# package keeps exporting the names it always did.
from langgraph_council.nodes._escalation import (
    Escalation,
    EscalationStatus,
    EscalationStore,
    HumanDecision,
    escalation_id_for,
)

__all__ = [
    "Conflict",
    "ConflictContext",
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
    "parse_conflict_decision",
    "parse_decision",
]

parse_decision = parse_conflict_decision
"""`parse_decision(value, conflict)`: kept for callers of earlier versions."""
