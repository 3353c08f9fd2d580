"""Worker process for the two-process test: hammer one agent pair through the Postgres store.

Usage: python hammer_worker.py URI NAME ATTEMPTS START_AT_EPOCH
Prints one JSON line: {"name", "attempted", "passed", "mechanisms", "seconds"}.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import LoopGuard, LoopPreventionConfig


def main(uri: str, name: str, attempts: int, start_at: float) -> None:
    # Trip the breaker never, so the rate limit is the binding constraint; tasks are distinct,
    # so dedup never fires: exactly limit + burst may pass inside the minute.
    config = LoopPreventionConfig(circuit_breaker={"bounce_threshold": 1_000_000})
    mechanisms: Counter[str] = Counter()
    with PostgresGuardStateStore.from_conn_string(uri) as store:
        guard = LoopGuard(config, store)
        time.sleep(max(0.0, start_at - time.time()))
        started = time.perf_counter()
        for i in range(attempts):
            a, b = ("alice", "bob") if i % 2 else ("bob", "alice")
            outcome = guard.check_and_record(
                chain=[], delegator=a, delegatee=b, task_id=f"{name}-{i}"
            )
            mechanisms[outcome.mechanism] += 1
        seconds = time.perf_counter() - started
    print(
        json.dumps(
            {
                "name": name,
                "attempted": attempts,
                "passed": mechanisms["all_passed"],
                "mechanisms": dict(mechanisms),
                "seconds": seconds,
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
