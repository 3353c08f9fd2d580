"""How `council` shows progress and results: rich tables for people, JSON for machines."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from textwrap import indent
from typing import Any

from langchain_core.messages import BaseMessage
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from langgraph_council.nodes._conflicts.models import ConflictResolution, DissentRecord
from langgraph_council.nodes._delegation.models import DelegationResult
from langgraph_council.nodes._escalation.models import Escalation
from langgraph_council.nodes._meetings.models import MeetingMinutes
from langgraph_council.nodes._pipeline.attempts import Attempt
from langgraph_council.nodes._pipeline.report import CoordinationResult

__all__ = [
    "LiveProgress",
    "decide_commands",
    "decide_hint",
    "fits",
    "print_decide_commands",
    "print_delegation",
    "print_escalation",
    "print_escalations",
    "print_json",
    "print_meeting",
    "print_pipeline",
    "print_pipeline_event",
    "print_progress",
    "print_records",
    "print_resolution",
    "readable",
]


def print_json(console: Console, payload: dict[str, Any]) -> None:
    """One JSON document on stdout, pydantic models dumped in JSON mode (with `--json` the
    console writes to stderr, so status lines never mix into the document)."""

    def dump(value: Any) -> Any:
        if isinstance(value, BaseModel):
            return value.model_dump(mode="json")
        if isinstance(value, list | tuple):
            return [dump(v) for v in value]
        if isinstance(value, dict):
            return {str(k): dump(v) for k, v in value.items()}
        return value

    sys.stdout.write(json.dumps(dump(payload), default=str, indent=2) + "\n")
    sys.stdout.flush()


def fits(console: Console, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> bool:
    """True when a table of `rows` fits the console with no cell wrapped or cut."""
    widths = [
        max([len(h), *(max((len(line) for line in r[i].splitlines()), default=0) for r in rows)])
        for i, h in enumerate(headers)
    ]
    return sum(widths) + 3 * len(widths) + 1 <= console.width


def print_records(
    console: Console, title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]
) -> None:
    """`rows` as a table when it fits the terminal, else stacked: one block per row, its first
    value (an id to copy) whole on its own line, then `header: value` lines that wrap."""
    if fits(console, headers, rows):
        table = Table(*headers, title=title)
        for row in rows:
            table.add_row(*(Text(v) for v in row))
        console.print(table)
        return
    console.print(Text(title, style="bold"))
    for row in rows:
        console.print(Text(row[0], style="bold"), soft_wrap=True)
        for header, value in zip(headers[1:], row[1:], strict=True):
            line = Text(f"  {header}: ", style="dim")
            line.append(value.replace("\n", " "))
            console.print(line)


def print_progress(console: Console, namespace: Sequence[str], mode: str, chunk: Any) -> None:
    """One line per finished node or custom progress event as the graph streams."""
    where = "/".join(part.split(":")[0] for part in namespace)
    prefix = Text(f"{where}/", style="dim") if where else Text()
    if mode == "custom" and isinstance(chunk, dict):
        event = str(chunk.get("event", "event"))
        detail = ", ".join(f"{k}={v}" for k, v in chunk.items() if k != "event")
        line = Text.assemble("  ", ("•", "cyan"), " ", prefix, event, " ", (detail, "dim"))
        console.print(line)
    elif mode == "updates" and isinstance(chunk, dict):
        for node in chunk:
            if node == "__interrupt__":
                waiting = "waiting for a human decision"
                console.print(Text.assemble("  ", ("⏸", "yellow"), " ", prefix, waiting))
            else:
                console.print(Text.assemble("  ", ("✓", "green"), " ", prefix, str(node)))


class LiveProgress:
    """What `council` prints while a graph streams: one line per finished node or event, and
    each new message of the conversation in full as it arrives (AutoGen's Console does the
    same). A message is printed once: a subgraph's messages reach its parent's update again.
    """

    def __init__(self, console: Console, *, steps: bool = True) -> None:
        self.console = console
        self.steps = steps
        self.seen: set[str] = set()

    def __call__(self, namespace: Sequence[str], mode: str, chunk: Any) -> None:
        """Print one streamed chunk (`stream_mode=["updates", "custom"]`, subgraphs too)."""
        if self.steps:
            print_progress(self.console, namespace, mode, chunk)
        if mode == "updates" and isinstance(chunk, dict):
            for update in chunk.values():
                if isinstance(update, dict):
                    self.print_messages(update.get("messages"))

    def print_messages(self, messages: Any) -> None:
        """Print the messages not printed yet (an `Overwrite` reset prints nothing)."""
        for m in messages if isinstance(messages, list | tuple) else ():
            if not isinstance(m, BaseMessage) or not m.id or m.id in self.seen:
                continue
            self.seen.add(m.id)
            meta = m.response_metadata
            label = ", ".join(str(meta[k]) for k in ("phase", "kind", "status") if k in meta)
            head = Text.assemble("  ", ("▸ ", "magenta"), (str(m.name or m.type), "bold"))
            if label:
                head.append(f" ({label})", style="dim")
            self.console.print(head)
            body = m.content if isinstance(m.content, str) else str(m.content)
            self.console.print(Text(indent(readable(body).strip(), "    ")))


def readable(content: str) -> str:
    """A reply as people read it: a structured synthesis (JSON) as its summary and decisions."""
    text = content.strip()
    if not text.startswith("{"):
        return content
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return content
    if not isinstance(data, dict) or not isinstance(data.get("summary"), str):
        return content
    decisions = [f"- {d}" for d in data.get("decisions") or () if isinstance(d, str)]
    return "\n".join(
        [f"Summary: {data['summary']}", *(["Decisions:", *decisions] if decisions else [])]
    )


def print_meeting(console: Console, minutes: MeetingMinutes) -> None:
    """Contributions, decisions, action items and minority reports."""
    console.rule(
        Text.assemble((minutes.agenda.title, "bold"), f" ({minutes.protocol}, {minutes.status})")
    )
    talk = Table("turn", "agent", "phase", "tokens in/out", "said", title="Contributions")
    for c in minutes.contributions:
        said = readable(c.content).replace("\n", " ")
        talk.add_row(
            str(c.turn),
            Text(c.agent_id),
            Text(c.phase),
            f"{c.input_tokens}/{c.output_tokens}",
            Text(said[:90] + ("…" if len(said) > 90 else "")),
        )
    console.print(talk)
    if minutes.summary:
        console.print(Text.assemble(("Summary: ", "bold"), minutes.summary))
    for decision in minutes.decisions:
        console.print(Text.assemble(("Decision: ", "bold green"), str(decision)))
    items = Table("action item", "assignee", "priority", "note", title="Action items")
    for item in minutes.action_items:
        items.add_row(
            Text(item.description),
            Text(item.assignee_id or "-"),
            Text(item.priority),
            Text(item.flagged or ""),
        )
    if minutes.action_items:
        console.print(items)
    for report in minutes.minority_reports:
        console.print(
            Text.assemble(
                ("Minority report", "bold yellow"),
                f" ({', '.join(report.agent_ids)}): {report.claim} ",
                (f"evidence: {'; '.join(report.evidence) or 'none'}", "dim"),
            )
        )
    for warning in (*minutes.warnings, minutes.evidence_warning, minutes.error):
        if warning:
            console.print(Text.assemble(("Warning: ", "bold yellow"), warning))
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
        Text(resolution.outcome),
        Text(resolution.winning_agent_id or "-"),
        Text(resolution.decided_by),
        confidence,
    )
    console.print(table)
    console.print(Text.assemble(("Why: ", "bold"), resolution.reasoning))
    kept = Table("dissenting agent", "position", "strategy", "decided by", title="Dissent records")
    for record in dissent:
        kept.add_row(
            Text(record.dissenting_agent_id),
            Text(record.dissenting_position),
            Text(record.strategy_used),
            Text(record.decided_by),
        )
    console.print(kept)


def print_escalations(console: Console, escalations: Sequence[Escalation]) -> None:
    """Pending escalations of every kind, with what a human can choose from."""
    rows = [
        [
            e.id,
            e.kind,
            e.thread_id,
            e.subject,
            ", ".join(e.options) or "-",
            e.created_at.strftime("%Y-%m-%d %H:%M"),
        ]
        for e in escalations
    ]
    headers = ("escalation id", "kind", "thread", "subject", "options", "created")
    print_records(console, "Escalations", headers, rows)


_HOW_TO_DECIDE = {
    "conflict": "--winner AGENT (one of the options) or --reject",
    "delegation": "--answer TEXT",
    "merge": "--keep [--commit SHA] or --drop",
}


def decide_hint(escalation: Escalation) -> str:
    """The `council escalations decide` command line that answers `escalation`."""
    return f"council escalations decide {escalation.id} {_HOW_TO_DECIDE[escalation.kind]} --by NAME"


def decide_commands(escalation: Escalation) -> list[str]:
    """The exact commands that answer `escalation`, one per choice (a conflict's parties)."""
    head = f"council escalations decide {escalation.id}"
    if escalation.kind == "conflict":
        choices = [f"--winner {party}" for party in escalation.options] + ["--reject"]
    elif escalation.kind == "delegation":
        choices = ['--answer "TEXT"']
    else:
        choices = ["--keep", "--keep --commit SHA", "--drop"]
    return [f"{head} {choice} --by NAME" for choice in choices]


def print_decide_commands(console: Console, escalation: Escalation) -> None:
    """`decide_commands`, each whole on its line or broken with a shell continuation (`\\`)
    before its flags, never mid-flag."""
    for command in decide_commands(escalation):
        line = f"  {command}"
        if len(line) > console.width:
            head, _, flags = command.partition(" --")
            line = f"  {head} \\\n      --{flags}"
        console.print(Text(line), soft_wrap=True)


def print_escalation(console: Console, escalation: Escalation) -> None:
    """One escalation in full: what is asked, its context, its state."""
    title = Text(f"Escalation {escalation.id}")
    table = Table("field", "value", title=title, show_header=False)
    rows: list[tuple[str, object]] = [
        ("kind", escalation.kind),
        ("status", escalation.status.value),
        ("thread", escalation.thread_id),
        ("subject", escalation.subject),
        ("summary", escalation.summary or "-"),
        ("options", ", ".join(escalation.options) or "-"),
        ("analysis", escalation.analysis or "-"),
        *((k, v) for k, v in escalation.details.items()),
        ("created", escalation.created_at.isoformat()),
        ("expires", escalation.expires_at.isoformat() if escalation.expires_at else "never"),
        ("decision", escalation.decision.model_dump_json() if escalation.decision else "-"),
    ]
    for name, value in rows:
        table.add_row(Text(name), Text(value if isinstance(value, str) else json.dumps(value)))
    console.print(table)
    if escalation.status == "pending":
        console.print(Text("Decide with one of:"))
        print_decide_commands(console, escalation)


def print_delegation(console: Console, result: DelegationResult) -> None:
    """How a delegation run ended and who answered."""
    table = Table("status", "answered by", "hand-offs", "blocked", "tokens", title="Delegation")
    table.add_row(
        result.status,
        escape(result.answered_by or "-"),
        str(result.delegations),
        str(result.blocked),
        str(result.tokens_used),
    )
    console.print(table)
    if result.answer:
        console.print(Text.assemble(("Answer: ", "bold"), result.answer))


_STATUS_STYLE = {
    "completed": "green",
    "merged": "green",
    "failed": "red",
    "dropped": "red",
    "blocked": "yellow",
    "conflict": "yellow",
    "semantic_conflict": "yellow",
    "pending_approval": "yellow",
    "cancelled": "dim",
}


_HELD = frozenset({"conflict", "semantic_conflict", "pending_approval"})


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
