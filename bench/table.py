"""The one benchmark table: every figure of issue 15, side by side in one run, each with its
target and PASS/MISS. Reuses the measurements of bench/meetings.py, bench/pipeline.py and
bench/guards.py (imported, not copied) and adds the rows they lack.

Run: `python -m bench [--quick] [--uri URI]` (without --uri a throwaway embedded PostgreSQL,
fsync off). Ratios compare runs that alternate on the same machine, best of several, so a busy
shared CPU hurts both sides alike.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import os
import platform
import secrets
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg import conninfo

from bench import autogen_bench
from bench import guards as guard_bench
from bench import meetings as meeting_bench
from bench import pipeline as pipeline_bench
from bench.meetings import ORG, RR16, _input, _roster, hand_written_loop
from langgraph_council.checkpoints import (
    PostgresGuardStateStore,
    async_postgres_checkpointer,
    embedded_postgres,
    postgres_checkpointer,
    prune_threads,
    setup_database,
)
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.guards import InMemoryGuardStateStore
from langgraph_council.nodes import Roster
from langgraph_council.nodes.testing import ScriptedChatModel

LATENCY = 0.1


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    measure: str
    value: str
    ratio: str
    target: str
    verdict: str  # PASS, MISS, SKIP or INFO


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def rr_overhead_sync() -> Row:
    ours, base = meeting_bench.round_robin_overhead()
    return Row(
        "round robin per turn vs hand-written loop (invoke)",
        f"{ours * 1e3:.2f} vs {base * 1e3:.2f} ms",
        f"{ours / base:.2f}x",
        "<= 1.10x",
        _verdict(ours / base <= 1.10),
    )


def rr_overhead_async(runs: int) -> Row:
    """The same 16-turn meeting and loop under `ainvoke`, alternating, best of `runs`."""
    roster = _roster()
    meeting = create_meeting_graph(roster, protocol="round_robin")
    loop = hand_written_loop(roster, 16)

    async def timed(call: Callable[[], Any]) -> float:
        started = time.perf_counter()
        await call()
        return time.perf_counter() - started

    async def run() -> tuple[float, float]:
        ours, base = [], []
        for n in range(runs + 3):  # the first three warm both sides
            a = await timed(lambda: meeting.ainvoke(_input(8), context=RR16))
            b = await timed(lambda: loop.ainvoke({"transcript": [], "turn": 0}))
            if n >= 3:
                ours.append(a)
                base.append(b)
        return min(ours) / 16, min(base) / 16

    ours, base = asyncio.run(run())
    return Row(
        "round robin per turn vs hand-written loop (ainvoke)",
        f"{ours * 1e3:.2f} vs {base * 1e3:.2f} ms",
        f"{ours / base:.2f}x",
        "<= 1.10x",
        _verdict(ours / base <= 1.10),
    )


def postgres_cost(uri: str, runs: int) -> Row:
    """Extra time per turn on Postgres (durability sync): our meeting vs a raw LangGraph step."""
    ours = meeting_bench.postgres_per_turn(uri)
    roster = _roster()
    memory = hand_written_loop(roster, 16)
    with postgres_checkpointer(uri) as saver:
        on_pg = memory.copy({"checkpointer": saver})
        in_memory, durable = [], []
        for n in range(runs):
            started = time.perf_counter()
            memory.invoke({"transcript": [], "turn": 0})
            in_memory.append(time.perf_counter() - started)
            started = time.perf_counter()
            config = {"configurable": {"thread_id": f"raw-{n}-{time.time_ns()}"}}
            on_pg.invoke({"transcript": [], "turn": 0}, config, durability="sync")
            durable.append(time.perf_counter() - started)
    raw = (min(durable) - min(in_memory)) / 16
    return Row(
        "Postgres cost per turn vs raw LangGraph step",
        f"{ours * 1e3:.2f} vs {raw * 1e3:.2f} ms",
        f"{ours / raw:.2f}x",
        "<= 1.2x",
        _verdict(ours / raw <= 1.2),
    )


def _waves(starts: list[float], gap: float = LATENCY / 2) -> int:
    """Model calls that start within `gap` of the previous one run in the same wave."""
    ordered = sorted(starts)
    return 1 + sum(1 for a, b in itertools.pairwise(ordered) if b - a > gap)


def critical_path(protocol: str, runs: int, participants: int = 8) -> Row:
    """Wall time vs the critical path: the waves of model calls times 100 ms each."""
    starts: list[float] = []
    roster = Roster(
        ORG,
        default_model=ScriptedChatModel(
            lambda call: starts.append(time.perf_counter()) or meeting_bench.REPLY,
            latency=LATENCY,
        ),
    )
    graph = create_meeting_graph(roster, protocol=protocol)

    async def run() -> tuple[float, int]:
        best, waves = float("inf"), 0
        for _ in range(runs):
            starts.clear()
            started = time.perf_counter()
            await graph.ainvoke(_input(participants))
            elapsed = time.perf_counter() - started
            if elapsed < best:
                best, waves = elapsed, _waves(starts)
        return best, waves

    best, waves = asyncio.run(run())
    path = waves * LATENCY
    return Row(
        f"{protocol.replace('_', ' ')} vs critical path @100 ms",
        f"{best * 1e3:.0f} vs {path * 1e3:.0f} ms ({waves} waves)",
        f"{best / path:.2f}x",
        "<= 1.10x",
        _verdict(best / path <= 1.10),
    )


def pipeline_per_subtask(uri: str, repeat: int) -> Row:
    times = asyncio.run(pipeline_bench.measure(uri, repeat))
    best = min(wall for wall, _ in times["postgres"])
    per = (best - pipeline_bench.CRITICAL_PATH) / pipeline_bench.SUBTASKS
    return Row(
        "pipeline framework time per subtask (1,000, Postgres)",
        f"{per * 1e3:.2f} ms (wall {best:.2f} s)",
        "",
        "<= 1.5 ms",
        _verdict(per <= 0.0015),
    )


def deep_plan() -> Row:
    cpu = pipeline_bench.deep_chain_cpu(10_000)
    return Row(
        "validate a 10,000-deep chain (plan rows)",
        f"{cpu:.3f} s CPU",
        "",
        "< 1 s CPU",
        _verdict(cpu < 1.0),
    )


def guard_rows(uri: str, memory_attempts: int, pg_attempts: int) -> list[Row]:
    """Check-and-record throughput: in memory, then Postgres with 1 and 4 connections."""
    store = InMemoryGuardStateStore()
    count, _, elapsed = guard_bench.measure(
        lambda: store, threads=1, pairs=0, attempts=memory_attempts, run="mem"
    )
    rows = [_rate_row("guard throughput, memory", count / elapsed, 100_000)]
    for conns, target in ((1, 2_000), (4, 8_000)):
        with _stores(uri) as make:
            count, _, elapsed = guard_bench.measure(
                make, threads=conns, pairs=0, attempts=pg_attempts, run=f"pg{conns}"
            )
        rows.append(_rate_row(f"guard throughput, Postgres x{conns} conn", count / elapsed, target))
    return rows


@contextmanager
def _stores(uri: str) -> Iterator[Callable[[], PostgresGuardStateStore]]:
    """A factory of Postgres guard stores, one connection each, closed afterwards."""
    opened: list[Any] = []

    def make() -> PostgresGuardStateStore:
        manager = PostgresGuardStateStore.from_conn_string(uri)
        opened.append(manager)
        return manager.__enter__()

    try:
        yield make
    finally:
        for manager in opened:
            manager.__exit__(None, None, None)


def _rate_row(name: str, rate: float, target: int) -> Row:
    return Row(name, f"{rate:,.0f}/s", "", f">= {target:,}/s", _verdict(rate >= target))


def checkpoint_bytes(uri: str) -> list[Row]:
    """Bytes of a 40-turn meeting vs its final state, as run and after `prune_threads`."""
    stored, final = meeting_bench.checkpoint_growth(uri)
    with postgres_checkpointer(uri) as saver:
        prune_threads(saver, thread_ids=["growth"])
    with psycopg.connect(uri) as conn:
        row = conn.execute(
            " + ".join(
                f"(SELECT coalesce(sum(pg_column_size(x.*)), 0) FROM {t} x"
                " WHERE thread_id = 'growth')"
                for t in ("checkpoints", "checkpoint_blobs", "checkpoint_writes")
            ).join(("SELECT ", ""))
        ).fetchone()
    pruned = int(row[0]) if row else 0
    return [
        Row(
            f"40-turn meeting checkpoint bytes vs final state{label}",
            f"{size:,} vs {final:,} B",
            f"{size / final:.2f}x",
            "<= 1.5x",
            _verdict(size / final <= 1.5),
        )
        for label, size in (("", stored), (", after prune_threads", pruned))
    ]


def prompt_rows() -> list[Row]:
    """Without a window the prompt grows with the transcript. With `transcript_window=4` the
    older turns shrink to a digest capped at 1,200 chars: one line more per turn until the cap,
    then flat. The verdict needs the prompt flat (within 1%) from turn 35 at the latest to 40;
    one still growing at turn 40 is "flat from turn 40" and fails."""
    without, with_window = meeting_bench.prompt_tokens(None), meeting_bench.prompt_tokens(4)
    fill = meeting_bench.flat_from(with_window)
    growth = with_window[-1] / with_window[fill - 1]
    at = "/".join(f"{with_window[t - 1]:,.0f}" for t in (10, 20, 30, 40))
    return [
        Row(
            "prompt tokens/turn, no window (turn 10 -> 40)",
            f"{without[9]:,.0f} -> {without[39]:,.0f}",
            f"{without[39] / without[9]:.2f}x",
            "(grows)",
            "INFO",
        ),
        Row("prompt tokens/turn, transcript_window=4, turns 10/20/30/40", at, "", "", "INFO"),
        Row(
            f"prompt tokens/turn, window=4, flat from turn {fill} (digest full) -> 40",
            f"{with_window[fill - 1]:,.0f} -> {with_window[-1]:,.0f}",
            f"{growth:.2f}x",
            "flat by turn 35",
            _verdict(fill <= 35 and growth <= 1.01),
        ),
    ]


def concurrent_meetings(uri: str, meetings: int, pool_size: int = 10) -> Row:
    """`meetings` round-robin meetings at once on one Postgres through a pool."""
    context = {"round_robin": {"max_turns_per_agent": 1, "leader_summarizes": False}}

    async def run() -> tuple[float, int]:
        async with async_postgres_checkpointer(uri, pool_size=pool_size) as saver:
            graph = create_meeting_graph(_roster(), protocol="round_robin", checkpointer=saver)
            started = time.perf_counter()
            outs = await asyncio.gather(
                *(
                    graph.ainvoke(
                        _input(4),
                        {"configurable": {"thread_id": f"many-{n}-{time.time_ns()}"}},
                        context=context,
                        durability="sync",
                    )
                    for n in range(meetings)
                )
            )
            elapsed = time.perf_counter() - started
        return elapsed, sum(1 for out in outs if out.get("minutes") is not None)

    elapsed, done = asyncio.run(run())
    return Row(
        f"{meetings} concurrent meetings, one Postgres (pool {pool_size})",
        f"{meetings / elapsed:,.1f} meetings/s, {4 * meetings / elapsed:,.0f} turns/s",
        "",
        f"all {meetings} finish",
        _verdict(done == meetings),
    )


def autogen_rows(runs: int) -> list[Row]:
    """Our round robin vs AutoGen's `RoundRobinGroupChat`, 5 x 3 turns (bench/autogen_bench.py)."""
    name = "round robin 5x3 vs AutoGen RoundRobinGroupChat"
    reason = autogen_bench.missing()
    if reason is not None:
        return [Row(name, "not measured", "", "<= 0.8x", f"SKIP: {reason}")]
    return [
        Row(
            f"{name} ({mode})",
            f"{ours * 1e3:.2f} vs {theirs * 1e3:.2f} ms",
            f"{ours / theirs:.2f}x",
            "<= 0.8x",
            _verdict(ours / theirs <= 0.8),
        )
        for mode, (ours, theirs) in autogen_bench.measure(runs).items()
    ]


def measure_all(uri: str, quick: bool) -> list[Row]:
    """Every row, in one run."""
    runs = 5 if quick else 15
    rows = [rr_overhead_sync(), rr_overhead_async(10 if quick else 25)]
    rows += autogen_rows(20 if quick else 40)
    rows.append(postgres_cost(uri, runs))
    rows.append(critical_path("position_papers", runs))
    rows.append(critical_path("structured_phases", runs))
    rows.append(pipeline_per_subtask(uri, 1 if quick else 3))
    rows.append(deep_plan())
    rows += guard_rows(uri, 50_000 if quick else 300_000, 1_000 if quick else 5_000)
    rows += checkpoint_bytes(uri)
    rows += prompt_rows()
    rows.append(concurrent_meetings(uri, 100))
    return rows


def render(rows: list[Row]) -> str:
    """The table as plain text."""
    head = Row("measure", "value", "ratio", "target", "verdict")
    widths = [max(len(getattr(r, f)) for r in [head, *rows]) for f in ("measure", "value")]
    lines = []
    for r in [head, *rows]:
        lines.append(
            f"{r.measure:<{widths[0]}}  {r.value:>{widths[1]}}  {r.ratio:>6}  "
            f"{r.target:<16}  {r.verdict}"
        )
    return "\n".join(lines)


@contextmanager
def throwaway_database(server_uri: str) -> Iterator[str]:
    """A fresh database on `server_uri`'s server, dropped afterwards."""
    name = f"council_bench_{secrets.token_hex(4)}"
    with psycopg.connect(server_uri, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield conninfo.make_conninfo(server_uri, dbname=name)
    finally:
        with psycopg.connect(server_uri, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def main() -> None:
    """Parse arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repeats (under 2 minutes)")
    parser.add_argument(
        "--uri",
        help="PostgreSQL server URI: a throwaway database is made on it (default: embedded)",
    )
    args = parser.parse_args()
    logging.getLogger("langgraph").setLevel(logging.ERROR)
    logging.getLogger("langgraph_council").setLevel(logging.ERROR)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="council-bench-") as tmp:
        if args.uri:
            with throwaway_database(args.uri) as uri:
                setup_database(uri)
                rows = measure_all(uri, args.quick)
        else:
            with embedded_postgres(Path(tmp) / "data", fsync=False) as uri:
                setup_database(uri)
                rows = measure_all(uri, args.quick)
    print(render(rows))
    load = "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    print(
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()} {platform.system()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, load {load}, "
        f"{time.perf_counter() - started:.0f} s{' (--quick)' if args.quick else ''}"
    )
