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
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from langgraph.pregel import Pregel
from langgraph.types import StateSnapshot
from rich.console import Console
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
from langgraph_council.graphs._cli.file import file_graph, load_council_file
from langgraph_council.graphs._cli.output import (
    decide_commands,
    print_decide_commands,
    print_json,
    print_meeting,
    print_records,
    print_resolution,
)
from langgraph_council.graphs._cli.run import RunEnd, run_graph, running_threads, thread_metadata
from langgraph_council.graphs._coordination import create_coordination_graph
from langgraph_council.graphs._demo.pipeline import (
    DemoAgents,
    demo_pipeline_repo,
    demo_pipeline_roster,
    demo_workspace,
)
from langgraph_council.graphs._graph_tag import (
    FILE_KEY,
    GRAPH_KEY,
    GRAPH_PREFIX,
    PROTOCOL_KEY,
    SCHEDULE_GRAPH,
    STUDIO_PREFIX,
    graph_label,
    graph_tags,
    label_of,
    tag_graph,
)
from langgraph_council.guards import InMemoryGuardStateStore

__all__ = ["UNKNOWN_GRAPH", "ThreadView", "graph_of", "thread_graph", "thread_views", "threads_cmd"]


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


UNKNOWN_GRAPH = "unknown: pass --graph"
"""The graph column of a thread no council graph wrote (the CLI cannot rebuild it)."""

_STUDIO_DEMOS = {"conflict": "conflict", "delegation": "delegation"}


def _pipeline_shape(backend: Backend, name: str) -> Pregel[Any, Any]:
    """A pipeline graph of the demo's shape, to read a pipeline thread's state (not to run it:
    the demo's repository was a temporary one). Built on a throwaway repository."""
    if name == STUDIO_PREFIX + "coordination":
        from langgraph_council.graphs.studio import STUDIO_GRAPHS

        studio = STUDIO_GRAPHS["coordination"]()
        return studio.copy(update={"checkpointer": backend.checkpointer})
    with tempfile.TemporaryDirectory(prefix="council-shape-") as tmp:
        repo = demo_pipeline_repo(Path(tmp) / "billing")
        team = demo_pipeline_roster()
        return create_coordination_graph(
            team.org,
            team,
            executor=DemoAgents(pause=0.0),
            workspace=demo_workspace(repo),
            stores=backend.stores.replace(guard_state=InMemoryGuardStateStore()),
            checkpointer=backend.checkpointer,
        )


def _known_graph(
    metadata: dict[str, Any], backend: Backend, *, to_read: bool = False
) -> Pregel[Any, Any] | None:
    """The graph the thread's metadata names, rebuilt here (None: the CLI cannot build it;
    `to_read`: a pipeline's shape, enough to read its state)."""
    tags = graph_tags(metadata)
    name = tags.get(GRAPH_KEY, "")
    graph: Pregel[Any, Any] | None = None
    studio = name.removeprefix(STUDIO_PREFIX) if name.startswith(STUDIO_PREFIX) else None
    if name == "meeting":
        graph = meeting_graph(backend, tags.get(PROTOCOL_KEY) or "structured_phases")
    elif studio is not None and studio.startswith("meeting_"):
        graph = meeting_graph(backend, studio.removeprefix("meeting_"), studio=True)
    elif name == SCHEDULE_GRAPH and tags.get(FILE_KEY):
        from langgraph_council.graphs._cli.schedule import schedule_graph

        protocol = tags.get(PROTOCOL_KEY) or "round_robin"
        graph = schedule_graph(tags[FILE_KEY], protocol, backend)
    elif name in ("conflict", "delegation") or studio in _STUDIO_DEMOS:
        graph = demo_graph(_STUDIO_DEMOS.get(str(studio), name), backend)  # type: ignore[arg-type]
    elif name == "file" and tags.get(FILE_KEY):
        spec, org = load_council_file(tags[FILE_KEY])
        graph = file_graph(spec, org, backend, tags[FILE_KEY])
    elif name.startswith(GRAPH_PREFIX):
        graph = load_graph(name.removeprefix(GRAPH_PREFIX), backend)
    elif to_read and name in ("pipeline", STUDIO_PREFIX + "coordination"):
        graph = _pipeline_shape(backend, name)
    return None if graph is None else tag_graph(graph, **tags)  # keep the thread's own name


def graph_of(
    metadata: dict[str, Any], args: argparse.Namespace, backend: Backend, *, strict: bool = True
) -> Pregel[Any, Any] | None:
    """The graph the thread's metadata names, else `--graph`, else None.

    Raises:
        CliError: (`strict`) `--graph` is not the graph the thread records.
    """
    given = getattr(args, "graph", None)
    known = graph_label(metadata)
    if known is None:
        return load_graph(given, backend) if given else None
    if given and strict:
        loaded = load_graph(given, backend)
        if label_of(loaded) != known:
            raise CliError(
                f"--graph {given} is not the thread's graph: the thread records {known} "
                "(drop --graph to use it)"
            )
        return loaded
    return _known_graph(metadata, backend, to_read=not strict)


def thread_graph(args: argparse.Namespace, backend: Backend, thread_id: str) -> Pregel[Any, Any]:
    """The graph that resumes `thread_id`: the one its checkpoints name, else `--graph`.

    Raises:
        CliError: No such thread, or a thread the CLI never ran and no `--graph`.
    """
    metadata = thread_metadata(backend, thread_id)
    if metadata is None:
        raise CliError(f"no thread {thread_id!r} in {backend.label} (see `council threads list`)")
    graph = graph_of(metadata, args, backend)
    if graph is None:
        known = graph_label(metadata)
        why = (
            f"its graph {known} cannot be rebuilt by the CLI"
            if known
            else "it was not run by the council CLI, so its graph is unknown"
        )
        raise CliError(
            f"thread {thread_id}: {why}: pass --graph module:factory (the graph that created it)"
        )
    return graph


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
        metadata = thread_metadata(backend, item.thread_id) or {}
        name = graph_label(metadata)
        if name not in graphs:
            try:
                graphs[name] = graph_of(metadata, args, backend, strict=False)
            except CliError:  # e.g. a run file moved away: listed, its state unknown
                graphs[name] = None
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
                name,
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
    rows = [
        [
            v.thread_id,
            f"{v.state} ({v.category})" if v.category else v.state,
            v.graph or UNKNOWN_GRAPH,
            str(v.attempts),
            ", ".join(v.next) or "-",
            v.last_error or "-",
        ]
        for v in views
    ]
    headers = ("thread", "state", "graph", "attempts", "next", "last error")
    print_records(console, "Threads", headers, rows)


def _show(console: Console, view: ThreadView) -> None:
    for key, value in asdict(view).items():
        shown = ", ".join(value) if isinstance(value, tuple) else value
        if key == "graph" and value is None:
            shown = UNKNOWN_GRAPH
        console.print(Text(f"{key.replace('_', ' ')}: {'' if shown is None else shown}"))


def _resume(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    thread_id = args.thread_id_arg
    graph = thread_graph(args, backend, thread_id)
    if thread_id in running_threads(backend, [thread_id]):
        raise CliError(f"thread {thread_id} is running in another process; wait or stop it")
    if graph.get_state(_config(thread_id)).interrupts:
        return _waits(args, backend, console, thread_id, resumed=False)
    plan = prepare_resume(
        graph,
        thread_id,
        attempts_store=backend.attempts,
        max_resume_attempts=args.max_attempts,
        retry_failed=args.retry_failed,
    )
    if plan.attempt is not None and not args.json:
        console.print(Text(f"resuming {thread_id} (attempt {plan.attempt})"), style="dim")
    ended = run_graph(graph, None, plan.config, backend=backend, grace=args.grace)
    if not isinstance(ended, RunEnd):
        return ended
    backend.attempts.clear(thread_id)
    if graph.get_state(_config(thread_id)).interrupts:  # it ran on, up to a human step
        return _waits(args, backend, console, thread_id, resumed=True)
    _print_end(args, console, thread_id, ended.values)
    return 0


def _waits(
    args: argparse.Namespace, backend: Backend, console: Console, thread_id: str, *, resumed: bool
) -> int:
    """A thread stopped on `interrupt()`: a resume cannot answer it, a human's decision does.
    Say so, print the commands that decide it; non-zero when nothing was resumed."""
    pending = backend.escalations.pending(thread_id=thread_id)
    if args.json:
        print_json(
            console,
            {"thread_id": thread_id, "state": "waiting for a human", "resumed": resumed,
             "pending": pending, "decide": [c for e in pending for c in decide_commands(e)]},
        )  # fmt: skip
        return 0 if resumed else 1
    said = "resumed and now waits" if resumed else "was not resumed: it waits"
    console.print(Text(f"thread {thread_id} {said} for a human; decide it from any shell:"))
    for escalation in pending:
        print_decide_commands(console, escalation)
    if not pending:
        console.print(
            Text("no pending escalation names it: answer its interrupt through the graph's API")
        )
    return 0 if resumed else 1


def _print_end(
    args: argparse.Namespace, console: Console, thread_id: str, values: dict[str, Any]
) -> None:
    if args.json:
        print_json(console, {"thread_id": thread_id, "values": values})
        return
    if values.get("minutes") is not None:  # stored minutes refer to their messages' words
        print_meeting(console, values["minutes"].with_words(values.get("messages", ())))
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
    if args.action == "migrate":
        from langgraph_council.graphs._cli.migrate import migrate_cmd

        return migrate_cmd(args, backend, console)
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
