"""Graph state of the conflict graph and the contract every strategy subgraph follows."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, NotRequired

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from langgraph.managed import RemainingSteps
from typing_extensions import TypedDict

from langgraph_council.nodes._conflicts.asked import AskedPosition, merge_asked
from langgraph_council.nodes._conflicts.config import (
    ConflictResolutionConfig,
    DebateConfig,
    HumanConfig,
    HybridConfig,
    LadderConfig,
)
from langgraph_council.nodes._escalation.models import HumanDecision
from langgraph_council.nodes._memory.config import MemoryConfig
from langgraph_council.nodes._messages import Messages, said_once
from langgraph_council.nodes._records.conflicts import (
    Conflict,
    ConflictResolution,
    ConflictType,
    DissentRecord,
    Statement,
    Verdict,
)
from langgraph_council.nodes._state_version import StateVersionKey

__all__ = [
    "ConflictContext",
    "ConflictInput",
    "ConflictKeys",
    "ConflictOutput",
    "ConflictState",
    "Route",
    "StrategyInput",
    "StrategyOutput",
    "StrategyState",
    "merge_statements",
    "stated",
]

Route = Literal["resolved", "human", "authority"]
"""Where a strategy sends the conflict next: done, to a human, or to the authority fallback."""


def merge_statements(
    left: Sequence[Statement | Mapping[str, Any]], right: Sequence[Statement | Mapping[str, Any]]
) -> list[Statement]:
    """Append statements from parallel parties, ordered by round, kind, then agent id.

    Statements may arrive as JSON dicts (LangGraph Server state edits); they are validated back.
    """
    merged = [
        s if isinstance(s, Statement) else Statement.model_validate(s) for s in [*left, *right]
    ]
    return sorted(merged, key=lambda s: (s.round, s.kind, s.agent_id))


def stated(conflict: Conflict | Mapping[str, Any], statement: Statement) -> dict[str, Any]:
    """The update that records a party's statement, also as a named AI message.

    The id `<conflict_id>:<kind>:<round>:<agent_id>` is stable: a re-run replaces, never adds.
    """
    conflict_id = conflict.id if isinstance(conflict, Conflict) else str(conflict["id"])
    scope = f"{conflict_id}:{statement.kind}:{statement.round}"
    return said_once("statements", statement, scope, kind=statement.kind, round=statement.round)


class ConflictContext(TypedDict, total=False):
    """The conflict graph's context schema: the `conflict` section of a namespaced run context,
    or the flat fields of `ConflictResolutionConfig` (see `nodes._context.run_context`).

    The flat keys are listed too because LangGraph Server drops run-context keys its schema
    does not name.
    """

    conflict: ConflictResolutionConfig
    memory: MemoryConfig | dict[str, Any]
    strategy: str
    by_conflict_type: dict[ConflictType, str]
    by_department: dict[str, str]
    debate: DebateConfig
    hybrid: HybridConfig
    ladder: LadderConfig
    human: HumanConfig
    parties: list[str]
    max_verdict_tokens: int
    agent_timeout_seconds: float


class ConflictInput(TypedDict):
    """What a caller passes: the conflict to resolve, or only `messages` whose last human
    message is the question the parties answer first (`nodes._conflicts.from_messages`)."""

    conflict: NotRequired[Conflict]
    messages: NotRequired[list[AnyMessage]]


class ConflictKeys(TypedDict):
    """The keys a parent graph's state needs to run the conflict graph as one of its nodes.

    The subgraph reads `conflict` and writes `resolution`, `dissent_records` and `messages`
    (arguments, rebuttals and the resolution as named AI messages) back (see `MeetingKeys`);
    a human escalation interrupts the parent run, resumed with `Command`.
    """

    conflict: NotRequired[Conflict]
    resolution: NotRequired[ConflictResolution]
    dissent_records: NotRequired[list[DissentRecord]]
    messages: NotRequired[Annotated[list[AnyMessage], add_messages]]


class ConflictOutput(TypedDict):
    """What a caller gets back."""

    conflict: Conflict
    strategy: str
    resolution: ConflictResolution
    dissent_records: list[DissentRecord]
    fallback_reason: NotRequired[str | None]
    escalation_id: NotRequired[str | None]
    tokens_used: int
    messages: NotRequired[list[AnyMessage]]
    """The debate as a conversation: arguments, rebuttals, the resolution (named AI messages)."""


class StrategyInput(TypedDict):
    """What a strategy subgraph reads from the conflict graph."""

    conflict: Conflict
    strategy: str
    fallback_reason: NotRequired[str | None]


class StrategyOutput(TypedDict):
    """What a strategy subgraph must write: a `route`, and a `resolution` when resolved.

    `analysis` goes to the human with the escalation; `fallback_reason` says why a strategy
    handed over to authority or a human; `tokens_used` counts this subgraph's calls only.
    """

    route: Route
    resolution: NotRequired[ConflictResolution]
    analysis: NotRequired[str | None]
    fallback_reason: NotRequired[str | None]
    tokens_used: NotRequired[int]
    messages: NotRequired[list[AnyMessage]]


class StrategyState(StrategyInput):
    """Working state inside the built-in strategy subgraphs: what they read, and their own keys."""

    route: Route
    resolution: NotRequired[ConflictResolution]
    analysis: NotRequired[str | None]
    tokens_used: Annotated[int, operator.add]
    statements: Annotated[list[Statement], merge_statements]
    messages: Messages
    verdict: NotRequired[Verdict | None]
    judge_id: NotRequired[str | None]
    tied_ids: NotRequired[list[str]]
    round: NotRequired[int]
    remaining_steps: RemainingSteps


class ConflictState(TypedDict):
    """State of the conflict graph; `tokens_used` is summed over every model call.

    The `escalation_*` keys are the human path's (see `nodes._escalation.flow`).
    """

    conflict: Conflict
    state_version: NotRequired[StateVersionKey]
    """The layout version (`nodes._state_version`), written by `choose_strategy` once per run."""
    strategy: NotRequired[str]
    route: NotRequired[Route]
    resolution: NotRequired[ConflictResolution]
    analysis: NotRequired[str | None]
    fallback_reason: NotRequired[str | None]
    tokens_used: Annotated[int, operator.add]
    escalation_id: NotRequired[str | None]
    escalation_expires_at: NotRequired[str | None]
    escalation_attempts: NotRequired[int]
    escalation_error: NotRequired[str | None]
    escalation_decision: NotRequired[HumanDecision | None]
    dissent_records: NotRequired[list[DissentRecord]]
    messages: Messages
    asked_positions: Annotated[list[AskedPosition], merge_asked]
    """The parties' answers to a question asked in messages, until the conflict is framed."""
    asked_conflict_id: NotRequired[str | None]
    """The conflict framed from messages in this run (its conversation and tokens are kept)."""
    asked_tokens: NotRequired[int]
    """What the parties' answers cost (counted into `tokens_used`)."""
    remaining_steps: RemainingSteps
