"""The update_parent phase: hand the rollup to the caller's callback; a failure is recorded.

The rollup node calls it (`report`/`areport`) and writes the run's `result` once, with both
phases: the result holds every subtask's outcome, the plan and the routing, so writing it a
second time cost more per subtask than the subtask's own rows. The `update_parent` node stays
(its name is persisted in checkpoints): for a thread saved by earlier versions, whose rollup
wrote a result without this phase, it reports as before; otherwise it has nothing to do.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Mapping
from typing import Any

from langchain_core.runnables import Runnable
from langchain_core.runnables.config import run_in_executor
from langgraph.errors import GraphBubbleUp

from langgraph_council.nodes._calls.node import dual_node
from langgraph_council.nodes._pipeline.executor import run_blocking
from langgraph_council.nodes._pipeline.memory import remembering, remembering_async
from langgraph_council.nodes._pipeline.names import UPDATE_PARENT
from langgraph_council.nodes._pipeline.report import CoordinationResult, ParentUpdate
from langgraph_council.nodes._pipeline.runtime import emit, phase_result

__all__ = ["ParentUpdater", "areport", "make_update_parent_node", "parent_update", "report"]

ParentUpdater = Callable[[ParentUpdate], Any]
"""Called once per run with the parent's new status and summary; sync or async. It may run
again after a crash (a node re-runs from its start), so make it idempotent per `run_id`."""


_REPORTED: set[str] = set(ParentUpdate.model_fields) & set(CoordinationResult.model_fields)
"""The fields the callback gets as the result has them (its `status` is `parent_status`)."""


def parent_update(result: CoordinationResult) -> ParentUpdate:
    """What the callback receives for `result`."""
    reported = result.model_dump(include=_REPORTED)
    return ParentUpdate(status=result.parent_status, **reported)


def _finish(result: CoordinationResult, started: float, error: str | None) -> CoordinationResult:
    """`result` with the update_parent phase (failed with `error`, if any) appended."""
    phase = phase_result("update_parent", started, error)
    if error is not None:
        emit("update_parent_failed", task_id=result.task_id, error=error)
    return result.model_copy(update={"phases": (*result.phases, phase)})


def _failure(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"


def report(callback: ParentUpdater | None, result: CoordinationResult) -> CoordinationResult:
    """Call `callback` (if any) with the rollup from sync code; `result` with the phase.

    An exception from the callback is recorded as the phase's error, never raised."""
    started = time.perf_counter()
    if callback is None:
        return _finish(result, started, None)
    try:
        out = callback(parent_update(result))
        if inspect.isawaitable(out):
            run_blocking(out)
    except GraphBubbleUp:
        raise
    except Exception as exc:  # noqa: BLE001 - a failed parent update is recorded, not raised
        return _finish(result, started, _failure(exc))
    return _finish(result, started, None)


async def areport(callback: ParentUpdater | None, result: CoordinationResult) -> CoordinationResult:
    """`report` from async code (a sync callback runs in the executor)."""
    started = time.perf_counter()
    if callback is None:
        return _finish(result, started, None)
    try:
        if inspect.iscoroutinefunction(callback):
            await callback(parent_update(result))
        else:
            out = await run_in_executor(None, callback, parent_update(result))
            if inspect.isawaitable(out):
                await out
    except GraphBubbleUp:
        raise
    except Exception as exc:  # noqa: BLE001 - a failed parent update is recorded, not raised
        return _finish(result, started, _failure(exc))
    return _finish(result, started, None)


def _unreported(state: Mapping[str, Any]) -> CoordinationResult | None:
    """This run's result when it still lacks the update_parent phase (a thread whose rollup
    ran before the rollup reported), else None: the rollup has reported already."""
    value = state.get("result")
    if value is None:
        return None
    result = CoordinationResult.model_validate(value)
    if result.run_id != str(state.get("run_id", "")):
        return None  # an earlier run's result on a reused thread (cannot happen after rollup)
    return None if result.phase("update_parent") is not None else result


def _written(result: CoordinationResult) -> dict[str, Any]:
    return {"phases": [result.phases[-1]], "result": result}


def make_update_parent_node(callback: ParentUpdater | None) -> Runnable[Any, Any]:
    """The last step: nothing, once the rollup has reported (it calls `callback` and writes
    the final `result`); for a result saved without the update_parent phase, calls `callback`
    (if any) and writes the result with it.

    An exception from the callback is recorded as the phase's error, never raised.
    """
    if callback is not None and not callable(callback):
        raise TypeError(f"update_parent must be callable, got {type(callback).__name__}")

    def update(state: dict[str, Any]) -> dict[str, Any]:
        result = _unreported(state)
        return {} if result is None else _written(report(callback, result))

    async def aupdate(state: dict[str, Any]) -> dict[str, Any]:
        result = _unreported(state)
        return {} if result is None else _written(await areport(callback, result))

    return dual_node(remembering(update), remembering_async(aupdate), name=UPDATE_PARENT)
