"""The resume policy: attempts counted in Postgres across restarts, then a failed category."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict

from langgraph_council.checkpoints import (
    FailureCategory,
    ThreadFailedError,
    aresume_thread,
    async_postgres_checkpointer,
    postgres_checkpointer,
    resume_thread,
)
from langgraph_council.checkpoints._resume_attempts import (
    InMemoryResumeAttemptStore,
    PostgresResumeAttemptStore,
)
from langgraph_council.checkpoints._runner.policy import prepare_resume
from tests.processes import run_python

SCRIPTS = Path(__file__).parent / "scripts"
CHILD = SCRIPTS / "policy_child.py"
sys.path.insert(0, str(SCRIPTS))
from policy_child import build  # noqa: E402


def _child(uri: str, thread: str, log: Path, mode: str, *, fail: bool) -> tuple[int, Any]:
    env = {"FAIL": "1" if fail else None}
    done = run_python(CHILD, uri, thread, str(log), mode, env=env, ok=False)
    lines = done.stdout.strip().splitlines()
    assert lines, done.stderr
    return done.returncode, json.loads(lines[-1])


def _row(uri: str, thread: str) -> tuple[Any, ...] | None:
    with psycopg.connect(uri) as conn:
        return conn.execute(
            "SELECT attempts, failed_category, last_error FROM council_resume_attempts "
            "WHERE thread_id = %s",
            (thread,),
        ).fetchone()


def _prompts(log: Path, step: str) -> list[str]:
    entries = [json.loads(line)["prompt"] for line in log.read_text().splitlines()]
    return [p for p in entries if p.endswith(f"Do the {step} step.")]


@pytest.mark.postgres
@pytest.mark.slow
def test_three_failures_across_restarts_give_the_thread_up_then_a_fixed_run_clears_it(
    pg_db: str, tmp_path: Path
) -> None:
    log, thread = tmp_path / "prompts.log", "t-flaky"
    assert _child(pg_db, thread, log, "run", fail=True)[0] == 1  # failure 1: the first run
    assert _row(pg_db, thread) is None

    assert _child(pg_db, thread, log, "resume", fail=True)[0] == 1  # failure 2: attempt 1
    assert _row(pg_db, thread)[:2] == (1, None)  # type: ignore[index]
    assert _child(pg_db, thread, log, "resume", fail=True)[0] == 1  # failure 3: attempt 2
    assert _row(pg_db, thread)[:2] == (2, None)  # type: ignore[index]

    code, out = _child(pg_db, thread, log, "resume", fail=True)  # attempt 3: refused
    assert (code, out["outcome"], out["category"]) == (3, "failed", "timeout")
    attempts, category, last_error = _row(pg_db, thread)  # type: ignore[misc]
    assert (attempts, category) == (2, "timeout")
    assert last_error.startswith("TimeoutError: model call timed out after 30 s")
    assert "sk-abcdef" not in last_error  # credentials never reach the table
    assert len(_prompts(log, "work")) == 3  # the refused attempt ran nothing
    assert len(_prompts(log, "plan")) == 1  # finished steps never repeat

    # Each resumed prompt says where and why, with the URL, key, path and e-mail stripped.
    first, resumed_1, resumed_2 = _prompts(log, "work")
    assert first == "Do the work step."
    assert resumed_1.startswith(
        "Resumed at work (attempt 1 of 2) after TimeoutError: model call timed out after 30 s "
        "calling [url] with key [redacted], traceback in [path], ops: [email]."
    )
    assert resumed_2.startswith("Resumed at work (attempt 2 of 2) after TimeoutError")
    for leak in ("sk-", "/srv", "example.com", "https"):
        assert leak not in resumed_1 + resumed_2

    # Given up means given up, even once the cause is gone, until an operator retries it.
    assert _child(pg_db, thread, log, "resume", fail=False)[0] == 3
    assert len(_prompts(log, "work")) == 3

    code, out = _child(pg_db, thread, log, "retry", fail=False)
    assert (code, out["done"]) == (0, ["plan", "work", "finish"])
    assert _row(pg_db, thread) is None  # the successful finish cleared the counter
    assert _prompts(log, "finish") == ["Do the finish step."]  # only resuming nodes see the note


@pytest.mark.postgres
def test_a_successful_resume_clears_the_counter(
    pg_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "prompts.log"
    config: Any = {"configurable": {"thread_id": "t-once"}}
    with (
        postgres_checkpointer(pg_db) as saver,
        PostgresResumeAttemptStore.from_conn_string(pg_db) as store,
    ):
        graph = build(log).compile(checkpointer=saver)
        monkeypatch.setenv("FAIL", "1")
        with pytest.raises(TimeoutError):
            graph.invoke({"done": []}, config)
        monkeypatch.delenv("FAIL")
        out = resume_thread(graph, "t-once", attempts_store=store)
        assert out["done"] == ["plan", "work", "finish"]
        assert store.status("t-once").attempts == 0


@pytest.mark.postgres
async def test_async_policy_counts_then_gives_up(
    pg_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAIL", "1")
    store = InMemoryResumeAttemptStore()
    async with async_postgres_checkpointer(pg_db) as saver:
        graph = build(tmp_path / "log").compile(checkpointer=saver)
        with pytest.raises(TimeoutError):
            await graph.ainvoke({"done": []}, {"configurable": {"thread_id": "t-a"}})
        with pytest.raises(TimeoutError):
            await aresume_thread(graph, "t-a", attempts_store=store, max_resume_attempts=1)
        assert store.attempts("t-a") == 1
        with pytest.raises(ThreadFailedError, match=r"failed \(timeout\) after 1 resume") as info:
            await aresume_thread(graph, "t-a", attempts_store=store, max_resume_attempts=1)
    assert info.value.category is FailureCategory.TIMEOUT
    assert store.status("t-a").failed_category is FailureCategory.TIMEOUT


class Flow(TypedDict):
    steps: list[str]


def _flow(*, ask: bool) -> Any:
    def first(state: Flow) -> dict[str, Any]:
        return {"steps": [*state["steps"], "first"]}

    def second(state: Flow) -> dict[str, Any]:
        answer = interrupt("ok?") if ask else "auto"
        return {"steps": [*state["steps"], f"second:{answer}"]}

    builder = StateGraph(Flow)
    builder.add_node("first", first)
    builder.add_node("second", second)
    builder.add_edge(START, "first")
    builder.add_edge("first", "second")
    builder.add_edge("second", END)
    return builder.compile(checkpointer=InMemorySaver())


def test_a_thread_waiting_for_a_human_is_resumed_without_counting() -> None:
    graph, store = _flow(ask=True), InMemoryResumeAttemptStore()
    store.record_attempt("t-h", TimeoutError("earlier crash"))
    graph.invoke({"steps": []}, {"configurable": {"thread_id": "t-h"}})
    plan = prepare_resume(graph, "t-h", attempts_store=store)
    assert (plan.attempt, plan.note) == (None, None)
    out = resume_thread(graph, "t-h", attempts_store=store, resume="yes")
    assert out["steps"] == ["first", "second:yes"]
    assert store.attempts("t-h") == 0  # it got past the failure: the count starts over


def test_a_thread_stopped_without_an_error_is_given_up_as_unknown() -> None:
    graph, store = _flow(ask=False), InMemoryResumeAttemptStore()
    config: Any = {"configurable": {"thread_id": "t-k"}}
    graph.invoke({"steps": []}, config, interrupt_before=["second"])  # like a killed process
    with pytest.raises(ThreadFailedError, match=r"\(unknown\)") as info:
        prepare_resume(graph, "t-k", attempts_store=store, max_resume_attempts=0)
    assert info.value.category is FailureCategory.UNKNOWN
    assert graph.get_state(config).next == ("second",)  # nothing ran


def test_the_note_names_a_stop_without_an_error() -> None:
    graph, store = _flow(ask=False), InMemoryResumeAttemptStore()
    graph.invoke({"steps": []}, {"configurable": {"thread_id": "t-n"}}, interrupt_before=["second"])
    plan = prepare_resume(graph, "t-n", attempts_store=store)
    assert plan.attempt == 1
    assert plan.note == (
        "Resumed at second (attempt 1 of 2) after a stop that left no error "
        "(a shutdown or a lost process)."
    )
    payload = plan.config["configurable"]["council_resume_note"]
    assert payload == {"text": plan.note, "step": 2, "nodes": ["second"]}


def test_bad_calls_say_what_to_fix() -> None:
    graph, store = _flow(ask=False), InMemoryResumeAttemptStore()
    with pytest.raises(ValueError, match="no checkpoint"):
        resume_thread(graph, "never-ran", attempts_store=store)
    graph.invoke({"steps": []}, {"configurable": {"thread_id": "t-done"}})
    with pytest.raises(ValueError, match="already finished"):
        resume_thread(graph, "t-done", attempts_store=store)
    with pytest.raises(ValueError, match="max_resume_attempts"):
        resume_thread(graph, "t-done", attempts_store=store, max_resume_attempts=-1)
    with pytest.raises(TypeError, match="max_resume_attempts"):
        resume_thread(graph, "t-done", attempts_store=store, max_resume_attempts=True)
    graph.invoke({"steps": []}, {"configurable": {"thread_id": "t-b"}}, interrupt_before=["second"])
    with pytest.raises(ValueError, match="drop resume="):
        resume_thread(graph, "t-b", attempts_store=store, resume="yes")
    assert store.attempts("t-b") == 0  # a wrong call counts nothing


def test_resume_thread_applies_the_policy_when_given_an_attempts_store() -> None:
    graph, store = _flow(ask=False), InMemoryResumeAttemptStore()
    config: Any = {"configurable": {"thread_id": "t-r"}}
    graph.invoke({"steps": []}, config, interrupt_before=["second"])  # like a killed process
    with pytest.raises(ThreadFailedError, match=r"\(unknown\)"):
        resume_thread(graph, "t-r", attempts_store=store, max_resume_attempts=0)
    assert store.status("t-r").failed_category is FailureCategory.UNKNOWN
    assert graph.get_state(config).next == ("second",)  # nothing ran
    store.clear("t-r")
    out = resume_thread(graph, "t-r", attempts_store=store)
    assert out["steps"] == ["first", "second:auto"]
    assert store.attempts("t-r") == 0  # finished: the counter is cleared
