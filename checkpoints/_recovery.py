"""Find unfinished threads and continue them: after a crash, or with a human's answer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.pregel import Pregel
from langgraph.types import Command, Interrupt, StateSnapshot

from langgraph_council.checkpoints._thread_index import LatestCheckpoint, latest_checkpoints

if TYPE_CHECKING:
    from langgraph_council.checkpoints._resume_attempts import ResumeAttemptStore

__all__ = ["ThreadStatus", "aresume_thread", "interrupted_threads", "resume_thread"]

Durability = Literal["sync", "async", "exit"]


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


def _unfinished(state: StateSnapshot) -> bool:
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
        if _unfinished(state):
            found.append(_status(latest, state))
    return found


def _resume_map(interrupts: tuple[Interrupt, ...], resume: Any) -> Any:
    """The resume value keyed by interrupt id. LangGraph reads any dict whose keys all look
    like interrupt ids as such a map, so a plain `{}` answer would resume nothing and the
    node would never see it (nor say what is wrong with it): a single interrupt's value is
    always sent under its id."""
    ids = {i.id for i in interrupts}
    if isinstance(resume, Mapping) and resume and set(resume) <= ids:
        return resume
    return {interrupts[0].id: resume} if len(interrupts) == 1 else resume


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
        return Command(resume=_resume_map(state.interrupts, resume))
    if resume is not None:
        raise ValueError(f"thread {thread_id!r} is not waiting on an interrupt; drop resume=")
    if not _unfinished(state):
        raise ValueError(f"thread {thread_id!r} has already finished; nothing to resume")
    return None


def resume_thread(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
    attempts_store: ResumeAttemptStore | None = None,
    max_resume_attempts: int = 2,
) -> Any:
    """Continue `thread_id` from its last checkpoint; finished steps do not run again.

    Pass `resume` when the thread waits on `interrupt()`. Returns the graph's output. With
    `attempts_store`, the resume policy applies (`resume_with_policy`): attempts are counted,
    the resumed agents get a reconciliation note, and past `max_resume_attempts` the thread is
    marked failed and `ThreadFailedError` is raised without running anything.

    Example:
        >>> resume_thread(graph, "t-1", attempts_store=attempts)  # doctest: +SKIP
    """
    if attempts_store is not None:
        from langgraph_council.checkpoints._resume_policy import resume_with_policy

        return resume_with_policy(
            graph,
            thread_id,
            attempts_store=attempts_store,
            max_resume_attempts=max_resume_attempts,
            resume=resume,
            context=context,
            durability=durability,
        )
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
    attempts_store: ResumeAttemptStore | None = None,
    max_resume_attempts: int = 2,
) -> Any:
    """Async twin of `resume_thread`."""
    if attempts_store is not None:
        from langgraph_council.checkpoints._resume_policy import aresume_with_policy

        return await aresume_with_policy(
            graph,
            thread_id,
            attempts_store=attempts_store,
            max_resume_attempts=max_resume_attempts,
            resume=resume,
            context=context,
            durability=durability,
        )
    config = _config(thread_id)
    command = _resume_input(await graph.aget_state(config), thread_id, resume)
    return await graph.ainvoke(command, config, context=context, durability=durability)
