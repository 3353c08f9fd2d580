"""Guard atomicity across two processes: both hammer the same agent pair on one Postgres at the
same moment, once against the per-pair rate limit (a new task each time: 10 per minute + burst
3 may pass) and once against the dedup window (the same task each time: 1 may pass). The report
says how many passed against the limit; more than the limit would be a lost update.

Worker: `python bench/guard_race.py URI MODE ATTEMPTS START_AT_EPOCH NAME` prints one JSON line.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

LIMITS = {"rate_limit": 13, "dedup": 1}  # the reference defaults: 10/min + burst 3; one task
ATTEMPTS = 300


def _work(mode: str, name: str, i: int) -> tuple[str, str, str]:
    if mode == "dedup":
        return "alice", "bob", "same-task"
    a, b = ("alice", "bob") if i % 2 == 0 else ("bob", "alice")
    return a, b, f"{name}-{i}"


def worker(uri: str, mode: str, attempts: int, start_at: float, name: str) -> None:
    """Hammer the pair and print what passed."""
    from langgraph_council.checkpoints import PostgresGuardStateStore
    from langgraph_council.guards import LoopGuard, LoopPreventionConfig

    mechanisms: Counter[str] = Counter()
    with PostgresGuardStateStore.from_conn_string(uri) as store:
        guard = LoopGuard(LoopPreventionConfig(), store)
        time.sleep(max(0.0, start_at - time.time()))
        for i in range(attempts):
            a, b, task = _work(mode, name, i)
            outcome = guard.check_and_record(chain=[], delegator=a, delegatee=b, task_id=task)
            mechanisms[outcome.mechanism] += 1
    print(json.dumps({"passed": mechanisms["all_passed"], "mechanisms": dict(mechanisms)}))


def _race(uri: str, mode: str) -> tuple[int, int, dict[str, int]]:
    start_at = time.time() + 3.0  # both import, connect, then start at the same moment
    procs = [
        subprocess.Popen(
            [sys.executable, __file__, uri, mode, str(ATTEMPTS), str(start_at), name],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("w1", "w2")
    ]
    passed, refused = [], Counter[str]()
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        if proc.returncode != 0:
            raise RuntimeError(f"guard race worker failed:\n{err[-2000:]}")
        report = json.loads(out.strip().splitlines()[-1])
        passed.append(int(report["passed"]))
        refused.update({k: v for k, v in report["mechanisms"].items() if k != "all_passed"})
    return sum(passed), len(procs) * ATTEMPTS, dict(refused)


def guard_race(server_uri: str) -> str:
    """Run both races on throwaway databases and return the report's lines."""
    from bench.crash_tables import Databases

    dbs = Databases(server_uri)
    dbs.create_template()
    lines = ["guard atomicity, two processes on one Postgres at once:"]
    try:
        for mode, limit in LIMITS.items():
            with dbs.case() as uri:
                passed, attempted, refused = _race(uri, mode)
            verdict = "OK" if passed <= limit else "EXCEEDED"
            lines.append(
                f"  {mode}: {passed} passed of {attempted} attempts, limit {limit} ({verdict}); "
                f"refused by {refused}"
            )
    finally:
        dbs.drop_template()
    return "\n".join(lines)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    worker(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5])
