"""One of two OS processes deciding the same escalations at the same moments (the race test).

Usage: python decide_race_worker.py URI SPACING_SECONDS ESCALATION_ID...
Prints `ready`, reads the start time (epoch seconds) from stdin, then decides escalation i at
start + i * spacing. Prints one JSON line: per escalation, the outcome or the error.
"""

from __future__ import annotations

import json
import sys
import time

from escalation_worker import human_conflict_graph

DECISION = {
    "decision": "winner",
    "winning_agent_id": "junior_dev",
    "reasoning": "cron is enough",
    "decided_by": "human:ann",
}


def main(uri: str, spacing: float, ids: list[str]) -> None:
    with human_conflict_graph(uri) as (queue, graph):
        print("ready", flush=True)
        start = float(sys.stdin.readline())
        seen: dict[str, str] = {}
        for i, escalation_id in enumerate(ids):
            time.sleep(max(0.0, start + i * spacing - time.time()))
            try:
                out = queue.decide(escalation_id, DECISION, graph)
                seen[escalation_id] = out["resolution"].outcome.value
            except ValueError as exc:
                seen[escalation_id] = f"error: {exc}"
        print(json.dumps(seen), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]), sys.argv[3:])
