"""Traces shaped like the org: run names, tags and metadata on every model call and graph step.

LangSmith, any langchain-core callback handler and the OpenTelemetry export
(`graphs._otel`) see a council run as the org's structure, not a flat list of model calls:

- Every graph step (a LangGraph task run) of a `create_*` graph carries `council.family` and
  `council.graph` in its metadata and the tag `council:<family>` (`mark_steps`, called by the
  one compile policy, `graphs._compile`); the graph's own run carries the tag too. LangGraph
  adds its own keys (`langgraph_node`, `langgraph_step`, ...). Metadata and tags are
  inheritable: every run below a step carries them.
- Every model call or agent run made by the one call node (`nodes._calls.node.model_node`)
  is named `<phase> · <agent id>` (plus the turn, or the wave, subtask and attempt) and carries the
  identifiers its family passes (a `Trace`: meeting or conflict id, task, subtask, wave,
  attempt, turn, phase) with the agent's id and role, and the tags `agent:<id>`,
  `role:<role>`, `phase:<phase>`. A subtask attempt (`nodes._pipeline.execute`) is traced
  the same way around the executor, so its agent's calls inherit subtask, wave and attempt.

How: the call runs with the node's own runnable config (LangGraph's context variable)
extended by these keys (`traced`), so the model's run is the node's child as before; no
prompt or state changes. Graph steps cannot carry a meeting id or an agent: LangGraph starts
a task's run before the node reads its state; the calls below them carry those.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import Token
from typing import Any, NamedTuple

from langchain_core.runnables import RunnableConfig
from langchain_core.runnables.config import var_child_runnable_config

__all__ = [
    "AGENT_ID",
    "AGENT_ROLE",
    "ATTEMPT",
    "CONFLICT_ID",
    "FAMILY",
    "GRAPH",
    "MEETING_ID",
    "PHASE",
    "SUBTASK_ID",
    "TASK_ID",
    "TRACE_KEYS",
    "TURN",
    "WAVE",
    "Trace",
    "call_config",
    "id_of",
    "step_marks",
    "traced",
]

FAMILY = "council.family"
"""meeting | conflict | conflict_batch | delegation | pipeline."""
GRAPH = "council.graph"
"""The compiled graph's name (`name=` of its factory)."""
MEETING_ID = "council.meeting_id"
CONFLICT_ID = "council.conflict_id"
TASK_ID = "council.task_id"
"""The pipeline's or the delegation's task."""
PHASE = "council.phase"
"""A meeting's phase (`gather_inputs`, `round_robin`, ...), else the node making the call."""
AGENT_ID = "council.agent_id"
AGENT_ROLE = "council.agent_role"
SUBTASK_ID = "council.subtask_id"
WAVE = "council.wave"
"""The pipeline's wave, 1 for the first (the plan's dependency level plus one)."""
ATTEMPT = "council.attempt"
"""A subtask's attempt, 1 for the first."""
TURN = "council.turn"
"""A meeting's turn counter, as its contributions record it."""

TRACE_KEYS = (
    FAMILY,
    GRAPH,
    MEETING_ID,
    CONFLICT_ID,
    TASK_ID,
    PHASE,
    AGENT_ID,
    AGENT_ROLE,
    SUBTASK_ID,
    WAVE,
    ATTEMPT,
    TURN,
)
"""Every metadata key this package writes on runs (the OpenTelemetry span attributes too)."""


class Trace(NamedTuple):
    """Where a call stands in the org, as its family knows it from the node's state (a tuple:
    built on every call, so cheap to build)."""

    phase: str | None = None
    meeting_id: str | None = None
    conflict_id: str | None = None
    task_id: str | None = None
    subtask_id: str | None = None
    wave: int | None = None
    attempt: int | None = None
    turn: int | None = None


def id_of(value: object) -> str | None:
    """The `id` of a model, or of its JSON form (a dict read back from a server)."""
    found = value.get("id") if isinstance(value, Mapping) else getattr(value, "id", None)
    return found if isinstance(found, str) and found else None


def _name(phase: str, agent_id: str | None, trace: Trace) -> str:
    """`round_robin · qa_head · turn 3`, `wave 2 · s3 · dev · attempt 2`, `judge · cto`."""
    parts = [phase if trace.wave is None else f"wave {trace.wave}"]
    if trace.subtask_id is not None:
        parts.append(trace.subtask_id)
    if agent_id is not None:
        parts.append(agent_id)
    if trace.turn is not None and trace.subtask_id is None:
        parts.append(f"turn {trace.turn}")
    if trace.attempt is not None and trace.attempt > 1:
        parts.append(f"attempt {trace.attempt}")
    return " · ".join(parts)


def call_config(
    node: str, agent_id: str | None, role: str | None, trace: Trace | None
) -> RunnableConfig:
    """The run name, tags and metadata of one call by `agent_id` in node `node`.

    Built once per call; only keys with a value are written.
    """
    trace = trace or Trace()
    phase = trace.phase or node
    metadata: dict[str, Any] = {PHASE: phase}
    tags = [f"phase:{phase}"]
    if agent_id is not None:
        metadata[AGENT_ID] = agent_id
        tags.append(f"agent:{agent_id}")
    if role is not None:
        metadata[AGENT_ROLE] = role
        tags.append(f"role:{role}")
    for key, value in (
        (MEETING_ID, trace.meeting_id),
        (CONFLICT_ID, trace.conflict_id),
        (TASK_ID, trace.task_id),
        (SUBTASK_ID, trace.subtask_id),
        (WAVE, trace.wave),
        (ATTEMPT, trace.attempt),
        (TURN, trace.turn),
    ):
        if value is not None:
            metadata[key] = value
    if trace.wave is not None:
        tags.append(f"wave:{trace.wave}")
    return {"run_name": _name(phase, agent_id, trace), "tags": tags, "metadata": metadata}


class traced:  # lower case, like contextlib.suppress: used as `with traced(extra):`
    """Run the block with the node's runnable config extended by `extra` (`call_config`).

    Runnables invoked inside (a chat model, an agent, an executor) read it from LangGraph's
    context variable: the first run they start is named `extra["run_name"]` (unless
    `named=False`: a user's plain callable may start several) and carries the tags and
    metadata, which every run below it inherits. Worker threads started inside copy it.
    """

    __slots__ = ("_config", "_token")

    def __init__(self, extra: RunnableConfig, *, named: bool = True) -> None:
        current: Mapping[str, Any] = var_child_runnable_config.get() or {}
        merged: dict[str, Any] = dict(current)
        merged["tags"] = [*current.get("tags", ()), *extra.get("tags", ())]
        merged["metadata"] = {**current.get("metadata", {}), **extra.get("metadata", {})}
        if "callbacks" in extra:  # a run of the caller's own to nest under (a wave)
            merged["callbacks"] = extra["callbacks"]
        if named and "run_name" in extra:
            merged["run_name"] = extra["run_name"]
        else:
            merged.pop("run_name", None)
        self._config = merged
        self._token: Token[RunnableConfig | None] | None = None

    def __enter__(self) -> None:
        self._token = var_child_runnable_config.set(self._config)  # type: ignore[arg-type]

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            var_child_runnable_config.reset(self._token)


def step_marks(family: str, graph: str) -> tuple[dict[str, Any], list[str]]:
    """The metadata and tags every step of a `family` graph named `graph` carries."""
    return {FAMILY: family, GRAPH: graph}, [f"council:{family}"]
