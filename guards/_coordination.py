"""The pipeline's guard node: each subtask's hand-off record (owner -> assignee) passes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import Runnable

from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._store import LoopRecordStore, put_loop_record
from langgraph_council.guards._types import GuardOutcome, Handoff
from langgraph_council.nodes._pipeline.handoffs import make_guard_handoffs_node

__all__ = ["HandoffGuard", "make_handoff_guard"]


class HandoffGuard:
    """Checks hand-off records with `guard`; stores a loop record for each one it blocks."""

    def __init__(self, guard: LoopGuard, loop_records: LoopRecordStore | None = None) -> None:
        self.guard, self.loop_records = guard, loop_records

    def __call__(self, handoffs: Sequence[Handoff]) -> list[GuardOutcome]:
        """One verdict per hand-off, in order."""
        outcomes = [self.guard.check(handoff) for handoff in handoffs]
        if self.loop_records is not None:
            for handoff, outcome in zip(handoffs, outcomes, strict=True):
                if not outcome.passed:
                    put_loop_record(self.loop_records, handoff, outcome)
        return outcomes


def make_handoff_guard(
    guard: LoopGuard, *, loop_records: LoopRecordStore | None = None
) -> Runnable[Any, Any]:
    """Create the `guard_handoffs` node of the coordination graph.

    Before dispatch, each routed subtask's hand-off from the task's delegator (its owner, or
    `pipeline:<task id>`) to the assignee passes `guard` with the task's delegation chain.
    A blocked hand-off is not sent: the subtask gets a `blocked` result naming the mechanism
    (its dependents are skipped at dispatch), a `HandoffCheck` is kept in the result, and a
    `LoopRecord` is stored when `loop_records` is given. A re-run after a crash replays the
    guard's verdicts (stable attempt ids) instead of recording twice. The guard sees only the
    hand-off records the pipeline builds (`nodes/_pipeline/handoffs.py`), never its state.

    Example:
        >>> node = make_handoff_guard(LoopGuard())  # doctest: +SKIP
    """
    if not isinstance(guard, LoopGuard):
        raise TypeError(f"guard must be a LoopGuard, got {type(guard).__name__}")
    return make_guard_handoffs_node(HandoffGuard(guard, loop_records))
