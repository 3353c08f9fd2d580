"""`council threads` and graceful shutdown as an operator sees them: stop a run, list it,
resume it in a new process, and find every turn made exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

ROOT = Path(__file__).parents[2]
GRACE = 10.0


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "langgraph_council.graphs.cli", *args]


def _env() -> dict[str, str]:
    return {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true", "COLUMNS": "200"}


def council(*args: str) -> subprocess.CompletedProcess[str]:
    """`council ARGS` in a new OS process."""
    return subprocess.run(
        _cmd(*args), capture_output=True, text=True, timeout=180, check=False, cwd=ROOT, env=_env()
    )


def _calls(uri: str, thread_id: str) -> tuple[int, int]:
    """(model calls started, calls finished) for the thread, from the call records."""
    with psycopg.connect(uri) as conn:
        row = conn.execute(
            "SELECT count(*), count(finished_at) FROM council_call_records WHERE thread_id = %s",
            (thread_id,),
        ).fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def _threads(uri: str) -> dict[str, dict[str, Any]]:
    listed = council("threads", "list", "--db", uri, "--json")
    assert listed.returncode == 0, listed.stderr
    return {t["thread_id"]: t for t in json.loads(listed.stdout)["threads"]}


def _stop_mid_way(uri: str, thread_id: str) -> tuple[int, float, str]:
    """Start a paced meeting, SIGTERM it after three model calls; (status, seconds, stderr)."""
    run = subprocess.Popen(
        _cmd("demo", "meeting", "--protocol", "round_robin", "--db", uri, "--thread-id",
             thread_id, "--pace", "0.4", "--grace", str(GRACE)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=_env(),
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while _calls(uri, thread_id)[0] < 3:
        assert run.poll() is None and time.monotonic() < deadline, "the meeting never started"
        time.sleep(0.1)
    sent = time.monotonic()
    run.send_signal(signal.SIGTERM)
    _, err = run.communicate(timeout=GRACE + 20)
    return run.returncode, time.monotonic() - sent, err


def test_a_sigtermed_meeting_resumes_in_a_new_process_without_repeating_turns(
    pg_db: str,
) -> None:
    whole = council("demo", "meeting", "--protocol", "round_robin", "--db", pg_db,
                    "--thread-id", "whole", "--json")  # fmt: skip
    assert whole.returncode == 0, whole.stderr
    expected = json.loads(whole.stdout)["minutes"]["contributions"]
    turns = _calls(pg_db, "whole")
    assert turns[0] == turns[1] > 3

    status, seconds, err = _stop_mid_way(pg_db, "cut")
    assert status != 0 and seconds < GRACE
    assert err.strip().splitlines() == [
        "stopped by SIGTERM at a step boundary: thread cut is suspended; resume it "
        "(council threads resume cut)"
    ]
    assert _calls(pg_db, "cut")[0] < turns[0]
    cut = _threads(pg_db)["cut"]
    assert (cut["state"], cut["graph"], cut["attempts"]) == (
        "suspended",
        "meeting:round_robin",
        0,
    )

    resumed = council("threads", "resume", "cut", "--db", pg_db, "--json")
    assert resumed.returncode == 0, resumed.stderr
    minutes = json.loads(resumed.stdout)["values"]["minutes"]
    assert [(c["agent_id"], c["phase"]) for c in minutes["contributions"]] == [
        (c["agent_id"], c["phase"]) for c in expected
    ]
    assert _calls(pg_db, "cut") == turns  # every turn made once: none repeated after resume
    done = _threads(pg_db)["cut"]
    assert (done["state"], done["attempts"], done["graph"]) == ("done", 0, "meeting:round_robin")

    again = council("threads", "resume", "cut", "--db", pg_db)
    assert again.returncode == 1
    assert again.stderr.strip().splitlines() == [
        "thread 'cut' has already finished; nothing to resume"
    ]


def test_threads_show_and_unknown_ids_are_one_line(pg_db: str) -> None:
    missing = council("threads", "show", "nope", "--db", pg_db)
    assert missing.returncode == 1
    assert missing.stderr.strip().splitlines() == ["no thread 'nope' (see `council threads list`)"]
    no_id = council("threads", "resume", "--db", pg_db)
    assert no_id.returncode == 1 and "needs THREAD_ID" in no_id.stderr
