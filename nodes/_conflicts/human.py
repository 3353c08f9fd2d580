"""The human path of the conflict graph: the generic escalation steps with a conflict's payload.

`open_escalation` and `await_human` are `nodes._escalation`'s open and await steps for kind
`conflict`; `apply_human_decision` turns the decision into a resolution.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from langchain_core.runnables import RunnableConfig

from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig, current_config
from langgraph_council.nodes._conflicts.intake import coerce_conflict
from langgraph_council.nodes._conflicts.outcomes import make_resolution, with_fallback
from langgraph_council.nodes._conflicts.prompts import summarise_position
from langgraph_council.nodes._conflicts.state import ConflictState
from langgraph_council.nodes._escalation.flow import (
    MAX_ATTEMPTS,
    await_decision,
    open_escalation,
    opened,
    require_thread_id,
)
from langgraph_council.nodes._escalation.models import Escalation, HumanDecision, parse_decision
from langgraph_council.nodes._escalation.store import Escalations, check_escalation_store
from langgraph_council.nodes._records.conflicts import (
    Conflict,
    ConflictOutcome,
    ConflictResolution,
    utc_now,
)

__all__ = [
    "MAX_HUMAN_ATTEMPTS",
    "escalation_payload",
    "human_resolution",
    "make_apply_human_decision_node",
    "make_await_human_node",
    "make_open_escalation_node",
    "new_escalation",
    "parse_conflict_decision",
    "route_after_human",
]

MAX_HUMAN_ATTEMPTS = MAX_ATTEMPTS
"""Malformed resume values re-ask at most this many times, then the escalation closes unresolved."""


def new_escalation(
    state: ConflictState, thread_id: str, settings: ConflictResolutionConfig
) -> Escalation:
    """The pending escalation for this thread's conflict (its id is set when it is opened)."""
    conflict = coerce_conflict(state["conflict"])
    now = utc_now()
    timeout = settings.human.timeout_seconds
    return Escalation(
        id="draft",
        thread_id=thread_id,
        kind="conflict",
        subject=conflict.subject,
        options=conflict.agent_ids,
        conflict=conflict,
        strategy=state.get("strategy", "human"),
        analysis=state.get("analysis"),
        summary=state.get("fallback_reason"),
        created_at=now,
        expires_at=None if timeout is None else now + timedelta(seconds=timeout),
    )


def escalation_payload(state: ConflictState) -> dict[str, Any]:
    """What the human sees besides the generic keys: both positions summarised, any review."""
    conflict = coerce_conflict(state["conflict"])
    return {
        "conflict_id": conflict.id,
        "conflict_type": conflict.type.value,
        "subject": conflict.subject,
        "positions": [summarise_position(p) for p in conflict.positions],
        "party_ids": list(conflict.agent_ids),
        "analysis": state.get("analysis"),
        "reason": state.get("fallback_reason"),
    }


def parse_conflict_decision(value: object, conflict: Conflict) -> HumanDecision:
    """Validate a resume value into a `HumanDecision` naming a party.

    Raises:
        ValueError: Naming the field and the fix.
    """
    decision = parse_decision(value, "conflict", conflict.agent_ids)
    if not isinstance(decision, HumanDecision):  # the model of kind "conflict" always is
        raise TypeError(f"expected a HumanDecision, got {type(decision).__name__}")
    return decision


def make_open_escalation_node(
    escalations: Escalations | None, default: ConflictResolutionConfig
) -> Any:
    """Node `open_escalation`: write the pending escalation (idempotent) before any interrupt."""
    store = check_escalation_store(escalations)

    def open_escalation_node(state: ConflictState, config: RunnableConfig) -> dict[str, Any]:
        draft = new_escalation(state, require_thread_id(config), current_config(default))
        return opened(open_escalation(store, draft, key=coerce_conflict(state["conflict"]).id))

    return open_escalation_node


def make_await_human_node(escalations: Escalations | None) -> Any:
    """Node `await_human`: `interrupt()` until a valid decision arrives (bad ones re-ask)."""
    store = check_escalation_store(escalations)

    def await_human(state: ConflictState) -> dict[str, Any]:
        parties = coerce_conflict(state["conflict"]).agent_ids
        awaited = await_decision(
            store, state, escalation_payload(state), kind="conflict", options=parties
        )
        return awaited.update

    return await_human


def route_after_human(state: ConflictState) -> str:
    """Back to `await_human` with the error when the answer was malformed."""
    return "apply_human_decision" if state.get("escalation_decision") else "await_human"


def human_resolution(state: ConflictState, decision: HumanDecision) -> ConflictResolution:
    """The resolution a human decision (or an expiry) gives."""
    outcome = {
        "winner": ConflictOutcome.RESOLVED_BY_HUMAN,
        "reject": ConflictOutcome.REJECTED_BY_HUMAN,
        "expired": ConflictOutcome.ESCALATED_TO_HUMAN,
    }[decision.decision]
    return make_resolution(
        coerce_conflict(state["conflict"]),
        outcome,
        winner=decision.winning_agent_id,
        decided_by=decision.decided_by,
        reasoning=with_fallback(decision.reasoning, state.get("fallback_reason")),
    )


def make_apply_human_decision_node() -> Any:
    """Node `apply_human_decision`: resolve the conflict as the (already stored) decision says."""

    def apply_human_decision(state: ConflictState) -> dict[str, Any]:
        decision = state.get("escalation_decision")
        if not isinstance(decision, HumanDecision):
            raise ValueError("apply_human_decision ran without a conflict decision in the state")
        return {"route": "resolved", "resolution": human_resolution(state, decision)}

    return apply_human_decision
