"""Continue a thread from its last checkpoint: `resume_thread`, plain or under the resume policy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph.pregel import Pregel
from langgraph.types import Command, Durability, Interrupt, StateSnapshot

from langgraph_council.checkpoints._recovery import unfinished
from langgraph_council.checkpoints._resume_attempts import ResumeAttemptStore
from langgraph_council.checkpoints._runner.commands import thread_config
from langgraph_council.checkpoints._runner.policy import prepare_flow
from langgraph_council.checkpoints._runner.steps import (
    Flow,
    arun,
    blocking,
    get_state,
    invoke,
    run,
)

__all__ = [
    "aresume_thread",
    "aresume_with_policy",
    "resume_input",
    "resume_thread",
    "resume_with_policy",
]


def _resume_map(interrupts: tuple[Interrupt, ...], resume: Any) -> Any:
    """The resume value keyed by interrupt id. LangGraph reads any dict whose keys all look
    like interrupt ids as such a map, so a plain `{}` answer would resume nothing and the
    node would never see it (nor say what is wrong with it): a single interrupt's value is
    always sent under its id."""
    ids = {i.id for i in interrupts}
    if isinstance(resume, Mapping) and resume and set(resume) <= ids:
        return resume
    return {interrupts[0].id: resume} if len(interrupts) == 1 else resume


def resume_input(state: StateSnapshot, thread_id: str, resume: Any) -> Command[Any] | None:
    """What `invoke` gets to continue the thread: the answer to its interrupts, or None.

    Raises:
        ValueError: No checkpoint, finished, or `resume` does not fit the interrupts.
    """
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
    if not unfinished(state):
        raise ValueError(f"thread {thread_id!r} has already finished; nothing to resume")
    return None


def _resume_with_policy(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    attempts_store: ResumeAttemptStore,
    max_resume_attempts: int = 2,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
    retry_failed: bool = False,
) -> Flow[Any]:
    """The flow of `resume_with_policy` and its async twin."""
    plan = yield from prepare_flow(
        graph,
        thread_id,
        attempts_store=attempts_store,
        max_resume_attempts=max_resume_attempts,
        retry_failed=retry_failed,
        resume=resume,
    )
    runner = graph.with_config(plan.config) if plan.note else graph
    output = yield from _resume_thread(
        runner, thread_id, resume=resume, context=context, durability=durability
    )
    yield blocking(attempts_store.clear, thread_id)
    return output


def _resume_thread(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
    attempts_store: ResumeAttemptStore | None = None,
    max_resume_attempts: int = 2,
) -> Flow[Any]:
    """The flow of `resume_thread` and its async twin."""
    if attempts_store is not None:
        return (
            yield from _resume_with_policy(
                graph,
                thread_id,
                attempts_store=attempts_store,
                max_resume_attempts=max_resume_attempts,
                resume=resume,
                context=context,
                durability=durability,
            )
        )
    config = thread_config(thread_id)
    command = resume_input((yield get_state(graph, config)), thread_id, resume)
    return (yield invoke(graph, command, config, context=context, durability=durability))


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

    Raises:
        ValueError: No checkpoint, finished, or `resume` does not fit the interrupts.
        ThreadFailedError: Under the policy, the thread is given up on; nothing ran.
    """
    return run(
        _resume_thread(
            graph,
            thread_id,
            resume=resume,
            context=context,
            durability=durability,
            attempts_store=attempts_store,
            max_resume_attempts=max_resume_attempts,
        )
    )


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
    """Async twin of `resume_thread` (same arguments): the graph runs under `ainvoke`."""
    return await arun(
        _resume_thread(
            graph,
            thread_id,
            resume=resume,
            context=context,
            durability=durability,
            attempts_store=attempts_store,
            max_resume_attempts=max_resume_attempts,
        )
    )


def resume_with_policy(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    attempts_store: ResumeAttemptStore,
    max_resume_attempts: int = 2,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
    retry_failed: bool = False,
) -> Any:
    """`resume_thread` under the resume policy; returns the graph's output.

    Each call counts an attempt in `attempts_store`; the resumed agents get a reconciliation
    note; past `max_resume_attempts` the thread is marked failed. `retry_failed=True` gives a
    failed thread one more round.

    Example:
        >>> with PostgresResumeAttemptStore.from_conn_string(uri) as attempts:  # doctest: +SKIP
        ...     resume_with_policy(graph, "t-1", attempts_store=attempts)

    Raises:
        ThreadFailedError: The thread is (or has just been) given up on; nothing ran.
    """
    return run(
        _resume_with_policy(
            graph,
            thread_id,
            attempts_store=attempts_store,
            max_resume_attempts=max_resume_attempts,
            resume=resume,
            context=context,
            durability=durability,
            retry_failed=retry_failed,
        )
    )


async def aresume_with_policy(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    attempts_store: ResumeAttemptStore,
    max_resume_attempts: int = 2,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
    retry_failed: bool = False,
) -> Any:
    """Async twin of `resume_with_policy` (same arguments)."""
    return await arun(
        _resume_with_policy(
            graph,
            thread_id,
            attempts_store=attempts_store,
            max_resume_attempts=max_resume_attempts,
            resume=resume,
            context=context,
            durability=durability,
            retry_failed=retry_failed,
        )
    )
