"""Graph state of the delegation graph: a stack of frames, one per agent working on the task."""

from __future__ import annotations

import operator
from typing import Annotated, NotRequired

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from langgraph.managed import RemainingSteps
from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypedDict

from langgraph_council.nodes._delegation.models import (
    BlockedDelegation,
    DelegationConfig,
    DelegationRecord,
    DelegationResult,
    DelegationStatus,
)
from langgraph_council.nodes._escalation.models import DelegationDecision
from langgraph_council.nodes._messages import Messages
from langgraph_council.nodes._state_version import StateVersionKey

__all__ = [
    "DelegationContext",
    "DelegationInput",
    "DelegationKeys",
    "DelegationOutput",
    "DelegationState",
    "Frame",
    "HandOff",
    "append_blocked",
    "append_delegations",
]


class Frame(BaseModel):
    """One agent's share of the task; `chain` lists the delegators before it, oldest first.

    `agent_id` works on it now; `assignee` is who it was handed to (they differ once a manager
    takes over a blocked case).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    agent_id: str
    task: str
    assignee: str = ""
    chain: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    delegated_by: str | None = None
    escalated_from: str | None = None


class HandOff(BaseModel):
    """A `delegate_to` call waiting for the guard's verdict."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    attempt_id: str = Field(min_length=1)
    delegator: str
    delegatee: str
    refinement: str


def append_delegations(
    left: list[DelegationRecord], right: list[DelegationRecord]
) -> list[DelegationRecord]:
    """Append new audit entries in the order hand-offs happened."""
    return [*left, *right]


def append_blocked(
    left: list[BlockedDelegation], right: list[BlockedDelegation]
) -> list[BlockedDelegation]:
    """Append new blocked attempts in the order they were refused."""
    return [*left, *right]


class DelegationContext(TypedDict, total=False):
    """The delegation graph's context schema: the `delegation` section of a namespaced run
    context, or the flat fields of `DelegationConfig` (see `nodes._context.run_context`); the
    flat keys are listed because LangGraph Server drops context keys its schema does not name.
    """

    delegation: DelegationConfig
    max_handoffs: int
    enforce_chain_of_command: bool
    allow_skip_level: bool
    human_timeout_seconds: float | None
    max_delegation_rounds: int | None
    max_tokens_per_turn: int


class DelegationInput(TypedDict):
    """What a caller passes: the task text, the agent it enters at and an optional task id.

    Either `task`/`entry_agent`/`task_id`, or the same prefixed `delegation_` (`DelegationKeys`,
    for a parent state that also holds the pipeline's `task`): when `delegation_task` is given,
    the prefixed keys are read and the result is written to `delegation_result`.
    """

    task: NotRequired[str]
    entry_agent: NotRequired[str]
    task_id: NotRequired[str]
    delegation_task: NotRequired[str]
    delegation_entry_agent: NotRequired[str]
    delegation_task_id: NotRequired[str]
    messages: NotRequired[list[AnyMessage]]
    """Or only `messages`: the last human message is the task
    (`nodes._delegation.from_messages`)."""


class DelegationOutput(TypedDict):
    """What a run returns: the result, the audit trail and the refused hand-offs."""

    result: NotRequired[DelegationResult]
    """The result of a run started with `task` (a run started with `delegation_task` writes
    `delegation_result` instead, so a parent's pipeline `result` is left alone)."""
    delegation_result: NotRequired[DelegationResult]
    delegations: list[DelegationRecord]
    blocked: list[BlockedDelegation]
    messages: NotRequired[list[AnyMessage]]
    """Each agent turn (hand-off or answer), a human's answer and the closing council message."""


class DelegationKeys(TypedDict):
    """The keys a parent graph's state needs to run the delegation graph as one of its nodes,
    named so they do not clash with the pipeline's `task` and `result` (`CoordinationKeys`).

    Inherit it with `CoordinationKeys` (and the others): the subgraph reads `delegation_task`,
    `delegation_entry_agent` and `delegation_task_id` from the parent's state and writes
    `delegation_result`, `delegations`, `blocked` and `messages` back; the pipeline reads
    `task` and writes `result`. Called directly, the graph still takes `task`/`entry_agent`.

    Example:
        >>> class AppState(DelegationKeys, CoordinationKeys):  # doctest: +SKIP
        ...     pass
    """

    delegation_task: NotRequired[str]
    delegation_entry_agent: NotRequired[str]
    delegation_task_id: NotRequired[str]
    delegation_result: NotRequired[DelegationResult]
    delegations: NotRequired[list[DelegationRecord]]
    blocked: NotRequired[list[BlockedDelegation]]
    messages: NotRequired[Annotated[list[AnyMessage], add_messages]]


class DelegationState(TypedDict):
    """Full state; `frames` is a stack whose top is the agent working now.

    The `escalation_*` keys belong to a human escalation at the top of the hierarchy (see
    `nodes._escalation.flow`).
    """

    task: str
    entry_agent: str
    state_version: NotRequired[StateVersionKey]
    """The layout version (`nodes._state_version`), written by `start_task` once per run."""
    task_id: NotRequired[str | None]
    delegation_task: NotRequired[str | None]
    delegation_entry_agent: NotRequired[str | None]
    delegation_task_id: NotRequired[str | None]
    delegation_result: NotRequired[DelegationResult]
    keyed: NotRequired[bool]
    """The run was started through `DelegationKeys`: it writes `delegation_result`."""
    run_id: NotRequired[str]
    frames: NotRequired[list[Frame]]
    pending: NotRequired[HandOff | None]
    inbox: NotRequired[dict[str, list[str]]]
    handoff_attempts: NotRequired[int]
    tokens_used: Annotated[int, operator.add]
    delegations: Annotated[list[DelegationRecord], append_delegations]
    blocked: Annotated[list[BlockedDelegation], append_blocked]
    messages: Messages
    status: NotRequired[DelegationStatus]
    call_notes: NotRequired[list[str]]
    """This run's warnings about its agent calls (a failed call, a reply cut at its cap);
    absent in threads from before issue 34, read as none."""
    answer: NotRequired[str | None]
    answered_by: NotRequired[str | None]
    result: NotRequired[DelegationResult]
    answered_task: NotRequired[str | None]
    """The task the last finished run answered (a new request in messages replaces it)."""
    escalation_id: NotRequired[str | None]
    escalation_expires_at: NotRequired[str | None]
    escalation_attempts: NotRequired[int]
    escalation_error: NotRequired[str | None]
    escalation_decision: NotRequired[DelegationDecision | None]
    remaining_steps: RemainingSteps
