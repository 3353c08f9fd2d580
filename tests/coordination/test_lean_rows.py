"""What a pipeline subtask stores (issue 33 item 3): two checkpoint rows, as a raw `Send`
fan-out writes (the `Send` and the outcome), and with opt-in wave batching one update per
batch; the result, the messages and the outcomes a user reads are the same either way."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from langgraph.graph import START, StateGraph

from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
)
from langgraph_council.nodes._pipeline.execute import make_execute_node
from langgraph_council.nodes._pipeline.executor import Executor
from langgraph_council.nodes._pipeline.models import Subtask, SubtaskRun
from langgraph_council.nodes._pipeline.state import ExecutePayload
from tests.coordination.gitrepo import busy_repo
from tests.coordination.test_pipeline_workspace import THREE, THREE_EDITS
from tests.coordination.workspace_pipeline import TASK as WORK
from tests.coordination.workspace_pipeline import Writer

from .conftest import TASK, MakeGraph, Recorder, agent, rows

pytestmark = pytest.mark.postgres


def _plan(width: int) -> list[dict[str, Any]]:
    """Two waves of `width` subtasks: b<i> depends on a<i>."""
    spec = {f"a{i}": [] for i in range(width)} | {f"b{i}": [f"a{i}"] for i in range(width)}
    return rows(spec)


def _rows(uri: str, thread: str) -> dict[str, int]:
    """Rows per channel a thread wrote to `checkpoint_writes`, without LangGraph's edge
    triggers (`branch:to:*`, written by a raw fan-out's tasks just the same)."""
    with psycopg.connect(uri) as conn:
        found = conn.execute(
            "SELECT channel, count(*) FROM checkpoint_writes WHERE thread_id = %s "
            "AND channel NOT LIKE 'branch:to:%%' GROUP BY channel",
            (thread,),
        ).fetchall()
    return {channel: count for channel, count in found}


def _invoke(graph: Any, thread: str, **context: Any) -> dict[str, Any]:
    config = {"configurable": {"thread_id": thread}}
    out: dict[str, Any] = graph.invoke({"task": TASK}, config, context=context or None)
    return out


def _seen(out: dict[str, Any]) -> tuple[Any, ...]:
    """What a user reads: statuses and outputs, attempts, and the conversation."""
    result = out["result"]
    outcomes = {
        r.subtask_id: (r.status, r.output, r.error, len(r.attempts))
        for w in result.waves
        for r in w.outcomes
    }
    said = sorted((m.name, m.content) for m in out["messages"][:-1])
    return result.rollup, outcomes, said, out["messages"][-1].content


def test_a_subtask_writes_two_rows_like_a_raw_send_fan_out(
    make_graph: MakeGraph, pg_saver: Any, pg_db: str
) -> None:
    config = CoordinationConfig(max_subtasks=20)
    written = {}
    for width in (2, 8):
        graph = make_graph(_plan(width), Recorder(), checkpointer=pg_saver, config=config)
        out = _invoke(graph, f"lean-{width}")
        assert out["result"].rollup == "completed"
        assert len(out["messages"]) == 2 * width + 1  # one per subtask, then the rollup
        written[width] = _rows(pg_db, f"lean-{width}")
    per_subtask = {
        channel: (written[8].get(channel, 0) - written[2].get(channel, 0)) / 12
        for channel in written[8]
    }
    extra = {channel: n for channel, n in per_subtask.items() if n}
    # the Send (`__pregel_tasks`) and the outcome: 2 rows, as the raw fan-out's Send + result
    assert extra == {"__pregel_tasks": 1.0, "outcomes": 1.0}


def test_wave_batching_writes_fewer_rows_with_the_same_result(
    make_graph: MakeGraph, pg_saver: Any, pg_db: str
) -> None:
    plan = _plan(4)
    config = CoordinationConfig(max_subtasks=20, max_retries=1, reassign=False)
    graph = make_graph(plan, Recorder(fail=["b2"]), checkpointer=pg_saver, config=config)
    plain = _invoke(graph, "plain")
    batched = _invoke(graph, "batched", wave_batching=True)
    assert _seen(batched) == _seen(plain)
    assert _seen(plain)[1]["b2"] == ("failed", "", "RuntimeError: b2 broke", 2)
    tasks, outcomes = _rows(pg_db, "plain"), _rows(pg_db, "batched")
    assert sum(outcomes.values()) < sum(tasks.values())
    # a batch is one task: wave a, wave b, then b2's retry alone
    assert outcomes["__pregel_tasks"] == 3 and tasks["__pregel_tasks"] == 9


class _Saved(ExecutePayload, total=False):
    """The executor node's payload, and the channels it writes."""

    outcomes: dict[str, Any]
    messages: list[Any]


def test_a_send_saved_before_the_batch_messages_writes_its_own_message() -> None:
    """A thread paused mid-wave by an earlier version resumes with its `Send`s as saved:
    without `quiet`, the executor node writes the subtask's message itself, as it did."""
    run = SubtaskRun(
        subtask=Subtask(id="a", title="Do a"),
        agent=agent("dev"),
    )
    builder: StateGraph[Any] = StateGraph(_Saved)
    builder.add_node("execute_subtask", make_execute_node(Executor(lambda r: "done")))
    builder.add_edge(START, "execute_subtask")
    graph = builder.compile()
    saved = graph.invoke({"subtask_run": run})
    quiet = graph.invoke({"subtask_run": run, "quiet": True})
    assert [m.content for m in saved["messages"]] == ["a completed: done"]
    assert "messages" not in quiet and quiet["outcomes"]["a"].output == "done"


async def test_wave_batching_over_worktrees_under_ainvoke(org: Any, tmp_path: Any) -> None:
    """A batch over git worktrees: each attempt in its own worktree, merged after the batch,
    the conversation as without batching."""
    repo = busy_repo(tmp_path / "repo")
    writer = Writer(THREE_EDITS)
    graph = create_coordination_graph(
        org, executor=writer, decomposer=ManualDecomposer(THREE),
        workspace=WorkspaceConfig(repo_path=repo), config={"wave_batching": True},
    )  # fmt: skip
    out = await graph.ainvoke({"task": WORK}, {"configurable": {"thread_id": "batched-git"}})
    result = out["result"]
    assert result.rollup == "completed" and [m.status for m in result.merges] == ["merged"] * 3
    assert writer.seen["c"] >= {"a.py", "b.py"}  # wave 1 merged before wave 2's worktree
    said = [m.response_metadata.get("subtask_id") for m in out["messages"][:-1]]
    assert sorted(said) == ["a", "b", "c"]
