"""Cost records around model calls: a start row before the call, a finish row after it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.checkpoints import (
    CallRecordHandler,
    InMemoryCallRecordStore,
    PostgresCallRecordStore,
    postgres_checkpointer,
)
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.processes import HANG

SCRIPTS = Path(__file__).parent / "scripts"
sys.path.insert(0, str(SCRIPTS))
from call_child import AGENT, ORG, PROMPT  # noqa: E402


class State(TypedDict):
    answer: str


def _graph(roster: Roster, *, use_async: bool = False) -> StateGraph[State, Any, State, State]:
    def ask(state: State) -> dict[str, Any]:
        return {"answer": roster.call(AGENT, PROMPT).content}

    async def aask(state: State) -> dict[str, Any]:
        return {"answer": (await roster.acall(AGENT, PROMPT)).content}

    builder = StateGraph(State)
    builder.add_node("ask", aask if use_async else ask)
    builder.add_edge(START, "ask")
    builder.add_edge("ask", END)
    return builder


def _expected_estimate() -> int:
    return Roster(Org.load(ORG), default_model=ScriptedChatModel([])).estimate_prompt_tokens(
        AGENT, PROMPT
    )


@pytest.mark.postgres
def test_a_finished_call_has_its_estimate_and_reported_usage(pg_db: str) -> None:
    usage = {"input_tokens": 321, "output_tokens": 7, "total_tokens": 328}
    model = ScriptedChatModel([AIMessage("About 3 days.", usage_metadata=usage)])
    roster = Roster(Org.load(ORG), default_model=model)
    with (
        postgres_checkpointer(pg_db) as saver,
        PostgresCallRecordStore.from_conn_string(pg_db) as calls,
    ):
        graph = _graph(roster).compile(checkpointer=saver)
        handler = CallRecordHandler(calls)
        graph.invoke(
            {"answer": ""}, {"configurable": {"thread_id": "t-ok"}, "callbacks": [handler]}
        )
        [record] = calls.list(thread_id="t-ok")
    assert record.finished and record.agent_id == AGENT
    assert record.estimated_input_tokens == _expected_estimate()
    assert (record.input_tokens, record.output_tokens) == (321, 7)  # what the provider reported


async def test_async_calls_are_recorded_too() -> None:
    calls = InMemoryCallRecordStore()
    roster = Roster(Org.load(ORG), default_model=ScriptedChatModel(["ok"]))
    graph = _graph(roster, use_async=True).compile()
    config: Any = {
        "configurable": {"thread_id": "t-async"},
        "callbacks": [CallRecordHandler(calls)],
    }
    await graph.ainvoke({"answer": ""}, config)
    [record] = calls.list()
    assert (record.thread_id, record.agent_id, record.finished) == ("t-async", AGENT, True)


def test_a_failed_call_keeps_its_unfinished_start_row() -> None:
    calls = InMemoryCallRecordStore()
    roster = Roster(Org.load(ORG), default_model=ScriptedChatModel([TimeoutError("read")]))
    graph = _graph(roster).compile()
    config: Any = {"configurable": {"thread_id": "t-err"}, "callbacks": [CallRecordHandler(calls)]}
    with pytest.raises(TimeoutError):
        graph.invoke({"answer": ""}, config)
    [record] = calls.list(unfinished=True)
    assert record.estimated_input_tokens == _expected_estimate()


def test_a_start_row_that_cannot_be_written_stops_the_call() -> None:
    class Broken(InMemoryCallRecordStore):
        def start(self, *args: Any) -> None:
            raise RuntimeError("database is down")

    model = ScriptedChatModel(["never sent"])
    roster = Roster(Org.load(ORG), default_model=model)
    graph = _graph(roster).compile()
    config: Any = {"configurable": {"thread_id": "t"}, "callbacks": [CallRecordHandler(Broken())]}
    with pytest.raises(RuntimeError, match="database is down"):
        graph.invoke({"answer": ""}, config)
    assert model.calls == []  # the provider was never asked


@pytest.mark.postgres
@pytest.mark.slow
def test_a_killed_call_leaves_a_start_record_and_no_finish(pg_db: str, tmp_path: Path) -> None:
    log = tmp_path / "calls.log"
    with subprocess.Popen(
        [sys.executable, str(SCRIPTS / "call_child.py"), pg_db, "t-kill", str(log)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        deadline = time.monotonic() + HANG
        while not (log.exists() and "calling" in log.read_text()):
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "the model call never started"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=HANG)

    with PostgresCallRecordStore.from_conn_string(pg_db) as calls:
        [record] = calls.list(thread_id="t-kill")
        assert calls.list(unfinished=True) == [record]
    assert record.agent_id == AGENT
    assert record.estimated_input_tokens == _expected_estimate()
    assert (record.input_tokens, record.output_tokens, record.finished_at) == (None, None, None)
