"""Graph state of the conflict graph and the contract every strategy subgraph follows."""

from __future__ import annotations

import operator
from typing import Annotated, Literal, NotRequired

from langgraph.managed import RemainingSteps
from typing_extensions import TypedDict

from langgraph_council.nodes.conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes.conflicts.models import (
    Conflict,
    ConflictResolution,
    DissentRecord,
    Statement,
    Verdict,
)
from langgraph_council.nodes.escalation.models import HumanDecision

__all__ = [
    "ConflictContext",
    "ConflictInput",
    "ConflictOutput",
    "ConflictState",
    "Route",
    "StrategyInput",
    "StrategyOutput",
    "StrategyState",
    "merge_statements",
]

Route = Literal["resolved", "human", "authority"]
"""Where a strategy sends the conflict next: done, to a human, or to the authority fallback."""


def merge_statements(left: list[Statement], right: list[Statement]) -> list[Statement]:
    """Append statements from parallel parties, ordered by round, kind, then agent id."""
    return sorted([*left, *right], key=lambda s: (s.round, s.kind, s.agent_id))


class ConflictContext(TypedDict, total=False):
    """The conflict graph's context schema: the `conflict` section of a namespaced run context.

    The flat form (`{"strategy": "debate"}`) and a `ConflictResolutionConfig` work too; see
    `nodes.context.run_context`.
    """

    conflict: ConflictResolutionConfig


class ConflictInput(TypedDict):
    """What a caller passes: the conflict to resolve."""

    conflict: Conflict


class ConflictOutput(TypedDict):
    """What a caller gets back."""

    conflict: Conflict
    strategy: str
    resolution: ConflictResolution
    dissent_records: list[DissentRecord]
    fallback_reason: NotRequired[str | None]
    escalation_id: NotRequired[str | None]
    tokens_used: int


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


class StrategyState(TypedDict):
    """Working state inside the built-in strategy subgraphs."""

    conflict: Conflict
    strategy: str
    route: Route
    resolution: NotRequired[ConflictResolution]
    analysis: NotRequired[str | None]
    fallback_reason: NotRequired[str | None]
    tokens_used: Annotated[int, operator.add]
    statements: Annotated[list[Statement], merge_statements]
    verdict: NotRequired[Verdict | None]
    judge_id: NotRequired[str | None]
    tied_ids: NotRequired[list[str]]
    round: NotRequired[int]
    remaining_steps: RemainingSteps


class ConflictState(TypedDict):
    """State of the conflict graph; `tokens_used` is summed over every model call.

    The `escalation_*` keys are the human path's (see `nodes.escalation.flow`).
    """

    conflict: Conflict
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
    remaining_steps: RemainingSteps
