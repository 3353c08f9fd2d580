"""The delegation guard node: chain of command, then the loop checks; it routes, never raises."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import RunnableLambda
from langgraph.graph import StateGraph
from langgraph.types import Command

from langgraph_council.guards._chain_of_command import check_chain_of_command
from langgraph_council.guards._loop import LoopGuard
from langgraph_council.guards._store import LoopRecordStore, put_loop_record
from langgraph_council.guards._types import GuardOutcome, Handoff, blocked_fields
from langgraph_council.nodes._delegation.flow import (
    CALL_AGENT,
    DELEGATION_GUARD,
    ESCALATE_TO_HUMAN,
    ESCALATE_TO_MANAGER,
    current_task_id,
    delegation_context,
)
from langgraph_council.nodes._delegation.models import BlockedDelegation, DelegationRecord
from langgraph_council.nodes._delegation.state import DelegationState, Frame, HandOff
from langgraph_council.nodes._org import Org

__all__ = ["DelegationGuardNode", "make_delegation_guard"]


@dataclass(frozen=True)
class DelegationGuardNode:
    """A guard node and the nodes it may route to; `add_to` registers both on a builder."""

    runnable: RunnableLambda[DelegationState, Command[str]]
    destinations: tuple[str, ...]

    def add_to(self, builder: StateGraph[Any, Any, Any, Any], name: str = DELEGATION_GUARD) -> None:
        """Add the node to `builder` under `name`, with its destinations declared."""
        builder.add_node(name, self.runnable, destinations=self.destinations)


def _notice(handoff: Handoff, outcome: GuardOutcome, escalated_to: str) -> str:
    who = "a human" if escalated_to == "human" else f"your manager {escalated_to}"
    # The guard's message already ends with the attempted chain.
    return (
        f"Your hand-off to {handoff.delegatee} was not delivered: blocked by "
        f"{outcome.mechanism} ({outcome.message}). The case goes to {who}."
    )


class _Guard:
    """The node's logic, shared by its sync and async forms."""

    def __init__(
        self, org: Org, guard: LoopGuard, loop_records: LoopRecordStore | None, on_pass: str
    ) -> None:
        self.org, self.guard, self.loop_records, self.on_pass = org, guard, loop_records, on_pass

    def decide(self, state: DelegationState) -> Command[str]:
        handoff = state.get("pending")
        if handoff is None:
            raise RuntimeError(f"{DELEGATION_GUARD} ran without a pending hand-off")
        config = delegation_context()
        frame = state["frames"][-1]
        request = Handoff(
            handoff.delegator,
            handoff.delegatee,
            current_task_id(state),
            frame.chain,
            handoff.attempt_id,
        )
        outcome = check_chain_of_command(
            self.org,
            delegator=handoff.delegator,
            delegatee=handoff.delegatee,
            chain=frame.chain,
            enforce_chain_of_command=config.enforce_chain_of_command,
            allow_skip_level=config.allow_skip_level,
        ) or self.guard.check(request)
        if outcome.passed:
            return self._deliver(state, handoff, frame)
        if handoff.delegatee == frame.delegated_by:
            # The delegatee hands the task straight back: it rejects the hand-off, a bounce.
            # The attempt id keeps a re-run of this node from counting it twice.
            self.guard.record_bounce(
                delegator=handoff.delegatee,
                delegatee=handoff.delegator,
                task_id=request.task_id,
                reason=f"tried to hand it back (refused by {outcome.mechanism})",
                bounce_id=handoff.attempt_id,
            )
        return self._block(state, request, outcome)

    def _deliver(self, state: DelegationState, handoff: HandOff, frame: Frame) -> Command[str]:
        chain = (*frame.chain, handoff.delegator)
        record = DelegationRecord(
            delegation_id=handoff.attempt_id,
            delegator=handoff.delegator,
            delegatee=handoff.delegatee,
            task_id=current_task_id(state),
            refinement=handoff.refinement,
            chain=(*chain, handoff.delegatee),
        )
        child = Frame(
            agent_id=handoff.delegatee,
            assignee=handoff.delegatee,
            task=handoff.refinement.strip() or frame.task,
            chain=chain,
            delegated_by=handoff.delegator,
        )
        return Command(
            goto=self.on_pass,
            update={"frames": [*state["frames"], child], "pending": None, "delegations": [record]},
        )

    def _block(
        self, state: DelegationState, handoff: Handoff, outcome: GuardOutcome
    ) -> Command[str]:
        manager = self.org.manager_of(handoff.delegator)
        escalated_to = "human" if manager is None else manager.id
        blocked = BlockedDelegation(
            attempt_id=handoff.attempt_id,
            notice=_notice(handoff, outcome, escalated_to),
            escalated_to=escalated_to,
            **blocked_fields(handoff, outcome),
        )
        if self.loop_records is not None:
            put_loop_record(self.loop_records, handoff, outcome, blocked.timestamp)
        # The sender is told: the notice waits in its inbox and opens its next turn.
        inbox = dict(state.get("inbox") or {})
        inbox[handoff.delegator] = [*inbox.get(handoff.delegator, []), blocked.notice]
        return Command(
            goto=ESCALATE_TO_HUMAN if manager is None else ESCALATE_TO_MANAGER,
            update={"inbox": inbox, "pending": None, "blocked": [blocked]},
        )


def make_delegation_guard(
    org: Org,
    guard: LoopGuard | None = None,
    *,
    loop_records: LoopRecordStore | None = None,
    on_pass: str = CALL_AGENT,
) -> DelegationGuardNode:
    """Create the guard node of a delegation graph.

    It checks the pending hand-off (authority, then `guard`'s loop checks). Passed: the
    delegatee's frame is pushed and the graph goes to `on_pass`. An agent handing a task
    straight back to the agent that delegated it is refused (by authority or ancestry) and
    counted as a bounce of the pair (`LoopGuard.record_bounce`), so a pair that keeps sending
    work back trips its circuit breaker. Blocked: nothing is delivered, a notice naming the
    mechanism and the chain waits in the sender's inbox (it opens the sender's next prompt and
    is kept in `BlockedDelegation.notice`), a `LoopRecord` is stored (authority refusals too),
    and the case goes to `escalate_to_manager`, or to `escalate_to_human` when the sender has
    no manager.

    Example:
        >>> node = make_delegation_guard(org, LoopGuard())  # doctest: +SKIP
        >>> node.add_to(builder)  # doctest: +SKIP
    """
    if not isinstance(org, Org):
        raise TypeError(f"org must be an Org, got {type(org).__name__}")
    if guard is not None and not isinstance(guard, LoopGuard):
        raise TypeError(f"guard must be a LoopGuard, got {type(guard).__name__}")
    if loop_records is not None and not isinstance(loop_records, LoopRecordStore):
        raise TypeError("loop_records must implement put(record) and list(...)")
    if not isinstance(on_pass, str) or not on_pass:
        raise ValueError(f"on_pass must name the node to run after a hand-off, got {on_pass!r}")
    logic = _Guard(org, guard or LoopGuard(), loop_records, on_pass)

    async def adecide(state: DelegationState) -> Command[str]:
        return await asyncio.to_thread(logic.decide, state)

    destinations: Sequence[str] = (on_pass, ESCALATE_TO_MANAGER, ESCALATE_TO_HUMAN)
    return DelegationGuardNode(
        runnable=RunnableLambda(logic.decide, afunc=adecide, name=DELEGATION_GUARD),
        destinations=tuple(destinations),
    )
