"""The one way tests run `council`: in this process (`run_cli`) or in a new one (`council`).

In-process is fast and sees mocks; a new OS process is what a user in another shell gets (a
second process deciding an escalation, a signal to a running meeting).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from langgraph_council.graphs.cli import main
from tests.processes import HANG

ROOT = Path(__file__).parents[1]


@dataclass(frozen=True)
class CliRun:
    """What one `council` run printed, and its exit status."""

    status: int
    out: str
    err: str


def run_cli(*argv: str) -> CliRun:
    """`council ARGV` in this process; a `SystemExit` (argparse) becomes the exit status."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exited:
            status = exited.code if isinstance(exited.code, int) else 1
    return CliRun(status, out.getvalue(), err.getvalue())


def council_argv(*args: str) -> list[str]:
    """The command line of `council ARGS` as a new process."""
    return [sys.executable, "-m", "langgraph_council.graphs.cli", *args]


def council_env(**extra: str) -> dict[str, str]:
    """The environment for a `council` process: strict msgpack, wide lines, and `extra`."""
    return {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true", "COLUMNS": "300", **extra}


def council(*args: str, timeout: float = HANG, **env: str) -> subprocess.CompletedProcess[str]:
    """`council ARGS` in a second OS process, as a user in another shell runs it."""
    return subprocess.run(
        council_argv(*args),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
        env=council_env(**env),
    )


def council_popen(*args: str, **kw: Any) -> subprocess.Popen[str]:
    """`council ARGS` started in a new OS process (to signal or wait on it)."""
    return subprocess.Popen(council_argv(*args), text=True, cwd=ROOT, env=council_env(), **kw)
