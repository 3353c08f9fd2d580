"""The check before a merge: a callable, or a command run in the subtask's worktree (no shell).

A command runs as an argv list with the worktree as its working directory, stdin closed,
stdout and stderr together in a temporary file (so a chatty check never fills memory; only its
tail is kept), in its own process group, killed as a group at the timeout. Python checks write
no bytecode (`PYTHONDONTWRITEBYTECODE=1`), and any file the check leaves that git would commit
(not ignored, not there before the check) is removed again, so the check never adds to the
subtask's work. A callable gets the worktree path (None without a workspace) and the
`SubtaskRun`, and returns a `CheckResult`, a bool, or `(passed, output)`; raising fails the
check with the error as its output. A check never runs git hooks: its only git calls are
internal ones (`git.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from langgraph.errors import GraphBubbleUp

from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._pipeline.attempts import CheckResult
from langgraph_council.nodes._pipeline.execute import run_blocking
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._workspace.git import try_git

__all__ = ["CheckLike", "CheckVerdict", "SubtaskCheck", "SubtaskChecker", "run_command"]

CheckVerdict: TypeAlias = CheckResult | bool | tuple[bool, str]
"""What a check callable returns: a `CheckResult`, passed as a bool, or (passed, output)."""

SubtaskCheck: TypeAlias = Callable[
    [Path | None, SubtaskRun], CheckVerdict | Awaitable[CheckVerdict]
]
"""A check callable: (worktree path or None, the subtask's run) -> verdict (sync or async)."""

CheckLike: TypeAlias = SubtaskCheck | Sequence[str]
"""What `check=` takes: a callable, or a command as an argv list."""


def _untracked(worktree: Path) -> set[str]:
    listed = try_git(worktree, "ls-files", "--others", "--exclude-standard", "-z")
    return {p for p in listed.stdout.split("\0") if p} if listed.ok else set()


def _remove_new(worktree: Path, before: set[str]) -> None:
    """Remove what the check left that git would commit with the subtask's work."""
    left = sorted(_untracked(worktree) - before)
    if left:
        try_git(worktree, "--literal-pathspecs", "clean", "-f", "-q", "--", *left)


def _tail(path: Path, chars: int) -> str:
    with path.open("rb") as handle:
        size = handle.seek(0, os.SEEK_END)
        handle.seek(max(0, size - chars * 4))
        text = handle.read().decode("utf-8", errors="replace")
    return text if len(text) <= chars else "…" + text[-(chars - 1) :]


def _kill(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # it ended on its own meanwhile
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def run_command(
    argv: Sequence[str], worktree: Path, *, timeout: float, output_chars: int
) -> CheckResult:
    """Run `argv` in `worktree` (no shell) and report passed (exit 0), output tail and time."""
    command, started = tuple(argv), time.perf_counter()
    before = _untracked(worktree)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory(prefix="council-check-") as tmp:
        out = Path(tmp) / "output"
        with out.open("wb") as sink:
            try:
                proc = subprocess.Popen(  # an argv list, no shell
                    command, cwd=worktree, stdin=subprocess.DEVNULL, stdout=sink,
                    stderr=subprocess.STDOUT, env=env, start_new_session=True,
                )  # fmt: skip
            except OSError as exc:
                return CheckResult(passed=False, output=f"could not start: {exc}", command=command)
            try:
                code: int | None = proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                _kill(proc)
                code = None
        output = _tail(out, output_chars)
    _remove_new(worktree, before)
    if code is None:
        output += f"\n[timed out after {timeout:g} s; the check's processes were killed]"
    return CheckResult(
        passed=code == 0, output=output, duration_s=time.perf_counter() - started,
        command=command, exit_code=code, timed_out=code is None,
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


def _raised(exc: Exception, started: float) -> CheckResult:
    output = f"the check raised {type(exc).__name__}: {exc}"
    return CheckResult(passed=False, output=output, duration_s=time.perf_counter() - started)


class SubtaskChecker:
    """Runs one pipeline's check on a subtask's work, from sync or async nodes.

    Raises:
        TypeError: If `check` is neither callable nor a list of strings.
        ValueError: If the command is empty or its program is not found on PATH.
    """

    def __init__(self, check: CheckLike, *, timeout: float, output_chars: int) -> None:
        self.timeout, self.output_chars = timeout, output_chars
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

    def _run_command(self, run: SubtaskRun) -> CheckResult:
        if run.workspace_path is None:
            return CheckResult(
                passed=False,
                output="a check command runs in the subtask's worktree; this run has none",
                command=self.command,
            )
        return run_command(
            self.command, Path(run.workspace_path), timeout=self.timeout,
            output_chars=self.output_chars,
        )  # fmt: skip

    def check(self, run: SubtaskRun) -> CheckResult:
        """Check `run`'s work from sync code."""
        if self.call is None:
            return self._run_command(run)
        started = time.perf_counter()
        path = None if run.workspace_path is None else Path(run.workspace_path)
        try:
            value = self.call(path, run)
            if inspect.isawaitable(value):
                value = run_blocking(value)
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
            value = await call(path, run)
        except GraphBubbleUp:
            raise
        except Exception as exc:  # noqa: BLE001 - a raising check is a failed check
            return _raised(exc, started)
        return _verdict(value, started)
