"""Org memory on an async-only store: a node's sync body then runs in a worker thread.

The memory hooks (`nodes._memory`) read and write through the store's sync `batch`, inside
prompt rendering and outcome filing that both the sync and the async body of a node share.
An async-only store (`AsyncPostgresStore`, any `AsyncBatchedBaseStore` that keeps langgraph's
sync methods) refuses sync calls on its event loop's thread (`InvalidStateError`), which is
where a node's async body runs under `ainvoke`/`astream`. From a worker thread the same sync
call is safe: langgraph hands it to the store's loop (`run_coroutine_threadsafe`) and waits,
and the loop is free because the node awaits the thread. So `dual_node` runs the node's sync
body in a worker thread, as LangGraph runs any sync node under `ainvoke`, exactly when memory
is on and the store is of that kind; otherwise the async body runs on the loop as before.
"""

from __future__ import annotations

from collections.abc import Mapping

from langgraph.runtime import get_runtime
from langgraph.store.base.batch import AsyncBatchedBaseStore

__all__ = ["memory_needs_thread"]

_MEMORY = "memory"
"""The run context's memory section (`nodes._memory.config.MEMORY_SECTION`; that engine sits
above this one, so the name is repeated here)."""


def memory_needs_thread() -> bool:
    """Whether this run has org memory on over a store whose sync calls refuse the loop."""
    try:
        runtime = get_runtime()
    except RuntimeError:  # outside a graph run
        return False
    store = runtime.store
    if not isinstance(store, AsyncBatchedBaseStore):
        return False
    if type(store).batch is not AsyncBatchedBaseStore.batch:  # its own sync path (langgraph dev)
        return False
    context = runtime.context
    return isinstance(context, Mapping) and context.get(_MEMORY) is not None
