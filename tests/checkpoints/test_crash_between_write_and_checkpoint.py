"""Issue 14 item 2: a kill between a saved task write and the next checkpoint is recovered.

Each family's child process stores its target task's writes in Postgres and SIGKILLs itself
before the next checkpoint (a hook in a real `PostgresSaver`). The thread must be listed by
`interrupted_threads(saver, graph=...)`, finished by `resume_thread` without repeating the
saved model calls, and, under strict msgpack, listing never unpacks another graph's state.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent / "scripts" / "crash_between.py"
pytestmark = [pytest.mark.postgres, pytest.mark.slow]

# family -> (calls before the kill, calls the resume adds, resume result, saved task)
CASES = {
    "meeting": (["senior_dev", "junior_dev"], ["ui_dev", "cto"], "completed", "take_turn"),
    "conflict": (
        ["backend_lead", "junior_dev", "junior_dev", "senior_dev", "senior_dev"],
        [],
        "senior_dev",
        "debate",
    ),
    "delegation": (
        ["cto", "backend_lead"],
        ["cto"],
        "Summary: done.\nDecisions:\n- Ship it",
        "call_agent",
    ),
}


def _child(
    uri: str, family: str, log: Path, mode: str, thread: str = ""
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true"}
    return subprocess.run(
        [sys.executable, str(SCRIPT), uri, family, thread or f"t-{family}", str(log), mode],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def _ok(done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    assert done.returncode == 0, done.stderr
    assert "Blocked deserialization" not in done.stderr, done.stderr
    report: dict[str, object] = json.loads(done.stdout)
    return report


def test_kills_after_a_saved_write_are_listed_and_resumed_without_repeating_calls(
    pg_db: str, tmp_path: Path
) -> None:
    logs = {family: tmp_path / f"{family}.log" for family in CASES}
    for family, (before, _, _, _) in CASES.items():
        done = _child(pg_db, family, logs[family], "run")
        assert done.returncode == -signal.SIGKILL, (family, done.stdout, done.stderr)
        lines = logs[family].read_text().split()
        assert lines[-1] == "killed"
        assert sorted(lines[:-1]) == sorted(before), family

    for family, (before, after, result, saved) in CASES.items():
        report = _ok(_child(pg_db, family, logs[family], "recover"))  # a new process
        # The latest checkpoint has no task left to run, only saved writes to apply; the
        # other families' threads in the same database are skipped without being read.
        assert report == {
            "listed": [[f"t-{family}", [], [saved]]],
            "result": result,
            "after": [],
            "interrupts": [],
        }, family
        calls = Counter(line for line in logs[family].read_text().split() if line != "killed")
        assert calls == Counter(before) + Counter(after), family  # no saved call repeated

    # resume_closed lists waiting threads in a database full of other graphs' checkpoints:
    # under strict msgpack it unpacks none of them (no "Blocked deserialization" line).
    assert _ok(_child(pg_db, "conflict", tmp_path / "h.log", "escalate", "t-human")) == {
        "waiting": True
    }
    resumed = _ok(_child(pg_db, "conflict", tmp_path / "h.log", "resume_closed", "t-human"))
    assert resumed == {"t-human": "escalated_to_human"}
