"""The check before a merge: a callable, or a command run in the subtask's worktree (no shell).

A command runs as an argv list with the worktree as its working directory, in the sandbox the
worker's `run_command` shares (`sandbox.py`: an allowlisted environment, its own user and PID
namespace, killed with everything it started at the timeout, output and files bounded, output
scrubbed of this process's secrets, the user's repository read-only when the pipeline gives
it in `SandboxSpec.read_only`); only the output's tail is kept. Whatever the check
changes among the paths git would commit (edits, deletions, new files) is undone afterwards
(`check_edits.py`), so the check never adds to or alters the subtask's work.

A callable gets the worktree path (None without a workspace) and the `SubtaskRun`, and
returns a `CheckResult`, a bool, or `(passed, output)`; raising fails the check with the error
as its output. A check never runs git hooks: its only git calls are internal ones (`git.py`).
"""

from __future__ import annotations

import asyncio
import inspect
import shutil
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeAlias

from langgraph.errors import GraphBubbleUp

from langgraph_council.nodes._deadline import (
    CallTimeoutError,
    TimeLimit,
    acall_with_limit,
    call_with_limit,
)
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._pipeline.executor import run_blocking
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._workspace.check_edits import discarding_edits
from langgraph_council.nodes._workspace.models import CheckResult
from langgraph_council.nodes._workspace.sandbox import (
    SandboxSpec,
    read_tail,
    require_isolation,
    run_sandboxed,
)

__all__ = ["CheckLike", "CheckVerdict", "SubtaskCheck", "SubtaskChecker", "run_command"]

_OPT_OUT = "WorkspaceConfig(check_isolation='best_effort')"

CheckVerdict: TypeAlias = CheckResult | bool | tuple[bool, str]
"""What a check callable returns: a `CheckResult`, passed as a bool, or (passed, output)."""

SubtaskCheck: TypeAlias = Callable[
    [Path | None, SubtaskRun], CheckVerdict | Awaitable[CheckVerdict]
]
"""A check callable: (worktree path or None, the subtask's run) -> verdict (sync or async)."""

CheckLike: TypeAlias = SubtaskCheck | Sequence[str]
"""What `check=` takes: a callable, or a command as an argv list."""


def run_command(
    argv: Sequence[str],
    worktree: Path,
    *,
    timeout: float,
    output_chars: int,
    sandbox: SandboxSpec | None = None,
) -> CheckResult:
    """Run `argv` in `worktree` in the sandbox (no shell) and report passed (exit 0), the
    output's scrubbed tail and the time; what the check changed in the worktree is undone."""
    command, started = tuple(argv), time.perf_counter()
    spec = replace(sandbox or SandboxSpec(timeout, _OPT_OUT), timeout=timeout)
    with discarding_edits(worktree):
        try:
            done = run_sandboxed(command, worktree, spec, read_tail(output_chars))
        except OSError as exc:
            return CheckResult(passed=False, output=f"could not start: {exc}", command=command)
    output, code = done.output, done.exit_code
    if done.timed_out:
        output += f"\n[timed out after {timeout:g} s; the check's processes were killed]"
    if done.output_exceeded:
        output += f"\n[stopped: the check wrote more than {spec.max_file_bytes} bytes of output]"
    return CheckResult(
        passed=code == 0, output=output, duration_s=time.perf_counter() - started,
        command=command, exit_code=code, timed_out=done.timed_out,
    )  # fmt: skip


def _verdict(value: Any, started: float) -> CheckResult:
    duration = time.perf_counter() - started
    if isinstance(value, CheckResult):
        return value if value.duration_s else value.model_copy(update={"duration_s": duration})
    if isinstance(value, bool):
        return CheckResult(passed=value, duration_s=duration)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], bool):
        return CheckResult(passed=value[0], output=str(value[1]), duration_s=duration)
    return CheckResult(
        passed=False,
        output=f"the check returned {type(value).__name__}; return a CheckResult, a bool or "
        "(passed, output)",
        duration_s=duration,
    )


def _settled(value: Any) -> Any:
    return run_blocking(value) if inspect.isawaitable(value) else value


def _raised(exc: Exception, started: float) -> CheckResult:
    late = isinstance(exc, CallTimeoutError)
    output = str(exc) if late else f"the check raised {type(exc).__name__}: {exc}"
    duration = time.perf_counter() - started
    return CheckResult(passed=False, output=output, duration_s=duration, timed_out=late)


class SubtaskChecker:
    """Runs one pipeline's check on a subtask's work, from sync or async nodes.

    Raises:
        TypeError: If `check` is neither callable nor a list of strings.
        ValueError: If the command is empty or its program is not found on PATH.
    """

    def __init__(
        self,
        check: CheckLike,
        *,
        timeout: float,
        output_chars: int,
        callable_limit: TimeLimit | None = None,
        sandbox: SandboxSpec | None = None,
    ) -> None:
        self.timeout, self.output_chars = timeout, output_chars
        self.limit = callable_limit
        self.sandbox = sandbox or SandboxSpec(timeout, _OPT_OUT)
        self.command: tuple[str, ...] = ()
        self.call: SubtaskCheck | None = None
        if callable(check):
            self.call = check
        elif isinstance(check, str | bytes) or not all(isinstance(a, str) for a in check):
            raise InvalidInputTypeError(
                "check must be a callable (worktree path, SubtaskRun) -> CheckResult | bool, or "
                "a command as a list of strings such as ['python', '-m', 'pytest', '-q']; got "
                f"{check!r}"
            )
        elif not check or shutil.which(check[0]) is None:
            program = check[0] if check else None
            raise InvalidInputError(
                f"check command {list(check)!r}: program {program!r} is not found on PATH; give "
                "an installed program or an absolute path"
            )
        else:
            self.command = tuple(check)
            require_isolation(self.sandbox)  # refuse now, not at the first subtask

    def _run_command(self, run: SubtaskRun) -> CheckResult:
        if run.workspace_path is None:
            return CheckResult(
                passed=False,
                output="a check command runs in the subtask's worktree; this run has none",
                command=self.command,
            )
        return run_command(
            self.command, Path(run.workspace_path), timeout=self.timeout,
            output_chars=self.output_chars, sandbox=self.sandbox,
        )  # fmt: skip

    def _limit(self) -> tuple[float | None, str, str]:
        """A callable check's time limit (`CoordinationConfig.callable_timeout_seconds`): past
        it the check fails as `timed_out`, its call left in a daemon thread (`nodes._deadline`)
        so it cannot hold the process at exit."""
        seconds = self.limit.read() if self.limit else None
        return seconds, "the check callable", self.limit.setting if self.limit else ""

    def check(self, run: SubtaskRun) -> CheckResult:
        """Check `run`'s work from sync code."""
        if self.call is None:
            return self._run_command(run)
        started = time.perf_counter()
        path = None if run.workspace_path is None else Path(run.workspace_path)
        call = self.call
        try:
            value = call_with_limit(lambda: _settled(call(path, run)), *self._limit())
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - a raising check is a failed check
            return _raised(exc, started)
        return _verdict(value, started)

    async def acheck(self, run: SubtaskRun) -> CheckResult:
        """Check `run`'s work from async code (commands and sync callables in a thread)."""
        call = self.call
        if call is None or not inspect.iscoroutinefunction(call):
            return await asyncio.to_thread(self.check, run)
        started = time.perf_counter()
        path = None if run.workspace_path is None else Path(run.workspace_path)
        try:
            value = await acall_with_limit(lambda: call(path, run), *self._limit())
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - a raising check is a failed check
            return _raised(exc, started)
        return _verdict(value, started)
