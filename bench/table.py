"""The one benchmark table: every row ours vs its floor, interleaved, in one run.

Each ratio row runs ours and its floor alternately in one process, several times, and prints
medians of CPU time (this process plus the PostgreSQL backends it used) and wall time, the
median of the pairs' ratios, and Python call counts of one run of each side (bench/measure.py).
A floor is the same work in raw LangGraph (same steps and channels, same saver and durability:
bench/floors.py) unless the row names another. The verdict is the CPU ratio unless the target
says wall; a floor that is missing or not positive fails the row. Rows marked "abs" are
absolute figures (they measure the machine as much as the code) and are never given PASS on a
ratio.

Run: `python -m bench [--quick] [--uri URI]` (without --uri a throwaway embedded PostgreSQL,
fsync off). The header and footer print the machine's cores and load.
"""

from __future__ import annotations

import argparse
import logging
import platform
import secrets
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import psycopg
from psycopg import conninfo

from bench import meeting_rows, work_rows
from bench import meetings as meeting_bench
from bench import pipeline as pipeline_bench
from bench.measure import Row, machine
from langgraph_council.checkpoints import embedded_postgres, setup_database

__all__ = ["Row", "main", "measure_all", "render"]


def deep_plan() -> Row:
    """CPU seconds to validate a 10,000-deep chain (an absolute figure)."""
    cpu = pipeline_bench.deep_chain_cpu(10_000)
    return Row(
        "validate a 10,000-deep chain (plan rows, abs)",
        f"{cpu:.3f} s CPU",
        "",
        "< 1 s CPU",
        "ABS PASS" if cpu < 1.0 else "ABS MISS",
        kind="abs",
    )


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
            "PASS" if fill <= 35 and growth <= 1.01 else "MISS",
        ),
    ]


def measure_all(uri: str, quick: bool) -> list[Row]:
    """Every row, in one run."""
    runs = 5 if quick else 11
    rows = meeting_rows.round_robin_rows(runs)
    rows.append(meeting_rows.tracing_row(runs))
    rows += meeting_rows.postgres_rows(uri, runs)
    rows += meeting_rows.memory_rows(uri, runs)  # org memory on vs off (issue 35)
    rows += meeting_rows.agent_participant(runs)
    rows += meeting_rows.autogen_rows(runs)
    rows += meeting_rows.flatness_rows()
    rows += meeting_rows.scale_rows(uri)  # 1,000 turns with a window: flat per turn (issue 33)
    rows.append(meeting_rows.critical_path("position_papers", 3 if quick else 7))
    rows.append(meeting_rows.critical_path("structured_phases", 3 if quick else 7))
    rows += work_rows.pipeline_rows(uri, 10, 20 if quick else 100, 3 if quick else 5)
    rows.append(work_rows.pipeline_scale_row(uri, 2 if quick else 3))
    rows.append(work_rows.worker_row(3 if quick else 5))
    rows.append(deep_plan())
    rows += work_rows.guard_rows(uri, 300 if quick else 1_000, runs, 50_000 if quick else 300_000)
    rows += work_rows.checkpoint_rows(uri)
    rows += prompt_rows()
    rows.append(work_rows.concurrent_meetings(uri, 100))
    rows.append(work_rows.scaleout_row())
    return rows


def render(rows: list[Row]) -> str:
    """The table as plain text."""
    head = Row("measure", "value", "ratio", "target", "verdict", "other", "calls ours/floor")
    fields = ("measure", "value", "ratio", "wall", "calls", "target")
    widths = {f: max(len(getattr(r, f)) for r in [head, *rows]) for f in fields}
    lines = []
    for r in [head, *rows]:
        lines.append(
            f"{r.measure:<{widths['measure']}}  {r.value:>{widths['value']}}  "
            f"{r.ratio:>{widths['ratio']}}  {r.wall:<{widths['wall']}}  "
            f"{r.calls:>{widths['calls']}}  {r.target:<{widths['target']}}  {r.verdict}"
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
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument(
        "--uri",
        help="PostgreSQL server URI: a throwaway database is made on it (default: embedded)",
    )
    args = parser.parse_args()
    logging.getLogger("langgraph").setLevel(logging.ERROR)
    logging.getLogger("langgraph_council").setLevel(logging.ERROR)
    before = machine()
    print(f"before: {before}", flush=True)
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
    print(
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()} {platform.system()}, "
        f"Python {platform.python_version()}; before: {before}; after: {machine()}; "
        f"{time.perf_counter() - started:.0f} s{' (--quick)' if args.quick else ''}"
    )
    print(
        "ratio = ours / floor on the target's metric (median of interleaved pairs); other = "
        "the other metric's ratio; calls = Python calls of one run of each side (sys.setprofile)"
    )
