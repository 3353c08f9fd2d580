"""Delegation: hand-off models, graph state, the `delegate_to` tool and the agent turn."""

from langgraph_council.nodes._delegation.handoff import AgentTurn, delegate_to
from langgraph_council.nodes._delegation.limits import GuardLimits, PairState, StoreVerdict
from langgraph_council.nodes._delegation.models import (
    BlockedDelegation,
    DelegationConfig,
    DelegationRecord,
    DelegationResult,
    GuardMechanism,
    GuardOutcome,
    LoopRecord,
)
from langgraph_council.nodes._delegation.state import (
    DelegationContext,
    DelegationInput,
    DelegationOutput,
    DelegationState,
    Frame,
    HandOff,
)

__all__ = [
    "AgentTurn",
    "BlockedDelegation",
    "DelegationConfig",
    "DelegationContext",
    "DelegationInput",
    "DelegationOutput",
    "DelegationRecord",
    "DelegationResult",
    "DelegationState",
    "Frame",
    "GuardLimits",
    "GuardMechanism",
    "GuardOutcome",
    "HandOff",
    "LoopRecord",
    "PairState",
    "StoreVerdict",
    "delegate_to",
]
