"""Guard nodes and their state: loop prevention, token budgets, authority deference."""

from langgraph_council.guards._authority_deference import detect_authority_cues
from langgraph_council.guards._budget import TokenBudget
from langgraph_council.guards._config import (
    CircuitBreakerConfig,
    LoopPreventionConfig,
    RateLimitConfig,
)
from langgraph_council.guards._delegation import make_delegation_guard
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._store import (
    GuardStateStore,
    InMemoryGuardStateStore,
    InMemoryLoopRecordStore,
    LoopRecordStore,
)
from langgraph_council.guards._types import GuardOutcome

__all__ = [
    "CircuitBreakerConfig",
    "GuardOutcome",
    "GuardStateStore",
    "InMemoryGuardStateStore",
    "InMemoryLoopRecordStore",
    "LoopGuard",
    "LoopPreventionConfig",
    "LoopRecordStore",
    "RateLimitConfig",
    "TokenBudget",
    "detect_authority_cues",
    "make_delegation_guard",
]
