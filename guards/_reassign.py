"""The guard behind `reassign_subtask`: the pipeline's hand-off guard plus breaker bounces."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.guards._coordination import HandoffGuard
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._store import LoopRecordStore
from langgraph_council.nodes._handoff import Handoff
from langgraph_council.nodes._pipeline.reassign import make_reassign_node as _node

__all__ = ["make_reassign_node"]


def make_reassign_node(
    guard: LoopGuard, *, loop_records: LoopRecordStore | None = None
) -> Runnable[Any, Any]:
    """Create the `reassign_subtask` node of the coordination graph.

    Each reassignment is a hand-off `guard` checks like every dispatch (a `LoopRecord` in
    `loop_records` when it blocks one); the agent a subtask is taken from gets a bounce
    (design section 6: a delegatee failing a hand-off), once per failed attempt.
    """
    if not isinstance(guard, LoopGuard):
        raise TypeError(f"guard must be a LoopGuard, got {type(guard).__name__}")

    def bounce(handoff: Handoff, reason: str, bounce_id: str) -> None:
        guard.record_bounce(
            delegator=handoff.delegator,
            delegatee=handoff.delegatee,
            task_id=handoff.task_id,
            reason=reason,
            bounce_id=bounce_id,
        )

    return _node(HandoffGuard(guard, loop_records), bounce=bounce)
