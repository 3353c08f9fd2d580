"""How every ratio row is measured: ours and its floor interleaved in one process, medians.

A side is a callable doing one unit of work (a meeting, a pipeline run, a batch of checks).
`interleave` runs the two sides in pairs after warm-up runs of both, ours first in one pair and
the floor first in the next (so neither side always inherits the other's garbage or cache), and
keeps for each run its wall time and its CPU time: this process's (`time.process_time`, every
thread) plus, when the work talks to PostgreSQL, the CPU of the backends serving the
connections it used, read from `/proc/<pid>/schedstat` (nanoseconds on CPU; `/proc/<pid>/stat`
counts 10 ms ticks, too coarse for one run). The server's background processes (WAL writer,
checkpointer) are not counted. One more run of each side gives its Python call count, which
does not move with the machine's load (a `sys.setprofile` counter).

A row's verdict is its CPU ratio (robust to load: a busy machine delays both sides, it does not
make them burn more CPU) unless the row says wall (a critical path is wall time). When both
sides were interleaved, the ratio is the median of the pairs' ratios: a shared VM's speed
drifts by a fifth within seconds, and a pair's two runs see the same speed, while medians taken
side by side mix fast and slow moments (the tracing row, 99 pairs, four runs of one tree:
1.01-1.08x from the side medians, 1.01-1.04x paired). The value column keeps each side's
median. A missing, non-positive or non-finite floor fails the row: it can never pass on
nonsense.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import statistics
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from langgraph_council.nodes import _deadline

__all__ = [
    "Backends",
    "Row",
    "Side",
    "acalls_of",
    "ainterleave",
    "async_backend_pid",
    "backend_pid",
    "calls_of",
    "compare",
    "interleave",
    "machine",
    "paired",
    "ratio_verdict",
]


@dataclass(frozen=True)
class Row:
    """One line of the table. `kind` is "ratio" (ours / floor), "abs" (an absolute figure
    against an absolute target: it says so), "info" (no target) or "skip"."""

    measure: str
    value: str
    ratio: str
    target: str
    verdict: str
    wall: str = ""
    calls: str = ""
    kind: str = "ratio"


class Backends:
    """CPU seconds of PostgreSQL backends, by pid, from `/proc/<pid>/schedstat`."""

    def __init__(self, pids: Iterable[int] = ()) -> None:
        self.pids = list(pids)

    def add(self, pid: int) -> None:
        """Count `pid`'s CPU too (a backend of a connection the work uses)."""
        if pid not in self.pids:
            self.pids.append(pid)

    def cpu_and(self) -> float:
        """This process's CPU seconds (`time.process_time`) plus every backend's."""
        return time.process_time() + self.cpu()

    def cpu(self) -> float:
        """Seconds on CPU of every backend so far (an ended backend counts 0 from then on)."""
        total = 0
        for pid in self.pids:
            try:
                with open(f"/proc/{pid}/schedstat") as f:
                    total += int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                continue
        return total / 1e9


def backend_pid(conn: Any) -> int:
    """The server process of a psycopg connection (`SELECT pg_backend_pid()`)."""
    row = conn.execute("SELECT pg_backend_pid()").fetchone()
    return int(row[0] if isinstance(row, tuple | list) else next(iter(row.values())))


async def async_backend_pid(conn: Any) -> int:
    """`backend_pid` for an async psycopg connection."""
    cur = await conn.execute("SELECT pg_backend_pid()")
    row = await cur.fetchone()
    return int(row[0] if isinstance(row, tuple | list) else next(iter(row.values())))


@dataclass(frozen=True)
class Side:
    """Medians of one side's runs (seconds per run) and its Python calls on one run."""

    wall: float
    cpu: float
    calls: int | None = None
    walls: tuple[float, ...] = field(default=(), repr=False)
    cpus: tuple[float, ...] = field(default=(), repr=False)

    @classmethod
    def of(cls, samples: Sequence[tuple[float, float]], calls: int | None = None) -> Side:
        """The medians of `(wall, cpu)` samples."""
        walls = tuple(w for w, _ in samples)
        cpus = tuple(c for _, c in samples)
        return cls(statistics.median(walls), statistics.median(cpus), calls, walls, cpus)

    def per(self, units: float) -> Side:
        """The same figures per unit (per turn, per subtask), samples included."""
        calls = None if self.calls is None else round(self.calls / units)
        walls = tuple(w / units for w in self.walls)
        cpus = tuple(c / units for c in self.cpus)
        return Side(self.wall / units, self.cpu / units, calls, walls, cpus)


def paired(ours: Sequence[float], floor: Sequence[float]) -> float | None:
    """The median of `ours[i] / floor[i]` over interleaved pairs, or None when the samples do
    not pair up (not interleaved, or a run that took no measurable time)."""
    if not ours or len(ours) != len(floor) or min(floor) <= 0:
        return None
    return statistics.median(o / f for o, f in zip(ours, floor, strict=True))


def _clock(backends: Backends | None) -> tuple[float, float]:
    cpu = backends.cpu_and() if backends else time.process_time()
    return time.perf_counter(), cpu


def _since(start: tuple[float, float], backends: Backends | None) -> tuple[float, float]:
    wall, cpu = _clock(backends)
    return wall - start[0], cpu - start[1]


def _counting() -> tuple[Callable[[], int], Callable[..., None]]:
    """A call counter: `(total, profile)`, `profile` to set in every thread to count. Each
    thread adds to its own entry (a shared `count += 1` loses the other threads' calls when
    the interpreter switches threads between its read and its write); `sys.setprofile` itself,
    which only switches counting on and off, is not counted."""
    by_thread: dict[int, int] = {}
    ident = threading.get_ident
    switch = sys.setprofile

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" or (event == "c_call" and arg is not switch):
            me = ident()
            by_thread[me] = by_thread.get(me, 0) + 1

    return lambda: sum(by_thread.values()), profile


@contextlib.contextmanager
def _around_worker_jobs(around: Callable[[Callable[[], None]], None]) -> Iterator[None]:
    """Run each job handed to the package's time-limit workers (`nodes._deadline`: every model
    call of a council graph runs in one) as `around(job)` in its worker: they are long-lived
    threads started before a count or a profile, out of `threading.setprofile`'s reach."""
    start = _deadline._start
    _deadline._start = lambda job: start(lambda: around(job))
    try:
        yield
    finally:
        _deadline._start = start


@contextlib.contextmanager
def _counted_everywhere(profile: Callable[..., None]) -> Iterator[None]:
    """Count in this thread, in threads started meanwhile (LangGraph's executor for parallel
    tasks) and in the jobs handed to the time-limit workers (`_around_worker_jobs`)."""

    def counted(job: Callable[[], None]) -> None:
        sys.setprofile(profile)
        try:
            job()
        finally:
            sys.setprofile(None)

    with _around_worker_jobs(counted):
        threading.setprofile(profile)
        sys.setprofile(profile)
        try:
            yield
        finally:
            sys.setprofile(None)
            threading.setprofile(None)  # type: ignore[arg-type]


def calls_of(fn: Callable[[], object]) -> int:
    """Python and builtin function calls of one run of `fn`, in every thread it uses: a
    `sys.setprofile` counter (`_counted_everywhere`)."""
    total, profile = _counting()
    with _counted_everywhere(profile):
        fn()
    return total()


async def acalls_of(fn: Callable[[], Awaitable[object]]) -> int:
    """`calls_of` for a coroutine function, run in the current loop."""
    total, profile = _counting()
    with _counted_everywhere(profile):
        await fn()
    return total()


_F = TypeVar("_F", bound=Callable[[], object])
_Samples = tuple[list[tuple[float, float]], list[tuple[float, float]]]


def _alternate(
    ours: _F, floor: _F, rounds: int, warm: int, backends: Backends | None, sides: _Samples
) -> Iterator[_F]:
    """Yield `ours` and `floor`, `rounds` times, ours first in even rounds and the floor first
    in odd ones; the caller runs (or awaits) each before asking for the next, and its time
    after the first `warm` rounds lands in `sides` (ours, floor), a pair per round."""
    for n in range(rounds):
        pair = ((ours, sides[0]), (floor, sides[1]))
        for fn, samples in pair if n % 2 == 0 else pair[::-1]:
            start = _clock(backends)
            yield fn
            if n >= warm:
                samples.append(_since(start, backends))


def interleave(
    ours: Callable[[], object],
    floor: Callable[[], object],
    *,
    runs: int,
    warm: int = 2,
    backends: Backends | None = None,
    count_calls: bool = True,
) -> tuple[Side, Side]:
    """Alternate `ours` and `floor` `runs` times each (after `warm` of each), medians."""
    sides: _Samples = ([], [])
    for fn in _alternate(ours, floor, warm + runs, warm, backends, sides):
        fn()
    calls = (calls_of(ours), calls_of(floor)) if count_calls else (None, None)
    return Side.of(sides[0], calls[0]), Side.of(sides[1], calls[1])


async def ainterleave(
    ours: Callable[[], Awaitable[object]],
    floor: Callable[[], Awaitable[object]],
    *,
    runs: int,
    warm: int = 2,
    backends: Backends | None = None,
    count_calls: bool = True,
) -> tuple[Side, Side]:
    """`interleave` for coroutine functions, in the running loop."""
    sides: _Samples = ([], [])
    for fn in _alternate(ours, floor, warm + runs, warm, backends, sides):
        await fn()
    calls = (await acalls_of(ours), await acalls_of(floor)) if count_calls else (None, None)
    return Side.of(sides[0], calls[0]), Side.of(sides[1], calls[1])


def ratio_verdict(
    ours: float | None, floor: float | None, limit: float, *, at_least: bool = False
) -> tuple[str, str]:
    """`(ratio text, verdict)`: PASS or MISS against `limit`, FAIL without a positive floor."""
    if floor is None or not math.isfinite(floor) or floor <= 0:
        return "", f"FAIL: floor {'missing' if floor is None else f'{floor:.3g}'} (not > 0)"
    if ours is None or not math.isfinite(ours) or ours < 0:
        return "", f"FAIL: ours {'missing' if ours is None else f'{ours:.3g}'}"
    ratio = ours / floor
    ok = ratio >= limit if at_least else ratio <= limit
    return f"{ratio:.2f}x", "PASS" if ok else "MISS"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}" if seconds < 10 else f"{seconds * 1e3:,.0f}"


def _calls(ours: int | None, floor: int | None) -> str:
    if ours is None or floor is None:
        return ""
    return f"{ours:,}/{floor:,}"


def _verdict(ours: Side, floor: Side, cpu: bool, limit: float) -> tuple[str, str]:
    """`ratio_verdict` on the CPU or wall figures: paired when the sides were interleaved."""
    text, verdict = (
        ratio_verdict(ours.cpu, floor.cpu, limit)
        if cpu
        else ratio_verdict(ours.wall, floor.wall, limit)
    )
    ratio = paired(ours.cpus, floor.cpus) if cpu else paired(ours.walls, floor.walls)
    if ratio is None or verdict.startswith("FAIL"):
        return text, verdict
    return ratio_verdict(ratio, 1.0, limit)


def compare(
    measure: str,
    ours: Side | None,
    floor: Side | None,
    limit: float,
    *,
    metric: str = "cpu",
    unit: str = "ms",
) -> Row:
    """A ratio row: ours vs floor on `metric` (cpu or wall), the other ratio shown beside it."""
    if ours is None or floor is None:
        _, verdict = ratio_verdict(None if ours is None else 1.0, None, limit)
        return Row(measure, "not measured", "", f"<= {limit:.2f}x {metric}", verdict)
    pick = (lambda s: s.cpu) if metric == "cpu" else (lambda s: s.wall)
    ratio, verdict = _verdict(ours, floor, metric == "cpu", limit)
    other_ratio, _ = _verdict(ours, floor, metric != "cpu", math.inf)
    return Row(
        measure,
        f"{metric} {_ms(pick(ours))} vs {_ms(pick(floor))} {unit}",
        ratio,
        f"<= {limit:.2f}x {metric}",
        verdict,
        wall=f"{'wall' if metric == 'cpu' else 'cpu'} {other_ratio}",
        calls=_calls(ours.calls, floor.calls),
    )


def machine() -> str:
    """Cores and load averages, for the table's header and footer."""
    load = "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    return f"{os.cpu_count()} CPUs, load {load}"


def run_async(coro: Awaitable[Any]) -> Any:
    """`asyncio.run` for an awaitable made by the caller."""

    async def wrap() -> Any:
        return await coro

    return asyncio.run(wrap())
