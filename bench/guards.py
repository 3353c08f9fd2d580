"""Check-and-record throughput of the loop guard, in memory and on Postgres; prints a table.

Usage: python bench/guards.py [--uri URI] [--seconds S] [--fsync]
Without --uri an embedded PostgreSQL is started in a temporary directory (fsync off unless
--fsync). Targets from issue 3: >= 100,000/s in memory, >= 2,000/s on Postgres.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from rich.console import Console
from rich.table import Table

from langgraph_council.checkpoints import (
    PostgresGuardStateStore,
    embedded_postgres,
    setup_database,
)
from langgraph_council.guards import (
    GuardStateStore,
    InMemoryGuardStateStore,
    LoopGuard,
    LoopPreventionConfig,
)

# Realistic defaults except the breaker, which would otherwise block nearly everything after
# three hand-offs per pair and turn the benchmark into a benchmark of refusals.
CONFIG = LoopPreventionConfig(circuit_breaker={"bounce_threshold": 1_000_000})


def _attempt(guard: LoopGuard, worker: str, i: int, pairs: int) -> bool:
    """One attempt; `pairs=0` uses a fresh pair each time (every attempt is recorded)."""
    slot = i if pairs == 0 else i % pairs
    a, b = (f"{worker}-a{slot}", f"{worker}-b{slot}") if pairs == 0 else ("p-a", f"p-b{slot}")
    return guard.check_and_record(
        chain=["root", "lead"], delegator=a, delegatee=b, task_id=f"w{worker}-t{i}"
    ).passed


def measure(
    make_store: Callable[[], GuardStateStore],
    *,
    threads: int,
    pairs: int,
    seconds: float,
    run: str,
) -> tuple[int, int, float]:
    """Run `threads` workers for `seconds`; returns (attempts, passed, elapsed)."""
    counts = [[0, 0] for _ in range(threads)]
    stop = threading.Event()

    def work(n: int) -> None:
        guard = LoopGuard(CONFIG, make_store())
        i = 0
        while not stop.is_set():
            for _ in range(100):
                counts[n][1] += _attempt(guard, f"{run}-w{n}", i, pairs)
                i += 1
            counts[n][0] = i

    workers = [threading.Thread(target=work, args=(n,)) for n in range(threads)]
    started = time.perf_counter()
    for w in workers:
        w.start()
    time.sleep(seconds)
    stop.set()
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - started
    return sum(c[0] for c in counts), sum(c[1] for c in counts), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uri", help="PostgreSQL URI (default: embedded server)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--fsync", action="store_true", help="embedded server with fsync on")
    args = parser.parse_args()

    table = Table(title="LoopGuard.check_and_record throughput")
    for column in ("store", "workers", "pairs", "attempts", "recorded", "per second", "target"):
        table.add_column(column, justify="right" if column != "store" else "left")

    def row(
        name: str, make: Callable[[], GuardStateStore], threads: int, pairs: int, target: str
    ) -> None:
        attempts, passed, elapsed = measure(
            make, threads=threads, pairs=pairs, seconds=args.seconds, run=str(table.row_count)
        )
        table.add_row(
            name,
            str(threads),
            str(pairs),
            f"{attempts:,}",
            f"{passed:,}",
            f"{attempts / elapsed:,.0f}",
            target,
        )

    shared = InMemoryGuardStateStore()
    row("memory, all recorded", lambda: shared, 1, 0, ">= 100,000/s")
    row("memory, 1 pair (refusals)", lambda: shared, 1, 1, ">= 100,000/s")
    row("memory, all recorded", lambda: shared, 2, 0, "")

    with ExitStack() as stack:
        uri = args.uri
        if uri is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="council-bench-"))
            uri = stack.enter_context(embedded_postgres(Path(tmp) / "data", fsync=args.fsync))
        setup_database(uri)

        def pg() -> GuardStateStore:
            return stack.enter_context(PostgresGuardStateStore.from_conn_string(uri))

        row("postgres, all recorded", pg, 1, 0, ">= 2,000/s")
        row("postgres, all recorded", pg, 2, 0, ">= 2,000/s")
        row("postgres, all recorded", pg, 4, 0, ">= 2,000/s")
        row("postgres, 1 pair (refusals)", pg, 1, 1, "")
        row("postgres, 1 pair, contended lock", pg, 4, 1, "")
    Console(width=120).print(table)
    print("fsync:", "on" if args.fsync or args.uri else "off (embedded, --fsync to enable)")


if __name__ == "__main__":
    main()
