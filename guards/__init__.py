"""Guard nodes and their state: loop prevention, chain of command, budgets, authority deference."""

from langgraph_council.guards._authority_deference import (
    AUTHORITY_JUSTIFICATION_DIRECTIVE,
    detect_authority_cues,
)
from langgraph_council.guards._budget import BudgetDecision, TokenBudget, estimate_prompt_tokens
from langgraph_council.guards._chain_of_command import check_authority, check_chain_of_command
from langgraph_council.guards._config import (
    CircuitBreakerConfig,
    LoopPreventionConfig,
    RateLimitConfig,
)
from langgraph_council.guards._delegation import DelegationGuardNode, make_delegation_guard
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._store import (
    GuardStateStore,
    InMemoryGuardStateStore,
    InMemoryLoopRecordStore,
    LoopRecordStore,
)
from langgraph_council.nodes._delegation.models import GuardOutcome

__all__ = [
    "AUTHORITY_JUSTIFICATION_DIRECTIVE",
    "BudgetDecision",
    "CircuitBreakerConfig",
    "DelegationGuardNode",
    "GuardOutcome",
    "GuardStateStore",
    "InMemoryGuardStateStore",
    "InMemoryLoopRecordStore",
    "LoopGuard",
    "LoopPreventionConfig",
    "LoopRecordStore",
    "RateLimitConfig",
    "TokenBudget",
    "check_authority",
    "check_chain_of_command",
    "detect_authority_cues",
    "estimate_prompt_tokens",
    "make_delegation_guard",
]
