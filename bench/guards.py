"""Check-and-record throughput of the loop guard, in memory and on Postgres; prints a table.

Usage: python bench/guards.py [--uri URI] [--fsync] [--memory-attempts N] [--postgres-attempts N]
                              [--repeat N]
Without --uri an embedded PostgreSQL is started in a temporary directory (fsync off unless
--fsync). Targets from issue 3: >= 100,000/s in memory, >= 2,000/s on Postgres. On a shared
machine a row varies run to run; `--repeat N` runs each row N times (fresh ids; a memory row
keeps its store, so later runs meet a bigger one) and prints the slowest and the fastest.
"""

from __future__ import annotations

import argparse
import os
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

# The reference defaults: every attempt is a new task, so none is a bounce (a task coming
# back) and the breaker never opens; the rate limit refuses on the one-pair rows.
CONFIG = LoopPreventionConfig()


def _ids(run: str, worker: int, count: int, pairs: int) -> list[tuple[str, str, str]]:
    """Attempt ids, made before timing; `pairs=0` gives every attempt a fresh pair."""
    prefix = f"{run}-w{worker}"
    if pairs == 0:
        return [(f"{prefix}-a{i}", f"{prefix}-b{i}", f"{prefix}-t{i}") for i in range(count)]
    return [(f"{run}-a", f"{run}-b{i % pairs}", f"{prefix}-t{i}") for i in range(count)]


def measure(
    make_store: Callable[[], GuardStateStore],
    *,
    threads: int,
    pairs: int,
    attempts: int,
    run: str,
) -> tuple[int, int, float]:
    """`threads` workers make `attempts` each; returns (attempts, recorded, elapsed seconds)."""
    work_lists = [_ids(run, n, attempts, pairs) for n in range(threads)]
    guards = [LoopGuard(CONFIG, make_store()) for _ in range(threads)]
    recorded = [0] * threads
    barrier = threading.Barrier(threads + 1)

    def work(n: int) -> None:
        check, chain, passed = guards[n].check_and_record, ["root", "lead"], 0
        barrier.wait()
        for a, b, task in work_lists[n]:
            passed += check(chain=chain, delegator=a, delegatee=b, task_id=task).passed
        recorded[n] = passed

    workers = [threading.Thread(target=work, args=(n,)) for n in range(threads)]
    for w in workers:
        w.start()
    barrier.wait()
    started = time.perf_counter()
    for w in workers:
        w.join()
    return threads * attempts, sum(recorded), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uri", help="PostgreSQL URI (default: embedded server)")
    parser.add_argument("--memory-attempts", type=int, default=300_000, help="per worker")
    parser.add_argument("--postgres-attempts", type=int, default=5_000, help="per worker")
    parser.add_argument("--fsync", action="store_true", help="embedded server with fsync on")
    parser.add_argument("--repeat", type=int, default=1, help="runs per row (min and max shown)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be >= 1, got {args.repeat}")

    table = Table(title="LoopGuard.check_and_record throughput")
    rate = "per second" if args.repeat == 1 else f"per second (min-max of {args.repeat})"
    for column in ("store", "workers", "pairs", "attempts", "recorded", rate, "target"):
        table.add_column(column, justify="right" if column != "store" else "left")

    def row(
        name: str, make: Callable[[], GuardStateStore], threads: int, pairs: int, target: str
    ) -> None:
        count = args.memory_attempts if name.startswith("memory") else args.postgres_attempts
        rates = []
        for run in range(args.repeat):
            attempts, passed, elapsed = measure(
                make, threads=threads, pairs=pairs, attempts=count, run=f"{table.row_count}.{run}"
            )
            rates.append(attempts / elapsed)
        shown = f"{rates[0]:,.0f}" if len(rates) == 1 else f"{min(rates):,.0f}-{max(rates):,.0f}"
        table.add_row(name, str(threads), str(pairs), f"{attempts:,}", f"{passed:,}", shown, target)

    def memory() -> Callable[[], GuardStateStore]:
        """A fresh store per row, shared by that row's workers."""
        store = InMemoryGuardStateStore()
        return lambda: store

    row("memory, all recorded", memory(), 1, 0, ">= 100,000/s")
    row("memory, 1 pair (refusals)", memory(), 1, 1, ">= 100,000/s")
    row("memory, all recorded, one store", memory(), 2, 0, "")

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

        def pg_async_commit() -> GuardStateStore:
            return stack.enter_context(
                PostgresGuardStateStore.from_conn_string(uri, synchronous_commit=False)
            )

        row("postgres, synchronous_commit=off", pg_async_commit, 1, 0, ">= 2,000/s")
        # Every pair already has a row after its first attempt: the path that reads the pair's
        # state (and, for the breaker, looks for the task coming back) on each delegation.
        row("postgres, 500 pairs, rows exist", pg, 1, 500, ">= 2,000/s")
        row("postgres, 1 pair (refusals)", pg, 1, 1, "")
        row("postgres, 1 pair, contended lock", pg, 4, 1, "")
    Console(width=120).print(table)
    print("fsync:", "on" if args.fsync or args.uri else "off (embedded, --fsync to enable)")
    print(
        "load average (1, 5, 15 min) after the run: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    )
    print(f"CPUs: {os.cpu_count()}")


if __name__ == "__main__":
    main()
