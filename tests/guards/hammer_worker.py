"""Worker process for the two-process test: hammer one agent pair through the Postgres store.

Usage: python hammer_worker.py URI NAME ATTEMPTS START_AT_EPOCH [BOUNCE_THRESHOLD]
Prints one JSON line: {"name", "attempted", "passed", "mechanisms", "seconds"}.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import LoopGuard, LoopPreventionConfig


def main(uri: str, name: str, attempts: int, start_at: float, threshold: int | None) -> None:
    # Tasks are distinct, so dedup never fires. With a huge breaker threshold the rate limit
    # binds (limit + burst pass inside the minute); with the defaults the breaker trips at 3.
    breaker = {} if threshold is None else {"bounce_threshold": threshold}
    config = LoopPreventionConfig(circuit_breaker=breaker)
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
    threshold = int(sys.argv[5]) if len(sys.argv) > 5 else None
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), threshold)
