"""The two steps every human escalation takes in a graph, whatever its kind.

1. Open: write the pending escalation (idempotent, keyed by thread, subject key and round) in
   its own node, before any `interrupt()`, since a node re-runs from its first line on resume.
2. Await: `interrupt()` with a payload carrying our stable `escalation_id`; validate the answer
   against the decision model of the kind; the stored row and the answer must agree
   (`rules.settle`); a malformed answer re-asks with the error, and after
   `MAX_ATTEMPTS` the escalation closes unanswered (`expired`).

Both read and write the same state keys (`ESCALATION_KEYS`), which a graph's state declares:
`escalation_id`, `escalation_expires_at`, `escalation_attempts`, `escalation_error` and
`escalation_decision` (typed with the kind's decision model).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.config import get_config
from langgraph.types import interrupt

from langgraph_council.nodes._escalation.models import (
    DECISION_MODELS,
    Escalation,
    EscalationDecision,
    EscalationKind,
    EscalationStatus,
    escalation_id_for,
    expired_decision,
    parse_decision,
)
from langgraph_council.nodes._escalation.notify import notify_opened
from langgraph_council.nodes._escalation.rules import FORGED_EXPIRY, give_up, settle
from langgraph_council.nodes._escalation.store import EscalationStore
from langgraph_council.nodes._text import replace_nul

__all__ = [
    "ESCALATION_KEYS",
    "MAX_ATTEMPTS",
    "MAX_ROUNDS",
    "SUBGRAPH_KEY",
    "Awaited",
    "await_decision",
    "open_escalation",
    "opened",
    "require_thread_id",
]

ESCALATION_KEYS = (
    "escalation_id",
    "escalation_expires_at",
    "escalation_attempts",
    "escalation_error",
    "escalation_decision",
)
MAX_ATTEMPTS = 10
"""Malformed answers re-ask at most this many times, then the escalation closes unanswered."""
MAX_ROUNDS = 100
"""How often one subject (a conflict, a hand-off) can be escalated again in one thread."""
_CHOICES: dict[str, tuple[str, ...]] = {"merge": ("keep", "drop")}


def require_thread_id(config: RunnableConfig) -> str:
    """The run's thread id; a human escalation cannot wait without one.

    Raises:
        ValueError: No checkpointer thread id in `config`.
    """
    thread_id = (config.get("configurable") or {}).get("thread_id")
    if not thread_id:
        raise ValueError(
            "a human escalation needs a checkpointer and config={'configurable': "
            "{'thread_id': ...}} so the thread can wait for the decision and resume"
        )
    return str(thread_id)


def open_escalation(store: EscalationStore | None, draft: Escalation, *, key: str) -> Escalation:
    """Store `draft` as pending under the first round of `key` not yet closed in its thread.

    Idempotent: a re-run node finds its own pending row again. `draft.id` is replaced by
    `escalation_id_for(draft.thread_id, key, round=n)`. Without a store, round 0's id is used.
    Node builders take the store once with `check_escalation_store(escalations)`.

    Raises:
        ValueError: `key` was escalated `MAX_ROUNDS` times in the thread.
        EscalationError: The store refuses it (another pending escalation of the conflict).
    """
    first = _nested(draft).model_copy(update={"id": escalation_id_for(draft.thread_id, key)})
    if store is None:
        return first
    hook = store.on_open
    for round in range(MAX_ROUNDS):
        candidate = first.model_copy(
            update={"id": escalation_id_for(draft.thread_id, key, round=round)}
        )
        new = hook is not None and _absent(store, candidate.id)
        stored = store.put(candidate)
        if stored.status is EscalationStatus.PENDING:
            if new and hook is not None:
                notify_opened(hook, stored)
            return stored
    raise ValueError(
        f"{draft.kind} {key!r} was escalated {MAX_ROUNDS} times in thread {draft.thread_id!r}; "
        "start a new thread"
    )


SUBGRAPH_KEY = "checkpoint_ns"
"""`Escalation.details` key: the namespace of the council graph, when it runs as a subgraph."""


def _nested(draft: Escalation) -> Escalation:
    """`draft` noting the graph's namespace when it runs inside a parent (a supervisor, a swarm).

    Its `thread_id` is already the root thread (LangGraph keeps it in subgraphs); the
    namespace tells `EscalationQueue.decide` to resume through the parent graph.
    """
    try:
        namespace = str(get_config().get("configurable", {}).get("checkpoint_ns") or "")
    except RuntimeError:  # called outside a graph run (a direct call in a test)
        return draft
    if "|" not in namespace:
        return draft
    graph_ns = namespace.rsplit("|", 1)[0]
    return draft.model_copy(update={"details": {**draft.details, SUBGRAPH_KEY: graph_ns}})


def _absent(store: EscalationStore, escalation_id: str) -> bool:
    try:
        store.get(escalation_id)
    except KeyError:
        return True
    return False


def opened(escalation: Escalation) -> dict[str, Any]:
    """The state update after opening `escalation`: its id and deadline, no answer yet."""
    expires = escalation.expires_at
    return {
        "escalation_id": escalation.id,
        "escalation_expires_at": None if expires is None else expires.isoformat(),
        "escalation_attempts": 0,
        "escalation_error": None,
        "escalation_decision": None,
    }


@dataclass(frozen=True)
class Awaited:
    """What one `await_decision` produced: a decision to act on (None: ask again), the update."""

    decision: EscalationDecision | None
    update: dict[str, Any]


def await_decision(
    store: EscalationStore | None,
    state: Mapping[str, Any],
    payload: Mapping[str, Any],
    *,
    kind: EscalationKind,
    options: tuple[str, ...] = (),
    steps_to_finish: int = 4,
) -> Awaited:
    """Interrupt for the human's answer to the escalation in `state` and validate it.

    `payload` is what the human sees besides the generic keys (`escalation_id`, `kind`,
    `options`, `expires_at`, `error`, `expected`); `options` are a conflict's parties (a
    merge's default to `keep` and `drop`). With fewer than `steps_to_finish` steps left
    (`remaining_steps`), a malformed answer closes the escalation instead of asking again.
    """
    escalation_id = state.get("escalation_id")
    options = options or _CHOICES.get(kind, ())
    value = interrupt(
        {
            **payload,
            "escalation_id": escalation_id,
            "kind": kind,
            "options": list(options),
            "expires_at": state.get("escalation_expires_at"),
            "error": state.get("escalation_error"),
            "expected": DECISION_MODELS[kind].expected,
        }
    )
    attempts = int(state.get("escalation_attempts") or 0) + 1
    try:
        decision = parse_decision(value, kind, options)
        if store is not None and escalation_id:
            settle(store, escalation_id, decision)
        elif decision.decision == "expired":
            raise ValueError(FORGED_EXPIRY)
    except ValueError as exc:
        # The error may quote the answer (a key holding U+0000): PostgreSQL cannot store that
        # in the checkpoint, which then broke the thread instead of asking again.
        error, _ = replace_nul(str(exc))
        if attempts < MAX_ATTEMPTS and state.get("remaining_steps", steps_to_finish) >= (
            steps_to_finish
        ):
            return Awaited(None, {"escalation_error": error, "escalation_attempts": attempts})
        reason = f"closed after {attempts} malformed answers; last: {error}"
        if store is not None and escalation_id:
            decision = give_up(store, escalation_id, reason)
        else:
            decision = expired_decision(kind, reason, "system:invalid-answers")
    update = {"escalation_decision": decision, "escalation_error": None}
    return Awaited(decision, {**update, "escalation_attempts": attempts})
