"""The update_parent phase: hand the rollup to the caller's callback; a failure is recorded."""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from typing import Any

from langchain_core.runnables import Runnable
from langchain_core.runnables.config import run_in_executor
from langgraph.errors import GraphBubbleUp

from langgraph_council.nodes._calls.node import dual_node
from langgraph_council.nodes._pipeline.execute import run_blocking
from langgraph_council.nodes._pipeline.memory import remembering, remembering_async
from langgraph_council.nodes._pipeline.names import UPDATE_PARENT
from langgraph_council.nodes._pipeline.report import CoordinationResult, ParentUpdate
from langgraph_council.nodes._pipeline.runtime import emit, phase_result

__all__ = ["ParentUpdater", "make_update_parent_node", "parent_update"]

ParentUpdater = Callable[[ParentUpdate], Any]
"""Called once per run with the parent's new status and summary; sync or async. It may run
again after a crash (a node re-runs from its start), so make it idempotent per `run_id`."""


_REPORTED: set[str] = set(ParentUpdate.model_fields) & set(CoordinationResult.model_fields)
"""The fields the callback gets as the result has them (its `status` is `parent_status`)."""


def parent_update(result: CoordinationResult) -> ParentUpdate:
    """What the callback receives for `result`."""
    reported = result.model_dump(include=_REPORTED)
    return ParentUpdate(status=result.parent_status, **reported)


def _finish(result: CoordinationResult, started: float, error: str | None) -> dict[str, Any]:
    phase = phase_result("update_parent", started, error)
    if error is not None:
        emit("update_parent_failed", task_id=result.task_id, error=error)
    final = result.model_copy(update={"phases": (*result.phases, phase)})
    return {"phases": [phase], "result": final}


def make_update_parent_node(callback: ParentUpdater | None) -> Runnable[Any, Any]:
    """The last phase: calls `callback` (if any) and writes the final `result`.

    An exception from the callback is recorded as the phase's error, never raised.
    """
    if callback is not None and not callable(callback):
        raise TypeError(f"update_parent must be callable, got {type(callback).__name__}")

    def update(state: dict[str, Any]) -> dict[str, Any]:
        result, started = CoordinationResult.model_validate(state["result"]), time.perf_counter()
        if callback is None:
            return _finish(result, started, None)
        try:
            out = callback(parent_update(result))
            if inspect.isawaitable(out):
                run_blocking(out)
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - a failed parent update is recorded, not raised
            return _finish(result, started, f"{type(exc).__name__}: {exc}")
        return _finish(result, started, None)

    async def aupdate(state: dict[str, Any]) -> dict[str, Any]:
        result, started = CoordinationResult.model_validate(state["result"]), time.perf_counter()
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
            return _finish(result, started, f"{type(exc).__name__}: {exc}")
        return _finish(result, started, None)

    return dual_node(remembering(update), remembering_async(aupdate), name=UPDATE_PARENT)
