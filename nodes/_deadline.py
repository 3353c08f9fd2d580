"""Time limits on user code: agent runs, executors, checks, detectors, candidate filters.

One mechanism for every family. A sync callable runs in a *daemon* worker thread that the
caller waits on for at most the limit; an async one runs under `asyncio.timeout`. Past the
limit the caller gets `CallTimeoutError` (a `CouncilError` and a `TimeoutError`) naming the
callable, the limit and the setting that raises it, and each family turns it into the failure
it already handles (a failed contribution, a fallback verdict, a failed attempt).

Why daemon threads: Python cannot stop a running sync function. The abandoned call keeps its
thread until it returns, and its result is dropped; because the thread is a daemon, a call
that never returns (`threading.Event().wait()`) does not keep the process from exiting, as a
`ThreadPoolExecutor` worker or `asyncio.to_thread` would (both are joined at exit). Idle
workers are kept for reuse (a fresh thread per call costs ~0.2 ms, a quarter of a meeting turn
on the shared VM), and leave after `_IDLE_S` seconds without work.

Why not LangGraph's node timeouts (`add_node(..., timeout=...)`, langgraph >= 1.2): they are
refused for sync nodes ("sync Python execution cannot be safely cancelled"), and every council
node also runs under `invoke`; they bound a whole node (plan, call, apply), and fail it with
`NodeTimeoutError`, while a late participant must become a failed contribution inside the node
that asked, next to its peers' answers, not a failed node.

The caller's `contextvars` are copied into the worker, so LangGraph's config, runtime, stream
writer and `interrupt()` work inside the call; `GraphInterrupt` and every other exception the
call raises are re-raised in the caller unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import queue
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from langgraph_council.nodes._errors import CouncilError

__all__ = [
    "DEFAULT_AGENT_LIMIT",
    "DEFAULT_AGENT_TIMEOUT_S",
    "DEFAULT_CALLABLE_TIMEOUT_S",
    "CallTimeoutError",
    "TimeLimit",
    "acall_in_thread",
    "acall_with_limit",
    "call_with_limit",
]

T = TypeVar("T")

DEFAULT_AGENT_TIMEOUT_S = 600.0
"""Default limit of one Roster call (a chat-model call or an agent run)."""

DEFAULT_CALLABLE_TIMEOUT_S = 60.0
"""Default limit of one call of a user's small callable (a check, detector or filter)."""

_IDLE_S = 30.0
"""An idle worker thread leaves after this many seconds without work."""


@dataclass(frozen=True)
class TimeLimit:
    """A node's time limit: `read()` gives it at run time (from the run's config; None: no
    limit), `setting` names the config field that sets it, for the error message."""

    setting: str
    read: Callable[[], float | None]


DEFAULT_AGENT_LIMIT = TimeLimit("", lambda: DEFAULT_AGENT_TIMEOUT_S)
"""The limit of an agent call in a node whose family has no setting for it."""


class CallTimeoutError(CouncilError, TimeoutError):
    """A user's callable or agent did not finish within its time limit.

    Attributes:
        what: the callable that ran late (e.g. "agent 'bob'").
        limit_s: the limit, in seconds.
        setting: the config field that sets the limit ("" when no setting does).
    """

    def __init__(self, what: str, limit_s: float, setting: str) -> None:
        self.what, self.limit_s, self.setting = what, limit_s, setting
        hint = f"; raise {setting} if it needs longer" if setting else ""
        super().__init__(f"{what} did not finish within its time limit of {limit_s:g} s{hint}")


_Job = Callable[[], None]


class _Worker:
    """One daemon thread running jobs handed to it, one at a time."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        thread = threading.Thread(target=self._loop, name="council-time-limited", daemon=True)
        thread.start()

    def _loop(self) -> None:
        while True:
            try:
                job = self.jobs.get(timeout=_IDLE_S)
            except queue.Empty:
                with _LOCK:
                    if self in _IDLE:
                        _IDLE.remove(self)
                        return
                job = self.jobs.get()  # taken from the idle list meanwhile: a job is coming
            job()
            with _LOCK:
                _IDLE.append(self)


_LOCK = threading.Lock()
_IDLE: list[_Worker] = []


def _start(job: _Job) -> None:
    """Run `job` on an idle worker, or on a new one."""
    with _LOCK:
        worker = _IDLE.pop() if _IDLE else None
    (worker or _Worker()).jobs.put(job)


def _check(limit: float | None) -> None:
    if limit is not None and not limit > 0:
        raise ValueError(f"a time limit must be > 0 seconds or None, got {limit!r}")


def call_with_limit(fn: Callable[[], T], limit: float | None, what: str, setting: str) -> T:
    """`fn()`, run in a daemon worker; `CallTimeoutError` when it takes over `limit` seconds.

    `limit=None` calls `fn` here, unbounded. Whatever `fn` raises is re-raised here.
    """
    if limit is None:
        return fn()
    _check(limit)
    context = contextvars.copy_context()
    done = threading.Lock()  # held until the job ends: a bare lock, not an `Event` (issue 33:
    done.acquire()  # the Event's condition costs more per call than the lock it waits on)
    box: list[tuple[bool, Any]] = []

    def job() -> None:
        try:
            box.append((True, context.run(fn)))
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller as is
            box.append((False, exc))
        finally:
            done.release()

    _start(job)
    if not done.acquire(timeout=limit):
        raise CallTimeoutError(what, limit, setting)
    ok, value = box[0]
    if ok:
        return value  # type: ignore[no-any-return]
    raise value


async def acall_with_limit(
    make: Callable[[], Awaitable[T]], limit: float | None, what: str, setting: str
) -> T:
    """`await make()`, cancelled with `CallTimeoutError` after `limit` seconds (None: never)."""
    _check(limit)
    deadline = asyncio.timeout(limit)
    try:
        async with deadline:
            return await make()
    except TimeoutError:
        if not deadline.expired():
            raise  # the call's own timeout, not ours
        raise CallTimeoutError(what, limit or 0.0, setting) from None


async def acall_in_thread(fn: Callable[[], T], limit: float | None, what: str, setting: str) -> T:
    """`fn()` from async code, in a daemon worker (never a thread the loop joins at exit);
    `CallTimeoutError` after `limit` seconds (None: never)."""
    _check(limit)
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()
    context = contextvars.copy_context()

    def settle(ok: bool, value: Any) -> None:
        if future.done():
            return  # the caller gave up on it
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)

    def job() -> None:
        try:
            result: tuple[bool, Any] = (True, context.run(fn))
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller as is
            result = (False, exc)
        with contextlib.suppress(RuntimeError):  # the loop closed while the call ran late
            loop.call_soon_threadsafe(settle, *result)

    _start(job)
    return await acall_with_limit(lambda: future, limit, what, setting)
