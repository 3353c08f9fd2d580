"""SIGKILL during a wave of five after three finished: the resume runs only the other two."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

CHILD = Path(__file__).with_name("crash_child.py")


def _run(args: list[str], *, kill_when_ready: bool) -> tuple[list[dict[str, object]], str]:
    env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true"}
    events: list[dict[str, object]] = []
    with subprocess.Popen(
        [sys.executable, str(CHILD), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        for line in proc.stdout:
            events.append(json.loads(line))
            if kill_when_ready and events[-1].get("ready"):
                proc.send_signal(signal.SIGKILL)
                break
        code = proc.wait(timeout=60)
        errors = proc.stderr.read()
    assert code == (-signal.SIGKILL if kill_when_ready else 0), (events, errors)
    return events, errors


@pytest.mark.postgres
@pytest.mark.slow
def test_sigkill_mid_wave_resumes_only_unfinished_subtasks(pg_db: str, tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    args = [pg_db, "crash-wave", "run", str(calls)]
    _, run_errors = _run(args, kill_when_ready=True)
    assert sorted(calls.read_text().split()) == ["s1", "s2", "s3", "s4", "s5"]
    calls.write_text("")
    events, errors = _run([pg_db, "crash-wave", "resume", str(calls)], kill_when_ready=False)
    assert sorted(calls.read_text().split()) == ["s4", "s5"]
    assert events[-1]["rollup"] == "completed"
    assert events[-1]["statuses"] == {f"s{i}": "completed" for i in range(1, 6)}
    for stderr in (run_errors, errors):  # strict msgpack: every stored type came back
        assert "Blocked deserialization" not in stderr, stderr
