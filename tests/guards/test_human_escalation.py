"""At the top of the hierarchy a blocked ping-pong pauses for a human; another process resumes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

APP = Path(__file__).with_name("pingpong_app.py")


def run_app(*args: str, crash: bool = False) -> dict[str, Any]:
    # Strict msgpack, as DESIGN asks users to run: every state type must round-trip.
    env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true"}
    if crash:
        env["CRASH_AFTER_RECORD"] = "1"
    proc = subprocess.run(
        [sys.executable, str(APP), *args], capture_output=True, text=True, timeout=120, env=env
    )
    assert "blocked" not in proc.stderr.lower(), proc.stderr
    if crash:
        assert proc.returncode == 9, proc.stderr
        return {}
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_a_second_process_resumes_the_human_escalation(pg_db: str) -> None:
    first = run_app("start", pg_db, "pp-1")
    assert first["result"] is None
    (escalation,) = first["pending"]
    assert escalation["kind"] == "delegation_blocked"
    assert (escalation["delegator"], escalation["delegatee"]) == ("bob", "alice")
    assert escalation["mechanism"] == "ancestry"
    assert escalation["chain"] == ["alice", "bob", "alice"]
    assert "ancestry" in escalation["message"]
    assert first["loop_records"] == ["ancestry"]

    # A different OS process finds the same escalation (same id) and answers it.
    second = run_app(
        "resume", pg_db, "pp-1", json.dumps({"answer": "Postgres", "decided_by": "human:cora"})
    )
    assert second["before"] == [escalation]
    # alice got bob's part back and, as scripted, hands to bob again: a duplicate inside 60 s,
    # recorded in Postgres by the second process; alice is at the top, so a human again.
    (again,) = second["pending"]
    assert (again["delegator"], again["mechanism"]) == ("alice", "dedup")
    assert again["escalation_id"] != escalation["escalation_id"]
    assert second["loop_records"] == ["ancestry", "dedup"]

    third = run_app("resume", pg_db, "pp-1", json.dumps("Postgres, final answer"))
    assert third["pending"] == []
    result = third["result"]
    assert (result["status"], result["answer"], result["answered_by"]) == (
        "answered",
        "Postgres, final answer",
        "human",
    )
    assert (result["delegations"], result["blocked"]) == (1, 2)


def test_a_guard_rerun_after_a_crash_is_not_its_own_duplicate(pg_db: str) -> None:
    """The process dies after the store recorded alice -> bob but before the checkpoint.

    The resumed guard node runs again with the same attempt id, so the store answers with the
    first verdict instead of refusing the hand-off as a duplicate of itself.
    """
    run_app("start", pg_db, "crash-1", crash=True)
    resumed = run_app("continue", pg_db, "crash-1")
    (escalation,) = resumed["pending"]
    # The hand-off went through once; the only refusal is bob's hand-back (ancestry).
    assert (escalation["delegator"], escalation["mechanism"]) == ("bob", "ancestry")
    assert resumed["loop_records"] == ["ancestry"]
    with psycopg.connect(pg_db) as conn:
        rows = conn.execute(
            "SELECT delegator, delegatee FROM council_guard_dedup ORDER BY delegator"
        ).fetchall()
        pairs = conn.execute(
            "SELECT cardinality(rate_times), cardinality(bounce_times) FROM council_guard_pairs"
        ).fetchall()
    assert rows == [("alice", "bob")]
    # The hand-off recorded once, not twice; bob's hand-back counted as one bounce.
    assert pairs == [(1, 1)]
