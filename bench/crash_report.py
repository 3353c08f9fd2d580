"""The crash campaign's printed figures (see `bench/crash.py`)."""

from __future__ import annotations

from collections import Counter

from bench.crash import KillResult
from bench.crash_families import FAMILIES, HUMAN
from bench.crash_tables import stats


def _kill_points(results: list[KillResult]) -> str:
    points = Counter(r.point for r in results)
    inside = sum(1 for r in results if r.point == "model call" and r.delay < 0)
    parts = [f"model call {points.pop('model call', 0)} ({inside} inside the call)"]
    parts += [f"{name} write {n}" for name, n in sorted(points.items())]
    return "kill points: " + ", ".join(parts)


def _pipeline(results: list[KillResult]) -> str:
    cases = [r for r in results if r.family == "pipeline"]
    ok = sum(r.git_ok for r in cases)
    reran = sum(r.worktrees_reran for r in cases)
    reused = sum(r.worktrees_reused for r in cases)
    return (
        f"pipeline over git: {ok}/{len(cases)} cases with every subtask merged exactly once, "
        f"the integration tree of the uninterrupted run, no worktree left, the checkout "
        f"untouched; re-run subtasks in their killed run's worktree: {reused}/{reran}"
    )


def summary(results: list[KillResult]) -> str:
    """The campaign's figures, one per line."""
    killed = [r for r in results if r.killed]
    window = [ms for r in results for ms in r.window_ms]
    saved = [ms for r in results for ms in r.saved_ms]
    human = [r for r in results if r.family in HUMAN]
    lines = [
        f"cases: {len(results)}, killed: {len(killed)}",
        _kill_points(results),
        f"killed after the last checkpoint (nothing to resume): "
        f"{sum(r.finished_before_kill for r in killed)}",
        f"found by interrupted_threads (or already finished): "
        f"{sum(r.found for r in killed)}/{len(killed)}",
        f"resumed to the uninterrupted result: "
        f"{sum(r.same_result for r in results)}/{len(results)}",
        f"human escalations decided from a third process: "
        f"{sum(r.decided_by_third_process for r in human)}/{len(human)}",
        f"repeated calls whose result was saved: {sum(r.repeated_saved for r in results)}",
        f"at-least-once repeats (returned, not yet saved): "
        f"{sum(r.repeated_window for r in results)}",
        f"  kill after the repeated call returned: {stats(window)}",
        f"  at-least-once window (call returned -> its result's write committed), every "
        f"call: {stats(saved)}",
        f"our tables vs the uninterrupted run (escalations, dissent, meeting records, guard "
        f"state, loop records): {sum(r.rows for r in results)} rows compared, "
        f"{sum(r.rows_lost for r in results)} lost, "
        f"{sum(r.rows_extra for r in results)} duplicated or extra",
        _pipeline(results),
        "per family: " + ", ".join(f"{f} {sum(r.family == f for r in results)}" for f in FAMILIES),
    ]
    problems = [
        f"  {r.family} kill_at={r.kill_at} delay={r.delay}: {note}"
        for r in results
        for note in (*r.table_diff, *r.git_notes)
        + (() if r.same_result else ("different result",))
        + (() if r.found else ("not found by interrupted_threads",))
    ]
    if problems:
        lines += ["problems:", *problems[:40]]
    return "\n".join(lines)
