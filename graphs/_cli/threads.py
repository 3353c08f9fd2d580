"""`council threads list|show|resume|prune|cancel`: every thread's state; resume or cancel one.

A thread's state is one of `running` (a process holds its run lease now), `waiting for a
human` (stopped on `interrupt()`), `failed` (given up by the resume policy, or its last task
raised: `category` says why), `interrupted` (cut off mid-step: some tasks' writes are saved),
`suspended` (stopped at a step boundary: resumes exactly there), `done`, or `unknown` (a thread
of a graph this command cannot rebuild: pass `--graph module:factory`).
`resume` applies the resume policy (`prepare_resume`: attempts counted in Postgres, a note for
the resuming agents, `ThreadFailedError` past the limit), runs under `run_until_signal`, and
clears the counter when the run ends by itself.
"""

from __future__ import annotations

import argparse
from dataclasses import asdict, dataclass
from typing import Any

from langgraph.pregel import Pregel
from langgraph.types import StateSnapshot
from rich.console import Console
from rich.table import Table
from rich.text import Text

from langgraph_council.checkpoints import ThreadFailedError, infer_failure_category
from langgraph_council.checkpoints._reconciliation import sanitize_error_text
from langgraph_council.checkpoints._resume_attempts import ResumeStatus
from langgraph_council.checkpoints._runner.policy import prepare_resume
from langgraph_council.checkpoints._thread_index import latest_checkpoints
from langgraph_council.graphs._cli.backend import (
    Backend,
    CliError,
    demo_graph,
    load_graph,
    meeting_graph,
)
from langgraph_council.graphs._cli.file import FILE_KEY, file_graph, load_council_file
from langgraph_council.graphs._cli.output import print_json, print_meeting, print_resolution
from langgraph_council.graphs._cli.run import (
    GRAPH_KEY,
    PROTOCOL_KEY,
    RunEnd,
    run_graph,
    running_threads,
)

__all__ = ["ThreadView", "thread_views", "threads_cmd"]


@dataclass(frozen=True)
class ThreadView:
    """One thread as `council threads` shows it."""

    thread_id: str
    state: str
    graph: str | None
    updated_at: str
    next: tuple[str, ...]
    attempts: int
    category: str | None
    last_error: str | None


def _config(thread_id: str) -> Any:
    return {"configurable": {"thread_id": thread_id}}


def _metadata(backend: Backend, thread_id: str) -> dict[str, Any]:
    """The thread's council metadata: its latest checkpoint's, else the newest that has it
    (a run resumed elsewhere, e.g. by `escalations decide`, does not repeat it)."""
    found = backend.checkpointer.get_tuple(_config(thread_id))
    if found is None:
        return {}
    if GRAPH_KEY in (found.metadata or {}):
        return dict(found.metadata)
    for older in backend.checkpointer.list(_config(thread_id)):
        if GRAPH_KEY in (older.metadata or {}):
            return dict(older.metadata)
    return dict(found.metadata or {})


def _graph_name(metadata: dict[str, Any]) -> str | None:
    name = metadata.get(GRAPH_KEY)
    if name == "file" and metadata.get(FILE_KEY):
        return f"file:{metadata[FILE_KEY]}"
    if name == "meeting" and metadata.get(PROTOCOL_KEY):
        return f"meeting:{metadata[PROTOCOL_KEY]}"
    return str(name) if name else None


def graph_of(
    metadata: dict[str, Any], args: argparse.Namespace, backend: Backend
) -> Pregel[Any, Any] | None:
    """`--graph` when given, else the demo graph the thread's metadata names, else None."""
    if getattr(args, "graph", None):
        return load_graph(args.graph, backend)
    name = metadata.get(GRAPH_KEY)
    if name == "meeting":
        return meeting_graph(backend, str(metadata.get(PROTOCOL_KEY) or "structured_phases"))
    if name in ("conflict", "delegation"):
        return demo_graph(name, backend)
    if name == "file" and metadata.get(FILE_KEY):
        spec, org = load_council_file(str(metadata[FILE_KEY]))
        return file_graph(spec, org, backend)
    return None


def _error_of(state: StateSnapshot) -> str | None:
    errors = [t.error for t in state.tasks if t.error is not None]
    return sanitize_error_text(str(errors[0])) if errors else None


def _state(
    snapshot: StateSnapshot | None, status: ResumeStatus, running: bool, interrupts: bool
) -> tuple[str, str | None, str | None]:
    """(state, category, last error) of one thread."""
    error = sanitize_error_text(status.last_error) if status.last_error else None
    if running:
        return "running", None, error
    if status.failed_category is not None:
        return "failed", status.failed_category.value, error
    if interrupts:
        return "waiting for a human", None, error
    if snapshot is None:
        return "unknown", None, error
    if not snapshot.tasks:
        return "done", None, error
    task_error = _error_of(snapshot)
    if task_error is not None:
        return "failed", infer_failure_category(task_error).value, task_error
    if any(t.result is not None for t in snapshot.tasks):
        return "interrupted", None, error
    return "suspended", None, error


def thread_views(backend: Backend, args: argparse.Namespace) -> list[ThreadView]:
    """Every thread the checkpointer holds, oldest first."""
    latest = latest_checkpoints(backend.checkpointer)
    running = running_threads(backend, [t.thread_id for t in latest])
    views: list[ThreadView] = []
    graphs: dict[str | None, Pregel[Any, Any] | None] = {}
    for item in latest:
        metadata = _metadata(backend, item.thread_id)
        name = _graph_name(metadata)
        if name not in graphs:
            graphs[name] = graph_of(metadata, args, backend)
        graph = graphs[name]
        fits = graph is not None and item.fits(graph.channels)
        snapshot = graph.get_state(_config(item.thread_id)) if graph and fits else None
        status = backend.attempts.status(item.thread_id)
        state, category, error = _state(
            snapshot, status, item.thread_id in running, bool(item.interrupts)
        )
        views.append(
            ThreadView(
                item.thread_id,
                state,
                _graph_name(metadata),
                item.ts,
                tuple(snapshot.next) if snapshot else (),
                status.attempts,
                category,
                error,
            )
        )
    return views


def _table(console: Console, views: list[ThreadView]) -> None:
    if not views:
        console.print("no threads")
        return
    table = Table(title="Threads")
    table.add_column("thread", overflow="fold", no_wrap=False)  # full ids: they are copied
    for name in ("state", "graph", "attempts", "next", "last error"):
        table.add_column(name, overflow="fold")
    for v in views:
        state = f"{v.state} ({v.category})" if v.category else v.state
        table.add_row(
            Text(v.thread_id),
            Text(state),
            Text(v.graph or "?"),
            str(v.attempts),
            Text(", ".join(v.next)),
            Text(v.last_error or ""),
        )
    console.print(table)


def _show(console: Console, view: ThreadView) -> None:
    for key, value in asdict(view).items():
        shown = ", ".join(value) if isinstance(value, tuple) else value
        console.print(Text(f"{key.replace('_', ' ')}: {'' if shown is None else shown}"))


def _resume(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    thread_id = args.thread_id_arg
    metadata = _metadata(backend, thread_id)
    graph = graph_of(metadata, args, backend)
    if graph is None:
        raise CliError(
            f"thread {thread_id} was not started by a council demo: pass --graph module:factory"
        )
    if thread_id in running_threads(backend, [thread_id]):
        raise CliError(f"thread {thread_id} is running in another process; wait or stop it")
    plan = prepare_resume(
        graph,
        thread_id,
        attempts_store=backend.attempts,
        max_resume_attempts=args.max_attempts,
        retry_failed=args.retry_failed,
    )
    if plan.attempt is not None and not args.json:
        console.print(Text(f"resuming {thread_id} (attempt {plan.attempt})"), style="dim")
    keep = {k: str(v) for k, v in metadata.items() if k in (GRAPH_KEY, PROTOCOL_KEY, FILE_KEY)}
    ended = run_graph(graph, None, plan.config, backend=backend, grace=args.grace, metadata=keep)
    if not isinstance(ended, RunEnd):
        return ended
    backend.attempts.clear(thread_id)
    _print_end(args, console, thread_id, ended.values)
    return 0


def _print_end(
    args: argparse.Namespace, console: Console, thread_id: str, values: dict[str, Any]
) -> None:
    if args.json:
        print_json(console, {"thread_id": thread_id, "values": values})
        return
    if values.get("minutes") is not None:
        print_meeting(console, values["minutes"])
    elif values.get("resolution") is not None:
        print_resolution(console, values["resolution"], values.get("dissent_records", []))
    console.print(Text(f"thread {thread_id} resumed and ran to its end"), style="dim")


def threads_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """List, show, resume or prune threads."""
    if args.action == "prune":
        from langgraph_council.graphs._cli.prune import prune_cmd

        return prune_cmd(args, backend, console)
    if args.action == "list":
        views = thread_views(backend, args)
        if args.json:
            print_json(console, {"threads": [asdict(v) for v in views]})
        else:
            _table(console, views)
        return 0
    if not args.thread_id_arg:
        raise CliError(f"threads {args.action} needs THREAD_ID (see `council threads list`)")
    if args.action == "cancel":
        from langgraph_council.graphs._cli.cancel import cancel_cmd

        return cancel_cmd(args, backend, console)
    if args.action == "resume":
        try:
            return _resume(args, backend, console)
        except ThreadFailedError as exc:
            raise CliError(str(exc)) from None
    found = [v for v in thread_views(backend, args) if v.thread_id == args.thread_id_arg]
    if not found:
        raise CliError(f"no thread {args.thread_id_arg!r} (see `council threads list`)")
    if args.json:
        print_json(console, {"thread": asdict(found[0])})
    else:
        _show(console, found[0])
    return 0
