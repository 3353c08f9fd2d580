"""Meeting tunables: one frozen pydantic model per protocol, passed as the graph context."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Literal

from langgraph.config import get_config
from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.json_schema import SkipJsonSchema

from langgraph_council.nodes._context import register_section, run_context
from langgraph_council.nodes._deadline import (
    DEFAULT_AGENT_TIMEOUT_S,
    DEFAULT_CALLABLE_TIMEOUT_S,
    TimeLimit,
)
from langgraph_council.nodes._input_errors import CouncilModel
from langgraph_council.nodes._meetings.detectors import check_detector
from langgraph_council.nodes._meetings.models import Contribution
from langgraph_council.nodes._meetings.stopping import StopWhen

__all__ = [
    "AGENT_LIMIT",
    "BUILD_CONFIG_KEY",
    "ConflictDetectorName",
    "MeetingProtocolConfig",
    "PositionPapersConfig",
    "RoundRobinConfig",
    "SelectorConfig",
    "StructuredPhasesConfig",
    "build_default",
    "build_metadata",
    "coerce_config",
    "ctx",
]

ConflictDetectorName = Literal["keyword", "structured", "llm_judge", "hybrid", "auto"]
"""The built-in detectors; `register_conflict_detector` adds more, selected by name too."""

CandidateFilter = Callable[[list[str], Sequence[Contribution]], Sequence[str]]
"""`candidate_filter(eligible, transcript) -> allowed`: the speakers the selector may choose."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class RoundRobinConfig(BaseModel):
    """Round robin: each participant speaks in turn, seeing the fenced transcript.

    `transcript_window=N` shows only the last N turns verbatim and older ones as a bounded
    extractive digest (first sentence of each, no model call), so prompts stop growing.
    """

    model_config = _FROZEN

    max_turns_per_agent: int = Field(default=2, ge=1)
    max_total_turns: int = Field(default=16, ge=1)
    leader_summarizes: bool = True
    max_tokens_per_turn: int = Field(default=400, ge=1)
    transcript_window: int | None = Field(default=None, ge=1)


class PositionPapersConfig(BaseModel):
    """Position papers: everyone writes in parallel, then one agent synthesises."""

    model_config = _FROZEN

    max_tokens_per_position: int = Field(default=300, ge=1)
    synthesizer: str = Field(default="meeting_leader", min_length=1)


class SelectorConfig(BaseModel):
    """Model-chosen speaker: each turn `selector` (`"meeting_leader"` or an agent id) picks
    who speaks next from the eligible participants, seeing the agenda and the transcript.

    Eligible: under `max_turns_per_agent`, not failed, not the last speaker unless
    `allow_repeated_speaker` (or nobody else is left), and kept by `candidate_filter`. A
    single eligible speaker is taken without asking. A choice that names no eligible speaker
    (or a selector call that fails) falls back to the next eligible participant in
    round-robin order, recorded in `minutes.warnings`. `candidate_filter` is a Python
    callable given at build time (`config=`); it is not serialised into the run context.
    """

    model_config = _FROZEN

    selector: str = Field(default="meeting_leader", min_length=1)
    max_turns_per_agent: int = Field(default=2, ge=1)
    max_total_turns: int = Field(default=16, ge=1)
    allow_repeated_speaker: bool = False
    leader_summarizes: bool = True
    max_tokens_per_turn: int = Field(default=400, ge=1)
    max_selector_tokens: int = Field(default=40, ge=1)
    transcript_window: int | None = Field(default=None, ge=1)
    candidate_filter: SkipJsonSchema[CandidateFilter | None] = Field(default=None, exclude=True)


class StructuredPhasesConfig(BaseModel):
    """Structured phases: inputs, conflict detection, targeted discussion, decision.

    `max_discussion_tokens` caps the discussion's total tokens (prompts plus replies).
    `strategic_lenses` maps a participant id to the lens injected into its input request.
    `conflict_judge` and `devils_advocate_agent` are `"meeting_leader"` or an agent id.
    The devil's advocate speaks when inputs are near-identical (mean pairwise cosine similarity
    above `similarity_threshold`) with fewer than `min_disagreements` disagreeing pairs.
    """

    model_config = _FROZEN

    skip_discussion_if_no_conflicts: bool = True
    max_discussion_tokens: int = Field(default=1000, ge=1)
    max_discussion_turns_per_agent: int = Field(default=1, ge=1)
    max_tokens_per_input: int = Field(default=300, ge=1)
    conflict_detector: str = Field(default="auto", min_length=1)
    """A built-in detector (`ConflictDetectorName`) or one added by `register_conflict_detector`."""
    conflict_judge: str = Field(default="meeting_leader", min_length=1)
    strategic_lenses: dict[str, str] = Field(default_factory=dict)
    premortem: bool = False
    devils_advocate: bool = True
    devils_advocate_agent: str = Field(default="meeting_leader", min_length=1)
    similarity_threshold: float = Field(default=0.85, ge=0.0, le=1.0)
    min_disagreements: int = Field(default=2, ge=0)

    @field_validator("conflict_detector")
    @classmethod
    def _known_detector(cls, name: str) -> str:
        check_detector(name)  # built in, or registered before this config is made
        return name


class MeetingProtocolConfig(CouncilModel):
    """Meeting tunables, passed as `context=` (a plain dict is accepted and coerced).

    `synthesis_reserve` of the budget is held back for the final synthesis; `quorum` is the share
    of participants that must answer a parallel phase (at least one); `meeting_type` names the
    records and the trigger cooldowns; more than `max_participants` (default 8) are refused
    because discussion cost grows quadratically with group size. `token_budget` is the budget
    of a meeting whose input names none.

    Example:
        >>> MeetingProtocolConfig.model_validate(
        ...     {"round_robin": {"max_turns_per_agent": 1}}).round_robin.max_turns_per_agent
        1
    """

    model_config = _FROZEN

    round_robin: RoundRobinConfig = Field(default_factory=RoundRobinConfig)
    position_papers: PositionPapersConfig = Field(default_factory=PositionPapersConfig)
    structured_phases: StructuredPhasesConfig = Field(default_factory=StructuredPhasesConfig)
    selector: SelectorConfig = Field(default_factory=SelectorConfig)
    stop_when: StopWhen | None = None
    """Ends the talk of any protocol at a turn boundary (`StopWhen`); None: only the caps."""
    synthesis_reserve: float = Field(default=0.2, ge=0.0, lt=1.0)
    max_synthesis_tokens: int = Field(default=600, ge=1)
    min_output_tokens: int = Field(default=16, ge=1)
    quorum: float = Field(default=0.5, gt=0.0, le=1.0)
    auto_create_tasks: bool = True
    max_tasks_per_meeting: int = Field(default=10, ge=0)
    meeting_type: str = Field(default="ad_hoc", min_length=1)
    max_participants: int = Field(default=8, ge=1)
    token_budget: int = Field(default=20_000, gt=0, le=2**31 - 1)
    agent_timeout_seconds: float = Field(default=DEFAULT_AGENT_TIMEOUT_S, gt=0)
    """Time limit of each agent call of the meeting (a participant's turn, the leader's
    synthesis, the selector, the conflict judge): a late participant is a failed contribution
    (the quorum rules apply), a late selector or judge falls back like a failed one."""
    callable_timeout_seconds: float = Field(default=DEFAULT_CALLABLE_TIMEOUT_S, gt=0)
    """Time limit of each call of a registered conflict detector and of the selector's
    `candidate_filter`: past it (or when it raises) the meeting falls back, noted in the
    minutes' warnings."""
    authority_detector: Literal["rules", "model"] = "rules"
    """How the authority-deference check finds appeals to rank: `rules` (patterns, no model
    call) or `model` (the synthesiser judges each participant in its structured reply; a reply
    without usable verdicts falls back to the rules, with a warning in the minutes)."""


register_section("meeting", MeetingProtocolConfig)


def coerce_config(value: MeetingProtocolConfig | Mapping[str, Any] | None) -> MeetingProtocolConfig:
    """A build-time config as a `MeetingProtocolConfig`; None gives the defaults."""
    if value is None:
        return MeetingProtocolConfig()
    if isinstance(value, MeetingProtocolConfig):
        return value
    if isinstance(value, Mapping):
        return MeetingProtocolConfig.model_validate(dict(value))
    raise TypeError(
        f"meeting config must be a MeetingProtocolConfig or a dict, got {type(value).__name__}"
    )


BUILD_CONFIG_KEY = "council_meeting_config"
"""Node-metadata key under which a meeting graph carries its build-time config (as JSON)."""


def build_metadata(config: MeetingProtocolConfig) -> dict[str, str]:
    """The node metadata that makes `config` the graph's build-time default.

    Meeting nodes are built by protocol builders that take only `(graph, roster)`; the graph
    factory stamps its `config=` on every node, and `ctx()` merges the run context over it.
    """
    return {BUILD_CONFIG_KEY: config.model_dump_json()}


@lru_cache(maxsize=64)
def _parse(raw: str) -> MeetingProtocolConfig:
    return MeetingProtocolConfig.model_validate_json(raw)


def build_default(metadata: Mapping[str, Any] | None) -> MeetingProtocolConfig:
    """The build-time config a node's metadata carries, else the defaults."""
    raw = (metadata or {}).get(BUILD_CONFIG_KEY)
    return _parse(raw) if isinstance(raw, str) else _DEFAULT


_DEFAULT = MeetingProtocolConfig()


def ctx(default: MeetingProtocolConfig | None = None) -> MeetingProtocolConfig:
    """The run's meeting tunables: the run context merged over `default`, else over the
    graph's build-time `config=` (carried in node metadata), else over the defaults."""
    if default is None:
        default = build_default(get_config().get("metadata"))
    return run_context("meeting", MeetingProtocolConfig, default)


AGENT_LIMIT = TimeLimit(
    "MeetingProtocolConfig.agent_timeout_seconds", lambda: ctx().agent_timeout_seconds
)
"""The time limit of every agent call a meeting node makes (read from the run's config)."""
