"""Crash recovery and cross-process resume on a real PostgreSQL server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import psycopg
import pytest

from tests.processes import HANG, run_python, wait_for_line

SCRIPT = Path(__file__).parent / "scripts" / "steps_graph.py"
pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def _run(uri: str, thread: str, log: Path, mode: str, *, unblock: bool = True) -> str:
    env = {"UNBLOCK": "1"} if unblock else None
    return run_python(SCRIPT, uri, thread, str(log), mode, env=env).stdout


def _wait_for_pending_write(uri: str, thread: str, timeout: float = HANG) -> None:
    """Until `fast`'s own write is stored (`plan` wrote `done` a step earlier, so a write to
    `done` alone raced the kill on a busy machine)."""
    deadline = time.monotonic() + timeout
    with psycopg.connect(uri, autocommit=True) as conn:
        while time.monotonic() < deadline:
            row = conn.execute(
                "SELECT count(*) FROM checkpoint_writes WHERE thread_id = %s AND channel = 'done'"
                " AND task_path LIKE '%%fast%%'",
                (thread,),
            ).fetchone()
            if row and row[0] > 0:
                return
            time.sleep(0.05)
    pytest.fail("the finished branch never stored its pending write")


def test_sigkill_mid_graph_resumes_without_rerunning_finished_steps(
    pg_db: str, tmp_path: Path
) -> None:
    log = tmp_path / "steps.log"
    with subprocess.Popen(
        [sys.executable, str(SCRIPT), pg_db, "t-crash", str(log), "run"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "UNBLOCK"},
    ) as proc:
        wait_for_line(log, "slow", proc)
        wait_for_line(log, "fast", proc)
        _wait_for_pending_write(pg_db, "t-crash")  # `fast` finished and its write is stored
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=HANG)

    pending = json.loads(_run(pg_db, "", log, "pending"))
    assert pending == [["t-crash", ["slow"], False]]  # only the killed branch is left to run

    _run(pg_db, "t-crash", log, "resume")  # a new process, unblocked
    runs = Counter(log.read_text().split())
    assert runs["plan"] == 1 and runs["fast"] == 1  # finished work did not repeat
    assert runs["slow"] == 2  # started, killed, run again
    assert runs["join"] == 1


def test_interrupt_in_one_process_resumes_in_another(pg_db: str, tmp_path: Path) -> None:
    log = tmp_path / "steps.log"
    _run(pg_db, "t-human", log, "run")  # runs to the interrupt, then the process exits

    pending = json.loads(_run(pg_db, "", log, "pending"))
    assert pending == [["t-human", ["approve"], True]]

    out = json.loads(_run(pg_db, "t-human", log, "approve"))
    assert out["approval"] == "yes"
    assert sorted(out["done"]) == ["fast", "join", "plan", "slow"]
    assert Counter(log.read_text().split())["plan"] == 1
    assert json.loads(_run(pg_db, "", log, "pending")) == []
