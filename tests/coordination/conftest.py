"""Coordination test helpers: a recording executor, plan rows, graphs over both checkpointers.

Every test in this folder runs without a git identity (`no_git_identity`, autouse, registered
here once instead of imported by each git test module).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    create_coordination_graph,
)
from langgraph_council.nodes import AgentProfile, Org, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._pipeline.report import CoordinationResult
from tests.coordination.gitrepo import no_git_identity
from tests.probes import Overlap


class Recorder:
    """A sync executor that records each call; `fail` names subtasks that raise.

    `delay` seconds per call (sync sleep); `peak` is the most calls running at once, and with
    `gate=n` the first calls wait until n run together (see `tests.probes.Overlap`).
    """

    def __init__(self, fail: Sequence[str] = (), delay: float = 0.0, gate: int = 0) -> None:
        self.fail, self.delay = set(fail), delay
        self.calls: list[str] = []
        self.runs: dict[str, SubtaskRun] = {}
        self.overlap = Overlap(gate)
        self._lock = threading.Lock()

    @property
    def peak(self) -> int:
        """The most calls that ran at once."""
        return self.overlap.peak

    def _record(self, run: SubtaskRun) -> None:
        with self._lock:
            self.calls.append(run.subtask.id)
            self.runs[run.subtask.id] = run

    def _result(self, run: SubtaskRun) -> str:
        if run.subtask.id in self.fail:
            raise RuntimeError(f"{run.subtask.id} broke")
        return f"{run.subtask.id} done by {run.agent.id}"

    def __call__(self, run: SubtaskRun) -> str:
        with self.overlap.hold():
            self._record(run)
            time.sleep(self.delay)
            return self._result(run)

    async def arun(self, run: SubtaskRun) -> str:
        """The async twin (pass `recorder.arun` as the executor)."""
        async with self.overlap.ahold():
            self._record(run)
            await asyncio.sleep(self.delay)
            return self._result(run)


def rows(spec: Mapping[str, Sequence[str]], **common: Any) -> list[dict[str, Any]]:
    """Plan rows from `{id: dependencies}`, all needing python (routable in the test org)."""
    base = {"required_skills": ["python"], **common}
    return [{"id": i, "title": f"Do {i}", "dependencies": list(d), **base} for i, d in spec.items()]


TASK = Task(id="t1", title="Ship the billing API", owner_id="cto")

MakeGraph = Callable[..., Any]


@pytest.fixture
def make_graph(org: Org) -> MakeGraph:
    """`make_graph(rows, executor, checkpointer=None, org=..., **kw)`: a compiled pipeline."""

    def make(
        plan: Sequence[Mapping[str, Any]],
        executor: Any,
        *,
        checkpointer: Any = None,
        org_: Org | None = None,
        **kw: Any,
    ) -> Any:
        return create_coordination_graph(
            org_ or org,
            executor=executor,
            decomposer=ManualDecomposer(plan),
            checkpointer=checkpointer,
            **kw,
        )

    return make


_threads = iter(range(1_000_000))


def run(
    graph: Any, task: Task | Mapping[str, Any] = TASK, *, config: Any = None, **kw: Any
) -> CoordinationResult:
    """Invoke `graph` on a fresh thread and return its result."""
    config = {**(config or {}), "configurable": {"thread_id": f"t-{next(_threads)}"}}
    result: CoordinationResult = graph.invoke({"task": task}, config, **kw)["result"]
    return result


async def arun(graph: Any, task: Task | Mapping[str, Any] = TASK, **kw: Any) -> CoordinationResult:
    """`run` under `ainvoke`."""
    config = {"configurable": {"thread_id": f"t-{next(_threads)}"}}
    result: CoordinationResult = (await graph.ainvoke({"task": task}, config, **kw))["result"]
    return result


def agent(agent_id: str, **kw: Any) -> AgentProfile:
    """A terse profile: mid-level engineer unless told otherwise."""
    fields: dict[str, Any] = {
        "name": agent_id.title(),
        "role": "engineer",
        "department": "eng",
        "level": "mid",
        **kw,
    }
    return AgentProfile(id=agent_id, **fields)


__all__ = [
    "TASK",
    "CoordinationConfig",
    "Recorder",
    "agent",
    "arun",
    "no_git_identity",
    "rows",
    "run",
]
