"""Graceful shutdown: run a graph until it ends or SIGTERM/SIGINT stops it at a step boundary.

The mechanism is LangGraph's cooperative drain (langgraph >= 1.2, `langgraph.runtime`):
`invoke(..., control=RunControl())`, and `control.request_drain(reason)` (one attribute write,
safe from a signal handler or any thread). The Pregel loop checks it in `tick()` before it
starts the next super-step, after the previous step's checkpoint is saved, and the run raises
`langgraph.errors.GraphDrained` (a `GraphBubbleUp`). The control reaches subgraphs through the
runtime, and a long node can read `runtime.drain_requested` to wrap up early. Nothing in flight
is lost: the thread's next tasks are those that would have run, so it resumes exactly there.

Outcomes: `completed` (the run ended, output included; it may be waiting on `interrupt()`),
`suspended` (drained at a boundary within the grace period), `interrupted` (cut off: the
thread resumes from its last checkpoint, finished parallel branches kept as pending writes).
Strategies:
- `cooperative_timeout`: drain, wait up to `grace_seconds`, then cancel what remains.
- `immediate`: cancel at once.
- `checkpoint`: as `cooperative_timeout`, and requires `durability="sync"`, so the boundary
  checkpoint and every finished task's writes are stored the moment they exist.
A second signal during the grace period cancels at once. Cancelling is real under `arun_*`
(the run's asyncio task is cancelled); a sync run's threads cannot be stopped from inside
Python, so `run_until_signal` returns with the run left behind (`detached=True`, still
draining) and the caller should end the process, e.g. `os._exit(result.exit_code)`.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
import signal
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphDrained
from langgraph.pregel import Pregel
from langgraph.runtime import RunControl
from langgraph.types import Durability

__all__ = ["ShutdownResult", "ShutdownStrategy", "arun_until_signal", "run_until_signal"]

ShutdownStrategy = Literal["cooperative_timeout", "immediate", "checkpoint"]
RunOutcome = Literal["completed", "suspended", "interrupted"]
_STRATEGIES = ("cooperative_timeout", "immediate", "checkpoint")
_DEFAULT_SIGNALS = (signal.SIGTERM, signal.SIGINT)
_POLL_SECONDS = 0.05
_log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class ShutdownResult:
    """How a run under `run_until_signal` ended."""

    status: RunOutcome
    thread_id: str
    output: Any = None
    signum: int | None = None
    """The signal that asked the run to stop (None if none came)."""
    detached: bool = False
    """True when cancelled work is still running in this process (sync runs): exit soon."""
    cleanup_completed: bool = True

    @property
    def signal_name(self) -> str | None:
        """`"SIGTERM"`, `"SIGINT"`, or None."""
        return None if self.signum is None else signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """0 when completed, else the shell's code for the signal (143 for SIGTERM)."""
        if self.status == "completed":
            return 0
        return 128 + self.signum if self.signum is not None else 1

    @property
    def message(self) -> str:
        """One line for an operator."""
        by = f"stopped by {self.signal_name}" if self.signum is not None else "stopped"
        if self.status == "completed":
            return f"thread {self.thread_id} completed"
        if self.status == "suspended":
            return f"{by} at a step boundary: thread {self.thread_id} is suspended; resume it"
        return (
            f"{by} mid-step: thread {self.thread_id} is interrupted and resumes from its last "
            "checkpoint"
        )


class _Stop:
    """What the signal handler sets: the first signal drains, a second one forces."""

    def __init__(self, control: RunControl) -> None:
        self.control = control
        self.signum: int | None = None
        self.force = False
        self.wake: Callable[[], object] = lambda: None

    def on_signal(self, signum: int, _frame: object = None) -> None:
        if self.signum is None:
            self.signum = signum
            self.control.request_drain(signal.Signals(signum).name)
        else:
            self.force = True
        self.wake()

    def deadline(self, strategy: ShutdownStrategy, grace_seconds: float, now: float) -> float:
        return now if strategy == "immediate" or self.force else now + grace_seconds


@contextmanager
def _signal_handlers(signums: Sequence[int], stop: _Stop) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError(
            "run_until_signal installs signal handlers, which Python allows only in the main "
            "thread: call it there, or pass control=RunControl() to invoke() and call "
            "control.request_drain() yourself"
        )
    previous: dict[int, Any] = {}
    try:
        for signum in signums:
            previous[signum] = signal.signal(signum, stop.on_signal)
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)


def _thread_id(graph: Pregel[Any, Any], config: RunnableConfig | None) -> str:
    thread_id = ((config or {}).get("configurable") or {}).get("thread_id")
    if not thread_id:
        raise ValueError(
            "config needs configurable.thread_id: a stopped run resumes by thread id, e.g. "
            '{"configurable": {"thread_id": "t-1"}}'
        )
    if not graph.checkpointer:
        raise ValueError(
            "graph has no checkpointer: a stopped run can only resume from a checkpoint; "
            "compile it with checkpointer=... (e.g. postgres_checkpointer(uri))"
        )
    return str(thread_id)


@dataclass(frozen=True)
class _RunRequest:
    """The arguments of `run_until_signal` and its async twin after the graph, checked once
    on construction (both fronts pack their keywords into it positionally)."""

    graph: Pregel[Any, Any]
    input: Any
    config: RunnableConfig
    grace_seconds: float
    strategy: ShutdownStrategy
    cleanup_seconds: float
    cleanup: Callable[[], object] | None
    context: Any
    durability: Durability
    signals: Sequence[int]

    def __post_init__(self) -> None:
        if self.strategy not in _STRATEGIES:
            raise ValueError(
                f"strategy must be one of {', '.join(_STRATEGIES)}; got {self.strategy!r}"
            )
        for name in ("grace_seconds", "cleanup_seconds"):
            if not getattr(self, name) >= 0:
                raise ValueError(f"{name} must be >= 0 seconds, got {getattr(self, name)!r}")
        if self.strategy == "checkpoint" and self.durability != "sync":
            raise ValueError(
                f"strategy='checkpoint' stores every step as it ends: use durability='sync', "
                f"got {self.durability!r}"
            )
        if not self.signals:
            raise ValueError("signals must name at least one signal, e.g. (signal.SIGTERM,)")

    def start(self) -> tuple[str, _Stop]:
        """The run's thread id (checked) and the stop its signal handlers set."""
        return _thread_id(self.graph, self.config), _Stop(RunControl())

    def call(self, method: Callable[..., T], control: RunControl) -> T:
        """`graph.invoke` or `graph.ainvoke` (`method`) on this run, stoppable by `control`."""
        return method(
            self.input, self.config, context=self.context, durability=self.durability,
            control=control,
        )  # fmt: skip


def _ended(thread_id: str, stop: _Stop, output: Any, error: BaseException | None) -> ShutdownResult:
    if isinstance(error, GraphDrained):
        return ShutdownResult("suspended", thread_id, signum=stop.signum)
    if error is not None:
        raise error
    return ShutdownResult("completed", thread_id, output=output, signum=stop.signum)


class _Worker:
    """A call on a daemon thread, in the caller's context variables."""

    def __init__(self, call: Callable[[], Any], name: str) -> None:
        self.done = threading.Event()
        self.output: Any = None
        self.error: BaseException | None = None
        context = contextvars.copy_context()
        self.thread = threading.Thread(
            target=context.run, args=(self._run, call), name=name, daemon=True
        )
        self.thread.start()

    def _run(self, call: Callable[[], Any]) -> None:
        try:
            self.output = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller, who re-raises it
            self.error = exc
        finally:
            self.done.set()


def _wait(worker: _Worker, stop: _Stop, strategy: ShutdownStrategy, grace: float) -> bool:
    """True when the run ended by itself; False when it must be cut off."""
    deadline: float | None = None
    while not worker.done.wait(_POLL_SECONDS):
        now = time.monotonic()
        if stop.signum is not None:
            deadline = min(deadline or float("inf"), stop.deadline(strategy, grace, now))
        if deadline is not None and now >= deadline:
            return worker.done.is_set()
    return True


def _cleanup(cleanup: Callable[[], object] | None, seconds: float) -> bool:
    if cleanup is None:
        return True
    worker = _Worker(cleanup, "council-cleanup")
    if not worker.done.wait(seconds):
        _log.warning("cleanup did not finish within %s s; leaving it behind", seconds)
        return False
    if worker.error is not None:
        _log.warning("cleanup failed: %r", worker.error)
        return False
    return True


def run_until_signal(
    graph: Pregel[Any, Any],
    input: Any,
    config: RunnableConfig,
    *,
    grace_seconds: float = 30,
    strategy: ShutdownStrategy = "cooperative_timeout",
    cleanup_seconds: float = 5,
    cleanup: Callable[[], Awaitable[object] | object] | None = None,
    context: Any = None,
    durability: Durability = "sync",
    signals: Sequence[int] = _DEFAULT_SIGNALS,
) -> ShutdownResult:
    """Run `graph` until it ends or a signal stops it; handlers are restored on return.

    Call it from the main thread. `cleanup` (close pools, flush records) runs afterwards,
    bounded by `cleanup_seconds`. An error the run raises is re-raised after cleanup.

    Args:
        graph: The compiled graph; `input`, `config`, `context` and `durability` are its
            `invoke` arguments (`config` names the thread).
        grace_seconds: How long a stopping run may take before it is abandoned.
        strategy: How a signal stops the run (`cooperative_timeout`, `checkpoint`, ...).
        cleanup_seconds: The bound on `cleanup`.
        cleanup: Runs after the run (close pools, flush records).
        signals: The signals that stop the run (default SIGTERM and SIGINT).

    Raises:
        ValueError: A bad `strategy`, a negative time, `strategy="checkpoint"` without
            `durability="sync"`, or no signals.

    Example:
        >>> config = {"configurable": {"thread_id": "t-1"}}
        >>> result = run_until_signal(graph, inputs, config)  # doctest: +SKIP
        >>> if result.status != "completed":  # doctest: +SKIP
        ...     print(result.message); os._exit(result.exit_code)
    """
    run = _RunRequest(
        graph, input, config, grace_seconds, strategy, cleanup_seconds, cleanup, context,
        durability, signals,
    )  # fmt: skip
    thread_id, stop = run.start()
    with _signal_handlers(run.signals, stop):
        worker = _Worker(lambda: run.call(graph.invoke, stop.control), f"council-run-{thread_id}")
        try:
            if _wait(worker, stop, run.strategy, run.grace_seconds):
                result = _ended(thread_id, stop, worker.output, worker.error)
            else:
                result = ShutdownResult("interrupted", thread_id, signum=stop.signum, detached=True)
        finally:
            cleaned = _cleanup(run.cleanup, run.cleanup_seconds)
    return replace(result, cleanup_completed=cleaned)


async def _await_run(
    task: asyncio.Future[Any],
    stop: _Stop,
    woke: asyncio.Event,
    strategy: ShutdownStrategy,
    grace: float,
) -> bool:
    loop = asyncio.get_running_loop()
    deadline: float | None = None
    while not task.done():
        timeout = None if deadline is None else max(0.0, deadline - loop.time())
        waiter = asyncio.ensure_future(woke.wait())
        await asyncio.wait({task, waiter}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        waiter.cancel()
        woke.clear()
        if task.done():
            return True
        if stop.signum is not None:
            deadline = min(deadline or float("inf"), stop.deadline(strategy, grace, loop.time()))
        if deadline is not None and loop.time() >= deadline:
            return False
    return True


async def _acleanup(cleanup: Callable[[], object] | None, seconds: float) -> bool:
    if cleanup is None:
        return True

    async def call() -> None:
        if inspect.iscoroutinefunction(cleanup):
            await cleanup()
        else:
            result = await asyncio.to_thread(cleanup)
            if inspect.isawaitable(result):
                await result

    task = asyncio.ensure_future(call())
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if not done:
        task.cancel()
        _log.warning("cleanup did not finish within %s s; cancelled it", seconds)
        return False
    if (error := task.exception()) is not None:
        _log.warning("cleanup failed: %r", error)
        return False
    return True


async def arun_until_signal(
    graph: Pregel[Any, Any],
    input: Any,
    config: RunnableConfig,
    *,
    grace_seconds: float = 30,
    strategy: ShutdownStrategy = "cooperative_timeout",
    cleanup_seconds: float = 5,
    cleanup: Callable[[], Awaitable[object] | object] | None = None,
    context: Any = None,
    durability: Durability = "sync",
    signals: Sequence[int] = _DEFAULT_SIGNALS,
) -> ShutdownResult:
    """Async twin of `run_until_signal` (same arguments): cancelled work is really cancelled.

    Run it on the main thread's event loop (`asyncio.run(...)`). Cancelled work gets up to
    `cleanup_seconds` to unwind before cleanup starts.
    """
    run = _RunRequest(
        graph, input, config, grace_seconds, strategy, cleanup_seconds, cleanup, context,
        durability, signals,
    )  # fmt: skip
    thread_id, stop = run.start()
    loop = asyncio.get_running_loop()
    woke = asyncio.Event()
    stop.wake = lambda: loop.call_soon_threadsafe(woke.set)
    with _signal_handlers(run.signals, stop):
        task = asyncio.ensure_future(run.call(graph.ainvoke, stop.control))
        try:
            if await _await_run(task, stop, woke, run.strategy, run.grace_seconds):
                error = task.exception()
                result = _ended(thread_id, stop, None if error else task.result(), error)
            else:
                task.cancel()
                done, _ = await asyncio.wait({task}, timeout=run.cleanup_seconds)
                result = ShutdownResult(
                    "interrupted", thread_id, signum=stop.signum, detached=not done
                )
        except asyncio.CancelledError:
            task.cancel()
            raise
        finally:
            cleaned = await _acleanup(run.cleanup, run.cleanup_seconds)
    return replace(result, cleanup_completed=cleaned)
