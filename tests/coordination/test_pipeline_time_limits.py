"""Time limits in the pipeline: a hanging executor agent or callable check fails its attempt
within its limit (recovery takes it from there), and a process whose run hit a hung sync
callable still exits when the run ends."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.nodes import CoordinationResult, SubtaskRun
from tests.coordination.conftest import TASK, MakeGraph, rows

MARGIN_S = 60.0
"""Each run's limits are 1 s; a run may take this long before the test calls it hung."""
ONE_TRY = {"max_retries": 0, "reassign": False}


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """What the hanging callables wait on; opened at teardown so their threads end."""
    event = threading.Event()
    yield event
    event.set()


def finish(run: Callable[[], Any]) -> CoordinationResult:
    """`run()`'s result; fails (instead of hanging the suite) past MARGIN_S."""
    box: list[Any] = []

    def target() -> None:
        try:
            box.append(run())
        except Exception as exc:  # noqa: BLE001 - handed to the test thread
            box.append(exc)

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(MARGIN_S)
    assert box, f"the pipeline was still running after {MARGIN_S:g} s"
    if isinstance(box[0], BaseException):
        raise box[0]
    result: CoordinationResult = box[0]["result"]
    return result


class WorkState(TypedDict, total=False):
    attempt: int
    result: str


def agent_executor(gate: threading.Event) -> Any:
    """A compiled graph executor whose first attempt hangs until `gate` opens; later ones
    answer."""

    def work(state: WorkState) -> dict[str, Any]:
        if state["attempt"] == 1:
            gate.wait()
        return {"result": f"done on attempt {state['attempt']}"}

    graph = StateGraph(WorkState)
    graph.add_node("work", work)
    graph.add_edge(START, "work")
    return graph.compile()


def test_a_hanging_executor_agent_fails_its_attempt_and_recovery_retries(
    make_graph: MakeGraph, gate: threading.Event
) -> None:
    graph = make_graph(rows({"a": []}), agent_executor(gate))
    context = {"coordination": {"executor_timeout_seconds": 1, "reassign": False}}
    config = {"configurable": {"thread_id": "hang-exec"}}
    result = finish(lambda: graph.invoke({"task": TASK}, config, context=context))
    outcome = result.outcome("a")
    assert outcome.status == "completed" and outcome.output == "done on attempt 2"
    first, second = outcome.attempts
    assert first.status == "failed" and first.failure_category == "direct"
    assert "CallTimeoutError: the executor of subtask 'a' did not finish" in (first.error or "")
    assert "executor_timeout_seconds" in (first.error or "")
    assert second.status == "completed"


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
def test_a_hanging_callable_check_fails_the_attempt_as_timed_out(
    make_graph: MakeGraph, gate: threading.Event, mode: str
) -> None:
    def check(path: Path | None, run: SubtaskRun) -> bool:
        gate.wait()
        return True

    graph = make_graph(rows({"a": [], "b": ["a"]}), lambda run: "written", check=check)
    context = {"coordination": {**ONE_TRY, "callable_timeout_seconds": 1}}
    config = {"configurable": {"thread_id": f"hang-check-{mode}"}}
    payload = {"task": TASK}

    def run() -> Any:
        if mode == "ainvoke":
            return asyncio.run(graph.ainvoke(payload, config, context=context))
        return graph.invoke(payload, config, context=context)

    result = finish(run)
    assert result.statuses == {"a": "failed", "b": "blocked"}
    (attempt,) = result.outcome("a").attempts
    assert attempt.failure_category == "quality_gate"
    assert attempt.check is not None and attempt.check.timed_out and not attempt.check.passed
    assert "the check callable did not finish within its time limit of 1 s" in attempt.check.output
    assert "timed out" in (result.outcome("a").error or "")


def test_pipeline_time_limits_must_be_positive(make_graph: MakeGraph) -> None:
    for field in ("executor_timeout_seconds", "agent_timeout_seconds", "callable_timeout_seconds"):
        with pytest.raises(ValueError, match=field):
            make_graph(rows({"a": []}), lambda run: "x", config={field: 0})


CHILD = """
import asyncio, sys, threading
from langgraph_council.graphs import create_coordination_graph, ManualDecomposer
from langgraph_council.nodes import Org, Task
from tests.coordination.conftest import rows

def check(path, run):
    threading.Event().wait()  # hangs for ever: nothing ever sets this event

org = Org.load(sys.argv[1])
graph = create_coordination_graph(
    org, executor=lambda run: "written", decomposer=ManualDecomposer(rows({"a": []})),
    check=check, config={"callable_timeout_seconds": 1, "max_retries": 0, "reassign": False},
)
task = {"task": Task(id="t1", title="Ship it", owner_id="cto")}
sync = graph.invoke(task)["result"].statuses
async_ = asyncio.run(graph.ainvoke(task))["result"].statuses
print("ran", sync, async_, flush=True)
"""


def test_a_process_whose_run_hit_a_hung_sync_check_still_exits(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    org_yaml = Path(__file__).parents[1] / "data" / "org.yaml"
    root = Path(__file__).parents[2]
    try:
        done = subprocess.run(
            [sys.executable, str(script), str(org_yaml)],
            cwd=root,
            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            timeout=4 * MARGIN_S,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the process did not exit after its run: {exc.stdout!r}")
    assert done.returncode == 0, done.stderr
    assert "ran {'a': 'failed'} {'a': 'failed'}" in done.stdout
