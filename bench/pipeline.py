"""Coordination pipeline benchmark: framework time per subtask and wall time vs critical path.

1,000 subtasks in 10 waves (100 chains of 10) with a 10 ms async executor, on the Postgres
checkpointer (durability "sync", the factory's default) and without one, side by side.
Run: `python bench/pipeline.py [--repeat N]` (starts a throwaway embedded PostgreSQL).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
import time
from pathlib import Path
from typing import Any

from langgraph_council.checkpoints import async_postgres_checkpointer, embedded_postgres
from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    create_coordination_graph,
)
from langgraph_council.guards import CircuitBreakerConfig, LoopPreventionConfig, RateLimitConfig
from langgraph_council.nodes import AgentProfile, Org, Task
from langgraph_council.nodes.coordination import SubtaskRun

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
PLAN = [
    {
        "id": f"w{w}-{i}",
        "title": f"Part {i} of wave {w}",
        "required_skills": ["python"],
        "dependencies": [f"w{w - 1}-{i}"] if w else [],
    }
    for w in range(WAVES)
    for i in range(WIDTH)
]
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
        times = asyncio.run(measure(uri, args.repeat))
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


if __name__ == "__main__":
    main()
