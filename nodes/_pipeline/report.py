"""What a coordination run reports: phases, routing, topology, hand-offs, waves and the result."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from langgraph_council.nodes._display import html_block, html_heading, html_table
from langgraph_council.nodes._pipeline.attempts import Attempt
from langgraph_council.nodes._pipeline.models import (
    Plan,
    Subtask,
    SubtaskResult,
    SubtaskStatus,
    TaskStructure,
    Topology,
)
from langgraph_council.nodes._workspace.models import IntegrationResult, MergeResult

__all__ = [
    "AgentAttribution",
    "AttributionCategory",
    "AuthorityFlag",
    "CoordinationResult",
    "HandoffCheck",
    "ParentUpdate",
    "PhaseName",
    "PhaseResult",
    "RollupStatus",
    "RouteCandidate",
    "RoutingDecision",
    "TopologyDecision",
    "Wave",
]

PhaseName = Literal[
    "decompose", "route", "resolve_topology", "validate", "dispatch", "rollup", "update_parent"
]
RollupStatus = SubtaskStatus
AttributionCategory = Literal[
    "direct", "upstream_contamination", "coordination_overhead", "quality_gate"
]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class PhaseResult(BaseModel):
    """One pipeline phase: did it succeed, how long it took, and why it failed.

    `input_tokens`/`output_tokens`: what the phase's model call cost as its provider billed it
    (the planner agent's, for `decompose`), also when its reply gave no usable plan; else 0.
    """

    model_config = _FROZEN

    phase: PhaseName
    success: bool
    duration_s: float = Field(ge=0.0)
    error: str | None = None
    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)


class RouteCandidate(BaseModel):
    """One agent's score for one subtask, with its parts (see `route.score_agent`)."""

    model_config = _FROZEN

    agent_id: str
    score: float
    fit: float
    primary: float = 0.0
    secondary: float = 0.0
    role: float = 0.0
    seniority: float = 0.0
    rule_bonus: float = 0.0
    load_penalty: float = 0.0


class RoutingDecision(BaseModel):
    """Who got a subtask and why; `agent_id` is None when nobody was routable.

    `missing_skills` are required skills no candidate agent has (active, accepting subtasks,
    not the task's owner); such a subtask is unroutable unless `CoordinationConfig.unroutable`
    is "closest", which gives it to the closest agent with `fallback=True`.
    """

    model_config = _FROZEN

    subtask_id: str
    agent_id: str | None
    score: float = 0.0
    reason: str
    candidates: tuple[RouteCandidate, ...] = ()
    rules: tuple[str, ...] = ()
    missing_skills: tuple[str, ...] = ()
    fallback: bool = False


class TopologyDecision(BaseModel):
    """The coordination topology of the run and where it came from."""

    model_config = _FROZEN

    topology: Topology
    source: Literal["task", "config", "auto"]
    structure: TaskStructure
    artifacts: int = 0
    reason: str
    shared_worktree: tuple[str, ...] = ()
    """With a workspace, the subtasks that work one after another in one shared worktree
    (all under `sas`; the single-subtask waves under `context_dependent`), fixed for the run."""


class HandoffCheck(BaseModel):
    """The loop guard's verdict on one hand-off (owner -> assignee) before it was sent."""

    model_config = _FROZEN

    subtask_id: str
    delegator: str
    delegatee: str
    chain: tuple[str, ...]
    passed: bool
    mechanism: str
    message: str = ""


class Wave(BaseModel):
    """One dependency level of the plan and what became of each of its subtasks."""

    model_config = _FROZEN

    index: int = Field(ge=0)
    subtask_ids: tuple[str, ...]
    outcomes: tuple[SubtaskResult, ...]
    duration_s: float = Field(default=0.0, ge=0.0)


class AgentAttribution(BaseModel):
    """One agent's share of the run: contribution score and, if any, why its work fell short.

    `contribution_score` is the complexity-weighted share of the plan this agent completed
    (the scores of all agents sum to at most 1). `failure_category` is the most telling
    category among its subtasks that did not complete (direct > quality_gate >
    upstream_contamination > coordination_overhead); `failures` gives it per subtask. With
    recovery, `subtask_ids` also holds subtasks reassigned to it, credit goes to whoever
    finished a subtask, and `attempts` lists the agent's attempts (failed ones too).
    """

    model_config = _FROZEN

    agent_id: str
    subtask_ids: tuple[str, ...]
    completed: int = Field(ge=0)
    contribution_score: float = Field(ge=0.0, le=1.0)
    failure_category: AttributionCategory | None = None
    failures: dict[str, AttributionCategory] = Field(default_factory=dict)
    attempts: tuple[Attempt, ...] = ()
    fallbacks: tuple[str, ...] = ()
    """Subtasks routed to this agent only as the closest fallback (nobody had a skill)."""


class AuthorityFlag(BaseModel):
    """An appeal to rank found in a subtask's output by the authority-deference scan."""

    model_config = _FROZEN

    subtask_id: str
    agent_id: str | None
    cue: str


class ParentUpdate(BaseModel):
    """What the `update_parent` callback receives."""

    model_config = _FROZEN

    task_id: str
    run_id: str
    status: RollupStatus
    rollup: RollupStatus
    summary: str
    authority_flags: tuple[AuthorityFlag, ...] = ()


class CoordinationResult(BaseModel):
    """Everything a run produced; the graph's output `result`.

    `rollup` applies the rollup rules to the subtask statuses; `parent_status` is what the
    parent task becomes: `failed` when a phase before dispatch failed, else the rollup.
    With a workspace, `merges` holds one `MergeResult` per subtask branch in the order they
    were merged (or dropped), and `integration` where the result is (the integration branch
    and its head, whether the base branch was moved, worktrees left in place).
    """

    model_config = _FROZEN

    task_id: str
    run_id: str
    phases: tuple[PhaseResult, ...]
    subtasks: tuple[Subtask, ...] = ()
    routing: tuple[RoutingDecision, ...] = ()
    topology: TopologyDecision | None = None
    handoffs: tuple[HandoffCheck, ...] = ()
    waves: tuple[Wave, ...] = ()
    rollup: RollupStatus
    parent_status: RollupStatus
    attribution: tuple[AgentAttribution, ...] = ()
    merges: tuple[MergeResult, ...] = ()
    integration: IntegrationResult | None = None
    summary: str = ""
    authority_flags: tuple[AuthorityFlag, ...] = ()
    structure: TaskStructure | None = None
    warnings: tuple[str, ...] = ()
    plan: Plan | None = None
    """The plan the run followed (with the planner agent's billed tokens), None if none."""

    def outcome(self, subtask_id: str) -> SubtaskResult:
        """The result of `subtask_id`; `KeyError` naming it when the run has none."""
        for wave in self.waves:
            for result in wave.outcomes:
                if result.subtask_id == subtask_id:
                    return result
        raise KeyError(f"no outcome for subtask {subtask_id!r} in this run")

    def merge(self, subtask_id: str) -> MergeResult:
        """The merge record of `subtask_id`; `KeyError` naming it when there is none."""
        for merge in self.merges:
            if merge.subtask_id == subtask_id:
                return merge
        raise KeyError(f"no merge record for subtask {subtask_id!r} in this run")

    @property
    def statuses(self) -> dict[str, SubtaskStatus]:
        """Subtask id -> final status, in plan order."""
        return {r.subtask_id: r.status for w in self.waves for r in w.outcomes}

    def phase(self, name: PhaseName) -> PhaseResult | None:
        """The record of phase `name`, or None when it did not run."""
        return next((p for p in self.phases if p.phase == name), None)

    @property
    def usage(self) -> tuple[int, int]:
        """(input, output) tokens of the pipeline's own model calls, as billed: the planner
        (decompose phase), replacement rows (`replan` attempts) and the review agent (merges).
        Executors' own calls are not seen by the pipeline and are not included."""
        records: list[PhaseResult | Attempt | MergeResult] = [*self.phases, *self.merges]
        records += [a for w in self.waves for r in w.outcomes for a in r.attempts]
        return sum(r.input_tokens for r in records), sum(r.output_tokens for r in records)

    def _repr_html_(self) -> str:
        """The rollup, then waves, merges, integration and attribution as tables (Jupyter)."""
        agents = {r.subtask_id: r.agent_id for r in self.routing}
        waves = (
            (w.index + 1, r.subtask_id, r.agent_id or agents.get(r.subtask_id), r.status,
             r.reason or r.error or r.output)
            for w in self.waves
            for r in w.outcomes
        )  # fmt: skip
        merges = (
            (m.subtask_id, m.status, m.files, (m.commit_sha or "")[:10],
             [i.message for i in m.semantic_issues], m.message)
            for m in self.merges
        )  # fmt: skip
        end = self.integration
        integration = [] if end is None else [(end.branch, end.head_sha[:10], end.merged_into_base)]
        credit = (
            (a.agent_id, a.subtask_ids, a.completed, a.contribution_score, a.failure_category)
            for a in self.attribution
        )
        return html_block(
            html_heading(f"Task {self.task_id}: {self.rollup} (parent {self.parent_status})"),
            html_table("Waves", ["wave", "subtask", "agent", "status", "output"], waves),
            html_table(
                "Merges", ["subtask", "status", "files", "commit", "issues", "message"], merges
            ),
            html_table("Integration", ["branch", "head", "merged into base"], integration),
            html_table(
                "Attribution", ["agent", "subtasks", "completed", "score", "failure"], credit
            ),
        )
