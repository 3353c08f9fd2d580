"""At the top of the hierarchy a blocked ping-pong pauses for a human; another process resumes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

APP = Path(__file__).with_name("pingpong_app.py")


def run_app(*args: str) -> dict[str, Any]:
    # Strict msgpack, as DESIGN asks users to run: every state type must round-trip.
    env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true"}
    proc = subprocess.run(
        [sys.executable, str(APP), *args], capture_output=True, text=True, timeout=120, env=env
    )
    assert "blocked" not in proc.stderr.lower(), proc.stderr
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
