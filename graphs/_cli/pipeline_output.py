"""How `council` shows a pipeline run: its events as they come, its waves, merges and attempts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from langgraph_council.nodes._pipeline.attempts import Attempt
from langgraph_council.nodes._pipeline.report import CoordinationResult

__all__ = ["print_pipeline", "print_pipeline_event"]


_HELD = ("conflict", "semantic_conflict", "pending_approval")
"""Merge statuses that wait for a human or a review agent."""

_STATUS_STYLE = {
    **dict.fromkeys(("completed", "merged"), "green"),
    **dict.fromkeys(("failed", "dropped", "refused"), "red"),
    **dict.fromkeys(("blocked", *_HELD), "yellow"),
    "cancelled": "dim",
}
"""A status's colour: done green, lost red, stopped or held yellow."""


def _styled(status: str) -> str:
    style = _STATUS_STYLE.get(status)
    return f"[{style}]{status}[/{style}]" if style else status


def _pipeline_line(event: str, e: dict[str, Any]) -> str | None:
    """One progress line for a pipeline event (None: a generic line)."""
    files = ", ".join(e.get("files") or ()) or "no files"
    lines: dict[str, Callable[[], str]] = {
        "decomposed": lambda: f"planned {e['subtasks']} subtasks in {e['waves']} waves",
        "decompose_failed": lambda: f"[red]plan rejected[/red]: {escape(str(e['error']))}",
        "routed": lambda: f"{e['subtask_id']} -> {e['agent_id'] or '[red]nobody[/red]'}",
        "topology": lambda: f"topology {e['topology']} ({e['source']})",
        "handoff_blocked": lambda: (
            f"[red]hand-off of {e['subtask_id']} blocked[/red] ({e['mechanism']})"
        ),
        "workspace_opened": lambda: f"integration branch {e['integration_branch']}",
        "wave_batch": lambda: f"[bold]wave {int(e['wave']) + 1}[/bold]: {', '.join(e['subtasks'])}",
        "worktree": lambda: (
            f"worktree for {e['subtask_id']}" + (" (reused)" if e.get("reused") else "")
        ),
        "subtask_finished": lambda: f"{e['subtask_id']} {_styled(str(e['status']))}",
        "merge": lambda: (
            f"merge {e['subtask_id']}: {_styled(str(e['status']))} ({files})"
            + (f" {e['commit']}" if e.get("commit") else "")
        ),
        "merge_held": lambda: f"[yellow]held[/yellow] {e['subtask_id']}: {e['status']} in {files}",
        "merge_escalated": lambda: (
            f"asked a human about {e['subtask_id']} (escalation {e['escalation_id']})"
        ),
        "merge_decided": lambda: (
            f"{e['subtask_id']}: [bold]{e['decision']}[/bold]"
            + (f" by {e['by']}" if e.get("by") else "")
        ),
        "workspace_finished": lambda: f"result on {e['branch']} at {e['head']}",
        "rollup": lambda: f"rollup {_styled(str(e['status']))}",
        "recovery": lambda: f"[yellow]{e['step']}[/yellow] {e['subtask_id']} -> {e['agent_id']}",
    }
    make = lines.get(event)
    return None if make is None else make()


def print_pipeline_event(console: Console, mode: str, chunk: Any) -> None:
    """Live progress of a pipeline run: one line per pipeline event, waits for humans."""
    if mode == "updates" and isinstance(chunk, dict) and "__interrupt__" in chunk:
        console.print("  [yellow]⏸[/yellow] waiting for a human decision")
        return
    if mode != "custom" or not isinstance(chunk, dict):
        return
    event = str(chunk.get("event", "event"))
    if event == "merge" and chunk.get("status") in _HELD:
        return  # the `merge_held` line that follows says it
    line = _pipeline_line(event, chunk)
    if line is None:
        detail = ", ".join(f"{k}={v}" for k, v in chunk.items() if k != "event")
        line = f"{event} [dim]{escape(detail)}[/dim]"
    console.print(f"  [cyan]•[/cyan] {line}")


def _excerpt(text: str, limit: int = 70) -> str:
    flat = " ".join(text.split())
    return flat[:limit] + ("…" if len(flat) > limit else "")


def _why(attempt: Attempt) -> str:
    """Why an attempt ended as it did: its error, with the check's telling line when it failed."""
    check = attempt.check
    if check is not None and not check.passed:
        lines = [ln.strip() for ln in check.output.splitlines() if ln.strip()]
        telling = next((ln for ln in reversed(lines) if "Error" in ln), lines[-1] if lines else "")
        how = "timed out" if check.timed_out else f"exit {check.exit_code}"
        return f"check failed ({how}): {telling}"
    if attempt.error:
        return attempt.error
    return "check passed" if check is not None else attempt.note


def _print_attempts(console: Console, result: CoordinationResult) -> None:
    """Every attempt at every subtask, once any subtask needed more than one."""
    outcomes = [r for wave in result.waves for r in wave.outcomes]
    if all(len(r.attempts) <= 1 for r in outcomes):
        return
    table = Table("subtask", "#", "step", "agent", "status", "why", title="Attempts")
    for r in outcomes:
        for a in r.attempts:
            table.add_row(
                a.subtask_id, str(a.number), a.step, a.agent_id, _styled(a.status),
                escape(_excerpt(_why(a), 90)),
            )  # fmt: skip
    console.print(table)


def print_pipeline(console: Console, result: CoordinationResult) -> None:
    """Waves (who did what, how it ended, its merge), merges in order, rollup and phases."""
    console.rule(f"[bold]{escape(result.task_id)}[/bold] (run {result.run_id[:12]})")
    merges = {m.subtask_id: m for m in result.merges}
    waves = Table("wave", "subtask", "agent", "status", "merge", "result", title="Waves")
    for wave in result.waves:
        for r in wave.outcomes:
            merge = merges.get(r.subtask_id)
            said = r.output if r.status == "completed" else (r.error or r.reason or "")
            waves.add_row(
                str(wave.index + 1), r.subtask_id, r.agent_id or "-", _styled(r.status),
                _styled(merge.status) if merge else "-", escape(_excerpt(said)),
            )  # fmt: skip
    console.print(waves)
    table = Table("#", "subtask", "status", "files", "commit", "issues / decision", title="Merges")
    for n, m in enumerate(result.merges, start=1):
        issues = [f"{i.kind}: {i.file}: {i.message}" for i in m.semantic_issues]
        note = "; ".join([*issues, *([m.message] if m.message else [])]) or "-"
        table.add_row(
            str(n), m.subtask_id, _styled(m.status), escape(", ".join(m.files) or "-"),
            (m.commit_sha or "-")[:12], escape(note),
        )  # fmt: skip
    console.print(table)
    _print_attempts(console, result)
    phases = "  ".join(
        f"{p.phase} {'[green]ok[/green]' if p.success else '[red]failed[/red]'}"
        for p in result.phases
    )
    console.print(f"[bold]Phases:[/bold] {phases}")
    console.print(
        f"[bold]Rollup:[/bold] {_styled(result.rollup)}  "
        f"[bold]parent:[/bold] {_styled(result.parent_status)}"
    )
    if result.integration is not None:
        where = result.integration
        moved = " (base branch moved)" if where.merged_into_base else ""
        console.print(
            f"[bold]Result:[/bold] {escape(where.branch)} at {where.head_sha[:12]}{moved}"
            + (f"  [yellow]{escape(where.message)}[/yellow]" if where.message else "")
        )
