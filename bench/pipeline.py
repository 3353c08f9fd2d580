"""Coordination pipeline benchmark: framework time per subtask and wall time vs critical path.

Side by side in one run, on the Postgres checkpointer (durability "sync", the factory's
default), each row the best of `--repeat` runs:
- 1,000 subtasks in 10 waves (100 chains of 10) with a 10 ms async executor (and the same
  without a checkpointer): framework time per subtask, wall time vs the 100 ms critical path;
- 20 subtasks in 4 waves with git worktrees through the graph (`workspace=`): each subtask
  writes a new module calling into the repository and edits another (as bench/worktrees.py),
  and the graph creates its worktree, merges it and runs the AST checks over the whole tree.
  The per-subtask cost of create + merge + AST check is the time spent in the
  `create_worktrees` and `merge_subtasks` nodes / 20, and the wall time against the same plan
  without a workspace; bench/worktrees.py's library-level figure is printed beside it;
- plan validation of a 10,000-deep chain (CPU seconds, target < 1 s).
Run: `python bench/pipeline.py [--repeat N]` (starts a throwaway embedded PostgreSQL).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

from worktrees import _agent_work, _make_repo, bench_worktrees

from langgraph_council.checkpoints import async_postgres_checkpointer, embedded_postgres
from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
)
from langgraph_council.guards import CircuitBreakerConfig, LoopPreventionConfig, RateLimitConfig
from langgraph_council.nodes import AgentProfile, Org, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun

WAVES, WIDTH, LATENCY = 10, 100, 0.010
SUBTASKS = WAVES * WIDTH
CRITICAL_PATH = WAVES * LATENCY
ORG = Org(
    [
        AgentProfile(
            id=f"dev{i}",
            name=f"Dev {i}",
            role="dev",
            department="eng",
            level="mid",
            primary_skills=("python",),
        )
        for i in range(20)
    ]
)


def _chains(prefix: str, part: str, waves: int, width: int) -> list[dict[str, Any]]:
    """`width` chains `waves` long: subtask `i` of wave `w` depends on subtask `i` of wave `w-1`."""
    return [
        {
            "id": f"{prefix}{w}-{i}",
            "title": f"{part} {i} of wave {w}",
            "required_skills": ["python"],
            "dependencies": [f"{prefix}{w - 1}-{i}"] if w else [],
        }
        for w in range(waves)
        for i in range(width)
    ]


PLAN = _chains("w", "Part", WAVES, WIDTH)
CONFIG = CoordinationConfig(max_subtasks=SUBTASKS, max_depth=WAVES, topology="centralized")
# The benchmark measures the pipeline, not the guard's limits: 1,000 hand-offs in a second.
GUARD = LoopPreventionConfig(
    rate_limit=RateLimitConfig(max_per_pair_per_minute=100_000),
    circuit_breaker=CircuitBreakerConfig(bounce_threshold=100_000),
)


async def executor(run: SubtaskRun) -> str:
    """Ten milliseconds of 'work'."""
    await asyncio.sleep(LATENCY)
    return f"{run.subtask.id} done"


def _graph(checkpointer: Any = None) -> Any:
    return create_coordination_graph(
        ORG,
        executor=executor,
        decomposer=ManualDecomposer(PLAN),
        config=CONFIG,
        guard_config=GUARD,
        checkpointer=checkpointer,
    )


async def _time(graph: Any, label: str, repeat: int) -> list[tuple[float, float]]:
    """(wall, this process's CPU) seconds of each run."""
    times = []
    for n in range(repeat):
        config = {"configurable": {"thread_id": f"{label}-{n}-{time.time_ns()}"}}
        started, cpu = time.perf_counter(), time.process_time()
        out = await graph.ainvoke({"task": Task(id="bench", title="Benchmark")}, config)
        times.append((time.perf_counter() - started, time.process_time() - cpu))
        result = out["result"]
        if result.rollup != "completed" or len(result.statuses) != SUBTASKS:
            raise RuntimeError(f"benchmark run did not complete: {result.rollup}")
    return times


async def measure(uri: str, repeat: int) -> dict[str, list[tuple[float, float]]]:
    """Wall and CPU times of each run, in memory and on Postgres, after one warm-up run each."""
    memory = _graph()
    await _time(memory, "warm", 1)
    memory_times = await _time(memory, "memory", repeat)
    async with async_postgres_checkpointer(uri) as saver:
        postgres = _graph(saver)
        await _time(postgres, "warm", 1)
        postgres_times = await _time(postgres, "postgres", repeat)
    return {"memory": memory_times, "postgres": postgres_times}


GIT_WAVES, GIT_WIDTH, GIT_MODULES = 4, 5, 40
GIT_SUBTASKS = GIT_WAVES * GIT_WIDTH
GIT_PLAN = _chains("g", "Module", GIT_WAVES, GIT_WIDTH)
GIT_CONFIG = CoordinationConfig(max_subtasks=GIT_SUBTASKS, max_depth=GIT_WAVES)


def _git_executor(run: SubtaskRun) -> str:
    """An agent's work in its worktree: a new module calling into the repo, an edited one."""
    if run.workspace_path is not None:
        _agent_work(Path(run.workspace_path), GIT_PLAN.index(_row(run.subtask.id)), GIT_MODULES)
    return f"{run.subtask.id} done"


def _row(subtask_id: str) -> dict[str, Any]:
    return next(r for r in GIT_PLAN if r["id"] == subtask_id)


async def _time_git(graph: Any, label: str) -> tuple[float, dict[str, float]]:
    """Wall seconds of one run and seconds spent per node (from the debug stream)."""
    started: dict[str, datetime] = {}
    spent: dict[str, float] = defaultdict(float)
    config = {"configurable": {"thread_id": f"{label}-{time.time_ns()}"}}
    wall = time.perf_counter()
    async for event in graph.astream(
        {"task": Task(id="git-bench", title="Worktrees")}, config, stream_mode="debug"
    ):
        task, stamp = event["payload"], datetime.fromisoformat(event["timestamp"])
        if event["type"] == "task":
            started[task["id"]] = stamp
        elif event["type"] == "task_result" and task["id"] in started:
            spent[task["name"]] += (stamp - started.pop(task["id"])).total_seconds()
    wall = time.perf_counter() - wall
    result = (await graph.aget_state(config)).values["result"]
    if result.rollup != "completed" or len(result.merges) != GIT_SUBTASKS:
        raise RuntimeError(f"worktree benchmark run did not complete: {result.rollup}")
    return wall, dict(spent)


async def measure_git(saver: Any, repeat: int) -> dict[str, Any]:
    """The 20-subtask plan with worktrees and without, best of `repeat` each."""
    runs: list[tuple[float, dict[str, float]]] = []
    plain: list[float] = []
    for n in range(repeat):
        with tempfile.TemporaryDirectory(prefix="council-bench-git-") as tmp:
            repo = _make_repo(Path(tmp) / "repo", GIT_MODULES)
            graph = create_coordination_graph(
                ORG, executor=_git_executor, decomposer=ManualDecomposer(GIT_PLAN),
                config=GIT_CONFIG, guard_config=GUARD, checkpointer=saver,
                workspace=WorkspaceConfig(repo_path=repo),
            )  # fmt: skip
            runs.append(await _time_git(graph, f"git-{n}"))
        bare = create_coordination_graph(
            ORG, executor=_git_executor, decomposer=ManualDecomposer(GIT_PLAN),
            config=GIT_CONFIG, guard_config=GUARD, checkpointer=saver,
        )  # fmt: skip
        plain.append(await _time_git_plain(bare, f"plain-{n}"))
    return {"git": min(runs, key=lambda r: r[0]), "plain": min(plain)}


async def _time_git_plain(graph: Any, label: str) -> float:
    config = {"configurable": {"thread_id": f"{label}-{time.time_ns()}"}}
    started = time.perf_counter()
    await graph.ainvoke({"task": Task(id="git-bench", title="Worktrees")}, config)
    return time.perf_counter() - started


async def measure_all(uri: str, repeat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both tables' measurements on one Postgres server."""
    times = await measure(uri, repeat)
    async with async_postgres_checkpointer(uri) as saver:
        git = await measure_git(saver, repeat)
    return times, git


def _print_git(git: dict[str, Any], repeat: int) -> None:
    """The worktree rows: through the graph, and bench/worktrees.py's library-only figure."""
    wall, spent = git["git"]
    per = {name: seconds / GIT_SUBTASKS * 1e3 for name, seconds in spent.items()}
    create, merge = per.get("create_worktrees", 0.0), per.get("merge_subtasks", 0.0)
    library = bench_worktrees(GIT_SUBTASKS, GIT_WAVES, GIT_MODULES, repeat)[0]
    lib_create = library.create_s / GIT_SUBTASKS * 1e3
    lib_merge = library.merge_s / GIT_SUBTASKS * 1e3
    added = (wall - git["plain"]) / GIT_SUBTASKS * 1e3
    rows = [
        (
            f"{GIT_SUBTASKS} subtasks / {GIT_WAVES} waves, worktrees, graph on Postgres",
            f"{wall * 1e3:,.0f} ms (no workspace {git['plain'] * 1e3:,.0f})",
            f"{create:.1f}",
            f"{merge:.1f}",
            f"{create + merge:.1f} ms",
            f"{added:.1f} ms",
        ),
        (
            "  the same, library calls only (bench/worktrees.py)",
            "-",
            f"{lib_create:.1f}",
            f"{lib_merge:.1f}",
            f"{library.per_subtask_ms:.1f} ms",
            "-",
        ),
    ]
    heads = ("measure", "wall time", "create", "merge+AST", "per subtask", "wall added")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]
    print()
    print(
        "  ".join(
            h.ljust(w) if i == 0 else h.rjust(w)
            for i, (h, w) in enumerate(zip(heads, widths, strict=True))
        )
    )
    for row in rows:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )
    once = ", ".join(
        f"{name} {spent[name] * 1e3:.0f} ms"
        for name in ("open_workspace", "finish_workspace")
        if name in spent
    )
    print(
        f"create / merge+AST = ms per subtask in the create_worktrees / merge_subtasks nodes "
        f"({GIT_MODULES} modules, AST checks over the whole tree); wall added = (wall - no "
        f"workspace) / {GIT_SUBTASKS}; once per run: {once}"
    )


def deep_chain_cpu(depth: int = 10_000, repeat: int = 3) -> float:
    """CPU seconds to validate a `depth`-deep chain: `ManualDecomposer(rows)` then `.plan()`
    with the limits raised to fit (best of `repeat`; issue 21: quadratic before, minutes)."""
    rows = [
        {"id": f"c{i}", "title": f"Step {i}", "dependencies": [f"c{i - 1}"] if i else []}
        for i in range(depth)
    ]
    config = CoordinationConfig(max_subtasks=depth, max_depth=depth)
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        plan = ManualDecomposer(rows).plan(Task(id="deep", title="Deep chain"), config)
        best = min(best, time.process_time() - started)
        assert len(plan.levels) == depth, len(plan.levels)
    return best


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (best is shown)")
    args = parser.parse_args()
    logging.getLogger("langgraph").setLevel(logging.ERROR)  # unregistered-type serde notes
    logging.getLogger("langgraph_council").setLevel(logging.ERROR)  # the team-size note
    with (
        tempfile.TemporaryDirectory(prefix="council-bench-") as tmp,
        embedded_postgres(Path(tmp) / "data", fsync=False) as uri,
    ):
        times, git = asyncio.run(measure_all(uri, args.repeat))
    rows = []
    for label, key in (("Postgres, sync durability", "postgres"), ("no checkpointer", "memory")):
        runs = sorted(times[key])
        (best, cpu), worst = runs[0], runs[-1][0]
        rows.append(
            (
                f"1,000 subtasks / 10 waves, {label}",
                f"{best * 1e3:,.0f} ms (worst {worst * 1e3:,.0f})",
                f"{(best - CRITICAL_PATH) / SUBTASKS * 1e3:.2f} ms",
                f"{cpu / SUBTASKS * 1e3:.2f} ms",
                f"{best / CRITICAL_PATH:.1f}x",
            )
        )
    width = max(len(r[0]) for r in rows)
    head = f"{'measure':<{width}}  {'wall time':>24}  {'framework/subtask':>17}"
    print(f"{head}  {'CPU/subtask':>11}  {'vs 100 ms path':>14}")
    for name, wall, per, cpu_per, ratio in rows:
        print(f"{name:<{width}}  {wall:>24}  {per:>17}  {cpu_per:>11}  {ratio:>14}")
    print("framework/subtask = (wall - 100 ms critical path) / 1,000, target <= 1.5 ms;")
    print("CPU/subtask = this process's CPU time / 1,000 (the Postgres server's CPU not included)")
    _print_git(git, args.repeat)
    print(f"validate a 10,000-deep chain: {deep_chain_cpu():.3f} s CPU (target < 1 s CPU)")


if __name__ == "__main__":
    main()
