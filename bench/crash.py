"""The crash campaign: SIGKILL a graph's process at a chosen kill point (a model call, inside it
or a random moment after it returned, or a write to our stores), resume the thread in a new
process with the public helpers (`interrupted_threads`, `resume_thread`), let a third process
decide a waiting human escalation (`EscalationQueue.decide`), and compare with an uninterrupted
run of the same case: the result, our own tables (duplicates and losses) and, for the pipeline,
the git repository (every subtask merged once, worktrees reused and cleaned up).

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
import multiprocessing
import random
import signal
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from bench.crash_families import FAMILIES, make_repo
from bench.crash_git import git_facts, git_problems
from bench.crash_tables import Databases, compare, differences, tables

THREAD = "crash-thread"  # every case has its own database, so one thread id serves all


@dataclass(frozen=True)
class Baseline:
    """The uninterrupted run of one family."""

    final: Any
    points: int  # kill points of the first process
    kinds: tuple[str, ...]  # what each kill point is ("model call" or the store written)
    tables: dict[str, Counter[str]]
    git: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class KillResult:
    """One kill and its resume."""

    family: str
    kill_at: int
    delay: float
    point: str  # "model call" or the store written just before the kill
    killed: bool
    found: bool
    same_result: bool
    repeated_saved: int
    repeated_window: int
    window_ms: tuple[float, ...] = ()  # kill time minus return time of each window repeat
    saved_ms: tuple[float, ...] = ()  # return -> first saved write, every call of the case
    finished_before_kill: bool = False
    decided_by_third_process: bool = False
    rows_lost: int = 0
    rows_extra: int = 0
    rows: int = 0
    table_diff: tuple[str, ...] = ()
    git_ok: bool = True
    git_notes: tuple[str, ...] = ()
    worktrees_reran: int = 0  # pipeline subtasks run again after the kill
    worktrees_reused: int = 0  # ... in the worktree their killed run had made


def _context() -> Any:
    """Children fork from this process once it has imported the graphs (it holds no database
    connection or thread while forking): each run, resume or decision is still a new OS process
    with its own pid, connections and memory, started in milliseconds instead of the seconds
    an import takes on a loaded machine."""
    import bench.crash_child  # noqa: F401 - imported once, before the first fork

    return multiprocessing.get_context("fork")


def _child(spec: dict[str, Any]) -> int:
    from bench.crash_child import run

    proc = _context().Process(target=run, args=(json.dumps(spec),))
    proc.start()
    proc.join(240)
    if proc.is_alive():
        proc.kill()
        proc.join()
        raise RuntimeError(f"{spec['family']} {spec['mode']} did not finish in 240 s")
    if proc.exitcode not in (0, -signal.SIGKILL):
        err = Path(f"{spec['log']}.err")
        text = err.read_text()[-3000:] if err.exists() else ""
        raise RuntimeError(f"{spec['family']} {spec['mode']} failed ({proc.exitcode}):\n{text}")
    return int(proc.exitcode or 0)


def _events(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def _saved(uri: str, keys: set[str]) -> set[str]:
    """The keys whose replies are in the thread's saved writes or blobs."""
    with psycopg.connect(uri) as conn:
        blobs = [
            bytes(r[0])
            for r in conn.execute(
                "SELECT blob FROM checkpoint_writes WHERE thread_id = %s AND blob IS NOT NULL "
                "UNION ALL SELECT blob FROM checkpoint_blobs WHERE thread_id = %s "
                "AND blob IS NOT NULL",
                (THREAD, THREAD),
            )
        ]
    return {k for k in keys if any(k.split(":")[1].encode() in b for b in blobs)}


def _drive(
    uri: str, family: str, log: Path, repo: Path | None, kill_at: int, delay: float
) -> tuple[int, set[str]]:
    """Run (killed at `kill_at` if > 0), resume after a kill, decide a waiting escalation.

    Returns the first process's exit code and the keys of the calls it returned whose results
    were saved when it died (read before the resume writes anything).
    """
    spec = {"uri": uri, "thread": THREAD, "family": family, "log": str(log)}
    spec["repo"] = None if repo is None else str(repo)
    code = _child({**spec, "mode": "run", "kill_at": kill_at, "delay": delay})
    returned = {e["key"] for e in _events(log) if e["event"] == "return"}
    saved = returned
    if code == -signal.SIGKILL:
        saved = _saved(uri, returned)
        _child({**spec, "mode": "resume", "kill_at": 0, "delay": -1})
    if any(e["event"] == "waiting" and e.get("human") for e in _events(log)):
        _child({**spec, "mode": "decide", "kill_at": 0, "delay": -1})
    return code, saved


def baseline(dbs: Databases, family: str, workdir: Path) -> Baseline:
    """The uninterrupted run's result, kill points, tables and git facts."""
    log = workdir / f"base-{family}.jsonl"
    with dbs.case() as uri:
        repo = make_repo(workdir / f"base-{family}-repo") if family == "pipeline" else None
        _drive(uri, family, log, repo, 0, -1)
        events = _events(log)
        final = next(e for e in events if e["event"] == "final")
        git = git_facts(repo, final, events) if repo is not None else {}
        first = [e for e in events if e["mode"] == "run"]
        points = max((int(e["n"]) for e in first if "n" in e), default=0)
        kinds = tuple(_point(first, n) for n in range(1, points + 1))
        return Baseline(final["value"], points, kinds, tables(uri), git)


def _kill_time(first: list[dict[str, Any]]) -> float | None:
    """When the kill came (the child logs the moment just before it kills itself)."""
    return next((float(e["t"]) for e in first if e["event"] == "kill"), None)


def _point(first: list[dict[str, Any]], kill_at: int) -> str:
    for e in first:
        if e.get("n") == kill_at:
            return "model call" if e["event"] == "start" else str(e.get("store"))
    return "none"


def run_case(
    dbs: Databases, family: str, kill_at: int, delay: float, workdir: Path, base: Baseline
) -> KillResult:
    """Kill one run at its `kill_at`-th kill point, resume it, compare with `base`."""
    with dbs.case() as uri:
        log = workdir / f"{family}-{kill_at}-{delay}-{random.random():.6f}.jsonl"
        repo = make_repo(log.with_suffix(".repo")) if family == "pipeline" else None
        code, saved = _drive(uri, family, log, repo, kill_at, delay)
        killed = code == -signal.SIGKILL
        events = _events(log)
        first = [e for e in events if e["mode"] == "run"]
        returned_at = {e["key"]: float(e["t"]) for e in first if e["event"] == "return"}
        returned = Counter(e["key"] for e in first if e["event"] == "return")
        later = Counter(e["key"] for e in events if e["mode"] != "run" and e["event"] == "start")
        again = returned & later
        final = [e for e in events if e["event"] == "final"]
        kill_t = _kill_time(first)
        window = [k for k, n in again.items() if k not in saved for _ in range(n)]
        diff = compare(base.tables, got := tables(uri))
        notes: list[str] = []
        facts: dict[str, Any] = {}
        if repo is not None:
            facts = git_facts(repo, final[-1], events) if final else {}
            notes = git_problems(facts, base.git) if final else ["no result"]
        return KillResult(
            family=family,
            kill_at=kill_at,
            delay=delay,
            point=_point(first, kill_at),
            killed=killed,
            found=not killed
            or any(e.get("found") or e["event"] == "already_finished" for e in events),
            same_result=bool(final) and final[-1]["value"] == base.final,
            repeated_saved=sum(n for k, n in again.items() if k in saved),
            repeated_window=sum(n for k, n in again.items() if k not in saved),
            window_ms=tuple((kill_t - returned_at[k]) * 1000 for k in window if kill_t is not None),
            saved_ms=tuple(float(e["ms"]) for e in events if e["event"] == "saved"),
            finished_before_kill=any(e["event"] == "already_finished" for e in events),
            decided_by_third_process=any(e["mode"] == "decide" for e in events),
            rows_lost=diff["lost"],
            rows_extra=diff["extra"],
            rows=diff["rows"],
            table_diff=tuple(differences(base.tables, got)),
            git_ok=not notes,
            git_notes=tuple(notes),
            worktrees_reran=facts.get("reran", 0),
            worktrees_reused=facts.get("reused", 0),
        )


def campaign(
    server_uri: str, kills: int, seed: int = 0, *, verbose: bool = False
) -> list[KillResult]:
    """`kills` cases drawn with a fixed seed: family, kill point, inside or after it."""
    rng = random.Random(seed)
    results = []
    dbs = Databases(server_uri)
    dbs.create_template()
    try:
        with tempfile.TemporaryDirectory(prefix="council-crash-") as tmp:
            work = Path(tmp)
            bases = {f: baseline(dbs, f, work) for f in FAMILIES}
            for _ in range(kills):
                family = rng.choice(FAMILIES)
                delay = -1.0 if rng.random() < 0.5 else round(rng.uniform(0, 0.03), 4)
                kill_at = rng.randint(1, bases[family].points)
                results.append(run_case(dbs, family, kill_at, delay, work, bases[family]))
                if verbose:
                    print(results[-1], flush=True)
    finally:
        dbs.drop_template()
    return results


def main(argv: list[str]) -> None:
    """`python -m bench crash --kills N [--seed S] [--uri URI]`."""
    from bench.crash_report import summary
    from bench.guard_race import guard_race
    from langgraph_council.checkpoints import embedded_postgres

    parser = argparse.ArgumentParser(prog="python -m bench crash")
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--uri", help="PostgreSQL server URI (throwaway databases are made)")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    args = parser.parse_args(argv)
    if args.kills < 1:
        parser.error(f"--kills must be >= 1, got {args.kills}")
    with tempfile.TemporaryDirectory(prefix="council-crash-pg-") as tmp:
        if args.uri:
            results = campaign(args.uri, args.kills, args.seed, verbose=args.verbose)
            print(summary(results))
            print(guard_race(args.uri))
        else:
            with embedded_postgres(Path(tmp) / "data", fsync=False) as uri:
                results = campaign(uri, args.kills, args.seed, verbose=args.verbose)
                print(summary(results))
                print(guard_race(uri))
