"""The human path of the delegation graph: a hand-off blocked at the top of the hierarchy.

The blocked sender has no manager, so the case goes to a human through the one escalation
path every graph family uses (`nodes._escalation`): `escalate_to_human` opens the escalation
(kind `delegation`, idempotent, before any interrupt), `await_human` waits for the answer,
which closes the blocked frame and flows up like an agent's answer.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from langchain_core.runnables import RunnableConfig, RunnableLambda
from langgraph.types import Command

from langgraph_council.nodes._delegation.flow import (
    ESCALATE_TO_HUMAN,
    FINISH,
    answer_flows_up,
    delegation_context,
)
from langgraph_council.nodes._delegation.models import BlockedDelegation
from langgraph_council.nodes._delegation.state import DelegationState
from langgraph_council.nodes._escalation.flow import (
    await_decision,
    open_escalation,
    opened,
    require_thread_id,
)
from langgraph_council.nodes._escalation.models import Escalation
from langgraph_council.nodes._escalation.store import Escalations, check_escalation_store

__all__ = [
    "AWAIT_HUMAN",
    "blocked_escalation",
    "make_await_human_node",
    "make_escalate_to_human_node",
]

AWAIT_HUMAN = "await_human"
_STEPS_TO_FINISH = 3  # the answer's agent turn, then finish


def _details(state: DelegationState, blocked: BlockedDelegation) -> dict[str, Any]:
    return {
        "task_id": blocked.task_id,
        "root_task": state["task"],
        "task": state["frames"][-1].task,
        "delegator": blocked.delegator,
        "delegatee": blocked.delegatee,
        "mechanism": blocked.mechanism,
        "message": blocked.message,
        "chain": list(blocked.chain),
    }


def blocked_escalation(state: DelegationState, thread_id: str) -> Escalation:
    """The escalation for the last blocked hand-off (its id is set when it is opened).

    Its subject is the run's task; `details["task"]` is the blocked part the human answers.
    """
    blocked = state["blocked"][-1]
    timeout = delegation_context().human_timeout_seconds
    now = datetime.now(UTC)
    task = state["task"].strip()
    return Escalation(
        id="draft",
        thread_id=thread_id,
        kind="delegation",
        subject=task.splitlines()[0][:200] if task else "a blocked task",
        summary=blocked.notice,
        details=_details(state, blocked),
        created_at=now,
        expires_at=None if timeout is None else now + timedelta(seconds=timeout),
    )


def make_escalate_to_human_node(
    escalations: Escalations | None,
) -> RunnableLambda[DelegationState, dict[str, Any]]:
    """Node `escalate_to_human`: open the escalation of the blocked hand-off (idempotent)."""
    store = check_escalation_store(escalations)

    def escalate_to_human(state: DelegationState, config: RunnableConfig) -> dict[str, Any]:
        draft = blocked_escalation(state, require_thread_id(config))
        key = f"delegation\x1f{state['blocked'][-1].attempt_id}"
        return opened(open_escalation(store, draft, key=key))

    return RunnableLambda(escalate_to_human, name=ESCALATE_TO_HUMAN)


def make_await_human_node(
    escalations: Escalations | None,
) -> RunnableLambda[DelegationState, Command[str]]:
    """Node `await_human`: the human's answer closes the blocked frame; a bad one re-asks."""
    store = check_escalation_store(escalations)

    def await_human(state: DelegationState) -> Command[str]:
        blocked = state["blocked"][-1]
        payload = _details(state, blocked)
        awaited = await_decision(
            store, state, payload, kind="delegation", steps_to_finish=_STEPS_TO_FINISH
        )
        decision = awaited.decision
        if decision is None:
            return Command(goto=AWAIT_HUMAN, update=awaited.update)
        if decision.decision == "expired":
            return Command(goto=FINISH, update={**awaited.update, "status": "escalation_expired"})
        answer = str(getattr(decision, "answer", "") or "")
        return answer_flows_up(state, answer, decision.decided_by, awaited.update, speaker="human")

    return RunnableLambda(await_human, name=AWAIT_HUMAN)
