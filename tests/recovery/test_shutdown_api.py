"""`run_until_signal` in-process: results, handler restoration, cleanup and bad arguments."""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import ShutdownResult, arun_until_signal, run_until_signal

sys.path.insert(0, str(Path(__file__).parent / "scripts"))
from shutdown_child import build

CONFIG: Any = {"configurable": {"thread_id": "t-1"}}


@pytest.fixture
def graph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("STEP_SECONDS", "0")
    monkeypatch.delenv("BLOCK", raising=False)
    return build(tmp_path / "log").compile(checkpointer=InMemorySaver())


def _handlers() -> list[Any]:
    return [signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)]


def test_a_run_without_signals_completes_and_restores_the_handlers(graph: Any) -> None:
    def mine(signum: int, frame: object) -> None:
        raise AssertionError("not expected")

    previous = signal.signal(signal.SIGTERM, mine)
    try:
        before = _handlers()
        cleaned: list[bool] = []
        result = run_until_signal(graph, {"done": []}, CONFIG, cleanup=lambda: cleaned.append(True))
        assert _handlers() == before  # ours and the default SIGINT handler are back
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert result.status == "completed" and result.exit_code == 0
    assert result.output["done"] == ["s1", "s2", "s3", "s4"]
    assert (result.signum, result.detached, cleaned) == (None, False, [True])


async def test_async_run_without_signals_completes(graph: Any) -> None:
    before = _handlers()
    result = await arun_until_signal(graph, {"done": []}, CONFIG)
    assert result.status == "completed" and result.output["done"][-1] == "s4"
    assert _handlers() == before


def test_errors_of_the_run_are_raised_after_cleanup(tmp_path: Path) -> None:
    from langgraph.graph import START, StateGraph
    from typing_extensions import TypedDict

    class S(TypedDict):
        x: int

    def boom(state: S) -> dict[str, Any]:
        raise KeyError("boom")

    builder = StateGraph(S)
    builder.add_node("boom", boom)
    builder.add_edge(START, "boom")
    cleaned: list[bool] = []
    before = _handlers()
    with pytest.raises(KeyError, match="boom"):
        run_until_signal(
            builder.compile(checkpointer=InMemorySaver()),
            {"x": 1},
            CONFIG,
            cleanup=lambda: cleaned.append(True),
        )
    assert cleaned == [True] and _handlers() == before


def test_a_slow_or_failing_cleanup_is_reported_not_raised(graph: Any) -> None:
    gate = threading.Event()
    slow = run_until_signal(graph, {"done": []}, CONFIG, cleanup=gate.wait, cleanup_seconds=0.2)
    gate.set()
    assert slow.status == "completed" and slow.cleanup_completed is False

    def failing() -> None:
        raise OSError("pool already closed")

    other: Any = {"configurable": {"thread_id": "t-2"}}
    assert run_until_signal(graph, {"done": []}, other, cleanup=failing).cleanup_completed is False


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"strategy": "polite"}, "strategy must be one of"),
        ({"grace_seconds": -1}, "grace_seconds"),
        ({"cleanup_seconds": float("nan")}, "cleanup_seconds"),
        ({"strategy": "checkpoint", "durability": "exit"}, "durability='sync'"),
        ({"signals": ()}, "signals"),
    ],
)
def test_bad_arguments_name_the_field(graph: Any, kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        run_until_signal(graph, {"done": []}, CONFIG, **kwargs)


def test_a_thread_id_and_a_checkpointer_are_required(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="thread_id"):
        run_until_signal(build(tmp_path / "l").compile(checkpointer=InMemorySaver()), {}, {})
    with pytest.raises(ValueError, match="checkpointer"):
        run_until_signal(build(tmp_path / "l").compile(), {"done": []}, CONFIG)


def test_only_the_main_thread_may_install_handlers(graph: Any) -> None:
    errors: list[BaseException] = []

    def call() -> None:
        try:
            run_until_signal(graph, {"done": []}, CONFIG)
        except RuntimeError as exc:
            errors.append(exc)

    worker = threading.Thread(target=call)
    worker.start()
    worker.join()
    assert len(errors) == 1 and "main thread" in str(errors[0])


def test_result_messages_and_exit_codes() -> None:
    suspended = ShutdownResult("suspended", "t-9", signum=signal.SIGTERM)
    assert suspended.exit_code == 143
    assert suspended.message == (
        "stopped by SIGTERM at a step boundary: thread t-9 is suspended; resume it"
    )
    interrupted = ShutdownResult("interrupted", "t-9", signum=signal.SIGINT)
    assert interrupted.exit_code == 130 and "interrupted" in interrupted.message
    assert ShutdownResult("completed", "t-9").exit_code == 0
