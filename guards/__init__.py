"""Guard nodes and their state: loop prevention, budgets, authority deference."""

from langgraph_council.guards.authority import check_authority
from langgraph_council.guards.config import (
    CircuitBreakerConfig,
    LoopPreventionConfig,
    RateLimitConfig,
)
from langgraph_council.guards.delegation import DelegationGuardNode, make_delegation_guard
from langgraph_council.guards.loop import LoopGuard
from langgraph_council.guards.store import (
    GuardStateStore,
    InMemoryGuardStateStore,
    InMemoryLoopRecordStore,
    LoopRecordStore,
)
from langgraph_council.nodes.delegation.models import GuardOutcome

__all__ = [
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
    "check_authority",
    "make_delegation_guard",
]
