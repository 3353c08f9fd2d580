"""Graceful shutdown: real signals to real processes on the Postgres checkpointer."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.processes import run_python, wait_for_line

SCRIPTS = Path(__file__).parent / "scripts"
CHILD = SCRIPTS / "shutdown_child.py"
sys.path.insert(0, str(SCRIPTS))


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"BLOCK", "UNBLOCK", "STEP_SECONDS"}}
    return {**env, **extra}


def _stop_mid_run(
    uri: str,
    log: Path,
    *,
    mode: str = "run",
    strategy: str = "cooperative_timeout",
    grace: float = 20,
    at: str = "call s2",
    signals: tuple[signal.Signals, ...] = (signal.SIGTERM,),
    **env: str,
) -> tuple[int, dict[str, Any], float]:
    """Start a run, signal it when `at` appears in the log; returns code, report, seconds.

    A blocked step hangs for an hour, so a run that waited for it never exits: the harness
    gives up after `HARNESS_SECONDS` (nothing is timed against a bound)."""
    with subprocess.Popen(
        [sys.executable, str(CHILD), uri, "t-1", str(log), mode, strategy, str(grace)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(**env),
    ) as proc:
        wait_for_line(log, at, proc)
        started = time.monotonic()
        for signum in signals:
            proc.send_signal(signum)
            time.sleep(0.3)
        try:
            out, err = proc.communicate(timeout=HARNESS_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            pytest.fail(f"the run did not stop within {HARNESS_SECONDS} s of the signal")
        elapsed = time.monotonic() - started
    assert out.strip(), err
    return proc.returncode, json.loads(out.strip().splitlines()[-1]), elapsed


HARNESS_SECONDS = 300


def _child(uri: str, log: Path, mode: str) -> Any:
    env = {"BLOCK": None, "UNBLOCK": "1", "STEP_SECONDS": "0"}
    return json.loads(run_python(CHILD, uri, "t-1", str(log), mode, env=env).stdout)


def _calls(log: Path) -> Counter[str]:
    return Counter(
        line.split()[1] for line in log.read_text().splitlines() if line.startswith("call")
    )


pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.mark.parametrize("mode", ["run", "arun"])
def test_sigterm_suspends_at_a_step_boundary_and_resume_repeats_nothing(
    pg_db: str, tmp_path: Path, mode: str
) -> None:
    log = tmp_path / "steps.log"
    code, report, _ = _stop_mid_run(pg_db, log, mode=mode, grace=120)

    assert code == 143 and report["exit_code"] == 143
    # suspended = drained at a step boundary inside the grace period: s2 only finished its step
    assert report["status"] == "suspended" and report["signal_name"] == "SIGTERM"
    assert report["message"].startswith("stopped by SIGTERM at a step boundary")
    assert "cleanup" in log.read_text().splitlines() and report["cleanup_completed"]
    assert _child(pg_db, log, "state") == ["s3"]  # exactly where it stopped

    assert _child(pg_db, log, "resume")["done"] == ["s1", "s2", "s3", "s4"]
    assert _calls(log) == {"s1": 1, "s2": 1, "s3": 1, "s4": 1}  # no step repeated


def test_immediate_interrupts_and_the_thread_resumes_from_its_last_checkpoint(
    pg_db: str, tmp_path: Path
) -> None:
    log = tmp_path / "steps.log"
    # s3 hangs for an hour: that the process exits at all shows nobody waited for it
    code, report, _ = _stop_mid_run(pg_db, log, strategy="immediate", at="call s3", BLOCK="s3")
    assert (code, report["status"], report["detached"]) == (143, "interrupted", True)
    assert "interrupted" in report["message"]
    assert _child(pg_db, log, "state") == ["s3"]

    assert _child(pg_db, log, "resume")["done"] == ["s1", "s2", "s3", "s4"]
    assert _calls(log) == {"s1": 1, "s2": 1, "s3": 2, "s4": 1}  # only the cut-off step again


def test_async_runs_past_the_grace_period_are_cancelled(pg_db: str, tmp_path: Path) -> None:
    log = tmp_path / "steps.log"
    code, report, elapsed = _stop_mid_run(
        pg_db, log, mode="arun", grace=1, at="call s3", BLOCK="s3"
    )
    assert elapsed >= 1  # it gave the run its grace period; s3 never ends, so it was cancelled
    assert (code, report["status"]) == (143, "interrupted")
    assert report["detached"] is False  # really cancelled, nothing left running
    assert _child(pg_db, log, "resume")["done"] == ["s1", "s2", "s3", "s4"]
    assert _calls(log) == {"s1": 1, "s2": 1, "s3": 2, "s4": 1}


def test_a_second_signal_stops_at_once(pg_db: str, tmp_path: Path) -> None:
    log = tmp_path / "steps.log"
    # the grace period is an hour and s3 never ends: only the second signal can stop the run
    code, report, _ = _stop_mid_run(
        pg_db,
        log,
        grace=3600,
        at="call s3",
        signals=(signal.SIGTERM, signal.SIGINT),
        BLOCK="s3",
    )
    assert (code, report["status"], report["signal_name"]) == (143, "interrupted", "SIGTERM")


def test_sigint_drains_too_under_the_checkpoint_strategy(pg_db: str, tmp_path: Path) -> None:
    log = tmp_path / "steps.log"
    code, report, _ = _stop_mid_run(pg_db, log, strategy="checkpoint", signals=(signal.SIGINT,))
    assert (code, report["status"], report["signal_name"]) == (130, "suspended", "SIGINT")
