"""The executor node: one subtask's run, sync or async, whatever kind of executor it is."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from typing import Any, Protocol

from langchain_core.runnables import Runnable
from langgraph.errors import GraphBubbleUp
from pydantic import ValidationError

from langgraph_council.nodes._calls.node import dual_node
from langgraph_council.nodes._calls.tracing import traced
from langgraph_council.nodes._deadline import (
    TimeLimit,
    acall_with_limit,
    call_with_limit,
)
from langgraph_council.nodes._pipeline.attempts import Attempt, AttemptStatus
from langgraph_council.nodes._pipeline.batching import in_threads, together
from langgraph_council.nodes._pipeline.chat import subtask_message
from langgraph_council.nodes._pipeline.executor import Executor
from langgraph_council.nodes._pipeline.models import SubtaskResult, SubtaskRun
from langgraph_council.nodes._pipeline.names import EXECUTE_SUBTASK
from langgraph_council.nodes._pipeline.runtime import emit
from langgraph_council.nodes._pipeline.traced import attempt_config
from langgraph_council.nodes._pipeline.unchanged import flag_unchanged, may_be_unchanged
from langgraph_council.nodes._pipeline.waves import attempt_callbacks, attempt_ended
from langgraph_council.nodes._workspace.models import CheckResult

__all__ = [
    "Checker",
    "Restorer",
    "make_execute_node",
    "result_of",
    "with_attempt",
]


def result_of(run: SubtaskRun, raw: Any, duration: float) -> SubtaskResult:
    """The executor's return value as a `SubtaskResult` (text, a result, or its dict)."""
    fill = {"subtask_id": run.subtask.id, "finished_at": datetime.now(UTC)}
    if isinstance(raw, str):
        return SubtaskResult(agent_id=run.agent.id, output=raw, duration_s=duration, **fill)
    if isinstance(raw, Mapping):
        try:
            raw = SubtaskResult.model_validate(dict(raw))
        except ValidationError as exc:
            return _failed(run, f"executor returned an invalid SubtaskResult: {exc}", duration)
    if not isinstance(raw, SubtaskResult):
        return _failed(
            run,
            f"executor returned {type(raw).__name__}; return text or a SubtaskResult",
            duration,
        )
    update: dict[str, Any] = dict(fill)
    if raw.agent_id is None:
        update["agent_id"] = run.agent.id
    if not raw.duration_s:
        update["duration_s"] = duration
    if raw.status == "failed" and raw.failure_category is None:
        update["failure_category"] = "direct"
    return raw.model_copy(update=update)


def _failed(run: SubtaskRun, error: str, duration: float) -> SubtaskResult:
    return SubtaskResult(
        subtask_id=run.subtask.id,
        agent_id=run.agent.id,
        status="failed",
        error=error,
        failure_category="direct",
        duration_s=duration,
        finished_at=datetime.now(UTC),
    )


class Checker(Protocol):
    """The pipeline's check before a merge (`nodes._pipeline.subtask_check.SubtaskChecker`)."""

    def check(self, run: SubtaskRun) -> CheckResult:
        """Check `run`'s work from sync code."""
        ...

    async def acheck(self, run: SubtaskRun) -> CheckResult:
        """Check `run`'s work from async code."""
        ...


class Restorer(Protocol):
    """Puts a subtask's worktree back to its attempt's base commit before the attempt runs
    (`nodes._pipeline.attempt_start.AttemptRestorer`)."""

    def restore(self, workspace_id: str, run: SubtaskRun, base: str) -> None:
        """Reset `run`'s worktree in the run `workspace_id` to `base`."""
        ...


_ATTEMPT_STATUS: dict[str, AttemptStatus] = {
    "completed": "completed",
    "failed": "failed",
    "blocked": "blocked",
}


def _checked(result: SubtaskResult, check: CheckResult | None) -> SubtaskResult:
    """`result` failed as a quality gate when its check did not pass."""
    if check is None or check.passed:
        return result
    shown = " ".join(check.command) or "the check"
    why = "timed out" if check.timed_out else f"exit {check.exit_code}"
    lines = [line for line in check.output.splitlines() if line.strip()]
    last = f": {lines[-1].strip()[:200]}" if lines else ""
    return result.model_copy(
        update={
            "status": "failed",
            "failure_category": "quality_gate",
            "error": f"check failed ({shown}, {why}){last}",
        }
    )


def with_attempt(
    run: SubtaskRun, result: SubtaskResult, check: CheckResult | None = None
) -> SubtaskResult:
    """`result` with this attempt recorded after the earlier ones (the check's verdict too)."""
    result = _checked(result, check)
    category = result.failure_category
    attempt = Attempt(
        subtask_id=run.subtask.id,
        number=run.attempt,
        agent_id=result.agent_id or run.agent.id,
        step=run.recovery or "initial",
        status=_ATTEMPT_STATUS.get(result.status, "cancelled"),
        error=result.error if result.status == "failed" else result.reason,
        failure_category=category if category in ("direct", "quality_gate") else None,
        check=check,
        duration_s=result.duration_s + (check.duration_s if check else 0.0),
        finished_at=result.finished_at,
    )
    return result.model_copy(update={"attempts": (*run.previous_attempts, attempt)})


def _run_of(payload: Any) -> SubtaskRun:
    value = payload.get("subtask_run") if isinstance(payload, Mapping) else payload
    return value if value.__class__ is SubtaskRun else SubtaskRun.model_validate(value)


def _update(results: Sequence[SubtaskResult], say: bool) -> dict[str, Any]:
    """The executor node's write: the outcomes, one row; with `say` (a `Send` saved before
    the step after the batch wrote the messages) each subtask's message too."""
    for result in results:
        emit("subtask_finished", subtask_id=result.subtask_id, status=result.status)
    update: dict[str, Any] = {"outcomes": {r.subtask_id: r for r in results}}
    if say:
        update["messages"] = [subtask_message(r) for r in results]
    return update


def _items(payload: Any) -> list[Any]:
    """The attempts a `Send` carries: its own, or a batched wave's (`ExecutePayload.attempts`)."""
    if isinstance(payload, Mapping) and payload.get("attempts"):
        return list(payload["attempts"])
    return [payload]


def _says(payload: Any) -> bool:
    """Whether the node writes the messages itself: only for a `Send` saved before the step
    after the batch did (it lacks `quiet`)."""
    return not (isinstance(payload, Mapping) and payload.get("quiet"))


class _Call:
    """One attempt, around the executor call and the check (made by the sync or async node).

    `recorded()` turns an exception into the attempt's failure; `GraphBubbleUp` (an interrupt
    inside an executor graph) propagates, so the subtask can be resumed.
    """

    def __init__(self, payload: Any, executor: Executor, restorer: Restorer | None) -> None:
        self.run = _run_of(payload)
        self.started = time.perf_counter()
        self.outcome: SubtaskResult | None = None
        fields = payload if isinstance(payload, Mapping) else {}
        self.workspace_id: str | None = fields.get("workspace_id")
        self.base: str | None = fields.get("base")
        self.restorer = restorer
        self.restores = (
            restorer is not None
            and self.workspace_id is not None
            and self.base is not None
            and not executor.checkpoints
        )
        """Start the attempt from its base commit (a re-run after a crash finds the killed
        run's edits): with a workspace, not for an executor graph that resumes from its own
        checkpoints, and not for a `Send` saved before attempts had a base."""
        wave = fields.get("wave")
        self.wave: int | None = wave if isinstance(wave, int) else None
        """The wave the attempt runs in (absent in payloads saved before traces had it)."""
        wave_run = fields.get("wave_run")
        self.wave_run: str | None = wave_run if isinstance(wave_run, str) else None
        """The wave's run in traces (`nodes._pipeline.waves`), when one was started."""

    def traced(self, executor: Executor) -> AbstractContextManager[None]:
        """The executor's run named and tagged as this attempt (`nodes._pipeline.traced`); a
        plain callable starts no run of its own, so its calls get the tags but not the name."""
        extra = attempt_config(EXECUTE_SUBTASK, self.run, self.wave)
        under_wave = attempt_callbacks(self.wave_run)
        if under_wave is not None:
            extra["callbacks"] = under_wave
        return traced(extra, named=isinstance(executor.executor, Runnable))

    @contextmanager
    def counted(self) -> Iterator[None]:
        """Count the attempt out of its wave's run when it ends, however it ends (the last
        one ends the wave's run)."""
        try:
            yield
        finally:
            status = self.outcome.status if self.outcome is not None else None
            attempt_ended(self.wave_run, self.run.subtask.id, status)

    def restore(self) -> None:
        if self.restores and self.restorer is not None and self.workspace_id and self.base:
            self.restorer.restore(self.workspace_id, self.run, self.base)

    def result(self, raw: Any) -> SubtaskResult:
        return result_of(self.run, raw, time.perf_counter() - self.started)

    def done(self, result: SubtaskResult, check: CheckResult | None = None) -> None:
        self.outcome = with_attempt(self.run, result, check)

    def finished(self) -> SubtaskResult:
        if self.outcome is None:  # `recorded()` always sets it unless the attempt bubbled up
            raise RuntimeError(f"subtask {self.run.subtask.id!r}: the attempt left no result")
        return self.outcome

    @contextmanager
    def recorded(self) -> Iterator[None]:
        try:
            yield
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - raising means the attempt failed
            error = f"{type(exc).__name__}: {exc}"
            self.done(_failed(self.run, error, time.perf_counter() - self.started))


def make_execute_node(
    executor: Executor,
    checker: Checker | None = None,
    time_limit: TimeLimit | None = None,
    restorer: Restorer | None = None,
) -> Runnable[Any, Any]:
    """The node each `Send` of a wave runs: one attempt, i.e. one executor call and the check;
    with wave batching (`CoordinationConfig.wave_batching`) the attempts of a whole batch,
    side by side, written as one update.

    Raising means `failed`; a completed result whose `checker` verdict fails becomes `failed`
    (`quality_gate`, the check's output kept in the attempt). The attempt is appended to the
    run's earlier ones in `SubtaskResult.attempts`. `time_limit` bounds the executor call
    (`CoordinationConfig.executor_timeout_seconds`): a late executor is a failed attempt
    (`CallTimeoutError`), its call left to finish in a daemon thread, its result dropped.
    With a `restorer` (a workspace), every run of the attempt starts from the attempt's base
    commit, so a re-run after a crash does not apply the killed run's side effects twice.
    The node writes only `outcomes`: the step after the batch writes the messages
    (`nodes._pipeline.chat`).
    """

    def limit(run: SubtaskRun) -> tuple[float | None, str, str]:
        seconds = time_limit.read() if time_limit else None
        what = f"the executor of subtask {run.subtask.id!r}"
        return seconds, what, time_limit.setting if time_limit else ""

    def attempt(item: Any) -> SubtaskResult:
        call = _Call(item, executor, restorer)
        with call.counted(), call.recorded():
            call.restore()
            with call.traced(executor):
                raw = call_with_limit(lambda: executor.invoke(call.run), *limit(call.run))
            result = flag_unchanged(call.run, call.result(raw), call.base)
            check = checker.check(call.run) if checker and result.status == "completed" else None
            call.done(result, check)
        return call.finished()

    async def aattempt(item: Any) -> SubtaskResult:
        call = _Call(item, executor, restorer)
        with call.counted(), call.recorded():
            if call.restores:  # git work: off the event loop
                await asyncio.to_thread(call.restore)
            with call.traced(executor):
                raw = await acall_with_limit(lambda: executor.ainvoke(call.run), *limit(call.run))
            result = call.result(raw)
            if may_be_unchanged(call.run, result, call.base):
                result = await asyncio.to_thread(flag_unchanged, call.run, result, call.base)
            completed = checker is not None and result.status == "completed"
            check = await checker.acheck(call.run) if checker and completed else None
            call.done(result, check)
        return call.finished()

    def execute(payload: Any) -> dict[str, Any]:
        return _update(in_threads(attempt, _items(payload)), _says(payload))

    async def aexecute(payload: Any) -> dict[str, Any]:
        return _update(await together(aattempt, _items(payload)), _says(payload))

    return dual_node(execute, aexecute, name=EXECUTE_SUBTASK)
