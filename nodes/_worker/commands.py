"""The worker's command tool: allowlisted argv prefixes, no shell, a timeout, capped output."""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from langchain_core.tools import BaseTool, StructuredTool, ToolException
from pydantic import BaseModel, ConfigDict, Field, field_validator

from langgraph_council.nodes._errors import CouncilError
from langgraph_council.nodes._input_errors import CouncilModel
from langgraph_council.nodes._worker.tools import tool_error

__all__ = ["COMMAND_TOOL_NAME", "CommandPolicy", "IsolationUnavailableError", "command_tool"]

logger = logging.getLogger(__name__)

COMMAND_TOOL_NAME = "run_command"

_QUIET_ENV = {
    "PYTHONDONTWRITEBYTECODE": "1",  # no __pycache__ left for the pipeline to commit
    "PYTEST_ADDOPTS": "-p no:cacheprovider",  # no .pytest_cache either
    "RUFF_NO_CACHE": "true",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
}


class IsolationUnavailableError(CouncilError, RuntimeError):
    """`CommandPolicy(isolation="required")` but no network namespace can be made here."""


class CommandPolicy(CouncilModel):
    """Which commands the worker may run in its worktree, and how.

    `allow` lists commands as argv prefixes (a string is split like a shell would, but no shell
    ever runs): `"pytest -q"` allows `pytest -q` and `pytest -q tests/test_api.py`, never
    `pytest` alone. Extra arguments may not be absolute paths or contain `..`; with
    `extra_args=False` only the exact commands run. Commands run with the worktree as their
    directory, a minimal environment (`PATH` and `env`, nothing else of this process's), no
    standard input, `timeout_seconds`, and output capped at `max_output_chars`.

    Without `network=True` a command runs in a new, empty network namespace (`unshare -n`,
    Linux) when this process may make one (root, or unprivileged user namespaces); elsewhere
    it runs without isolation and a warning is logged, unless `isolation="required"`, which
    refuses to run it.

    Example:
        >>> CommandPolicy(allow=["python -m pytest -q"], timeout_seconds=120).allow
        (('python', '-m', 'pytest', '-q'),)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    allow: tuple[tuple[str, ...], ...] = Field(min_length=1)
    timeout_seconds: float = Field(60.0, gt=0, le=3600)
    max_output_chars: int = Field(20_000, ge=200, le=1_000_000)
    extra_args: bool = True
    network: bool = False
    isolation: Literal["best_effort", "required"] = "best_effort"
    env: Mapping[str, str] = Field(default_factory=dict)

    @field_validator("allow", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        if isinstance(value, str):
            raise ValueError("allow must be a list of commands, e.g. ['pytest -q']")
        commands = [shlex.split(v) if isinstance(v, str) else list(v) for v in value]
        if any(not argv or not all(isinstance(a, str) and a for a in argv) for argv in commands):
            raise ValueError(f"allow has an empty command or argument: {value!r}")
        return commands

    def allows(self, argv: Sequence[str]) -> bool:
        """True when `argv` starts with an allowed command (and its extra arguments are safe)."""
        for allowed in self.allow:
            if tuple(argv[: len(allowed)]) != allowed:
                continue
            extra = argv[len(allowed) :]
            if not extra or (self.extra_args and all(map(_safe_extra, extra))):
                return True
        return False

    def describe(self) -> str:
        """The allowed commands, one per line, as the model sees them."""
        return "\n".join(f"- {shlex.join(argv)}" for argv in self.allow)


def _safe_extra(arg: str) -> bool:
    value = arg.split("=", 1)[1] if arg.startswith("-") and "=" in arg else arg
    path = PurePosixPath(value)
    return not path.is_absolute() and ".." not in path.parts and not value.startswith("~")


@functools.cache
def _netns_prefix() -> tuple[str, ...] | None:
    """The `unshare` argv that gives a command an empty network namespace, if one works here."""
    unshare = shutil.which("unshare")
    if not unshare or not sys.platform.startswith("linux"):
        return None
    tries: list[tuple[str, ...]] = [(unshare, "-n")] if os.geteuid() == 0 else []
    tries.append((unshare, "-r", "-n"))  # an unprivileged user namespace
    for prefix in tries:
        probe = subprocess.run([*prefix, "true"], capture_output=True, check=False, timeout=10)
        if probe.returncode == 0:
            return prefix
    return None


def _argv(command: str, policy: CommandPolicy) -> list[str]:
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ToolException(f"error: cannot parse the command ({exc})") from None
    if not argv or not policy.allows(argv):
        raise ToolException(
            f"error: refused {command!r}: not an allowed command. Allowed (as prefixes):\n"
            f"{policy.describe()}"
        )
    if policy.network:
        return argv
    prefix = _netns_prefix()
    if prefix is None:
        if policy.isolation == "required":
            raise IsolationUnavailableError(
                "CommandPolicy(isolation='required'): no network namespace can be made here "
                "(needs Linux `unshare` as root or with user namespaces)"
            )
        logger.warning("worker commands run without network isolation (no usable `unshare`)")
        return argv
    return [*prefix, *argv]


def _environment(policy: CommandPolicy, root: Path) -> dict[str, str]:
    tmp = tempfile.gettempdir()
    base = {"PATH": os.environ.get("PATH", os.defpath), "HOME": tmp, "TMPDIR": tmp}
    return {**base, **_QUIET_ENV, "PWD": str(root), **policy.env}


def _read_output(out: Any, cap: int) -> str:
    """The command's output: all of it, or its first and last `cap // 2` bytes."""
    size = out.seek(0, os.SEEK_END)
    out.seek(0)
    if size <= cap:
        return str(out.read().decode("utf-8", "replace"))
    half = cap // 2
    head = out.read(half).decode("utf-8", "replace")
    out.seek(size - half)
    tail = out.read().decode("utf-8", "replace")
    return f"{head}\n[... {size - 2 * half} bytes of output cut ...]\n{tail}"


def run_command(command: str, root: Path, policy: CommandPolicy) -> str:
    """Run an allowed `command` in `root`; its exit status and capped output, as text.

    Raises:
        ToolException: The command is not allowed (the model reads why and what is).
    """
    argv = _argv(command, policy)
    with tempfile.TemporaryFile() as out:
        try:
            process = subprocess.Popen(
                argv,
                cwd=root,
                env=_environment(policy, root),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        except OSError as exc:
            raise ToolException(f"error: cannot run {argv[0]!r}: {exc.strerror}") from None
        status = _wait(process, policy.timeout_seconds)
        text = _read_output(out, policy.max_output_chars)
    head = (
        f"timed out after {policy.timeout_seconds:g} s (killed)"
        if status is None
        else f"exit status {status}"
    )
    return f"{head}\n{text}"


def _wait(process: subprocess.Popen[bytes], timeout: float) -> int | None:
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # the command and everything it started
        process.wait()
        return None


class _CommandArgs(BaseModel):
    command: str = Field(description="The command line, e.g. 'pytest -q tests/test_api.py'.")


def command_tool(root: Path | str, policy: CommandPolicy) -> BaseTool:
    """The `run_command` tool for the worktree at `root` under `policy`."""
    where = Path(root)

    def run(command: str) -> str:
        return run_command(command, where, policy)

    tool: BaseTool = StructuredTool.from_function(
        run,
        name=COMMAND_TOOL_NAME,
        description="Run one of these commands in the worktree (no shell; arguments may be "
        f"added after them):\n{policy.describe()}",
        args_schema=_CommandArgs,
        handle_tool_error=True,
        handle_validation_error=tool_error,
    )
    return tool
