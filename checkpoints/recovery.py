"""Find unfinished threads and continue them: after a crash, or with a human's answer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.pregel import Pregel
from langgraph.types import Command, Interrupt, StateSnapshot

__all__ = ["ThreadStatus", "aresume_thread", "interrupted_threads", "resume_thread"]

_INTERRUPT = "__interrupt__"
Durability = Literal["sync", "async", "exit"]


@dataclass(frozen=True)
class ThreadStatus:
    """Where an unfinished thread stopped."""

    thread_id: str
    checkpoint_id: str
    updated_at: str
    next: tuple[str, ...]
    interrupts: tuple[Interrupt, ...]

    @property
    def waiting_for_human(self) -> bool:
        """True when the thread stopped on `interrupt()` rather than a crash or a stop."""
        return bool(self.interrupts)


def _config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}


def _latest_per_thread(checkpointer: BaseCheckpointSaver[Any]) -> dict[str, Any]:
    latest: dict[str, Any] = {}
    for item in checkpointer.list(None):
        configurable = item.config["configurable"]
        if configurable.get("checkpoint_ns", ""):
            continue
        thread_id = str(configurable["thread_id"])
        current = latest.get(thread_id)
        if current is None or item.checkpoint["id"] > current.checkpoint["id"]:
            latest[thread_id] = item
    return latest


def interrupted_threads(
    checkpointer: BaseCheckpointSaver[Any], graph: Pregel[Any, Any] | None = None
) -> list[ThreadStatus]:
    """Threads that are waiting on `interrupt()`, oldest first.

    With `graph` (positional or keyword), threads that stopped mid-run (a crash, a drained
    shutdown) are listed too, with the nodes that would run next.

    Example:
        >>> for status in interrupted_threads(saver, graph):  # doctest: +SKIP
        ...     print(status.thread_id, status.next, status.waiting_for_human)
    """
    found: list[ThreadStatus] = []
    for thread_id, item in _latest_per_thread(checkpointer).items():
        if graph is not None:
            state = graph.get_state(_config(thread_id))
            if not state.next and not state.interrupts:
                continue
            found.append(
                ThreadStatus(
                    thread_id,
                    item.checkpoint["id"],
                    item.checkpoint["ts"],
                    tuple(state.next),
                    tuple(state.interrupts),
                )
            )
            continue
        interrupts = tuple(
            value
            for _task, channel, value in (item.pending_writes or [])
            if channel == _INTERRUPT
            for value in (value if isinstance(value, Sequence) else [value])
            if isinstance(value, Interrupt)
        )
        if interrupts:
            found.append(
                ThreadStatus(
                    thread_id, item.checkpoint["id"], item.checkpoint["ts"], (), interrupts
                )
            )
    return sorted(found, key=lambda status: status.updated_at)


def _resume_input(state: StateSnapshot, thread_id: str, resume: Any) -> Command[Any] | None:
    if state.created_at is None:
        raise ValueError(f"thread {thread_id!r} has no checkpoint; start it with invoke() first")
    if state.interrupts:
        if resume is None:
            ids = [i.id for i in state.interrupts]
            raise ValueError(
                f"thread {thread_id!r} waits on interrupt(s) {ids}; pass resume=<value> "
                "(or a mapping of interrupt id to value when several are pending)"
            )
        if len(state.interrupts) > 1 and not (
            isinstance(resume, Mapping) and set(resume) >= {i.id for i in state.interrupts}
        ):
            raise ValueError(
                f"thread {thread_id!r} has {len(state.interrupts)} pending interrupts; pass "
                "resume as a mapping from each interrupt id to its value"
            )
        return Command(resume=resume)
    if resume is not None:
        raise ValueError(f"thread {thread_id!r} is not waiting on an interrupt; drop resume=")
    if not state.next:
        raise ValueError(f"thread {thread_id!r} has already finished; nothing to resume")
    return None


def resume_thread(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
) -> Any:
    """Continue `thread_id` from its last checkpoint; finished steps do not run again.

    Pass `resume` when the thread waits on `interrupt()`. Returns the graph's output.
    """
    config = _config(thread_id)
    command = _resume_input(graph.get_state(config), thread_id, resume)
    return graph.invoke(command, config, context=context, durability=durability)


async def aresume_thread(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
) -> Any:
    """Async twin of `resume_thread`."""
    config = _config(thread_id)
    command = _resume_input(await graph.aget_state(config), thread_id, resume)
    return await graph.ainvoke(command, config, context=context, durability=durability)
