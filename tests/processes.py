"""Helpers for tests that drive other processes: a free port, a line to wait for in a log."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import pytest


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_line(log: Path, line: str, proc: subprocess.Popen[str], timeout: float = 60) -> None:
    """Return once `line` is a line of `log`; fail if `proc` exits first or it never comes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and line in log.read_text().splitlines():
            return
        if proc.poll() is not None:
            pytest.fail(f"worker exited early: {proc.stderr.read() if proc.stderr else ''}")
        time.sleep(0.02)
    pytest.fail(f"{line!r} never appeared in {log}")
