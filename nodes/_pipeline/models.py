"""The coordination pipeline's work items: the parent task, its subtasks and their results."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator, model_validator

from langgraph_council.nodes._input_errors import CouncilModel
from langgraph_council.nodes._org import AgentProfile
from langgraph_council.nodes._pipeline.attempts import Attempt, RecoveryStep
from langgraph_council.nodes._workspace.models import CheckResult

__all__ = [
    "COMPLEXITIES",
    "Complexity",
    "Plan",
    "PlanRow",
    "StructureSource",
    "Subtask",
    "SubtaskResult",
    "SubtaskRun",
    "SubtaskStatus",
    "Task",
    "TaskStructure",
    "Topology",
    "check_work_id",
]

Complexity = Literal["simple", "medium", "complex", "epic"]
COMPLEXITIES: tuple[Complexity, ...] = ("simple", "medium", "complex", "epic")
TaskStructure = Literal["sequential", "parallel", "mixed"]
Topology = Literal["sas", "centralized", "decentralized", "context_dependent"]
SubtaskStatus = Literal["created", "in_progress", "completed", "failed", "cancelled", "blocked"]
StructureSource = Literal["task", "planner", "keywords", "dependencies"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")
# Ids name git branches and worktree folders: no spaces, no leading '-', no '..', no '/'.
_WORK_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def check_work_id(value: str, *, field: str) -> str:
    """Return `value` when it is a safe task or subtask id; `ValueError` naming `field` if not."""
    if not isinstance(value, str) or not _WORK_ID.fullmatch(value) or ".." in value:
        raise ValueError(
            f"{field} {value!r} must be 1-100 letters, digits, '.', '_' or '-', start with a "
            "letter or digit and not contain '..' (it names a git branch); e.g. 'api-schema'"
        )
    return value


class Subtask(BaseModel):
    """One row of a plan: a unit of work, its dependencies and what it needs.

    A missing `title` defaults to the id; `dependencies` name other rows of the same plan.
    """

    model_config = _FROZEN

    id: str
    title: str = Field(min_length=1)
    description: str = ""
    dependencies: tuple[str, ...] = ()
    required_skills: tuple[str, ...] = ()
    required_role: str | None = None
    complexity: Complexity = "medium"
    expected_artifacts: int = Field(default=0, ge=0)

    @model_validator(mode="before")
    @classmethod
    def _title_defaults_to_id(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("title") and isinstance(data.get("id"), str):
            return {**data, "title": data["id"]}
        return data

    @field_validator("id")
    @classmethod
    def _safe_id(cls, value: str) -> str:
        return check_work_id(value, field="subtask id")


class Task(CouncilModel):
    """The parent task the pipeline decomposes.

    `delegation_chain` lists the agents that handed this task on before `owner_id` got it,
    oldest first. `owner_id` hands the subtasks out (the guard checks owner -> assignee);
    None means the pipeline itself hands them out, as `pipeline:<id>`.

    Example:
        >>> Task(id="billing", title="Ship the billing API").complexity
        'medium'
    """

    model_config = _FROZEN

    id: str
    title: str = Field(min_length=1)
    description: str = ""
    required_skills: tuple[str, ...] = ()
    required_role: str | None = None
    complexity: Complexity = "medium"
    structure: TaskStructure | None = None
    topology: Topology | None = None
    expected_artifacts: int = Field(default=0, ge=0)
    delegation_chain: tuple[str, ...] = ()
    owner_id: str | None = None
    subtasks: tuple[Subtask, ...] = ()
    """The plan, when the caller has one: the pipeline runs these rows and no decomposer or
    planner agent is asked (e.g. a meeting's action items; see `CoordinationInput`)."""

    @field_validator("id")
    @classmethod
    def _safe_id(cls, value: str) -> str:
        return check_work_id(value, field="task id")

    @property
    def delegator(self) -> str:
        """Who hands the subtasks out: the owner, or `pipeline:<task id>`."""
        return self.owner_id or f"pipeline:{self.id}"


PlanRow = Subtask
"""A plan row as `ManualDecomposer` and the model planner give it (the same model)."""


class Plan(BaseModel):
    """A validated plan: subtasks, their dependency levels (the waves) and the task structure."""

    model_config = _FROZEN

    subtasks: tuple[Subtask, ...]
    levels: tuple[tuple[str, ...], ...]
    structure: TaskStructure
    structure_source: StructureSource
    planner: str = "manual"
    planner_input_tokens: int = Field(default=0, ge=0)
    planner_output_tokens: int = Field(default=0, ge=0)
    """What the planner agent's call cost, as its provider billed it (0 for a manual plan)."""

    def subtask(self, subtask_id: str) -> Subtask:
        """The subtask with `subtask_id`; `KeyError` naming it when unknown."""
        for sub in self.subtasks:
            if sub.id == subtask_id:
                return sub
        raise KeyError(f"no subtask {subtask_id!r} in the plan")


class SubtaskResult(BaseModel):
    """What became of one subtask; executors may return one (or plain text).

    `subtask_id` and `agent_id` are filled in by the pipeline when an executor leaves them
    empty. `reason` says why a subtask did not run (skipped, blocked, cancelled); `error` why
    it failed. An executor may set `failure_category="quality_gate"` on a failed result.
    `untracked_writes` (filled in by the merge, with a workspace) lists what the subtask wrote
    where git does not track it (an ignored path, a submodule folder git has not checked out):
    that work is not merged and goes with the worktree.
    `attempts` records every try (who, why, how it ended, the check's verdict), the last one
    being the one this result describes; `agent_id` is whoever made that last try.
    `warnings` say what a user should know about a completed result (e.g. its attempt changed
    nothing in its worktree); the run's `warnings` repeat them.
    """

    model_config = _FROZEN

    subtask_id: str = ""
    agent_id: str | None = None
    status: SubtaskStatus = "completed"
    output: str = ""
    error: str | None = None
    reason: str | None = None
    failure_category: (
        Literal["direct", "upstream_contamination", "coordination_overhead", "quality_gate"] | None
    ) = None
    artifacts: tuple[str, ...] = ()
    duration_s: float = Field(default=0.0, ge=0.0)
    finished_at: AwareDatetime | None = None
    untracked_writes: tuple[str, ...] = ()
    attempts: tuple[Attempt, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def delivered(self) -> bool:
        """True when dependents may build on it (status `completed`)."""
        return self.status == "completed"

    @property
    def check(self) -> CheckResult | None:
        """The check's verdict on the last attempt (None when no check ran)."""
        return self.attempts[-1].check if self.attempts else None

    @property
    def retry_pending(self) -> bool:
        """True while a recovery step has scheduled another attempt (status `in_progress`)."""
        return (
            self.status == "in_progress"
            and bool(self.attempts)
            and self.attempts[-1].status == "scheduled"
        )


_TASK_FIELDS: set[str] = set(Task.model_fields) & set(Subtask.model_fields)
"""What a subtask and a task both describe: a nested coordination's task starts from these."""


class SubtaskRun(BaseModel):
    """What the executor receives for one subtask.

    `upstream_results` holds the results of the subtask's dependencies (all completed);
    `workspace_path` is the subtask's git worktree when a workspace is configured.
    `delegation_chain` is the chain the subtask arrived through (the task's chain plus its
    owner), so a nested pipeline started from `child_task()` stays under the loop guard.
    `attempt` is this try's number (1 the first time); after a failure, `recovery` says why it
    runs again (`retry`, `reassign`, `replan`), `feedback` what went wrong before (the errors
    and the failed check's output: untrusted text, fence it in a prompt) and
    `previous_attempts` the earlier tries. Earlier tries' work is on the subtask's branch, so
    a retry's worktree starts from it.
    """

    model_config = _FROZEN

    subtask: Subtask
    agent: AgentProfile
    workspace_path: str | None = None
    upstream_results: dict[str, SubtaskResult] = Field(default_factory=dict)
    task_id: str = ""
    run_id: str = ""
    topology: Topology = "centralized"
    delegation_chain: tuple[str, ...] = ()
    attempt: int = Field(default=1, ge=1)
    recovery: RecoveryStep | None = None
    feedback: str = ""
    previous_attempts: tuple[Attempt, ...] = ()

    def child_task(self) -> Task:
        """This subtask as a `Task` owned by its agent, for a nested coordination graph."""
        shared = self.subtask.model_dump(include=_TASK_FIELDS)
        return Task(**shared, delegation_chain=self.delegation_chain, owner_id=self.agent.id)
