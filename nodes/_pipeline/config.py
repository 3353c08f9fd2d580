"""`CoordinationConfig`: the pipeline's tunables, build-time config and run-context section."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from langgraph_council.nodes._context import register_section
from langgraph_council.nodes._deadline import DEFAULT_AGENT_TIMEOUT_S, DEFAULT_CALLABLE_TIMEOUT_S
from langgraph_council.nodes._input_errors import CouncilModel
from langgraph_council.nodes._pipeline.models import Topology

__all__ = ["CoordinationConfig"]


class CoordinationConfig(CouncilModel):
    """Tunables of the coordination graph.

    Pass one at build time (`config=`); a run's context section `"coordination"` (or a flat
    mapping, or a `CoordinationConfig`) is merged over it for that run.

    - `max_subtasks`: a plan with more subtasks is rejected.
    - `max_depth`: the longest dependency chain a plan may have, counted in subtasks, i.e.
      the number of waves (a -> b -> c has depth 3). It bounds the sequential part of a run
      and the dispatch loop; nested pipelines are bounded by the loop guard's delegation
      depth instead (see `SubtaskRun.child_task`).
    - `min_score`: an agent must fit a subtask at least this well (before the load penalty)
      to be routed it; `load_penalty` is subtracted per subtask the agent already got in this
      plan, so equal agents share the work; `rule_bonus` goes to an agent a matching global
      coordination rule names.
    - `unroutable`: what happens to a subtask needing a skill no active agent has (owner and
      agents closed to subtasks not counted): "fail" (default) makes it unroutable and fails
      `validate` naming the subtask and the skills; "closest" gives it to the best-scoring
      agent anyway, recorded as a fallback (`RoutingDecision.fallback`, a run warning, the
      agent's `AgentAttribution.fallbacks`).
    - `max_concurrency_per_wave`: at most this many subtasks of a wave run at once (None:
      the whole wave); a larger wave runs in batches, each one super-step. Topology `sas`
      runs one subtask at a time.
    - `wave_batching` (default off): each batch of a wave runs as one task, its attempts side
      by side in that task, and its outcomes are written as one update: one checkpoint row per
      batch instead of one per subtask, for plans with many small subtasks (see docs/perf.md).
      The price is the crash semantics: a process killed mid-batch runs the whole batch again
      on resume, finished attempts included (each from its base commit with a workspace),
      where without batching only the attempts that had not finished run again. An executor
      graph's `interrupt()` inside a batch re-runs the batch's other attempts on resume.
    - `fail_fast`: after a wave with a failed subtask, later waves are cancelled.
    - `topology`: used when the task names none (the task's own topology wins); None: auto.
    - `team_size_warning`: a task team (owner + assignees) larger than this logs a warning.
    - `planner_id`, `planner_max_tokens`: who plans with the model-driven decomposer (default
      the task owner) and its output cap.
    - `summary_chars`: characters of each subtask's output kept in the rollup summary.
    - Recovery of a failed subtask (the executor raised or returned `failed`, or its check
      failed), the reference design's `fail_reassign` by default: up to `max_retries` more
      tries by the same agent with the feedback; then, with `reassign`, the next-best routed
      candidate (a hand-off the loop guard checks); then, with `replan`, one replacement row
      from the planner agent (needs a roster). `max_retries=0, reassign=False` makes a
      failure final at once. Dependents wait until the subtask succeeds or recovery ends.
    - Time limits, in seconds (each > 0): `executor_timeout_seconds` (default 1800) bounds one
      executor call (one attempt of a subtask: the built-in worker's whole run of model calls
      and tools, or your executor); past it the attempt fails (`CallTimeoutError` in its
      error) and recovery handles it like any failed attempt. `agent_timeout_seconds` (600)
      bounds each planner or replan agent call (a late planner fails `decompose`, a late
      replan is a failed replan). `callable_timeout_seconds` (60) bounds a callable `check=`;
      a late check fails the attempt as `timed_out` (a check *command* has its own limit,
      `WorkspaceConfig.check_timeout_seconds`).

    Example:
        >>> CoordinationConfig(max_subtasks=20).max_depth
        3
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_subtasks: int = Field(default=10, ge=1, strict=True)
    max_depth: int = Field(default=3, ge=1, strict=True)
    min_score: float = Field(default=0.1, ge=0.0, le=1.0)
    unroutable: Literal["fail", "closest"] = "fail"
    load_penalty: float = Field(default=0.1, ge=0.0, le=1.0)
    rule_bonus: float = Field(default=0.2, ge=0.0, le=1.0)
    max_concurrency_per_wave: int | None = Field(default=None, ge=1, strict=True)
    wave_batching: bool = False
    fail_fast: bool = False
    topology: Topology | None = None
    team_size_warning: int = Field(default=7, ge=1, strict=True)
    planner_id: str | None = None
    planner_max_tokens: int = Field(default=1500, ge=1, strict=True)
    summary_chars: int = Field(default=200, ge=0, strict=True)
    max_retries: int = Field(default=1, ge=0, le=10, strict=True)
    reassign: bool = True
    replan: bool = False
    executor_timeout_seconds: float = Field(default=1800.0, gt=0)
    agent_timeout_seconds: float = Field(default=DEFAULT_AGENT_TIMEOUT_S, gt=0)
    callable_timeout_seconds: float = Field(default=DEFAULT_CALLABLE_TIMEOUT_S, gt=0)


register_section("coordination", CoordinationConfig)
