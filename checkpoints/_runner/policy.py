"""Resume policy: count resume attempts, give a thread up after too many, say where it resumed.

`resume_thread` with an attempts store applies it (`_runner.resume`). Each call on
a crashed thread counts one attempt *before* the run starts (a resume that kills the process
again still counts). Up to `max_resume_attempts` it resumes; beyond that it marks the thread
failed with the category `infer_failure_category` gives the last error, and raises
`ThreadFailedError` without running anything. A resumed run that returns (finished, or waiting
for a human) clears the counter: it counts consecutive failures. A thread waiting on
`interrupt()` is resumed with its answer and never counted. `prepare_resume` is the first half
alone, for runners that invoke the graph themselves (e.g. under `run_until_signal`); they call
`attempts_store.clear` after a run that completed or was suspended at a step boundary. Resume a
thread from one process at a time (LangGraph runs one run per thread); two racing resumers
would both be counted. `prepare_flow` is the policy written once over its packed arguments
(`PolicyArgs`); `prepare_resume` runs it, async callers await it with `steps.arun`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel
from langgraph.types import StateSnapshot

from langgraph_council.checkpoints._failures import FailureCategory, infer_failure_category
from langgraph_council.checkpoints._reconciliation import reconciliation_note, sanitize_error_text
from langgraph_council.checkpoints._resume_attempts import (
    ResumeAttemptStore,
    ResumeStatus,
    stored_error_text,
)
from langgraph_council.checkpoints._runner.commands import thread_config
from langgraph_council.checkpoints._runner.steps import Flow, blocking, get_state, run
from langgraph_council.nodes._calls.resume_note import RESUME_NOTE_KEY, resume_note_payload
from langgraph_council.nodes._errors import ThreadFailedError

__all__ = [
    "PolicyArgs",
    "ResumePlan",
    "ThreadFailedError",
    "prepare_flow",
    "prepare_resume",
]


@dataclass(frozen=True)
class ResumePlan:
    """What `prepare_resume` decided: run `graph` with `config` (input None, or the answer)."""

    thread_id: str
    config: RunnableConfig
    attempt: int | None
    """The attempt this run is (1-based), or None for a thread waiting on a human."""
    note: str | None
    """The reconciliation note the resuming nodes see, or None."""


@dataclass(frozen=True)
class _Decision:
    kind: Literal["human", "resume", "refuse"]
    cause: BaseException | str | None = None
    reset: bool = False
    step: int = 0
    nodes: tuple[str, ...] = ()


def _last_error(state: StateSnapshot) -> BaseException | str | None:
    """The error a failed task left in the checkpoint (LangGraph stores it as a write)."""
    for task in sorted(state.tasks, key=lambda t: t.name):
        if task.error is not None:
            return task.error
    return None


def _decide(
    state: StateSnapshot,
    status: ResumeStatus,
    *,
    max_attempts: int,
    retry_failed: bool,
    error: BaseException | str | None,
    answering: bool,
) -> _Decision:
    thread_id = status.thread_id
    if state.created_at is None:
        raise ValueError(f"thread {thread_id!r} has no checkpoint; start it with invoke() first")
    if state.interrupts:
        return _Decision("human")
    if answering:
        raise ValueError(f"thread {thread_id!r} is not waiting on an interrupt; drop resume=")
    if not state.next:
        raise ValueError(f"thread {thread_id!r} has already finished; nothing to resume")
    if status.failed_category is not None and not retry_failed:
        raise _failed(thread_id, status.failed_category, status.attempts, status.last_error)
    cause = error if error is not None else _last_error(state)
    reset = status.failed and retry_failed
    if not reset and status.attempts >= max_attempts:
        return _Decision("refuse", cause)
    step = int((state.metadata or {}).get("step", -1)) + 1
    return _Decision("resume", cause, reset, step, tuple(state.next))


def _plan(decision: _Decision, thread_id: str, attempt: int, max_attempts: int) -> ResumePlan:
    note = reconciliation_note(
        ", ".join(decision.nodes), decision.cause, attempt=attempt, max_attempts=max_attempts
    )
    config: RunnableConfig = {
        "configurable": {
            "thread_id": thread_id,
            RESUME_NOTE_KEY: resume_note_payload(note, step=decision.step, nodes=decision.nodes),
        }
    }
    return ResumePlan(thread_id, config, attempt, note)


def _refused(decision: _Decision, status: ResumeStatus) -> ThreadFailedError:
    category = infer_failure_category(decision.cause)
    return _failed(status.thread_id, category, status.attempts, stored_error_text(decision.cause))


def _failed(
    thread_id: str, category: FailureCategory, attempts: int, error: str | None
) -> ThreadFailedError:
    """The error for a given-up thread; its message shows the error sanitised."""
    shown = sanitize_error_text(error) if error else None
    return ThreadFailedError(thread_id, category, attempts, error, shown=shown)


def _check_max(max_resume_attempts: int) -> None:
    if isinstance(max_resume_attempts, bool) or not isinstance(max_resume_attempts, int):
        raise TypeError(f"max_resume_attempts must be an int, got {max_resume_attempts!r}")
    if max_resume_attempts < 0:
        raise ValueError(f"max_resume_attempts must be >= 0, got {max_resume_attempts}")


@dataclass(frozen=True)
class PolicyArgs:
    """The resume policy's arguments, packed once for its sync and async callers.

    `error` overrides the error read from the checkpoint (the failed task's stored error).
    `resume` is the answer the run will get, checked here so that a wrong call counts nothing.
    """

    attempts_store: ResumeAttemptStore
    max_resume_attempts: int = 2
    retry_failed: bool = False
    error: BaseException | str | None = None
    resume: Any = None


def prepare_flow(graph: Pregel[Any, Any], thread_id: str, policy: PolicyArgs) -> Flow[ResumePlan]:
    """Apply the policy to `thread_id` and count the attempt; run nothing.

    Raises:
        ThreadFailedError: The thread is (or has just been) given up on.
        ValueError: The thread has no checkpoint or has finished.
    """
    _check_max(policy.max_resume_attempts)
    store = policy.attempts_store
    status = yield blocking(store.status, thread_id)
    decision = _decide(
        (yield get_state(graph, thread_config(thread_id))),
        status,
        max_attempts=policy.max_resume_attempts,
        retry_failed=policy.retry_failed,
        error=policy.error,
        answering=policy.resume is not None,
    )
    if decision.kind == "human":
        return ResumePlan(thread_id, thread_config(thread_id), None, None)
    if decision.kind == "refuse":
        failure = _refused(decision, status)
        yield blocking(store.mark_failed, thread_id, failure.category, decision.cause)
        raise failure
    if decision.reset:
        yield blocking(store.clear, thread_id)
    attempt = yield blocking(store.record_attempt, thread_id, decision.cause)
    return _plan(decision, thread_id, attempt, policy.max_resume_attempts)


def prepare_resume(
    graph: Pregel[Any, Any],
    thread_id: str,
    *,
    attempts_store: ResumeAttemptStore,
    max_resume_attempts: int = 2,
    retry_failed: bool = False,
    error: BaseException | str | None = None,
    resume: Any = None,
) -> ResumePlan:
    """Apply the policy to `thread_id` and count the attempt; run nothing (`prepare_flow`).

    `error` overrides the error read from the checkpoint; `resume` is the answer the run will
    get, checked here so that a wrong call counts nothing. Async callers drive the same flow
    with `arun(prepare_flow(graph, thread_id, PolicyArgs(...)))`.

    Raises:
        ThreadFailedError: The thread is (or has just been) given up on.
        ValueError: The thread has no checkpoint or has finished.
    """
    policy = PolicyArgs(attempts_store, max_resume_attempts, retry_failed, error, resume)
    return run(prepare_flow(graph, thread_id, policy))
