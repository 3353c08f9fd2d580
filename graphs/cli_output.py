"""How `council` shows progress and results: rich tables for people, JSON for machines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from langgraph_council.nodes.conflicts.models import ConflictResolution, DissentRecord, Escalation
from langgraph_council.nodes.meetings.models import MeetingMinutes

__all__ = [
    "print_escalations",
    "print_json",
    "print_meeting",
    "print_progress",
    "print_resolution",
]


def print_json(console: Console, payload: dict[str, Any]) -> None:
    """One JSON document on stdout, pydantic models dumped in JSON mode."""

    def dump(value: Any) -> Any:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        if isinstance(value, list | tuple):
            return [dump(v) for v in value]
        return value

    console.print_json(json.dumps({k: dump(v) for k, v in payload.items()}))


def print_progress(console: Console, namespace: Sequence[str], mode: str, chunk: Any) -> None:
    """One line per finished node or custom progress event as the graph streams."""
    where = "/".join(part.split(":")[0] for part in namespace)
    prefix = f"[dim]{where}/[/dim]" if where else ""
    if mode == "custom" and isinstance(chunk, dict):
        event = chunk.get("event", "event")
        detail = ", ".join(f"{k}={v}" for k, v in chunk.items() if k != "event")
        console.print(f"  [cyan]•[/cyan] {prefix}{event} [dim]{detail}[/dim]")
    elif mode == "updates" and isinstance(chunk, dict):
        for node in chunk:
            if node == "__interrupt__":
                console.print(f"  [yellow]⏸[/yellow] {prefix}waiting for a human decision")
            else:
                console.print(f"  [green]✓[/green] {prefix}{node}")


def print_meeting(console: Console, minutes: MeetingMinutes) -> None:
    """Contributions, decisions, action items and minority reports."""
    console.rule(f"[bold]{minutes.agenda.title}[/bold] ({minutes.protocol}, {minutes.status})")
    talk = Table("turn", "agent", "phase", "tokens in/out", "said", title="Contributions")
    for c in minutes.contributions:
        said = c.content.replace("\n", " ")
        talk.add_row(
            str(c.turn),
            c.agent_id,
            c.phase,
            f"{c.input_tokens}/{c.output_tokens}",
            said[:90] + ("…" if len(said) > 90 else ""),
        )
    console.print(talk)
    if minutes.summary:
        console.print(f"[bold]Summary:[/bold] {minutes.summary}")
    for decision in minutes.decisions:
        console.print(f"[bold green]Decision:[/bold green] {decision}")
    items = Table("action item", "assignee", "priority", "note", title="Action items")
    for item in minutes.action_items:
        items.add_row(item.description, item.assignee_id or "-", item.priority, item.flagged or "")
    console.print(items)
    for report in minutes.minority_reports:
        console.print(
            f"[bold yellow]Minority report[/bold yellow] ({', '.join(report.agent_ids)}): "
            f"{report.claim} [dim]evidence: {'; '.join(report.evidence) or 'none'}[/dim]"
        )
    console.print(
        f"Tokens: {minutes.total_tokens} of {minutes.token_budget} "
        f"({minutes.total_input_tokens} in, {minutes.total_output_tokens} out)"
    )


def print_resolution(
    console: Console, resolution: ConflictResolution, dissent: Sequence[DissentRecord]
) -> None:
    """The outcome and every kept dissent."""
    table = Table("outcome", "winner", "decided by", "confidence", title="Resolution")
    confidence = "-" if resolution.confidence is None else f"{resolution.confidence:.2f}"
    table.add_row(
        resolution.outcome, resolution.winning_agent_id or "-", resolution.decided_by, confidence
    )
    console.print(table)
    console.print(f"[bold]Why:[/bold] {resolution.reasoning}")
    kept = Table("dissenting agent", "position", "strategy", "decided by", title="Dissent records")
    for record in dissent:
        kept.add_row(
            record.dissenting_agent_id,
            record.dissenting_position,
            record.strategy_used,
            record.decided_by,
        )
    console.print(kept)


def print_escalations(console: Console, escalations: Sequence[Escalation]) -> None:
    """Pending escalations with the parties a human can choose from."""
    table = Table("escalation id", "thread", "subject", "parties", "created", title="Escalations")
    for e in escalations:
        parties = ", ".join(p.agent_id for p in e.conflict.positions)
        table.add_row(
            e.id, e.thread_id, e.conflict.subject, parties, e.created_at.strftime("%Y-%m-%d %H:%M")
        )
    console.print(table)
