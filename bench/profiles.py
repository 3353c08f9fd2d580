"""Where the time of a MISS row goes: `python -m bench profile [--uri URI] [--runs N]`.

For each row whose target the table misses, cProfile runs ours and its floor (the same work
bench/table.py times) and prints the self time by owner (LangGraph's Pregel loop and channels,
its checkpoint savers and serde, psycopg, pydantic, langchain-core, our package, the floor's
own code, the rest) and the top entries of ours. cProfile slows Python calls down, so the
shares matter, not the totals. The timer is each thread's CPU time, so waiting for the server
is not in it, and neither is PostgreSQL's own CPU (the table counts it).
docs/perf.md quotes the output.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import itertools
import pstats
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg

from bench.floors import same_work_meeting
from bench.measure import _around_worker_jobs
from bench.meetings import PARTICIPANTS, RR16, _input, _roster, hand_written_loop
from bench.work_rows import pipeline_pair
from langgraph_council.checkpoints import (
    PostgresGuardStateStore,
    async_postgres_checkpointer,
    embedded_postgres,
    postgres_checkpointer,
    setup_database,
)
from langgraph_council.graphs import (
    create_meeting_graph,
)
from langgraph_council.guards import LoopGuard

__all__ = ["OWNERS", "main", "owner_of", "profile", "shares"]

# First match wins: (owner, path fragment).
OWNERS = (
    ("langgraph checkpoint+serde", "/langgraph/checkpoint/"),
    ("langgraph pregel+channels", "/langgraph/"),
    ("psycopg", "/psycopg"),
    ("pydantic", "/pydantic"),
    ("langchain-core", "/langchain_core/"),
    ("scripted model (both sides)", "langgraph_council/nodes/testing.py"),
    ("ours (langgraph_council)", "langgraph_council"),
    ("floor / bench code", "/bench/"),
)


def owner_of(filename: str) -> str:
    """The owner of a profiled function, by its file (builtins are "builtins / stdlib")."""
    path = filename.replace("\\", "/")
    for owner, fragment in OWNERS:
        if fragment in path:
            return owner
    return "builtins / stdlib"


def _cpu_profiler() -> cProfile.Profile:
    return cProfile.Profile(time.thread_time)


def profile(fn: Callable[[], object], runs: int) -> pstats.Stats:
    """CPU-time cProfile of `runs` runs of `fn` (after one unprofiled warm-up run), in this
    thread, in threads started during it (LangGraph's sync savers write checkpoints from a
    background executor thread) and in the jobs handed to the package's time-limit workers
    (`nodes._deadline`: every model call runs in one, a thread started before the run):
    waiting for the server is not in it."""
    fn()
    profs = [_cpu_profiler()]

    def boot(frame: Any, event: str, arg: Any) -> None:
        prof = _cpu_profiler()
        profs.append(prof)
        prof.enable()  # replaces this hook in the new thread

    def profiled(job: Callable[[], None]) -> None:
        prof = _cpu_profiler()
        profs.append(prof)
        prof.enable()
        try:
            job()
        finally:
            prof.disable()

    with _around_worker_jobs(profiled):
        threading.setprofile(boot)
        profs[0].enable()
        try:
            for _ in range(runs):
                fn()
        finally:
            profs[0].disable()
            threading.setprofile(None)  # type: ignore[arg-type]
    for prof in profs[1:]:
        prof.create_stats()
    return pstats.Stats(*profs)


def shares(stats: pstats.Stats) -> dict[str, float]:
    """Self time (seconds) by owner."""
    out: dict[str, float] = {}
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        owner = owner_of(filename)
        out[owner] = out.get(owner, 0.0) + tottime
    return out


def _top(stats: pstats.Stats, n: int) -> list[str]:
    rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)  # type: ignore[attr-defined]
    lines = []
    for (filename, line, name), (_, ncalls, tottime, cumtime, _) in rows[:n]:
        short = "/".join(filename.replace("\\", "/").split("/")[-2:])
        lines.append(
            f"    {tottime:7.3f}s self {cumtime:7.3f}s cum {ncalls:>8,} {short}:{line}({name})"
        )
    return lines


def report(name: str, ours: pstats.Stats, floor: pstats.Stats, top: int) -> str:
    """Owners' self time for ours and the floor side by side, then ours' top entries."""
    a, b = shares(ours), shares(floor)
    ta, tb = sum(a.values()), sum(b.values())
    lines = [f"== {name}", f"  {'owner':<28} {'ours s':>8} {'%':>5} {'floor s':>8} {'%':>5}"]
    for owner in sorted(set(a) | set(b), key=lambda o: -a.get(o, 0.0)):
        x, y = a.get(owner, 0.0), b.get(owner, 0.0)
        lines.append(f"  {owner:<28} {x:8.3f} {100 * x / ta:5.1f} {y:8.3f} {100 * y / tb:5.1f}")
    lines.append(f"  {'total':<28} {ta:8.3f} {100.0:5.1f} {tb:8.3f} {100.0:5.1f}")
    lines.append(f"  ours, top {top} by self time:")
    lines += _top(ours, top)
    return "\n".join(lines)


def _fresh(prefix: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": f"{prefix}-{time.time_ns()}"}}


def meeting_profiles(uri: str, runs: int, top: int) -> list[str]:
    """Round robin (memory) vs the loop and the same-work floor; on Postgres vs the loop."""
    roster = _roster()
    meeting = create_meeting_graph(roster, protocol="round_robin")
    loop = hand_written_loop(roster, 16)
    same = same_work_meeting(roster, 16)
    out = [
        report(
            "round robin (16 turns, memory) vs 2-channel loop",
            profile(lambda: meeting.invoke(_input(8), context=RR16), runs),
            profile(lambda: loop.invoke({"transcript": [], "turn": 0}), runs),
            top,
        ),
        report(
            "round robin (16 turns, memory) vs same-work floor",
            profile(lambda: meeting.invoke(_input(8), context=RR16), runs),
            profile(lambda: same.invoke({**_input(8), "participant_ids": PARTICIPANTS}), runs),
            top,
        ),
    ]
    with postgres_checkpointer(uri) as saver:
        pg = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        pg_loop = hand_written_loop(roster, 16).copy({"checkpointer": saver})
        out.append(
            report(
                "round robin (16 turns, Postgres sync) vs 2-channel loop on Postgres",
                profile(
                    lambda: pg.invoke(_input(8), _fresh("p"), context=RR16, durability="sync"),
                    runs,
                ),
                profile(
                    lambda: pg_loop.invoke(
                        {"transcript": [], "turn": 0}, _fresh("l"), durability="sync"
                    ),
                    runs,
                ),
                top,
            )
        )
    return out


def pipeline_profile(uri: str, runs: int, top: int, waves: int = 10, width: int = 20) -> str:
    """The pipeline (200 subtasks, Postgres, sync) vs the raw `Send` fan-out."""
    n = waves * width

    async def run() -> tuple[pstats.Stats, pstats.Stats]:
        async with async_postgres_checkpointer(uri) as saver:
            ours, theirs = pipeline_pair(saver, waves, width)
            stats = []
            for fn in (ours, theirs):
                await fn()
                prof = _cpu_profiler()
                prof.enable()
                for _ in range(runs):
                    await fn()
                prof.disable()
                stats.append(pstats.Stats(prof))
            return stats[0], stats[1]

    ours, floor = asyncio.run(run())
    return report(f"pipeline ({n} subtasks, Postgres sync) vs raw Send fan-out", ours, floor, top)


def guard_profile(uri: str, batch: int, top: int) -> str:
    """`batch` Postgres guard checks vs `batch` prepared `SELECT 1` round trips."""
    from bench import guards as guard_bench

    run, ids = secrets.token_hex(3), itertools.count()
    with (
        PostgresGuardStateStore.from_conn_string(uri) as store,
        psycopg.connect(uri, autocommit=True, prepare_threshold=0) as conn,
    ):
        check = LoopGuard(guard_bench.CONFIG, store).check_and_record

        def checks() -> None:
            for _ in range(batch):
                n = next(ids)
                check(chain=["root", "lead"], delegator=f"{run}a{n}", delegatee=f"{run}b{n}",
                      task_id=f"t{n}")  # fmt: skip

        def selects() -> None:
            for _ in range(batch):
                conn.execute("SELECT 1", prepare=True).fetchone()

        return report(
            f"guard check on Postgres vs SELECT 1 ({batch} each, client side only)",
            profile(checks, 3),
            profile(selects, 3),
            top,
        )


def main(argv: list[str] | None = None) -> None:
    """Profile every MISS row's work and print the reports."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--uri", help="PostgreSQL server URI (default: embedded, fsync off)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args(argv)

    def everything(uri: str) -> None:
        for text in meeting_profiles(uri, args.runs, args.top):
            print(text, flush=True)
        print(pipeline_profile(uri, max(1, args.runs // 2), args.top), flush=True)
        print(guard_profile(uri, 300, args.top), flush=True)

    if args.uri:
        everything(args.uri)
        return
    with (
        tempfile.TemporaryDirectory(prefix="council-profile-") as tmp,
        embedded_postgres(Path(tmp) / "data", fsync=False) as uri,
    ):
        setup_database(uri)
        everything(uri)


if __name__ == "__main__":
    main()
