"""How `council` shows progress and results: rich tables for people, JSON for machines."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from textwrap import indent
from typing import Any

from langchain_core.messages import BaseMessage
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from langgraph_council.nodes._delegation.models import DelegationResult
from langgraph_council.nodes._escalation.models import Escalation
from langgraph_council.nodes._meetings.models import MeetingMinutes
from langgraph_council.nodes._records.conflicts import ConflictResolution, DissentRecord

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
