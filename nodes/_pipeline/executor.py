"""The user's executor behind one interface, called from sync or async nodes.

A Runnable, a compiled graph, or a sync or async callable taking a `SubtaskRun`."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar, cast

from langchain_core.runnables import Runnable
from langgraph.pregel import Pregel

from langgraph_council.nodes._deadline import acall_in_thread
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._pipeline.models import SubtaskRun

__all__ = ["Executor", "ExecutorLike", "run_blocking"]

T = TypeVar("T")

ExecutorLike = Runnable[Any, Any] | Callable[[SubtaskRun], Any]
"""A Runnable, a compiled graph, or a sync or async callable taking a `SubtaskRun`."""


def run_blocking(awaitable: Awaitable[T]) -> T:
    """Await `awaitable` from sync code (an async executor or callback under `invoke`).

    Raises:
        RuntimeError: If this thread already runs an event loop (use `ainvoke` there).
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:

        async def wait() -> T:
            return await awaitable

        return asyncio.run(wait())
    raise RuntimeError(
        "an async executor or callback cannot run under invoke() inside a running event loop; "
        "call the graph with ainvoke()"
    )


class Executor:
    """Calls a user's executor with a `SubtaskRun`, from sync or async nodes.

    Runnables get the `SubtaskRun`; a compiled graph gets its fields as input keys
    (`subtask`, `agent`, `upstream_results`, ...) and must return a `result` key; callables
    get the `SubtaskRun`. Sync callables run in a daemon worker thread under `ainvoke` (one
    that never returns cannot hold the process at exit).

    Raises:
        TypeError: If `executor` is neither a Runnable nor callable.
    """

    def __init__(self, executor: ExecutorLike) -> None:
        if isinstance(executor, Executor):
            executor = executor.executor
        if not isinstance(executor, Runnable) and not callable(executor):
            raise InvalidInputTypeError(
                "executor must be a Runnable, a compiled graph or a callable taking a SubtaskRun, "
                f"got {type(executor).__name__}"
            )
        self.executor = executor
        self.is_runnable = isinstance(executor, Runnable)  # an ABC check: once, not per call
        self.is_graph = isinstance(executor, Pregel)
        own = getattr(executor, "checkpoints", None)  # a wrapper that says (OwnToolsAgent)
        self.checkpoints = (
            own
            if isinstance(own, bool)
            else self.is_graph and getattr(executor, "checkpointer", None) is not False
        )
        """An executor graph that saves its own steps (it inherits the pipeline's
        checkpointer) resumes from them after a crash, with its worktree as it left it."""
        call = getattr(executor, "__call__", None)  # noqa: B004 - callable objects too
        self.is_async = inspect.iscoroutinefunction(executor) or inspect.iscoroutinefunction(call)

    def _input(self, run: SubtaskRun) -> Any:
        return (
            {name: getattr(run, name) for name in SubtaskRun.model_fields} if self.is_graph else run
        )

    def _output(self, out: Any) -> Any:
        if not self.is_graph:
            return out
        if isinstance(out, Mapping) and "result" in out:
            return out["result"]
        raise InvalidInputError(
            "an executor graph must return a `result` key (text or SubtaskResult)"
        )

    def invoke(self, run: SubtaskRun) -> Any:
        """Run the executor from sync code."""
        executor = self.executor
        if isinstance(executor, Runnable):
            return self._output(executor.invoke(self._input(run)))
        out = executor(run)
        return run_blocking(out) if inspect.isawaitable(out) else out

    async def ainvoke(self, run: SubtaskRun) -> Any:
        """Run the executor from async code; parallel subtasks overlap."""
        if self.is_runnable:
            runnable = cast(Runnable[Any, Any], self.executor)
            return self._output(await runnable.ainvoke(self._input(run)))
        executor = cast(Callable[[SubtaskRun], Any], self.executor)
        if self.is_async:
            return await executor(run)
        what = f"the executor of subtask {run.subtask.id!r}"
        out = await acall_in_thread(lambda: executor(run), None, what, "")
        return await out if inspect.isawaitable(out) else out
