"""Two OS processes attempt 2,000 delegations on one pair inside one window: none over a limit.

Ordinary hand-offs (a new task each time) are never bounces, so with the reference defaults
the rate limit binds: exactly 10 + 3 pass (the workers use hour-long windows, so however long
a busy machine takes, every attempt falls in one window). When every task comes straight back,
the breaker binds instead: three tasks go and come back (the third return trips it), then
nothing passes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from tests.processes import HANG

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

WORKER = Path(__file__).with_name("hammer_worker.py")


@pytest.mark.parametrize(
    ("mode", "threshold", "allowed", "refused_by"),
    [
        # Reference defaults: ordinary hand-offs never trip the breaker; 10 per minute + 3.
        ("ordinary", None, 13, {"rate_limit"}),
        # Breaker out of the way: the same, so the default case above is the rate limit's.
        ("ordinary", "1000000", 13, {"rate_limit"}),
        # Every task comes back: 3 hand-offs + 3 returns, the third return trips the breaker.
        # The other worker's copies of those six are duplicates.
        ("bounce", None, 6, {"dedup", "circuit_breaker"}),
    ],
)
def test_two_processes_never_jointly_exceed_the_limit(
    pg_db: str, mode: str, threshold: str | None, allowed: int, refused_by: set[str]
) -> None:
    start_at = time.time() + 3.0  # both start hammering at the same moment
    extra = [] if threshold is None else [threshold]
    procs = [
        subprocess.Popen(
            [sys.executable, str(WORKER), pg_db, name, "1000", str(start_at), mode, *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("w1", "w2")
    ]
    reports = []
    for proc in procs:
        out, err = proc.communicate(timeout=HANG)
        assert proc.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    assert sum(r["attempted"] for r in reports) == 2000
    assert sum(r["passed"] for r in reports) == allowed
    refusals = {m for r in reports for m in r["mechanisms"]} - {"all_passed"}
    assert refusals <= refused_by
    assert "circuit_breaker" in refusals or mode == "ordinary"
    with psycopg.connect(pg_db) as conn:
        row = conn.execute(  # dedup times live in the pair's row: '>' or '<' then the task
            "SELECT count(*) FROM council_guard_pairs g, jsonb_object_keys(g.recent) AS k "
            "WHERE k NOT LIKE '#%'"
        ).fetchone()
        pair = conn.execute(
            "SELECT cardinality(bounce_times), trips FROM council_guard_pairs"
        ).fetchone()
    assert row is not None
    assert row[0] == allowed  # the database agrees on what was recorded
    assert pair == ((3, 1) if mode == "bounce" else (0, 0))
