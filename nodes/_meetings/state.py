"""Meeting graph state: named pure reducers; contributions in a delta channel (linear storage)."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Annotated, Any, Literal, NotRequired

from langchain_core.messages import AnyMessage
from langgraph.channels.delta import DeltaChannel
from langgraph.graph.message import add_messages
from langgraph.managed import RemainingSteps
from typing_extensions import TypedDict

from langgraph_council.nodes._doubling import DoublingDeltaChannel
from langgraph_council.nodes._meetings.config import (
    MeetingProtocolConfig,
    PositionPapersConfig,
    RoundRobinConfig,
    SelectorConfig,
    StructuredPhasesConfig,
)
from langgraph_council.nodes._meetings.ledger import Ledger, add_pairs
from langgraph_council.nodes._meetings.models import (
    Contribution,
    DetectedConflict,
    MeetingAgenda,
    MeetingMinutes,
    MeetingStatus,
    ParticipantFailure,
    SynthesisResult,
)
from langgraph_council.nodes._meetings.stopping import StopWhen
from langgraph_council.nodes._meetings.stored_minutes import StoredMinutes
from langgraph_council.nodes._memory.config import MemoryConfig
from langgraph_council.nodes._messages import Messages
from langgraph_council.nodes._state_version import StateVersionKey

__all__ = [
    "CallTask",
    "MeetingContext",
    "MeetingInput",
    "MeetingKeys",
    "MeetingOutput",
    "MeetingState",
    "add_failures",
    "merge_contributions",
]


def _contribution(value: Contribution | Mapping[str, Any]) -> Contribution:
    return value if isinstance(value, Contribution) else Contribution.model_validate(value)


def _order(c: Contribution) -> tuple[int, str]:
    return (c.turn, c.agent_id)


def _validated(current: Sequence[Contribution | Mapping[str, Any]]) -> list[Contribution]:
    """The channel's value as contributions: this reducer's own output is checked in O(1)
    (its ends), JSON dicts from a server state edit are validated back."""
    if not current or (
        isinstance(current[0], Contribution) and isinstance(current[-1], Contribution)
    ):
        return list(current)  # type: ignore[arg-type]
    return [*map(_contribution, current)]


def merge_contributions(
    current: Sequence[Contribution | Mapping[str, Any]],
    writes: Sequence[Sequence[Contribution | Mapping[str, Any]] | Contribution | Mapping[str, Any]],
) -> list[Contribution]:
    """Fold batches of new contributions in, ordered by turn (stable for parallel branches).

    Batching-invariant, as `DeltaChannel` requires: the checkpoint keeps only each write once,
    so storage grows linearly with the meeting instead of with its square. Contributions may
    arrive as JSON dicts (LangGraph Server state reads and edits); they are validated back.
    Proportional to the new batch: the value is already ordered, so a batch that comes after
    it (every round-robin turn) is appended; only one that lands earlier re-sorts the whole.
    """
    new: list[Contribution] = []
    for w in writes:
        new.extend(map(_contribution, [w] if isinstance(w, Contribution | Mapping) else w))
    merged = _validated(current)
    if len(new) > 1:
        new.sort(key=_order)
    if merged and new and _order(new[0]) < _order(merged[-1]):
        return sorted([*merged, *new], key=_order)
    merged.extend(new)
    return merged


def add_failures(
    left: Sequence[ParticipantFailure | Mapping[str, Any]],
    right: Sequence[ParticipantFailure | Mapping[str, Any]],
) -> list[ParticipantFailure]:
    """Append failed participant calls from parallel branches (JSON dicts are validated back)."""
    return [
        f if isinstance(f, ParticipantFailure) else ParticipantFailure.model_validate(f)
        for f in [*left, *right]
    ]


class MeetingInput(TypedDict):
    """What a caller passes: `agenda` may be a `MeetingAgenda`, a dict or a title string.

    Only `agenda` is needed: participants default to every active agent with a model, the
    leader to the first participant, the budget to the config's `token_budget`. Or pass only
    `messages` (a chat pane, a supervisor, a swarm): the last human message is the agenda
    (`nodes._meetings.from_messages`).
    """

    agenda: NotRequired[MeetingAgenda | dict[str, Any] | str]
    messages: NotRequired[list[AnyMessage]]
    leader_id: NotRequired[str]
    participant_ids: NotRequired[list[str]]
    token_budget: NotRequired[int]
    meeting_id: NotRequired[str]


class MeetingContext(TypedDict, total=False):
    """The meeting graph's context schema: the `meeting` section of a namespaced run context,
    or the flat fields of `MeetingProtocolConfig` (see `nodes._context.run_context`).

    The flat keys are listed too because LangGraph Server drops run-context keys its schema
    does not name: without them `context={"round_robin": {...}}` would be lost there.
    """

    meeting: MeetingProtocolConfig
    memory: MemoryConfig | dict[str, Any]
    round_robin: RoundRobinConfig
    position_papers: PositionPapersConfig
    structured_phases: StructuredPhasesConfig
    selector: SelectorConfig
    stop_when: StopWhen
    synthesis_reserve: float
    max_synthesis_tokens: int
    min_output_tokens: int
    quorum: float
    auto_create_tasks: bool
    max_tasks_per_meeting: int
    meeting_type: str
    max_participants: int
    token_budget: int
    authority_detector: Literal["rules", "model"]
    agent_timeout_seconds: float
    callable_timeout_seconds: float


class MeetingOutput(TypedDict):
    """What a caller reads back: the minutes, and the meeting as a conversation.

    `messages` holds one `AIMessage` per contribution, named by agent (Studio's chat pane reads
    it). A parent graph with its own `messages` key receives them through its own reducer.
    """

    minutes: MeetingMinutes
    messages: NotRequired[list[AnyMessage]]


class MeetingKeys(TypedDict):
    """The keys a parent graph's state needs to run a meeting graph as one of its nodes.

    Inherit it (with `ConflictKeys` and your own keys): the subgraph reads the input keys from
    the parent's state and writes `minutes` and `messages` back (the meeting's contributions as
    named AI messages, appended by `add_messages`: stable ids, so a re-run adds none twice);
    its other state stays inside it. It never reads the parent's `messages`.

    Example:
        >>> class AppState(MeetingKeys, ConflictKeys):  # doctest: +SKIP
        ...     notes: str
    """

    agenda: MeetingAgenda | dict[str, Any] | str
    leader_id: NotRequired[str]
    participant_ids: NotRequired[list[str]]
    token_budget: NotRequired[int]
    minutes: NotRequired[MeetingMinutes]
    messages: NotRequired[Annotated[list[AnyMessage], add_messages]]


class MeetingState(TypedDict):
    """Everything a meeting graph tracks between super-steps."""

    agenda: MeetingAgenda
    leader_id: str
    participant_ids: list[str]
    token_budget: int
    meeting_id: str
    protocol: str
    started_at: datetime
    contributions: Annotated[list[Contribution], DoublingDeltaChannel(merge_contributions)]
    messages: Messages
    failures: Annotated[list[ParticipantFailure], add_failures]
    tokens_used: Annotated[int, operator.add]
    """Written only by state version 1 (read through `tokens_spent`); reset at each opening."""
    input_calibration: Annotated[Ledger, DeltaChannel(add_pairs)]
    """(priced, billed, spent, turn): the per-turn bookkeeping (`ledger.add_pairs`)."""
    turn: int
    """Written by state version 1 and by protocols of their own; read through `turn_of`."""
    status: MeetingStatus
    error: NotRequired[str | None]
    conflicts: NotRequired[list[DetectedConflict]]
    discussants: NotRequired[list[str]]
    discussion_index: NotRequired[int]
    discussion_tokens: Annotated[int, operator.add]
    devils_advocate_used: NotRequired[bool]
    outcome: NotRequired[SynthesisResult]
    minutes: NotRequired[Annotated[MeetingMinutes, StoredMinutes()]]
    """Words in the run, references to `messages` in the checkpoint (`stored_minutes`)."""
    next_speaker: NotRequired[str | None]
    """The speaker the selector chose for the coming turn (selector protocol)."""
    notes: Annotated[list[str], operator.add]
    """Warnings raised while the meeting runs (a selector fallback); the minutes keep them."""
    stop_reason: NotRequired[str | None]
    remaining_steps: RemainingSteps
    state_version: NotRequired[StateVersionKey]
    """The layout version (`nodes._state_version`), written by `open_meeting` once per run."""


class CallTask(TypedDict):
    """The payload a `Send` carries to one parallel participant call."""

    agent_id: str
    phase: str
    turn: int
    prompt: str
    max_tokens: int
    prompt_tokens: NotRequired[int]
    """The prompt's estimate made when the phase was priced (absent in older checkpoints)."""
    meeting_id: NotRequired[str]
    """Names the contribution's message id (absent in older checkpoints)."""
