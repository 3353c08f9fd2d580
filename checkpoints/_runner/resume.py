"""Continue a thread from its last checkpoint: `resume_thread`, plain or under the resume policy."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langgraph.pregel import Pregel
from langgraph.types import Command, Durability, Interrupt, StateSnapshot

from langgraph_council.checkpoints._recovery import unfinished
from langgraph_council.checkpoints._resume_attempts import ResumeAttemptStore
from langgraph_council.checkpoints._runner.commands import thread_config
from langgraph_council.checkpoints._runner.policy import PolicyArgs, prepare_flow
from langgraph_council.checkpoints._runner.steps import Flow, arun, blocking, get_state, invoke, run

__all__ = ["aresume_thread", "resume_input", "resume_thread"]


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


@dataclass(frozen=True)
class _Resume:
    """The arguments of `resume_thread` and its async twin, packed once for their flow."""

    graph: Pregel[Any, Any]
    thread_id: str
    resume: Any
    context: Any
    durability: Durability
    policy: PolicyArgs | None
    """The resume policy's arguments, or None for a plain resume."""

    @classmethod
    def of(
        cls,
        graph: Pregel[Any, Any],
        thread_id: str,
        resume: Any,
        context: Any,
        durability: Durability,
        policy: tuple[ResumeAttemptStore | None, int, bool],
    ) -> _Resume:
        """Pack a front's arguments; `policy` is (attempts store, max attempts, retry failed)."""
        store, most, retry = policy
        args = None if store is None else PolicyArgs(store, most, retry, resume=resume)
        return cls(graph, thread_id, resume, context, durability, args)


def _resume_flow(call: _Resume) -> Flow[Any]:
    """The flow of `resume_thread` and its async twin: the policy first when there is one."""
    graph, config = call.graph, thread_config(call.thread_id)
    if call.policy is not None:
        plan = yield from prepare_flow(graph, call.thread_id, call.policy)
        graph = graph.with_config(plan.config) if plan.note else graph
    command = resume_input((yield get_state(graph, config)), call.thread_id, call.resume)
    output = yield invoke(graph, command, config, context=call.context, durability=call.durability)
    if call.policy is not None:
        yield blocking(call.policy.attempts_store.clear, call.thread_id)
    return output


def resume_thread(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
    attempts_store: ResumeAttemptStore | None = None,
    max_resume_attempts: int = 2,
    retry_failed: bool = False,
) -> Any:
    """Continue `thread_id` from its last checkpoint; finished steps do not run again.

    Pass `resume` when the thread waits on `interrupt()`. Returns the graph's output. With
    `attempts_store`, the resume policy applies: each call counts an attempt, the resumed
    agents get a reconciliation note, and past `max_resume_attempts` the thread is marked
    failed and `ThreadFailedError` is raised without running anything; `retry_failed=True`
    gives a failed thread one more round. A run that returns clears the count.

    Example:
        >>> resume_thread(graph, "t-1", attempts_store=attempts)  # doctest: +SKIP

    Raises:
        ValueError: No checkpoint, finished, or `resume` does not fit the interrupts.
        ThreadFailedError: Under the policy, the thread is given up on; nothing ran.
    """
    policy = (attempts_store, max_resume_attempts, retry_failed)
    return run(_resume_flow(_Resume.of(graph, thread_id, resume, context, durability, policy)))


async def aresume_thread(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    resume: Any = None,
    context: Any = None,
    durability: Durability = "sync",
    attempts_store: ResumeAttemptStore | None = None,
    max_resume_attempts: int = 2,
    retry_failed: bool = False,
) -> Any:
    """Async twin of `resume_thread` (same arguments): the graph runs under `ainvoke`."""
    policy = (attempts_store, max_resume_attempts, retry_failed)
    call = _Resume.of(graph, thread_id, resume, context, durability, policy)
    return await arun(_resume_flow(call))
