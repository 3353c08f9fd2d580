"""Find unfinished threads: after a crash, a drained shutdown, or waiting on a human.

Continuing them (`resume_thread`) is the runner's job: `checkpoints._runner.policy`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.pregel import Pregel
from langgraph.types import Interrupt, StateSnapshot

from langgraph_council.checkpoints._thread_index import LatestCheckpoint, latest_checkpoints

__all__ = ["ThreadStatus", "interrupted_threads", "unfinished"]


@dataclass(frozen=True)
class ThreadStatus:
    """Where an unfinished thread stopped.

    `next` names the tasks that run again on resume; `saved` the tasks of the stopped step whose
    writes are already stored (they are applied, not re-run). A thread killed after its last
    task's writes were saved but before the next checkpoint has `next == ()` and `saved` set.
    """

    thread_id: str
    checkpoint_id: str
    updated_at: str
    next: tuple[str, ...]
    interrupts: tuple[Interrupt, ...]
    saved: tuple[str, ...] = ()

    @property
    def waiting_for_human(self) -> bool:
        """True when the thread stopped on `interrupt()` rather than a crash or a stop."""
        return bool(self.interrupts)


def _config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}


def unfinished(state: StateSnapshot) -> bool:
    """True when `invoke(None)` would advance the thread: its checkpoint has tasks, run or with
    their writes saved (`state.next` leaves the latter out), or interrupts."""
    return bool(state.tasks or state.interrupts)


def _status(latest: LatestCheckpoint, state: StateSnapshot) -> ThreadStatus:
    return ThreadStatus(
        latest.thread_id,
        latest.checkpoint_id,
        latest.ts,
        tuple(state.next),
        tuple(state.interrupts),
        tuple(t.name for t in state.tasks if t.result is not None and t.name not in state.next),
    )


def interrupted_threads(
    checkpointer: BaseCheckpointSaver[Any], graph: Pregel[Any, Any] | None = None
) -> list[ThreadStatus]:
    """Threads that are waiting on `interrupt()`, oldest first.

    With `graph`, threads of that graph that stopped mid-run (a crash, a drained shutdown) are
    listed too: every thread `graph.invoke(None, config)` would advance, with the tasks that
    would run next and those whose writes are already saved. Threads whose checkpoints hold
    channels the graph does not have belong to another graph and are skipped unread. On
    Postgres, only the state of the listed graph's threads is deserialised.

    Example:
        >>> for status in interrupted_threads(saver, graph):  # doctest: +SKIP
        ...     print(status.thread_id, status.next, status.waiting_for_human)
    """
    found: list[ThreadStatus] = []
    for latest in latest_checkpoints(checkpointer):
        if graph is None:
            if latest.interrupts:
                found.append(
                    ThreadStatus(
                        latest.thread_id, latest.checkpoint_id, latest.ts, (), latest.interrupts
                    )
                )
            continue
        if not latest.fits(graph.channels):
            continue
        state = graph.get_state(_config(latest.thread_id))
        if unfinished(state):
            found.append(_status(latest, state))
    return found
