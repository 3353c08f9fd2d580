"""The human path: a durable pending escalation, an `interrupt()`, a validated decision."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, Protocol, runtime_checkable

from langchain_core.runnables import RunnableConfig
from langgraph.types import interrupt
from pydantic import ValidationError

from langgraph_council.nodes.conflicts.calls import current_config
from langgraph_council.nodes.conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes.conflicts.intake import coerce_conflict
from langgraph_council.nodes.conflicts.models import (
    Conflict,
    ConflictOutcome,
    ConflictResolution,
    Escalation,
    EscalationStatus,
    HumanDecision,
    utc_now,
)
from langgraph_council.nodes.conflicts.outcomes import make_resolution, with_fallback
from langgraph_council.nodes.conflicts.prompts import summarise_position
from langgraph_council.nodes.conflicts.state import ConflictState

__all__ = [
    "ESCALATION_NAMESPACE",
    "MAX_ESCALATION_ROUNDS",
    "MAX_HUMAN_ATTEMPTS",
    "EscalationStore",
    "escalation_id_for",
    "escalation_payload",
    "human_resolution",
    "make_apply_human_decision_node",
    "make_await_human_node",
    "make_open_escalation_node",
    "new_escalation",
    "parse_decision",
    "route_after_human",
]

ESCALATION_NAMESPACE = uuid.UUID("7c0f8a52-1d7e-4e8e-9a55-3c1f2b8e6d10")
MAX_HUMAN_ATTEMPTS = 10
"""Malformed resume values re-ask at most this many times, then the escalation closes unresolved."""
MAX_ESCALATION_ROUNDS = 100
"""How often one conflict can be escalated again in one thread (each earlier one closed)."""


@runtime_checkable
class EscalationStore(Protocol):
    """Where pending escalations live; `checkpoints.EscalationQueue` implements it."""

    def open(self, escalation: Escalation) -> Escalation:
        """Store `escalation` as pending unless its id exists; return the stored row."""
        ...

    def record_decision(self, escalation_id: str, decision: HumanDecision) -> None:
        """Close a still-pending escalation with `decision` (no-op if already closed)."""
        ...

    def get(self, escalation_id: str) -> Escalation:
        """The stored escalation (`KeyError` naming it when unknown)."""
        ...


def escalation_id_for(thread_id: str, conflict_id: str, *, round: int = 0) -> str:
    """Stable escalation id for a conflict in a thread, so a re-run node writes the same row.

    `round` counts earlier, already closed escalations of the same conflict in the thread.
    """
    key = f"{thread_id}\x1f{conflict_id}" + (f"\x1f{round}" if round else "")
    return str(uuid.uuid5(ESCALATION_NAMESPACE, key))


def new_escalation(
    state: ConflictState, config: RunnableConfig, settings: ConflictResolutionConfig
) -> Escalation:
    """The pending escalation for this thread's conflict (needs a checkpointer and a thread id)."""
    thread_id = (config.get("configurable") or {}).get("thread_id")
    if not thread_id:
        raise ValueError(
            "the human path needs a checkpointer and config={'configurable': {'thread_id': ...}} "
            "so the thread can wait for the decision and resume"
        )
    conflict = coerce_conflict(state["conflict"])
    now = utc_now()
    timeout = settings.human.timeout_seconds
    return Escalation(
        id=escalation_id_for(str(thread_id), conflict.id),
        thread_id=str(thread_id),
        conflict=conflict,
        strategy=state.get("strategy", "human"),
        analysis=state.get("analysis"),
        created_at=now,
        expires_at=None if timeout is None else now + timedelta(seconds=timeout),
    )


def escalation_payload(state: ConflictState) -> dict[str, Any]:
    """What the human sees: both positions summarised, any review, the id to answer with."""
    conflict = coerce_conflict(state["conflict"])
    return {
        "kind": "conflict_escalation",
        "escalation_id": state.get("escalation_id"),
        "conflict_id": conflict.id,
        "conflict_type": conflict.type.value,
        "subject": conflict.subject,
        "positions": [summarise_position(p) for p in conflict.positions],
        "party_ids": list(conflict.agent_ids),
        "analysis": state.get("analysis"),
        "reason": state.get("fallback_reason"),
        "expires_at": state.get("escalation_expires_at"),
        "error": state.get("human_error"),
        "expected": {
            "decision": "winner | reject",
            "winning_agent_id": "one of party_ids (winner only)",
            "reasoning": "text",
            "decided_by": "human:<who>",
        },
    }


def parse_decision(value: object, conflict: Conflict) -> HumanDecision:
    """Validate a resume value into a `HumanDecision` naming a party.

    Raises:
        ValueError: Naming the field and the fix.
    """
    if isinstance(value, HumanDecision):
        decision = value
    elif isinstance(value, Mapping):
        try:
            decision = HumanDecision.model_validate(dict(value))
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}" for e in exc.errors()
            )
            raise ValueError(f"invalid decision: {problems}") from None
    else:
        raise ValueError(
            f"a decision must be a mapping like {{'decision': 'winner', 'winning_agent_id': ..., "
            f"'reasoning': ..., 'decided_by': 'human:<who>'}}, got {type(value).__name__}"
        )
    if (
        decision.winning_agent_id is not None
        and decision.winning_agent_id not in conflict.agent_ids
    ):
        raise ValueError(
            f"winning_agent_id {decision.winning_agent_id!r} is not a party; "
            f"pick one of {list(conflict.agent_ids)}"
        )
    return decision


def _check_expiry(
    decision: HumanDecision, state: ConflictState, store: EscalationStore | None
) -> None:
    """Only the queue's own expiry may answer `expired`: a caller cannot forge a timeout."""
    escalation_id = state.get("escalation_id")
    if decision.decision != "expired":
        return
    if (
        store is not None
        and escalation_id
        and (store.get(escalation_id).status is EscalationStatus.EXPIRED)
    ):
        return
    raise ValueError(
        "decision 'expired' is set only by EscalationQueue.expire_overdue; "
        "a human answers 'winner' or 'reject'"
    )


def make_await_human_node(store: EscalationStore | None) -> Any:
    """Node `await_human`: `interrupt()` until a valid decision arrives (bad ones re-ask)."""

    def await_human(state: ConflictState) -> dict[str, Any]:
        value = interrupt(escalation_payload(state))
        attempts = state.get("human_attempts", 0) + 1
        # A checkpointer without this package's msgpack allowlist hands models back as dicts.
        conflict = coerce_conflict(state["conflict"])
        revalidated = {} if conflict is state["conflict"] else {"conflict": conflict}
        try:
            decision = parse_decision(value, conflict)
            _check_expiry(decision, state, store)
        except ValueError as exc:
            if attempts >= MAX_HUMAN_ATTEMPTS or state["remaining_steps"] < 4:
                decision = HumanDecision(
                    decision="expired",
                    reasoning=f"closed after {attempts} malformed answers; last: {exc}",
                    decided_by="system:invalid-answers",
                )
                return {
                    "human_decision": decision,
                    "human_error": None,
                    "human_attempts": attempts,
                    **revalidated,
                }
            return {"human_error": str(exc), "human_attempts": attempts, **revalidated}
        return {
            "human_decision": decision,
            "human_error": None,
            "human_attempts": attempts,
            **revalidated,
        }

    return await_human


def route_after_human(state: ConflictState) -> str:
    """Back to `await_human` with the error when the answer was malformed."""
    return "apply_human_decision" if state.get("human_decision") else "await_human"


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


def make_open_escalation_node(
    store: EscalationStore | None, default: ConflictResolutionConfig
) -> Any:
    """Node `open_escalation`: write the pending escalation (idempotent) before any interrupt."""

    def open_escalation(state: ConflictState, config: RunnableConfig) -> dict[str, Any]:
        escalation = new_escalation(state, config, current_config(default))
        for attempt in range(MAX_ESCALATION_ROUNDS):
            if store is None:
                break
            candidate = escalation.model_copy(
                update={
                    "id": escalation_id_for(
                        escalation.thread_id, escalation.conflict_id, round=attempt
                    )
                }
            )
            escalation = store.open(candidate)
            if escalation.status is EscalationStatus.PENDING:
                break
        else:
            raise ValueError(
                f"conflict {escalation.conflict_id!r} was escalated {MAX_ESCALATION_ROUNDS} "
                f"times in thread {escalation.thread_id!r}; start a new thread"
            )
        return {
            "escalation_id": escalation.id,
            "escalation_expires_at": _iso(escalation.expires_at),
            "human_attempts": 0,
            "human_error": None,
            "human_decision": None,
        }

    return open_escalation


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def make_apply_human_decision_node(store: EscalationStore | None) -> Any:
    """Node `apply_human_decision`: record the decision in the queue and resolve the conflict."""

    def apply_human_decision(state: ConflictState) -> dict[str, Any]:
        decision = state.get("human_decision")
        if isinstance(decision, Mapping):
            decision = HumanDecision.model_validate(decision)
        if decision is None:
            raise ValueError("apply_human_decision ran without a human_decision in the state")
        escalation_id = state.get("escalation_id")
        if store is not None and escalation_id:
            store.record_decision(escalation_id, decision)
        return {"route": "resolved", "resolution": human_resolution(state, decision)}

    return apply_human_decision
