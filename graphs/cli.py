"""The `council` command: demos on scripted agents, and human escalations from a shell."""

from __future__ import annotations

import argparse
import os
import sys
import uuid
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.pregel import Pregel
from rich.console import Console

from langgraph_council.checkpoints import (
    EscalationQueue,
    InMemoryEscalationQueue,
    InMemoryMeetingRecordStore,
    PostgresDissentStore,
    PostgresMeetingRecordStore,
    embedded_postgres,
    postgres_checkpointer,
)
from langgraph_council.checkpoints.escalation_base import BaseEscalationQueue
from langgraph_council.graphs.cli_output import (
    print_escalations,
    print_json,
    print_meeting,
    print_progress,
    print_resolution,
)
from langgraph_council.graphs.conflicts import conflict_strategies, create_conflict_graph
from langgraph_council.graphs.meetings import create_meeting_graph, meeting_protocols
from langgraph_council.nodes.conflicts import ConflictResolutionConfig, InMemoryDissentStore
from langgraph_council.nodes.conflicts.dissent import DissentStore
from langgraph_council.nodes.demo import demo_agenda, demo_conflict, demo_org, demo_roster
from langgraph_council.nodes.meetings.records import MeetingRecorder

__all__ = ["main"]

STRICT_MSGPACK = "LANGGRAPH_STRICT_MSGPACK"


@dataclass(frozen=True)
class Backend:
    """Where a command keeps its state: Postgres (embedded or `--db`) or memory."""

    label: str
    checkpointer: BaseCheckpointSaver[Any]
    escalations: BaseEscalationQueue
    dissent: DissentStore
    meetings: MeetingRecorder


@contextmanager
def open_backend(args: argparse.Namespace) -> Iterator[Backend]:
    """Memory with `--memory`, the `--db` server, else the embedded server (started if needed)."""
    if args.memory:
        yield Backend(
            "memory (nothing is kept)",
            InMemorySaver(),
            InMemoryEscalationQueue(),
            InMemoryDissentStore(),
            InMemoryMeetingRecordStore(),
        )
        return
    with ExitStack() as stack:
        uri = args.db or stack.enter_context(embedded_postgres(args.data_dir))
        saver = stack.enter_context(postgres_checkpointer(uri))
        records = stack.enter_context(PostgresMeetingRecordStore.from_uri(uri))
        label = "postgres " + (uri if args.db else f"(embedded, {args.data_dir or 'default dir'})")
        yield Backend(label, saver, EscalationQueue(uri), PostgresDissentStore(uri), records)


def _stream(
    graph: Pregel[Any, Any],
    payload: Any,
    thread_id: str,
    context: Any,
    console: Console,
    quiet: bool,
) -> dict[str, Any]:
    config: Any = {"configurable": {"thread_id": thread_id}}
    for namespace, mode, chunk in graph.stream(
        payload,
        config,
        context=context,
        stream_mode=["updates", "custom"],
        subgraphs=True,
        durability="sync",
    ):
        if not quiet:
            print_progress(console, namespace, mode, chunk)
    return dict(graph.get_state(config).values)


def _conflict_graph(backend: Backend) -> Pregel[Any, Any]:
    return create_conflict_graph(
        demo_org(),
        demo_roster(),
        checkpointer=backend.checkpointer,
        escalations=backend.escalations,
        dissent_store=backend.dissent,
    )


def demo_meeting(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Run the demo meeting and print its minutes."""
    graph = create_meeting_graph(
        demo_roster(),
        protocol=args.protocol,
        checkpointer=backend.checkpointer,
        records=backend.meetings,
    )
    payload = {
        "agenda": demo_agenda(),
        "leader_id": "cto",
        "token_budget": args.budget,
        "participant_ids": ["backend_lead", "senior_dev", "frontend_lead", "qa_head"],
    }
    thread_id = args.thread_id or f"demo-meeting-{uuid.uuid4().hex[:8]}"
    values = _stream(graph, payload, thread_id, None, console, args.json)
    minutes = values["minutes"]
    if args.json:
        print_json(console, {"thread_id": thread_id, "minutes": minutes})
    else:
        print_meeting(console, minutes)
        console.print(f"[dim]thread {thread_id} on {backend.label}[/dim]")
    return 0 if minutes.status != "failed" else 1


def demo_conflict_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Resolve the demo conflict; with `--strategy human` it waits for `escalations decide`."""
    graph = _conflict_graph(backend)
    thread_id = args.thread_id or f"demo-conflict-{uuid.uuid4().hex[:8]}"
    context = ConflictResolutionConfig(strategy=args.strategy)
    conflict = demo_conflict().model_copy(update={"id": f"demo-{thread_id}"})
    values = _stream(graph, {"conflict": conflict}, thread_id, context, console, args.json)
    resolution = values.get("resolution")
    if resolution is None:
        pending = backend.escalations.pending(thread_id=thread_id)
        if args.json:
            print_json(console, {"thread_id": thread_id, "pending": pending})
        else:
            print_escalations(console, pending)
            console.print(
                "Decide from any shell, now or days later:\n  council escalations decide "
                f"{pending[0].id if pending else 'ID'} --winner backend_lead --by you"
                + (
                    ""
                    if backend.label.startswith("postgres")
                    else "  (needs Postgres: drop --memory)"
                )
            )
        return 0
    dissent = values.get("dissent_records", [])
    if args.json:
        print_json(console, {"thread_id": thread_id, "resolution": resolution, "dissent": dissent})
    else:
        print_resolution(console, resolution, dissent)
        console.print(f"[dim]thread {thread_id} on {backend.label}[/dim]")
    return 0


def escalations_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """List, decide or expire human escalations of the demo conflict graph."""
    if args.action == "list":
        pending = backend.escalations.pending()
        if args.json:
            print_json(console, {"pending": pending})
        else:
            print_escalations(console, pending)
        return 0
    graph = _conflict_graph(backend)
    if args.action == "expire":
        expired = backend.escalations.expire_overdue(graph)
        console.print(f"expired {len(expired)} overdue escalation(s)")
        return 0
    if not args.escalation_id or not (args.winner or args.reject):
        console.print("[red]decide needs ESCALATION_ID and --winner AGENT or --reject[/red]")
        return 2
    decision = {
        "decision": "reject" if args.reject else "winner",
        "winning_agent_id": args.winner,
        "reasoning": args.reason,
        "decided_by": f"human:{args.by}",
    }
    values = backend.escalations.decide(args.escalation_id, decision, graph)
    resolution, dissent = values["resolution"], values.get("dissent_records", [])
    if args.json:
        print_json(console, {"resolution": resolution, "dissent": dissent})
    else:
        print_resolution(console, resolution, dissent)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="council", description=__doc__)
    storage = argparse.ArgumentParser(add_help=False)
    where = storage.add_mutually_exclusive_group()
    where.add_argument("--db", metavar="URI", help="PostgreSQL URI (default: embedded server)")
    where.add_argument("--memory", action="store_true", help="keep nothing: in-memory state")
    storage.add_argument("--data-dir", help="embedded server's data directory")
    storage.add_argument("--json", action="store_true", help="print one JSON document")
    storage.add_argument("--thread-id", help="thread id to use (default: a new one)")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="run a demo on scripted agents").add_subparsers(
        dest="demo", required=True
    )
    meeting = demo.add_parser("meeting", parents=[storage], help="a meeting about the API")
    meeting.add_argument("--protocol", default="structured_phases", choices=meeting_protocols())
    meeting.add_argument("--budget", type=int, default=20_000, help="token budget")
    conflict = demo.add_parser("conflict", parents=[storage], help="two leads disagree")
    conflict.add_argument("--strategy", default="authority", choices=conflict_strategies())
    esc = commands.add_parser("escalations", parents=[storage], help="human escalations")
    esc.add_argument("action", choices=["list", "decide", "expire"])
    esc.add_argument("escalation_id", nargs="?")
    esc.add_argument("--winner", help="agent id of the winning party")
    esc.add_argument("--reject", action="store_true", help="reject every position")
    esc.add_argument("--by", default=os.environ.get("USER", "cli"), help="who decides")
    esc.add_argument("--reason", default="Decided from the council CLI.")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `council` script."""
    if STRICT_MSGPACK not in os.environ and argv is None:
        # LangGraph reads this at import time: re-exec so checkpoints never unpickle.
        os.environ[STRICT_MSGPACK] = "true"
        os.execv(
            sys.executable, [sys.executable, "-m", "langgraph_council.graphs.cli", *sys.argv[1:]]
        )
    args = _parser().parse_args(argv)
    console = Console()
    run = {"meeting": demo_meeting, "conflict": demo_conflict_cmd}.get(getattr(args, "demo", ""))
    handler = run or escalations_cmd
    with open_backend(args) as backend:
        if not args.json:
            console.print(f"[dim]state: {backend.label}[/dim]")
        return handler(args, backend, console)


if __name__ == "__main__":
    sys.exit(main())
