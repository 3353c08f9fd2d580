"""`ConflictResolutionConfig`: the tunables of the conflict graph, passed as its context."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from langgraph_council.nodes._context import register_section, run_context
from langgraph_council.nodes._deadline import DEFAULT_AGENT_TIMEOUT_S, TimeLimit
from langgraph_council.nodes._escalation.models import DEFAULT_TIMEOUT_SECONDS
from langgraph_council.nodes._records.conflicts import Conflict, ConflictType

__all__ = [
    "ConflictResolutionConfig",
    "DebateConfig",
    "HumanConfig",
    "HybridConfig",
    "LadderConfig",
    "agent_limit",
    "current_config",
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class DebateConfig(BaseModel):
    """Debate: `judge` is `shared_manager`, `ceo` or an agent id (never a party)."""

    model_config = _FROZEN

    judge: str = Field(default="shared_manager", min_length=1)
    max_argument_tokens: int = Field(default=400, gt=0)
    rebuttal_round: bool = True


class HybridConfig(BaseModel):
    """Hybrid: `review_agent` (an agent id; None = the parties' shared manager) and thresholds."""

    model_config = _FROZEN

    review_agent: str | None = None
    min_confidence: float = Field(default=0.7, ge=0.0, le=1.0)
    escalate_on_ambiguity: bool = True
    max_argument_tokens: int = Field(default=400, gt=0)


class LadderConfig(BaseModel):
    """Ladder: negotiation rounds, then an arbitrator (None = best skill match), then a human."""

    model_config = _FROZEN

    max_rounds: int = Field(default=3, ge=1, le=10)
    arbitrator: str | None = None
    min_confidence: float = Field(default=0.0, ge=0.0, le=1.0)
    max_statement_tokens: int = Field(default=300, gt=0)


class HumanConfig(BaseModel):
    """Human escalations: the deadline after which `expire_overdue` (or the sweeper,
    `EscalationQueue.run_expiry`) closes them; 24 h by default, `None` (no deadline) only when
    asked for explicitly."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    # At least a second (the row must exist before it expires), at most ten years (the
    # deadline must be a date Python and PostgreSQL can hold), checked before any model call.
    timeout_seconds: float | None = Field(
        default=DEFAULT_TIMEOUT_SECONDS, ge=1.0, le=10 * 365 * 24 * 3600.0
    )


class ConflictResolutionConfig(BaseModel):
    """How conflicts are resolved: the graph's build-time `config`, which a run's `context`
    (this model, a dict of its fields, or `{"conflict": {...}}`) is merged over.

    The strategy for a conflict is `by_conflict_type[conflict.type]` if set, else
    `by_department[dept]` when every party is in department `dept`, else `strategy`.

    Example:
        >>> ConflictResolutionConfig(strategy="debate", by_department={"qa": "human"}).strategy
        'debate'
    """

    model_config = _FROZEN

    strategy: str = Field(default="authority", min_length=1)
    by_conflict_type: dict[ConflictType, str] = Field(default_factory=dict)
    by_department: dict[str, str] = Field(default_factory=dict)
    debate: DebateConfig = DebateConfig()
    hybrid: HybridConfig = HybridConfig()
    ladder: LadderConfig = LadderConfig()
    human: HumanConfig = HumanConfig()
    parties: tuple[str, ...] = ()
    """Who answers a question asked in `messages` (agent ids); empty: the roster's active
    agents with a model, in org order, at most `MAX_ASKED_PARTIES` (4)."""
    max_verdict_tokens: int = Field(default=600, gt=0)
    """Output cap of each verdict call (the judge, the reviewer, the arbitrator, the common
    manager); a verdict cut at it is flagged in the resolution's `warnings`."""
    agent_timeout_seconds: float = Field(default=DEFAULT_AGENT_TIMEOUT_S, gt=0)
    """Time limit of each agent call (a party's argument, rebuttal or negotiation turn, the
    judge, the reviewer, the arbitrator, the common manager): a late party is a failed
    statement, a late evaluator falls back like a failing one."""

    def strategy_for(self, conflict: Conflict) -> str:
        """The strategy name that applies to `conflict` (see the class docstring)."""
        if conflict.type in self.by_conflict_type:
            return self.by_conflict_type[conflict.type]
        departments = {p.agent_department for p in conflict.positions}
        if len(departments) == 1:
            (department,) = departments
            if department in self.by_department:
                return self.by_department[department]
        return self.strategy

    def strategy_names(self) -> set[str]:
        """Every strategy name this config can select."""
        return {self.strategy, *self.by_conflict_type.values(), *self.by_department.values()}


register_section("conflict", ConflictResolutionConfig)


def current_config(default: ConflictResolutionConfig) -> ConflictResolutionConfig:
    """The run's `ConflictResolutionConfig`: the run context merged over `default` (the config
    the graph was built with)."""
    return run_context("conflict", ConflictResolutionConfig, default)


def agent_limit(default: ConflictResolutionConfig) -> TimeLimit:
    """The time limit of a conflict node's agent call: the run's `agent_timeout_seconds`."""
    return TimeLimit(
        "ConflictResolutionConfig.agent_timeout_seconds",
        lambda: current_config(default).agent_timeout_seconds,
    )
