"""`council threads cancel`: one process cancels a meeting another process is running."""

from __future__ import annotations

import json
import signal
import subprocess
import time

import psycopg
import pytest

from langgraph_council.checkpoints import PostgresMeetingRecordStore
from tests.cli_runner import council, council_popen
from tests.processes import HANG

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def _calls(uri: str, thread_id: str) -> int:
    with psycopg.connect(uri) as conn:
        row = conn.execute(
            "SELECT count(*) FROM council_call_records WHERE thread_id = %s", (thread_id,)
        ).fetchone()
    assert row is not None
    return int(row[0])


def _meeting_under_way(
    pg_db: str, protocol: str, thread_id: str, *, pace: float, calls: int
) -> subprocess.Popen[str]:
    """A demo meeting in its own `council` process, once it has made `calls` model calls."""
    run = council_popen(
        "demo", "meeting", "--protocol", protocol, "--db", pg_db, "--thread-id", thread_id,
        "--pace", str(pace), "--json", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + HANG
    while _calls(pg_db, thread_id) < calls:
        assert run.poll() is None and time.monotonic() < deadline, "the meeting never started"
        time.sleep(0.1)
    return run


def test_a_cancel_from_another_process_ends_the_meeting_with_its_minutes(pg_db: str) -> None:
    # 8 turns and a summary at 5 s a reply: `council` took 10-20 s to start on a busy 2-core VM
    run = _meeting_under_way(pg_db, "round_robin", "long", pace=5.0, calls=1)
    cancel = council("threads", "cancel", "long", "--db", pg_db, "--reason", "out of time")
    assert cancel.returncode == 0, cancel.stderr
    # reported after the fact: the command waited for the run to end
    assert "ended with status cancelled" in " ".join(cancel.stdout.split())
    out, err = run.communicate(timeout=HANG)
    assert run.returncode == 0, err
    minutes = json.loads(out)["minutes"]
    assert minutes["status"] == "cancelled"
    assert minutes["stop_reason"] == "cancelled: out of time"
    spoken = [c for c in minutes["contributions"] if c["phase"] == "round_robin"]
    assert 1 <= len(spoken) <= 8  # what was said is kept; the summary never happened
    assert not [c for c in minutes["contributions"] if c["phase"] == "summary"]
    with PostgresMeetingRecordStore.from_conn_string(pg_db) as records:
        record = records.get(minutes["meeting_id"])
    assert record is not None and record.status == "cancelled"

    again = council("threads", "cancel", "long", "--db", pg_db)
    assert again.returncode == 1 and "has ended: nothing to cancel" in again.stderr
    missing = council("threads", "cancel", "nope", "--db", pg_db)
    assert missing.returncode == 1 and "no thread 'nope'" in missing.stderr


def test_the_api_cancel_reaches_a_meeting_running_elsewhere(pg_db: str) -> None:
    run = _meeting_under_way(pg_db, "selector", "api", pace=1.0, calls=2)
    with PostgresMeetingRecordStore.from_conn_string(pg_db) as records:
        records.request_cancel("api")
    out, err = run.communicate(timeout=HANG)
    assert run.returncode == 0, err
    minutes = json.loads(out)["minutes"]
    assert (minutes["status"], minutes["stop_reason"]) == ("cancelled", "cancelled")
    assert minutes["protocol"] == "selector"


def test_a_cancel_that_loses_the_race_to_the_meetings_end_says_it_completed(pg_db: str) -> None:
    """The cancel lands after the last turn boundary (the summary call has started, and the
    meeting is paused there with SIGSTOP so the order is certain): the meeting completes, and
    the command says so, exit 1, instead of promising a cancelled end."""
    run = _meeting_under_way(pg_db, "round_robin", "late", pace=4.0, calls=9)  # 8 turns, summary
    run.send_signal(signal.SIGSTOP)
    try:
        cancel = council_popen(
            "threads", "cancel", "late", "--db", pg_db, "--json",
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        with cancel:
            deadline = time.monotonic() + HANG
            while not _cancel_pending(pg_db, "late"):  # the cancel is in: let the meeting end
                assert cancel.poll() is None and time.monotonic() < deadline, cancel.stderr
                time.sleep(0.1)
            run.send_signal(signal.SIGCONT)
            said, err = cancel.communicate(timeout=HANG)
    finally:
        run.send_signal(signal.SIGCONT)
    out, _ = run.communicate(timeout=HANG)
    assert json.loads(out)["minutes"]["status"] == "completed"
    assert cancel.returncode == 1, err
    assert json.loads(said) | {"running": False} == {
        "thread_id": "late",
        "meeting_id": json.loads(out)["minutes"]["meeting_id"],
        "outcome": "completed",
        "status": "completed",
        "running": False,
    }
    assert not _cancel_pending(pg_db, "late")  # withdrawn: a later meeting is not cancelled


def _cancel_pending(uri: str, thread_id: str) -> bool:
    with PostgresMeetingRecordStore.from_conn_string(uri) as records:
        return records.cancel_requested(thread_id) is not None
