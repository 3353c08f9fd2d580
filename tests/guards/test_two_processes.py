"""Two OS processes attempt 2,000 delegations on one pair within a minute: exactly 13 pass.

(With the breaker at its default of 3 bounces, exactly 3 pass: the breaker binds first.)
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

WORKER = Path(__file__).with_name("hammer_worker.py")


@pytest.mark.parametrize(
    ("threshold", "allowed", "binding"),
    [
        ("1000000", 13, "rate_limit"),  # breaker out of the way: 10 per minute + burst 3
        (None, 3, "circuit_breaker"),  # reference defaults: the third bounce trips the breaker
    ],
)
def test_two_processes_never_jointly_exceed_the_limit(
    pg_db: str, threshold: str | None, allowed: int, binding: str
) -> None:
    start_at = time.time() + 3.0  # both start hammering at the same moment
    extra = [] if threshold is None else [threshold]
    procs = [
        subprocess.Popen(
            [sys.executable, str(WORKER), pg_db, name, "1000", str(start_at), *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("w1", "w2")
    ]
    reports = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    assert sum(r["attempted"] for r in reports) == 2000
    assert sum(r["passed"] for r in reports) == allowed
    assert all(set(r["mechanisms"]) <= {"all_passed", binding} for r in reports)
    assert all(r["seconds"] < 60 for r in reports), reports
    with psycopg.connect(pg_db) as conn:
        row = conn.execute(
            "SELECT count(*), max(last_at) - min(last_at) FROM council_guard_dedup"
        ).fetchone()
    assert row is not None
    assert row[0] == allowed  # the database agrees on what was recorded
    assert row[1].total_seconds() < 60  # and all of them inside one minute
