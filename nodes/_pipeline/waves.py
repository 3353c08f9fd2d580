"""A pipeline wave as a run of its own: `wave N`, holding its subtasks' attempts in traces.

LangGraph runs a wave's `Send`s as sibling tasks under the graph's run, so without this a
callback tracer (LangSmith, `OTelCallbackHandler`) shows a wave only as a tag on each
attempt. Here the dispatching step (`dispatch`, or `create_worktrees` with a workspace)
starts a synthetic chain run `wave N` through its own callback manager (so the step is its
parent and it inherits the step's tags and metadata: family, graph), the `Send`s carry its
run id (`ExecutePayload.wave_run`), and each attempt runs under a copy of the executor
step's callback manager re-parented to that run. The attempt that ends last ends the wave
(`on_chain_end` with each subtask's status, `on_chain_error` when one failed or was
interrupted): the wave's results are all in at that moment, and nothing has to survive
between super-steps.

Why a registry in this process, not only the id in the payload: a callback handler knows a
run only in the process (and the invocation) that started it. langchain-core's `BaseTracer`
treats a child of an unknown parent as a root, and ending an unknown run logs an error. So an
attempt is parented to its wave only while this process has the wave open for the same
handlers; otherwise (a `Send` re-run after a crash in another process, a resume with other
callbacks, a `Send` saved before waves had runs) it runs under the executor step, as it did
before. A wave whose attempts never run here (the run stopped between the steps) is ended,
as superseded, by the next wave this thread opens in this process: no run stays open for
the life of the process while the thread goes on.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.callbacks import BaseCallbackManager, CallbackManager
from langchain_core.callbacks.manager import CallbackManagerForChainRun
from langchain_core.runnables.config import var_child_runnable_config

from langgraph_council.nodes._calls.tracing import TASK_ID, WAVE

__all__ = ["attempt_callbacks", "attempt_ended", "open_wave"]


@dataclass
class _Wave:
    """An open wave run: its manager, the handlers that know it, the attempts still out."""

    manager: CallbackManagerForChainRun
    handlers: frozenset[int]
    thread: str | None
    left: int
    wave: int
    statuses: dict[str, str] = field(default_factory=dict)
    trouble: list[str] = field(default_factory=list)


_OPEN: dict[str, _Wave] = {}
_LOCK = threading.Lock()


def _current_manager() -> BaseCallbackManager | None:
    """The running step's callback manager, when it has any handler (no handler: no run)."""
    config = var_child_runnable_config.get() or {}
    manager = config.get("callbacks")
    if isinstance(manager, BaseCallbackManager) and manager.handlers:
        return manager
    return None


def _thread_of() -> str | None:
    """The thread (and namespace) dispatching, to find its superseded waves; None without one."""
    configurable: Mapping[str, Any] = (var_child_runnable_config.get() or {}).get(
        "configurable", {}
    )
    thread = configurable.get("thread_id")
    if thread is None:
        return None
    # the step's own task id changes with every step: the graph's place is the rest
    *outer, step = str(configurable.get("checkpoint_ns", "")).split("|")
    return "|".join([str(thread), *outer, step.split(":")[0]])


def _handlers(manager: BaseCallbackManager) -> frozenset[int]:
    return frozenset(id(h) for h in manager.handlers)


def open_wave(wave: int | None, task_id: str | None, subtask_ids: Sequence[str]) -> str | None:
    """Start the run `wave N` under the dispatching step, for `subtask_ids`' attempts; its id,
    or None when no handler listens (then nothing is started and nothing costs)."""
    current = _current_manager()
    if current is None or wave is None or not subtask_ids:
        return None
    thread = _thread_of()
    if thread is not None:
        with _LOCK:
            stale = [k for k, w in _OPEN.items() if w.thread == thread]
            superseded = [_OPEN.pop(k) for k in stale]
        for old in superseded:
            _end(old, ["superseded: its attempts did not all run in this process"])
    manager = CallbackManager(
        handlers=list(current.handlers),
        inheritable_handlers=list(current.inheritable_handlers),
        parent_run_id=current.parent_run_id,
        tags=list(current.tags),
        inheritable_tags=list(current.inheritable_tags),
        metadata=dict(current.metadata),
        inheritable_metadata=dict(current.inheritable_metadata),
    )
    metadata: dict[str, Any] = {WAVE: wave, **({TASK_ID: task_id} if task_id else {})}
    manager.add_tags([f"wave:{wave}"], inherit=False)
    manager.add_metadata(metadata, inherit=False)
    run_id = uuid.uuid4()
    started = manager.on_chain_start(
        None, {"subtasks": list(subtask_ids)}, run_id=run_id, name=f"wave {wave}"
    )
    with _LOCK:
        _OPEN[str(run_id)] = _Wave(started, _handlers(current), thread, len(subtask_ids), wave)
    return str(run_id)


def attempt_callbacks(wave_run: str | None) -> BaseCallbackManager | None:
    """The running attempt's callback manager re-parented to its open wave, or None (then it
    runs under the executor step): the wave is not open here, or for other handlers."""
    if wave_run is None:
        return None
    current = _current_manager()
    with _LOCK:
        open_ = _OPEN.get(wave_run)
    if current is None or open_ is None or _handlers(current) != open_.handlers:
        return None
    child = current.copy()
    child.parent_run_id = open_.manager.run_id
    return child


def attempt_ended(wave_run: str | None, subtask_id: str, status: str | None) -> None:
    """Count one attempt of the wave as ended (`status` None: it was interrupted or raised);
    the last one ends the wave's run."""
    if wave_run is None:
        return
    with _LOCK:
        open_ = _OPEN.get(wave_run)
        if open_ is None:
            return
        open_.statuses[subtask_id] = status or "interrupted"
        if status in (None, "failed"):
            open_.trouble.append(f"{subtask_id} {status or 'interrupted'}")
        open_.left -= 1
        if open_.left > 0:
            return
        del _OPEN[wave_run]
    _end(open_, open_.trouble)


def _end(wave: _Wave, trouble: list[str]) -> None:
    if trouble:
        wave.manager.on_chain_error(RuntimeError(f"wave {wave.wave}: {', '.join(trouble)}"))
    else:
        wave.manager.on_chain_end({"outcomes": dict(wave.statuses)})
