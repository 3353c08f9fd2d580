"""The `council` commands that run graphs: demos on scripted agents, and human escalations.

Imported by `graphs.cli.main` only once the arguments are parsed (LangGraph loads here)."""

from __future__ import annotations

import argparse
import json
import tempfile
import uuid
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from langgraph.pregel import Pregel
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from langgraph_council.graphs._cli.backend import (
    Backend,
    CliError,
    demo_graph,
    meeting_graph,
)
from langgraph_council.graphs._cli.output import (
    LiveProgress,
    decide_hint,
    print_delegation,
    print_escalation,
    print_escalations,
    print_json,
    print_meeting,
    print_resolution,
)
from langgraph_council.graphs._cli.pipeline_output import print_pipeline, print_pipeline_event
from langgraph_council.graphs._cli.run import print_waiting, run_graph, stream_run
from langgraph_council.graphs._cli.worker_demo import worker_demo
from langgraph_council.graphs._coordination import create_coordination_graph
from langgraph_council.graphs._demo.data import DEMO_TASK, demo_agenda, demo_conflict
from langgraph_council.graphs._demo.pipeline import (
    DEMO_PIPELINE_TASK,
    DemoAgents,
    demo_pipeline_repo,
    demo_pipeline_roster,
    demo_workspace,
)
from langgraph_council.graphs._graph_tag import GRAPH_KEY, tag_graph
from langgraph_council.guards import InMemoryGuardStateStore
from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes._context import merge_context
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._escalation.models import Escalation, EscalationKind
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.models import Task

__all__ = [
    "DEMOS",
    "decision_from_args",
    "demo_conflict_cmd",
    "demo_delegation_cmd",
    "demo_meeting",
    "demo_pipeline_cmd",
    "escalations_cmd",
]


def demo_meeting(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Run the demo meeting and print its minutes."""
    graph = meeting_graph(backend, args.protocol, args.pace)
    payload = {
        "agenda": demo_agenda(),
        "leader_id": "cto",
        "token_budget": args.budget,
        "participant_ids": ["backend_lead", "senior_dev", "frontend_lead", "qa_head"],
    }
    thread_id = args.thread_id or f"demo-meeting-{uuid.uuid4().hex[:8]}"
    values = stream_run(graph, payload, thread_id, None, console, args, backend)
    if isinstance(values, int):
        return values
    minutes = values["minutes"].with_words(values.get("messages", ()))
    if args.json:
        print_json(console, {"thread_id": thread_id, "minutes": minutes})
    else:
        print_meeting(console, minutes)
        console.print(f"[dim]thread {escape(thread_id)} on {escape(backend.label)}[/dim]")
    return 0 if minutes.status != "failed" else 1


def demo_conflict_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Resolve the demo conflict; with `--strategy human` it waits for `escalations decide`."""
    graph = demo_graph("conflict", backend)
    thread_id = args.thread_id or f"demo-conflict-{uuid.uuid4().hex[:8]}"
    context = ConflictResolutionConfig(strategy=args.strategy)
    conflict = demo_conflict().model_copy(update={"id": f"demo-{thread_id}"})
    values = stream_run(graph, {"conflict": conflict}, thread_id, context, console, args, backend)
    if isinstance(values, int):
        return values
    if values.get("resolution") is None:
        return print_waiting(args, backend, console, thread_id)
    _print_conflict(args, console, values, thread_id)
    console.print(f"[dim]thread {escape(thread_id)} on {escape(backend.label)}[/dim]")
    return 0


def demo_delegation_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Run the demo delegation: it is blocked at the top of the hierarchy and waits for a human."""
    graph = demo_graph("delegation", backend)
    thread_id = args.thread_id or f"demo-delegation-{uuid.uuid4().hex[:8]}"
    payload = {"task": DEMO_TASK, "entry_agent": "ceo"}
    values = stream_run(graph, payload, thread_id, None, console, args, backend)
    if isinstance(values, int):
        return values
    if values.get("result") is None:
        return print_waiting(args, backend, console, thread_id)
    _print_delegation(args, console, values, thread_id)
    return 0


def _scripted_pipeline(
    args: argparse.Namespace, root: Path, backend: Backend
) -> tuple[Path, Pregel[Any, Any], Task]:
    """The billing repository, the pipeline whose scripted executor writes its files, the task."""
    repo = demo_pipeline_repo(root)
    team = demo_pipeline_roster()
    graph = create_coordination_graph(
        team.org,
        team,
        executor=DemoAgents(pause=0.0 if args.json else 0.3),
        workspace=demo_workspace(repo),
        # a fresh guard per demo: its fixed plan repeats the same hand-offs
        stores=backend.stores.replace(guard_state=InMemoryGuardStateStore()),
        checkpointer=backend.checkpointer,
    )
    return repo, graph, DEMO_PIPELINE_TASK


def demo_pipeline_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Run the pipeline demo in a throwaway git repository: waves, merges and the rollup.

    With `--agents`, the built-in worktree worker does the work through its tools, a check
    runs the repository's tests before each merge, and failed work is retried and reassigned;
    `--agents factory` does the same with a `create_agent` per subtask (an `AgentFactory`).

    The hand-offs pass a fresh in-memory guard each run (repeated demos are not rate-limited
    against each other); checkpoints and loop records go to the chosen backend.
    """
    with ExitStack() as stack:
        if args.repo:
            root = Path(args.repo).resolve()
        else:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="council-demo-"))
            root = Path(tmp) / ("shop" if args.agents else "billing")
        repo, pipeline, task = (
            worker_demo(root, backend, factory=args.agents == "factory")
            if args.agents
            else _scripted_pipeline(args, root, backend)
        )
        graph = tag_graph(pipeline, **{GRAPH_KEY: "pipeline"})
        thread_id = args.thread_id or f"demo-pipeline-{uuid.uuid4().hex[:8]}"
        if not args.json:
            kept = "" if args.repo else " (a temporary directory: keep it with --repo DIR)"
            console.print(f"[dim]demo repository {escape(str(repo))}{kept}[/dim]")
        config: Any = {"configurable": {"thread_id": thread_id}}

        said = LiveProgress(console, steps=False)

        def progress(namespace: Sequence[str], mode: str, chunk: Any) -> None:
            if not args.json and not args.quiet and not namespace:
                print_pipeline_event(console, mode, chunk)
                said(namespace, mode, chunk)

        ended = run_graph(
            graph,
            {"task": task},
            config,
            backend=backend,
            grace=args.grace,
            progress=progress,
        )
        if isinstance(ended, int):
            return ended
        result = ended.values["result"]
        if args.json:
            where = str(repo) if args.repo else None
            print_json(console, {"thread_id": thread_id, "repo": where, "result": result})
        else:
            print_pipeline(console, result)
            console.print(f"[dim]thread {escape(thread_id)} on {escape(backend.label)}[/dim]")
    return 0 if result.parent_status == "completed" else 1


def _print_conflict(
    args: argparse.Namespace, console: Console, values: dict[str, Any], thread_id: str
) -> None:
    resolution, dissent = values["resolution"], values.get("dissent_records", [])
    if args.json:
        print_json(console, {"thread_id": thread_id, "resolution": resolution, "dissent": dissent})
    else:
        print_resolution(console, resolution, dissent)


def _print_delegation(
    args: argparse.Namespace, console: Console, values: dict[str, Any], thread_id: str
) -> None:
    if args.json:
        print_json(console, {"thread_id": thread_id, "result": values["result"]})
    else:
        print_delegation(console, values["result"])


_DECISION_FLAGS: dict[str, tuple[str, ...]] = {
    "conflict": ("winner", "reject"),
    "delegation": ("answer",),
    "merge": ("keep", "drop", "commit"),
}


def decision_from_args(args: argparse.Namespace, escalation: Escalation) -> dict[str, Any]:
    """The decision the flags describe, checked against the escalation's kind.

    Raises:
        CliError: A flag of another kind, or none that answers this kind.
    """
    given = {f for flags in _DECISION_FLAGS.values() for f in flags if getattr(args, f)}
    foreign = sorted(given - set(_DECISION_FLAGS[escalation.kind]))
    if foreign or not given - {"commit"}:
        hint = decide_hint(escalation)
        raise CliError(f"escalation {escalation.id} is a {escalation.kind} escalation: {hint}")
    common = {"reasoning": args.reason, "decided_by": f"human:{args.by}"}
    if escalation.kind == "conflict":
        choice = "reject" if args.reject else "winner"
        return {"decision": choice, "winning_agent_id": args.winner, **common}
    if escalation.kind == "delegation":
        return {"decision": "answer", "answer": args.answer, **common}
    choice = "drop" if args.drop else "keep"
    return {"decision": choice, "resolution_commit": args.commit, **common}


def _print_resumed(
    args: argparse.Namespace,
    console: Console,
    backend: Backend,
    escalation: Escalation,
    values: dict[str, Any],
) -> int:
    thread_id = escalation.thread_id
    if escalation.kind == "conflict" and values.get("resolution") is not None:
        _print_conflict(args, console, values, thread_id)
        return 0
    if escalation.kind == "delegation" and values.get("result") is not None:
        _print_delegation(args, console, values, thread_id)
        return 0
    if not args.json:
        console.print(Text(f"resumed thread {thread_id}"))
    return print_waiting(args, backend, console, thread_id)


_CONTEXTS: dict[str, tuple[str, type[BaseModel]]] = {
    "conflict": ("conflict", ConflictResolutionConfig),
    "delegation": ("delegation", DelegationConfig),
    "merge": ("coordination", CoordinationConfig),
}


def _context(args: argparse.Namespace, kind: EscalationKind) -> Any:
    """`--context` as a JSON object, checked against `kind`'s settings when they surely apply
    (a demo graph, or a section named after the family): the resumed run may never read it,
    and a mistake would pass unnoticed. A user's `--graph` may take other keys."""
    if not getattr(args, "context", None):
        return None
    try:
        value = json.loads(args.context)
    except json.JSONDecodeError as exc:
        raise CliError(f"--context must be JSON, e.g. '{{\"max_handoffs\": 5}}': {exc}") from None
    if not isinstance(value, dict):
        raise CliError(f"--context must be a JSON object, got {type(value).__name__}")
    section, schema = _CONTEXTS[kind]
    if not getattr(args, "graph", None) or section in value:
        try:
            merge_context(value, section, schema, schema())
        except (TypeError, ValueError) as exc:
            raise CliError(f"--context: {exc}") from None
    return value


def escalations_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """List, show, decide, cancel or expire human escalations of every kind."""
    queue = backend.escalations
    if args.action == "list":
        pending = queue.pending(kind=args.kind)
        if args.json:
            print_json(console, {"pending": pending})
        elif not pending:
            kept = "" if backend.label.startswith("postgres") else " (--memory keeps nothing)"
            console.print(Text(f"nothing pending{kept}"))
        else:
            print_escalations(console, pending)
        return 0
    if args.action == "expire":
        return _expire(args, backend, console)
    try:
        escalation = queue.get(args.escalation_id)
    except KeyError:
        where = (
            f" in {backend.label}: pass the deployment's database as --db"
            if getattr(args, "server", None)
            else ""
        )
        raise CliError(
            f"no escalation {args.escalation_id!r}{where} (see `escalations list`)"
        ) from None
    if args.action == "show":
        if args.json:
            print_json(console, {"escalation": escalation})
        else:
            print_escalation(console, escalation)
        return 0
    if args.action == "decide":
        decision = decision_from_args(args, escalation)  # a wrong flag before any graph loads
    graph = _graph(escalation, args, backend)
    context = _context(args, escalation.kind)
    if args.action == "cancel":
        cancelled = queue.cancel(escalation.id, graph, context=context)
        if args.json:
            print_json(console, {"cancelled": cancelled, "thread_id": escalation.thread_id})
        else:
            console.print(Text(f"cancelled {escalation.id}; its thread was resumed"))
        return 0
    values = queue.decide(escalation.id, decision, graph, context=context)
    return _print_resumed(args, console, backend, escalation, dict(values))


def _graph(escalation: Escalation, args: argparse.Namespace, backend: Backend) -> Pregel[Any, Any]:
    """The graph that resumes the escalation's thread: the `--server` deployment's, else the
    one the thread's checkpoints name (or `--graph`), built in this process."""
    if getattr(args, "server", None):
        from langgraph_council.graphs._cli.server import server_graph

        remote: Pregel[Any, Any] = server_graph(args, escalation.kind, escalation.thread_id)
        return remote
    from langgraph_council.graphs._cli.threads import thread_graph

    try:
        return thread_graph(args, backend, escalation.thread_id)
    except CliError as exc:
        raise CliError(f"escalation {escalation.id}: {exc}") from None


def _expire(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Expire overdue escalations, then resume their threads, each kind on its graph."""
    expired = backend.escalations.expire_overdue()
    kinds: list[EscalationKind] = sorted({e.kind for e in expired})
    errors: list[str] = []
    for kind in kinds:
        try:
            # the first thread's graph (as named by its checkpoints) resumes the kind's threads
            graph = _graph(next(e for e in expired if e.kind == kind), args, backend)
            backend.escalations.resume_closed(graph, kind=kind, context=_context(args, kind))
        except CliError as exc:
            errors.append(f"{kind}: {exc}")
    if args.json:
        print_json(console, {"expired": expired, "errors": errors})
        return 0
    for error in errors:
        console.print(Text(error))
    console.print(Text(f"expired {len(expired)} overdue escalation(s)"))
    return 0


DEMOS = {
    "meeting": demo_meeting,
    "conflict": demo_conflict_cmd,
    "delegation": demo_delegation_cmd,
    "pipeline": demo_pipeline_cmd,
}
