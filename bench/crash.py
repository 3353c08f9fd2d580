"""The crash campaign: SIGKILL a graph's process at a chosen model call (inside it, or a random
moment after it returned), resume the thread in a new process with the public helpers
(`interrupted_threads`, `resume_thread`) and compare with an uninterrupted run of the same case.

A model call returned in the killed run is looked up in the thread's saved checkpoint writes
and blobs (each scripted reply carries a hash of its prompt): if it was saved, the resumed run
must not call it again ("repeated saved": must be 0); if it returned but was not yet written,
calling it again is LangGraph's at-least-once window, counted apart. The call the kill landed
inside is not counted (it never returned).

Run: `python -m bench crash --kills N [--seed S] [--uri URI]`.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

CHILD = Path(__file__).with_name("crash_child.py")
FAMILIES = ("round_robin", "position_papers", "structured_phases", "debate")


@dataclass(frozen=True)
class KillResult:
    """One kill and its resume."""

    family: str
    kill_at: int
    delay: float
    killed: bool
    found: bool
    same_result: bool
    repeated_saved: int
    repeated_window: int
    finished_before_kill: bool = False


def _child(
    uri: str, thread: str, family: str, mode: str, log: Path, kill_at: int, delay: float
) -> int:
    args = [
        sys.executable,
        str(CHILD),
        uri,
        thread,
        family,
        mode,
        str(log),
        str(kill_at),
        str(delay),
    ]
    env_out = subprocess.run(args, capture_output=True, text=True, timeout=180, check=False)
    if env_out.returncode not in (0, -signal.SIGKILL):
        raise RuntimeError(f"{family} {mode} failed:\n{env_out.stderr[-3000:]}")
    return env_out.returncode


def _events(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def _saved(uri: str, thread: str, keys: set[str]) -> set[str]:
    """The keys whose replies are in the thread's saved writes or blobs."""
    with psycopg.connect(uri) as conn:
        blobs = [
            bytes(r[0])
            for r in conn.execute(
                "SELECT blob FROM checkpoint_writes WHERE thread_id = %s AND blob IS NOT NULL "
                "UNION ALL SELECT blob FROM checkpoint_blobs WHERE thread_id = %s "
                "AND blob IS NOT NULL",
                (thread, thread),
            )
        ]
    return {k for k in keys if any(k.split(":")[1].encode() in b for b in blobs)}


def baseline(uri: str, family: str, workdir: Path) -> tuple[Any, int]:
    """The uninterrupted run's result and its number of model calls."""
    log = workdir / f"base-{family}.jsonl"
    _child(uri, f"base-{family}-{uuid.uuid4().hex[:6]}", family, "run", log, 0, -1)
    events = _events(log)
    final = next(e["value"] for e in events if e["event"] == "final")
    return final, sum(1 for e in events if e["event"] == "start")


def run_case(
    uri: str, family: str, kill_at: int, delay: float, workdir: Path, expected: Any
) -> KillResult:
    """Kill one run at its `kill_at`-th model call, resume it, compare with `expected`."""
    thread = f"crash-{family}-{uuid.uuid4().hex[:8]}"
    log = workdir / f"{thread}.jsonl"
    code = _child(uri, thread, family, "run", log, kill_at, delay)
    killed = code == -signal.SIGKILL
    first = _events(log)
    returned = Counter(e["key"] for e in first if e["event"] == "return")
    saved = _saved(uri, thread, set(returned)) if killed else set(returned)
    if killed:
        _child(uri, thread, family, "resume", log, 0, -1)
    events = _events(log)
    resumed = Counter(e["key"] for e in events if e["mode"] == "resume" and e["event"] == "start")
    again = returned & resumed
    final = [e for e in events if e["event"] == "final"]
    return KillResult(
        family=family,
        kill_at=kill_at,
        delay=delay,
        killed=killed,
        found=not killed or any(e.get("found") or e["event"] == "already_finished" for e in events),
        same_result=bool(final) and final[-1]["value"] == expected,
        repeated_saved=sum(n for k, n in again.items() if k in saved),
        repeated_window=sum(n for k, n in again.items() if k not in saved),
        finished_before_kill=any(e["event"] == "already_finished" for e in events),
    )


def campaign(uri: str, kills: int, seed: int = 0) -> list[KillResult]:
    """`kills` cases drawn with a fixed seed: family, call number, inside or after the call."""
    rng = random.Random(seed)
    results = []
    with tempfile.TemporaryDirectory(prefix="council-crash-") as tmp:
        work = Path(tmp)
        bases = {f: baseline(uri, f, work) for f in FAMILIES}
        for _ in range(kills):
            family = rng.choice(FAMILIES)
            expected, calls = bases[family]
            delay = -1.0 if rng.random() < 0.5 else round(rng.uniform(0, 0.03), 4)
            results.append(run_case(uri, family, rng.randint(1, calls), delay, work, expected))
    return results


def summary(results: list[KillResult]) -> str:
    """The campaign's figures."""
    killed = [r for r in results if r.killed]
    lines = [
        f"cases: {len(results)}, killed: {len(killed)} (a kill timed after the last call can miss)",
        f"killed after the last checkpoint (nothing to resume): "
        f"{sum(r.finished_before_kill for r in killed)}",
        f"found by interrupted_threads (or already finished): "
        f"{sum(r.found for r in killed)}/{len(killed)}",
        f"resumed to the uninterrupted result: "
        f"{sum(r.same_result for r in results)}/{len(results)}",
        f"repeated calls whose result was saved: {sum(r.repeated_saved for r in results)}",
        f"at-least-once repeats (returned, not yet saved): "
        f"{sum(r.repeated_window for r in results)}",
        "per family: " + ", ".join(f"{f} {sum(r.family == f for r in results)}" for f in FAMILIES),
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """`python -m bench crash --kills N [--seed S] [--uri URI]`."""
    from bench.table import throwaway_database
    from langgraph_council.checkpoints import embedded_postgres, setup_database

    parser = argparse.ArgumentParser(prog="python -m bench crash")
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--uri", help="PostgreSQL server URI (a throwaway database is made)")
    args = parser.parse_args(argv)
    if args.kills < 1:
        parser.error(f"--kills must be >= 1, got {args.kills}")
    with tempfile.TemporaryDirectory(prefix="council-crash-pg-") as tmp:
        if args.uri:
            with throwaway_database(args.uri) as uri:
                setup_database(uri)
                print(summary(campaign(uri, args.kills, args.seed)))
        else:
            with embedded_postgres(Path(tmp) / "data", fsync=False) as uri:
                setup_database(uri)
                print(summary(campaign(uri, args.kills, args.seed)))
