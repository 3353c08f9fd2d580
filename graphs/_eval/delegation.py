"""Delegation loops: a scenario's hand-offs and bounces through one loop guard, in order.

Times are fixed (`at` seconds after a fixed epoch), so windows and cool-downs score the same
on any machine. Scored on the first refused step and the check that refused it.
"""

from __future__ import annotations

from typing import Any

from langgraph_council.graphs._eval.play import Players, TokenCounter
from langgraph_council.graphs._eval.results import Verdict
from langgraph_council.graphs._eval.scenarios import Scenario
from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard, LoopPreventionConfig

__all__ = ["score_delegation"]

EPOCH = 1_800_000_000.0


def _step(guard: LoopGuard, step: dict[str, Any]) -> str | None:
    """The mechanism that refused the step, or None when it passed (a bounce always does)."""
    now = EPOCH + float(step.get("at", 0))
    if step.get("bounce"):
        guard.record_bounce(
            delegator=step["from"], delegatee=step["to"], task_id=step["task"],
            reason=step.get("reason", "rejected"), now=now,
        )  # fmt: skip
        return None
    outcome = guard.check_and_record(
        chain=list(step.get("chain", [])), delegator=step["from"], delegatee=step["to"],
        task_id=step["task"], now=now,
    )  # fmt: skip
    return None if outcome.passed else str(outcome.mechanism)


def score_delegation(scenario: Scenario, players: Players, counter: TokenCounter) -> list[Verdict]:
    """Run and score one delegation scenario (the guard is the framework: no model)."""
    guard = LoopGuard(
        LoopPreventionConfig.model_validate(scenario.guard), InMemoryGuardStateStore()
    )
    blocked_at, mechanism = None, None
    for index, step in enumerate(scenario.steps):
        mechanism = _step(guard, step)
        if mechanism is not None:
            blocked_at = index
            break
    expect = scenario.expect
    said = f"step {blocked_at} refused by {mechanism}" if mechanism else "every step passed"
    wrong = blocked_at != expect.get("blocked_at") or (
        mechanism is not None and mechanism != expect.get("mechanism")
    )
    if wrong:
        want = expect.get("blocked_at")
        wanted = f"step {want} refused by {expect.get('mechanism')}" if want is not None else "none"
        return [Verdict(scenario.id, False, f"{said}; expected {wanted}")]
    return [Verdict(scenario.id, True, said)]
