"""Helpers for tests that drive other processes: a free port, a line to wait for in a log, a
Python script run to its end, a child's JSON events read until it is killed."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

HANG = 900.0
"""Seconds a test waits on another process or thread before it calls it hung. Generous on
purpose: beside two CPU hogs and other work (issue 34) a child that takes 20 s on a quiet
machine takes minutes. It bounds a hang; it never measures speed."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_line(log: Path, line: str, proc: subprocess.Popen[str], timeout: float = HANG) -> None:
    """Return once `line` is a line of `log`; fail if `proc` exits first or it never comes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and line in log.read_text().splitlines():
            return
        if proc.poll() is not None:
            pytest.fail(f"worker exited early: {proc.stderr.read() if proc.stderr else ''}")
        time.sleep(0.02)
    pytest.fail(f"{line!r} never appeared in {log}")


def child_env(env: Mapping[str, str | None]) -> dict[str, str]:
    """This process's environment with `env` over it; a None value drops that variable."""
    merged = {**os.environ, **env}
    return {key: value for key, value in merged.items() if value is not None}


def run_python(
    script: Path,
    *args: str,
    env: Mapping[str, str | None] | None = None,
    timeout: float = HANG,
    ok: bool = True,
) -> subprocess.CompletedProcess[str]:
    """Run `script` with this interpreter to its end (output captured); with `ok`, the test
    fails with its stderr unless it exits 0."""
    done = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=child_env(env or {}),
        check=False,
    )
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def last_json(stdout: str) -> dict[str, Any]:
    """The JSON object on the last line of a child's output."""
    found: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    return found


def json_events(
    script: Path, args: list[str], *, kill_when_ready: bool
) -> tuple[list[dict[str, object]], str]:
    """Run `script` (strict msgpack), one JSON event per stdout line; SIGKILL it at the first
    event marked `ready` when `kill_when_ready`. Its events and its stderr; the test fails
    unless it was killed then, or else exited 0."""
    events: list[dict[str, object]] = []
    with subprocess.Popen(
        [sys.executable, str(script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env({"LANGGRAPH_STRICT_MSGPACK": "true"}),
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        for line in proc.stdout:
            events.append(json.loads(line))
            if kill_when_ready and events[-1].get("ready"):
                proc.send_signal(signal.SIGKILL)
                break
        code = proc.wait(timeout=HANG)
        errors = proc.stderr.read()
    assert code == (-signal.SIGKILL if kill_when_ready else 0), (events, errors)
    return events, errors
