"""Worker process for the two-process test: hammer one agent pair through the Postgres store.

Usage: python hammer_worker.py URI NAME ATTEMPTS START_AT_EPOCH MODE [BOUNCE_THRESHOLD]
MODE `ordinary`: every attempt a new task, alternating direction (never a bounce).
MODE `bounce`: both workers walk the same tasks, each handed alice -> bob and straight back
(every task that comes back is a bounce).
Prints one JSON line: {"name", "attempted", "passed", "mechanisms", "seconds"}.

The limits are the reference defaults (10 per window + 3 burst, breaker at 3 bounces); the
windows are an hour instead of a minute or ten, so a slow machine cannot slide them mid-run.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from typing import Any

from langgraph_council.checkpoints import PostgresGuardStateStore
from langgraph_council.guards import LoopGuard, LoopPreventionConfig

HOUR = 3600.0


def _attempt(name: str, mode: str, i: int) -> tuple[str, str, str]:
    forth = i % 2 == 0
    a, b = ("alice", "bob") if forth else ("bob", "alice")
    return a, b, f"{name}-{i}" if mode == "ordinary" else f"task-{i // 2}"


def main(
    uri: str, name: str, attempts: int, start_at: float, mode: str, threshold: int | None
) -> None:
    breaker: dict[str, Any] = {"bounce_window_seconds": HOUR, "cooldown_seconds": HOUR}
    if threshold is not None:
        breaker["bounce_threshold"] = threshold
    config = LoopPreventionConfig(
        rate_limit={"window_seconds": HOUR},
        circuit_breaker=breaker,
        dedup_window_seconds=HOUR,
    )
    work = [_attempt(name, mode, i) for i in range(attempts)]
    mechanisms: Counter[str] = Counter()
    with PostgresGuardStateStore.from_conn_string(uri) as store:
        guard = LoopGuard(config, store)
        time.sleep(max(0.0, start_at - time.time()))
        started = time.perf_counter()
        for a, b, task in work:
            outcome = guard.check_and_record(chain=[], delegator=a, delegatee=b, task_id=task)
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
    threshold = int(sys.argv[6]) if len(sys.argv) > 6 else None
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5], threshold)
