"""Scale-out: meetings per second on one LangGraph Server replica and on two, alternating.

Each configuration gets a fresh database on one PostgreSQL server and its own Redis; replicas are
`langhost serve` (langgraph-api on the MIT `langgraph-runtime-pg` runtime) serving this repo's
`langgraph.json`, with scripted agents that answer in `--latency` seconds (a simulated model
call). `--meetings` round-robin meetings (two participants, one turn each and the summary: three
model calls) are submitted as background runs spread over the replicas' APIs and joined; the
clock runs from the first submission to the last completion, after a short warm-up. One and
two replicas alternate (`--rounds`, ABBA order) and the medians are compared.

Run in the server venv (`bash .ci/server-venv`):
`.venv-server/bin/python -m bench scaleout [--meetings 100] [--latency 0.05] [--uri URI]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from langgraph_sdk import get_client

from langgraph_council.checkpoints._embedded import given_or_scratch_server

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.conftest import fresh_database  # noqa: E402
from tests.server.cluster import Cluster, cluster  # noqa: E402

MEETING: Any = {
    "agenda": {"title": "REST or GraphQL?"},
    "leader_id": "cto",
    "participant_ids": ["backend_lead", "frontend_lead"],
    "token_budget": 50_000,
}
CONTEXT: Any = {"round_robin": {"max_turns_per_agent": 1}}


async def _meetings(deployment: Cluster, count: int) -> tuple[float, int]:
    """Run `count` meetings spread over every replica; (seconds, completed).

    Completion is polled from the shared thread table (one search per 0.1 s), not with a join
    per run: a hundred long-held requests would measure the client rather than the servers.
    """
    clients = [get_client(url=r.url) for r in deployment.replicas.values()]
    try:

        async def submit(n: int) -> str:
            client = clients[n % len(clients)]
            thread = await client.threads.create()
            await client.runs.create(
                thread["thread_id"], "meeting_round_robin", input=MEETING, context=CONTEXT
            )
            return str(thread["thread_id"])

        await _until_idle(clients[0], [await submit(n) for n in range(4)])  # warm-up
        start = time.perf_counter()
        ids = list(await asyncio.gather(*(submit(n) for n in range(count))))
        await _until_idle(clients[0], ids)
        seconds = time.perf_counter() - start
        threads = await clients[0].threads.search(ids=ids, limit=count)
        completed = sum(
            1
            for t in threads
            if (t["values"] or {}).get("minutes", {}).get("status") == "completed"
        )
        return seconds, completed
    finally:
        for client in clients:
            await client.aclose()


async def _until_idle(client: Any, ids: list[str], timeout: float = 900) -> None:
    """Wait until no thread of `ids` is busy (or pending): each run ended, one way or another."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = await client.threads.search(ids=ids, limit=len(ids), select=["thread_id", "status"])
        if len(found) == len(ids) and all(t["status"] in ("idle", "error") for t in found):
            return
        await asyncio.sleep(0.1)
    raise TimeoutError(f"{len(ids)} meetings did not end in {timeout:.0f} s")


def measure(pg: str, replicas: int, meetings: int, latency: float, jobs: int) -> tuple[float, int]:
    """Seconds and completed meetings for `replicas` replicas on a fresh database."""
    names = tuple("abcdefgh"[:replicas])
    with (
        tempfile.TemporaryDirectory(prefix="council-bench-scaleout-") as tmp,
        fresh_database(pg, prefix="bench_scaleout") as conninfo,
        cluster(
            conninfo,
            Path(tmp),
            names,
            COUNCIL_DEMO_LATENCY=str(latency),
            N_JOBS_PER_WORKER=str(jobs),
            LG_BG_JOB_HEARTBEAT="10",
        ) as deployment,
    ):
        return asyncio.run(_meetings(deployment, meetings))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench scaleout", description=__doc__)
    parser.add_argument("--meetings", type=int, default=100)
    parser.add_argument("--latency", type=float, default=0.05, help="seconds per model reply")
    parser.add_argument("--jobs", type=int, default=10, help="N_JOBS_PER_WORKER per replica")
    parser.add_argument(
        "--uri", help="PostgreSQL server (default: $COUNCIL_TEST_PG_URI, else embedded)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (1, 2, 2, 1...)")
    args = parser.parse_args(argv)
    # Alternate one and two replicas (ABBA order), so a load that rises or falls during the
    # run weighs on both sides alike; each configuration's median rate is compared.
    order = [n for r in range(args.rounds) for n in ((1, 2) if r % 2 == 0 else (2, 1))]
    rates: dict[int, list[float]] = {1: [], 2: []}
    rows = []
    with given_or_scratch_server(
        args.uri or os.environ.get("COUNCIL_TEST_PG_URI"), prefix="council-bench-pg-"
    ) as pg:
        for replicas in order:
            seconds, completed = measure(pg, replicas, args.meetings, args.latency, args.jobs)
            rates[replicas].append(completed / seconds)
            rows.append((replicas, seconds, completed, os.getloadavg()[0]))
    latency_ms = args.latency * 1000
    print(
        f"scale-out: {args.meetings} round-robin meetings (3 model calls of {latency_ms:.0f} ms "
        f"each), {args.jobs} jobs per replica, {os.cpu_count()} CPU cores, {args.rounds} "
        "alternating rounds"
    )
    print(f"{'replicas':>8}  {'seconds':>8}  {'completed':>9}  {'meetings/s':>10}  {'load':>5}")
    for replicas, seconds, completed, load in rows:
        print(
            f"{replicas:>8}  {seconds:>8.2f}  {completed:>9}  {completed / seconds:>10.2f}  "
            f"{load:>5.1f}"
        )
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(
        f"two replicas / one (medians): {two / one:.2f}x (target >= 1.6x given a core per "
        "replica and Postgres)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
