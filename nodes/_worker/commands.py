"""The worker's command tool: allowlisted argv prefixes, no shell, a timeout, capped output."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool, ToolException
from pydantic import BaseModel, ConfigDict, Field, field_validator

from langgraph_council.nodes._input_errors import CouncilModel
from langgraph_council.nodes._worker.tools import tool_error
from langgraph_council.nodes._workspace.sandbox import (
    DEFAULT_MAX_FILE_BYTES,
    Isolation,
    IsolationUnavailableError,
    SandboxSpec,
    read_ends,
    run_sandboxed,
)

__all__ = ["COMMAND_TOOL_NAME", "CommandPolicy", "IsolationUnavailableError", "command_tool"]

COMMAND_TOOL_NAME = "run_command"


class CommandPolicy(CouncilModel):
    """Which commands the worker may run in its worktree, and how.

    `allow` lists commands as argv prefixes (a string is split like a shell would, but no shell
    ever runs): `"pytest -q"` allows `pytest -q` and `pytest -q tests/test_api.py`, never
    `pytest` alone. Extra arguments may not be absolute paths, contain `..`, or use what tools
    expand themselves (`$VAR`, `~`); with `extra_args=False` only the exact commands run.

    Commands run in the sandbox that `check=` commands share (docs/design.md, "What agent-run
    code can see"): the worktree as their directory, no standard input, a minimal environment
    (`PATH`, a private `HOME`/`TMPDIR`, a UTF-8 locale, caches off, the variables named in
    `env_allow` taken from this process, and `env`), `timeout_seconds`, each file written and
    the output held to `max_file_bytes` (the command is stopped there), and the model sees
    `max_output_chars` of the output with the values of every variable it was not given
    hidden. On Linux each command gets its own user, PID and mount namespace (plus an empty
    network namespace unless `network=True`): it cannot read this process's environment
    through `/proc`, and nothing it starts outlives it. In a coordination graph with a
    workspace, the user's repository (work tree and git dir) is mounted read-only for it.
    Where no namespace (or no read-only mount) can be made the tool refuses
    (`IsolationUnavailableError`) unless `isolation="best_effort"` opts out.

    Example:
        >>> CommandPolicy(allow=["python -m pytest -q"], timeout_seconds=120).allow
        (('python', '-m', 'pytest', '-q'),)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    allow: tuple[tuple[str, ...], ...] = Field(min_length=1)
    timeout_seconds: float = Field(60.0, gt=0, le=3600)
    max_output_chars: int = Field(20_000, ge=200, le=1_000_000)
    max_file_bytes: int = Field(DEFAULT_MAX_FILE_BYTES, ge=1024)
    extra_args: bool = True
    network: bool = False
    isolation: Isolation = "required"
    env: Mapping[str, str] = Field(default_factory=dict)
    env_allow: tuple[str, ...] = ()

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


def _refused_extra(arg: str) -> str | None:
    """Why an extra argument is refused (None when it is fine)."""
    value = arg.split("=", 1)[1] if arg.startswith("-") and "=" in arg else arg
    if "$" in arg or any(part.startswith("~") for part in arg.replace("=", ":").split(":")):
        return "tools expand `$VAR` and `~` themselves, which can point outside the worktree"
    path = PurePosixPath(value)
    if path.is_absolute() or ".." in path.parts:
        return "absolute paths and `..` lead outside the worktree"
    return None


def _safe_extra(arg: str) -> bool:
    return _refused_extra(arg) is None


def _why_refused(argv: Sequence[str], policy: CommandPolicy) -> str:
    """What the model reads when `argv` is refused: a bad extra argument, if that is why."""
    for allowed in policy.allow:
        if tuple(argv[: len(allowed)]) != allowed or not policy.extra_args:
            continue
        for extra in argv[len(allowed) :]:
            if (why := _refused_extra(extra)) is not None:
                return f" (argument {extra!r}: {why}; give a path relative to the worktree)"
    return ""


def _argv(command: str, policy: CommandPolicy) -> list[str]:
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ToolException(f"error: cannot parse the command ({exc})") from None
    if not argv or not policy.allows(argv):
        raise ToolException(
            f"error: refused {command!r}: not an allowed command{_why_refused(argv, policy)}. "
            f"Allowed (as prefixes):\n{policy.describe()}"
        )
    return argv


def run_command(
    command: str, root: Path, policy: CommandPolicy, read_only: tuple[Path, ...] = ()
) -> str:
    """Run an allowed `command` in `root` in the sandbox, `read_only` (the user's repository,
    from the pipeline) mounted read-only; its exit status and capped output.

    Raises:
        ToolException: The command is not allowed (the model reads why and what is).
        IsolationUnavailableError: No namespace here and the policy did not opt out.
    """
    argv = _argv(command, policy)
    spec = SandboxSpec(
        timeout=policy.timeout_seconds, opt_out="CommandPolicy(isolation='best_effort')",
        env_allow=policy.env_allow, env=policy.env, network=policy.network,
        isolation=policy.isolation, max_file_bytes=policy.max_file_bytes, read_only=read_only,
    )  # fmt: skip
    try:
        done = run_sandboxed(argv, root, spec, read_ends(policy.max_output_chars))
    except OSError as exc:
        raise ToolException(f"error: cannot run {argv[0]!r}: {exc.strerror}") from None
    if done.output_exceeded:
        head = f"stopped: it wrote more than {policy.max_file_bytes} bytes of output (killed)"
    elif done.timed_out:
        head = f"timed out after {policy.timeout_seconds:g} s (killed)"
    else:
        head = f"exit status {done.exit_code}"
    return f"{head}\n{done.output}"


class _CommandArgs(BaseModel):
    command: str = Field(description="The command line, e.g. 'pytest -q tests/test_api.py'.")


def command_tool(
    root: Path | str, policy: CommandPolicy, read_only: tuple[Path, ...] = ()
) -> BaseTool:
    """The `run_command` tool for the worktree at `root` under `policy`, with the folders
    `read_only` (the user's repository) mounted read-only for its commands."""
    where = Path(root)

    def run(command: str) -> str:
        return run_command(command, where, policy, read_only)

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
