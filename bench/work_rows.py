"""The pipeline, worker, guard and storage rows of the table (bench/measure.py's rules)."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import multiprocessing
import re
import resource
import secrets
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import psycopg
from langchain_core.messages import AIMessage, ToolMessage
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from bench import guards as guard_bench
from bench.floors import guard_row_upsert, send_pipeline, sleep_then, transcript_only
from bench.measure import (
    Backends,
    Row,
    Side,
    ainterleave,
    async_backend_pid,
    backend_pid,
    compare,
    interleave,
    paired,
    ratio_verdict,
)
from bench.meetings import ORG as MEETING_ORG
from bench.meetings import _input
from bench.pipeline import GUARD
from bench.pipeline import ORG as PIPELINE_ORG
from bench.worktrees import _make_repo
from langgraph_council.checkpoints import (
    PostgresGuardStateStore,
    async_postgres_checkpointer,
    postgres_checkpointer,
    prune_threads,
)
from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
    create_meeting_graph,
    worktree_agent,
)
from langgraph_council.guards import InMemoryGuardStateStore, LoopGuard
from langgraph_council.nodes import Roster, Task
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

LATENCY = 0.010


def _fresh(prefix: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": f"{prefix}-{time.time_ns()}"}}


def _plan(waves: int, width: int, prefix: str = "w") -> list[dict[str, Any]]:
    return [
        {"id": f"{prefix}{w}-{i}", "title": f"Part {i} of wave {w}", "required_skills": ["python"],
         "dependencies": [f"{prefix}{w - 1}-{i}"] if w else []}
        for w in range(waves) for i in range(width)
    ]  # fmt: skip


async def _sleepy(run: SubtaskRun) -> str:
    return await sleep_then(LATENCY, f"{run.subtask.id} done")


def _completed(out: dict[str, Any], subtasks: int) -> None:
    result = out["result"]
    if result.rollup != "completed" or len(result.statuses) != subtasks:
        raise RuntimeError(f"benchmark pipeline did not complete: {result.rollup}")


def pipeline_pair(
    saver: Any, waves: int, width: int
) -> tuple[Callable[[], Awaitable[None]], Callable[[], Awaitable[None]]]:
    """One run of our pipeline and one of the raw `Send` fan-out doing the same waves (a 10 ms
    executor, one Postgres write per subtask) on `saver`, durability sync."""
    plan, n = _plan(waves, width), waves * width
    wave_ids = [[f"w{w}-{i}" for i in range(width)] for w in range(waves)]
    config = CoordinationConfig(max_subtasks=n, max_depth=waves, topology="centralized")
    ours_graph = create_coordination_graph(
        PIPELINE_ORG, executor=_sleepy, decomposer=ManualDecomposer(plan), config=config,
        guard_config=GUARD, checkpointer=saver,
    )  # fmt: skip
    floor = send_pipeline(
        wave_ids, lambda sid: sleep_then(LATENCY, f"{sid} done"), checkpointer=saver
    )

    async def ours() -> None:
        out = await ours_graph.ainvoke({"task": Task(id="b", title="Bench")}, _fresh("p"))
        _completed(out, n)

    async def theirs() -> None:
        await floor.ainvoke({}, _fresh("send"), durability="sync")

    return ours, theirs


def pipeline_rows(uri: str, waves: int, width: int, runs: int) -> list[Row]:
    """Our pipeline vs a raw `Send` fan-out doing the same waves, on one async saver; CPU
    includes its backend."""
    n = waves * width

    async def run() -> tuple[Side, Side]:
        async with async_postgres_checkpointer(uri) as saver:
            backends = Backends([await async_backend_pid(saver.conn)])
            ours, theirs = pipeline_pair(saver, waves, width)
            return await ainterleave(ours, theirs, runs=runs, warm=1, backends=backends)

    ours, floor = asyncio.run(run())
    path = waves * LATENCY
    framework = (ours.wall - path) / n
    return [
        compare(
            f"pipeline per subtask vs raw Send fan-out ({n:,}, Postgres)",
            ours.per(n),
            floor.per(n),
            1.10,
        ),
        Row(
            f"pipeline framework wall time per subtask ({n:,}, Postgres, abs)",
            f"{framework * 1e3:.2f} ms (wall {ours.wall:.2f} s, floor {floor.wall:.2f} s)",
            "",
            "(moves with load)",
            "INFO",
            kind="abs",
        ),
    ]


def _scale_child(uri: str, waves: int, width: int, runs: int) -> tuple[list[float], int]:
    """In a fresh process: our pipeline's CPU per subtask (this process and its backend) in
    `runs` runs after a warm-up, and the process's peak RSS in MB."""

    async def run() -> list[float]:
        async with async_postgres_checkpointer(uri) as saver:
            backends = Backends([await async_backend_pid(saver.conn)])
            ours, _ = pipeline_pair(saver, waves, width)
            await ours()
            cpus = []
            for _ in range(runs):
                cpu, server = time.process_time(), backends.cpu()
                await ours()
                spent = time.process_time() - cpu + backends.cpu() - server
                cpus.append(spent / (waves * width))
            return cpus

    cpus = asyncio.run(run())
    return cpus, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def pipeline_scale_row(uri: str, runs: int, waves: int = 10) -> Row:
    """A 2,000-subtask plan vs a 200-subtask plan (10 waves, no worktrees, Postgres): CPU per
    subtask (medians; each size in its own process, which also gives its peak RSS)."""
    spawn = multiprocessing.get_context("spawn")
    found = {}
    for width in (20, 200):
        with spawn.Pool(1) as pool:
            cpus, rss = pool.apply(_scale_child, (uri, waves, width, runs))
        found[width] = (statistics.median(cpus), rss)
    (small, small_rss), (big, big_rss) = found[20], found[200]
    ratio, verdict = ratio_verdict(big, small, 1.10)
    return Row(
        f"pipeline per subtask, {waves * 200:,} vs {waves * 20} subtasks ({waves} waves, Postgres)",
        f"cpu {big * 1e3:.2f} vs {small * 1e3:.2f} ms; peak RSS {big_rss} vs {small_rss} MB",
        ratio,
        "<= 1.10x cpu",
        verdict,
    )


_SUBTASK = re.compile(r"Subtask id: (\S+)")


def _write_then_report(call: ScriptCall) -> AIMessage | str:
    """The worker's scripted agent: write one file named after its subtask, then report."""
    if any(isinstance(m, ToolMessage) for m in call.messages):
        return "Wrote the module."
    match = _SUBTASK.search(call.prompt)
    sid = match.group(1) if match else "x"
    args = {"path": f"done_{sid.replace('-', '_')}.py", "content": f"X = {sid!r}\n"}
    return AIMessage(
        "", tool_calls=[{"name": "write_file", "args": args, "id": f"c-{sid}", "type": "tool_call"}]
    )


def _write_file(run: SubtaskRun) -> str:
    """The executor function doing the same work as the worker's agent."""
    assert run.workspace_path is not None
    sid = run.subtask.id
    (Path(run.workspace_path) / f"done_{sid.replace('-', '_')}.py").write_text(f"X = {sid!r}\n")
    return "Wrote the module."


def worker_row(runs: int, waves: int = 2, width: int = 3) -> Row:
    """The built-in worktree worker (scripted tool-calling model, no check) vs an executor
    function doing the same file write, same plan and workspace: time per subtask (INFO)."""
    plan, n = _plan(waves, width, prefix="g"), waves * width
    config = CoordinationConfig(max_subtasks=n, max_depth=waves)
    roster = Roster(PIPELINE_ORG, default_model=ScriptedChatModel(_write_then_report))
    with tempfile.TemporaryDirectory(prefix="council-bench-worker-") as tmp:
        repos = iter([_make_repo(Path(tmp) / f"repo{n}", 4) for n in range(2 * runs + 6)])

        def graph(executor: Any) -> Callable[[], None]:
            def run() -> None:
                repo = next(repos)  # made before the clock starts
                built = create_coordination_graph(
                    PIPELINE_ORG, executor=executor, decomposer=ManualDecomposer(plan),
                    config=config, guard_config=GUARD, workspace=WorkspaceConfig(repo_path=repo),
                )  # fmt: skip
                _completed(built.invoke({"task": Task(id="w", title="Worker")}, _fresh("w")), n)

            return run

        worker, function = interleave(
            graph(worktree_agent(roster)), graph(_write_file), runs=runs, warm=1
        )
    ratio, _ = ratio_verdict(worker.cpu, function.cpu, 1.0)
    return Row(
        f"worktree worker per subtask vs executor function ({n}, worktrees, no check)",
        f"cpu {worker.cpu / n * 1e3:.1f} vs {function.cpu / n * 1e3:.1f} ms, "
        f"worker adds {(worker.cpu - function.cpu) / n * 1e3:.1f} ms",
        ratio,
        "(reported)",
        "INFO",
        wall=f"wall {worker.wall / n * 1e3:.0f} vs {function.wall / n * 1e3:.0f} ms",
        calls=f"{worker.calls:,}/{function.calls:,}" if worker.calls and function.calls else "",
        kind="info",
    )


def guard_rows(uri: str, batch: int, runs: int, memory_attempts: int) -> list[Row]:
    """A Postgres guard check vs its floor, a raw upsert of the row it writes on the same
    connection (CPU of client and server, interleaved batches; and the rate), `SELECT 1` as
    information, and the absolute throughputs."""
    store = InMemoryGuardStateStore()
    count, _, elapsed = guard_bench.measure(
        lambda: store, threads=1, pairs=0, attempts=memory_attempts, run="mem"
    )
    rows = [_abs_rate("guard throughput, memory (abs)", count / elapsed, 100_000)]
    run = secrets.token_hex(3)
    ids = itertools.count()
    with (
        PostgresGuardStateStore.from_conn_string(uri) as pg_store,
        psycopg.connect(uri, autocommit=True, prepare_threshold=0) as conn,
    ):
        backends = Backends([backend_pid(pg_store._conn), backend_pid(conn)])
        check = LoopGuard(guard_bench.CONFIG, pg_store).check_and_record
        upsert = guard_row_upsert(pg_store._conn)
        chain = ["root", "lead"]

        def checks() -> None:
            for _ in range(batch):
                n = next(ids)
                check(chain=chain, delegator=f"{run}a{n}", delegatee=f"{run}b{n}", task_id=f"t{n}")

        def upserts() -> None:
            for _ in range(batch):
                n = next(ids)
                upsert(f"{run}a{n}", f"{run}b{n}", f"t{n}")

        def selects() -> None:
            for _ in range(batch):
                conn.execute("SELECT 1", prepare=True).fetchone()

        # A batch is ~0.1 s and one swings by a fifth on this machine: four times the
        # table's pairs (20 with --quick, ~3 s) for a median that holds still.
        ours, floor = interleave(checks, upserts, runs=4 * runs, backends=backends)
        versus_select, select = interleave(checks, selects, runs=runs, backends=backends)
    rows.append(
        compare(
            "guard check on Postgres vs raw upsert of its row (CPU client+server)",
            ours.per(batch),
            floor.per(batch),
            1.2,
        )
    )
    rate, base = batch / ours.wall, batch / floor.wall
    # Paired like the CPU rows: the median of each pair's rate ratio (floor wall / ours).
    inverse = paired(floor.walls, ours.walls)
    ratio, verdict = ratio_verdict(
        base * inverse if inverse is not None else rate, base, 0.8, at_least=True
    )
    rows.append(
        Row(
            "guard checks/s on 1 connection vs raw upserts/s",
            f"{rate:,.0f} vs {base:,.0f}/s",
            ratio,
            ">= 0.80x",
            verdict,
        )
    )
    info = compare(
        "guard check vs SELECT 1 round trip (CPU client+server)",
        versus_select.per(batch),
        select.per(batch),
        1.0,
    )
    rows.append(dataclasses.replace(info, target="(information)", verdict="INFO", kind="info"))
    count, _, elapsed = guard_bench.measure(
        _pg_stores(uri), threads=4, pairs=0, attempts=batch, run=f"pg4{run}"
    )
    rows.append(
        Row(
            "guard throughput, Postgres x4 conn (abs)",
            f"{count / elapsed:,.0f}/s",
            "",
            "(moves with load)",
            "INFO",
            kind="abs",
        )
    )
    return rows


def _pg_stores(uri: str) -> Callable[[], PostgresGuardStateStore]:
    """Stores on one connection each, closed when the process ends (a benchmark helper)."""
    opened: list[Any] = []

    def make() -> PostgresGuardStateStore:
        manager = PostgresGuardStateStore.from_conn_string(uri)
        opened.append(manager)
        return manager.__enter__()

    return make


def _abs_rate(name: str, rate: float, target: int) -> Row:
    verdict = "ABS PASS" if rate >= target else "ABS MISS"
    return Row(name, f"{rate:,.0f}/s", "", f">= {target:,}/s", verdict, kind="abs")


def thread_bytes(uri: str, thread: str) -> int:
    """Bytes a thread takes in LangGraph's three checkpoint tables."""
    with psycopg.connect(uri) as conn:
        row = conn.execute(
            " + ".join(
                f"(SELECT coalesce(sum(pg_column_size(x.*)), 0) FROM {t} x WHERE thread_id = %s)"
                for t in ("checkpoints", "checkpoint_blobs", "checkpoint_writes")
            ).join(("SELECT ", "")),
            (thread, thread, thread),
        ).fetchone()
    return int(row[0]) if row else 0


def checkpoint_rows(uri: str, turns: int = 40) -> list[Row]:
    """Bytes of a 40-turn meeting (incompressible 2 KB replies) vs the transcript-only
    `DeltaChannel` floor on the same saver, vs its final state, and after `prune_threads`."""
    roster = Roster(MEETING_ORG, default_model=ScriptedChatModel(lambda c: secrets.token_hex(1024)))
    rr = {"round_robin": {"max_turns_per_agent": turns // 8, "max_total_turns": turns,
                          "max_tokens_per_turn": 600}}  # fmt: skip
    ours_id, floor_id = f"growth-{time.time_ns()}", f"floor-{time.time_ns()}"
    with postgres_checkpointer(uri) as saver:
        graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        config = {"configurable": {"thread_id": ours_id}, "recursion_limit": turns + 20}
        graph.invoke(_input(8), config, context=rr, durability="sync")
        values = graph.get_state(config).values
        # the final state as a reader gets it: the stored minutes refer to the messages' words
        # (state version 3), `with_words` puts them back, as `invoke` returns them
        values = {**values, "minutes": values["minutes"].with_words(values["messages"])}
        floor = transcript_only(lambda: secrets.token_hex(1024), turns, saver)
        floor_config = {"configurable": {"thread_id": floor_id}, "recursion_limit": turns + 20}
        floor.invoke({}, floor_config, durability="sync")
    final = len(JsonPlusSerializer().dumps_typed(values)[1])
    stored, base = thread_bytes(uri, ours_id), thread_bytes(uri, floor_id)
    with postgres_checkpointer(uri) as saver:
        prune_threads(saver, thread_ids=[ours_id])
    pruned = thread_bytes(uri, ours_id)
    rows = []
    for name, size, ref, limit in (
        ("40-turn meeting checkpoint bytes vs transcript-only DeltaChannel floor", stored, base,
         1.2),
        ("40-turn meeting checkpoint bytes vs its final state", stored, final, 1.5),
        ("  the same after prune_threads", pruned, final, 1.5),
    ):  # fmt: skip
        ratio, verdict = ratio_verdict(size, ref, limit)
        rows.append(Row(name, f"{size:,} vs {ref:,} B", ratio, f"<= {limit:.2f}x bytes", verdict))
    return rows


def concurrent_meetings(uri: str, meetings: int, pool_size: int = 10) -> Row:
    """`meetings` round-robin meetings at once on one Postgres through a pool (abs)."""
    from bench.meetings import _roster

    context = {"round_robin": {"max_turns_per_agent": 1, "leader_summarizes": False}}

    async def run() -> tuple[float, int]:
        async with async_postgres_checkpointer(uri, pool_size=pool_size) as saver:
            graph = create_meeting_graph(_roster(), protocol="round_robin", checkpointer=saver)
            started = time.perf_counter()
            outs = await asyncio.gather(
                *(graph.ainvoke(_input(4), _fresh(f"many-{n}"), context=context,
                                durability="sync") for n in range(meetings))
            )  # fmt: skip
            elapsed = time.perf_counter() - started
        return elapsed, sum(1 for out in outs if out.get("minutes") is not None)

    elapsed, done = asyncio.run(run())
    return Row(
        f"{meetings} concurrent meetings, one Postgres (pool {pool_size}, abs)",
        f"{meetings / elapsed:,.1f} meetings/s, {4 * meetings / elapsed:,.0f} turns/s",
        "",
        f"all {meetings} finish",
        "ABS PASS" if done == meetings else "ABS MISS",
        kind="abs",
    )


def scaleout_row() -> Row:
    """The scale-out bench needs LangGraph Server (`langhost`): its own venv and command."""
    return Row(
        "scale-out, two replicas vs one (alternating rounds)",
        "not measured here",
        "",
        ">= 1.60x",
        "SKIP: needs the server venv (.ci/server-venv): "
        "`.venv-server/bin/python -m bench scaleout`",
        kind="skip",
    )
