"""How a `council` command runs a graph: under `run_until_signal`, leased, its calls recorded.

Every run the CLI starts or resumes goes through `run_graph`:
- SIGTERM/SIGINT drain it at the next step boundary within `--grace` seconds (a second signal
  cuts it off); the command then prints one line and exits non-zero (143 for SIGTERM). A run
  that had to be cut off is still running in a thread: the process ends with `os._exit`.
- The thread is leased for the run (a Postgres advisory lock held on its own connection, gone
  with the process), so `council threads list` shows it `running` and a second resume refuses.
- Each model call writes a start row with its estimated input tokens before it is made
  (`CallRecordHandler`), so a call cut off by a kill still leaves a cost record.
- The graph is tagged (`graphs._graph_tag`): every checkpoint names it, so `council threads`
  can rebuild it; a new run on a thread another graph wrote is refused, naming both.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

import psycopg
from langchain_core.runnables import RunnableConfig
from langgraph.pregel import Pregel
from langgraph.runtime import RunControl
from langgraph.types import Durability
from rich.console import Console
from rich.text import Text

from langgraph_council.checkpoints import CallRecordHandler, run_until_signal
from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.output import (
    LiveProgress,
    print_decide_commands,
    print_escalations,
    print_json,
)
from langgraph_council.graphs._graph_tag import GRAPH_KEY, PROTOCOL_KEY, graph_label, label_of

__all__ = [
    "GRAPH_KEY",
    "PROTOCOL_KEY",
    "RunEnd",
    "check_thread_graph",
    "print_waiting",
    "run_graph",
    "running_threads",
    "stream_run",
    "thread_lease",
    "thread_metadata",
]
_LEASE_KEY = "hashtext('council-thread:' || %s)::bigint"

Progress = Callable[[Sequence[str], str, Any], None]


@dataclass(frozen=True)
class RunEnd:
    """A run that ended by itself: the thread's values afterwards."""

    values: dict[str, Any]


class _Streamed:
    """The graph as `run_until_signal` calls it, streaming progress on the way."""

    def __init__(self, graph: Pregel[Any, Any], progress: Progress | None) -> None:
        self.graph = graph
        self.checkpointer = graph.checkpointer
        self.progress = progress

    def invoke(
        self,
        input: Any,
        config: RunnableConfig,
        *,
        context: Any = None,
        durability: Durability = "sync",
        control: RunControl | None = None,
    ) -> dict[str, Any]:
        for namespace, mode, chunk in self.graph.stream(
            input,
            config,
            context=context,
            durability=durability,
            control=control,
            stream_mode=["updates", "custom"],
            subgraphs=True,
        ):
            if self.progress is not None:
                self.progress(namespace, mode, chunk)
        return dict(self.graph.get_state(config).values)


@contextmanager
def thread_lease(backend: Backend, thread_id: str) -> Iterator[None]:
    """Hold the thread's run lease for the block (Postgres only; memory has one process).

    Raises:
        CliError: Another process is running the thread.
    """
    if backend.uri is None:
        yield
        return
    with psycopg.connect(backend.uri, autocommit=True) as conn:
        row = conn.execute(f"SELECT pg_try_advisory_lock({_LEASE_KEY})", (thread_id,)).fetchone()
        if not row or not row[0]:
            raise CliError(f"thread {thread_id} is running in another process; wait or stop it")
        yield  # the lock goes with the connection (or with the process)


_RUNNING = f"""
SELECT t FROM unnest(%s::text[]) AS t, LATERAL (SELECT {_LEASE_KEY.replace("%s", "t")} AS k) AS l
WHERE EXISTS (
    SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND granted
    AND classid::bigint = (l.k >> 32) & 4294967295 AND objid::bigint = l.k & 4294967295)"""


def running_threads(backend: Backend, thread_ids: Sequence[str]) -> set[str]:
    """The threads among `thread_ids` that a process is running now (holds the lease of)."""
    if backend.uri is None or not thread_ids:
        return set()
    with psycopg.connect(backend.uri, autocommit=True) as conn:
        rows = conn.execute(_RUNNING, (list(thread_ids),)).fetchall()
    return {str(r[0]) for r in rows}


def _config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}


def thread_metadata(backend: Backend, thread_id: str) -> dict[str, Any] | None:
    """The thread's newest checkpoint metadata (None: no such thread). A thread written before
    every checkpoint named its graph takes the newest older one that does."""
    found = backend.checkpointer.get_tuple(_config(thread_id))
    if found is None:
        return None
    if GRAPH_KEY in (found.metadata or {}):
        return dict(found.metadata)
    for older in backend.checkpointer.list(_config(thread_id)):
        if GRAPH_KEY in (older.metadata or {}):
            return dict(older.metadata)
    return dict(found.metadata or {})


def check_thread_graph(
    backend: Backend, thread_id: str, graph: Pregel[Any, Any], *, new_run: bool
) -> None:
    """Refuse to run `graph` on a thread another graph wrote (the state would not fit it).

    Raises:
        CliError: The thread names another graph, or (for a new run) none the CLI ran.
    """
    metadata = thread_metadata(backend, thread_id)
    if metadata is None:
        return
    mine, theirs = label_of(graph), graph_label(metadata)
    if theirs == mine or (theirs is None and not new_run):
        return
    owner = f"graph {theirs}" if theirs else "a graph the council CLI did not run"
    raise CliError(
        f"thread {thread_id} belongs to {owner}, not to this run's graph {mine}: "
        "pick another --thread-id"
        + (f" (or resume it: council threads resume {thread_id})" if theirs else "")
    )


def run_graph(
    graph: Pregel[Any, Any],
    payload: Any,
    config: RunnableConfig,
    *,
    backend: Backend,
    grace: float,
    context: Any = None,
    progress: Progress | None = None,
) -> RunEnd | int:
    """Run `graph` until it ends (`RunEnd`) or a signal stops it (the exit status, after one
    line on stderr). A run cut off mid-step ends the process here (`os._exit`).

    Raises:
        CliError: The thread belongs to another graph (`check_thread_graph`).
    """
    thread_id = str(config["configurable"]["thread_id"])
    run_config: RunnableConfig = {**config, "callbacks": [CallRecordHandler(backend.calls)]}
    with thread_lease(backend, thread_id):
        check_thread_graph(backend, thread_id, graph, new_run=payload is not None)
        result = run_until_signal(
            cast(Pregel[Any, Any], _Streamed(graph, progress)),
            payload,
            run_config,
            grace_seconds=grace,
            context=context,
        )
    if result.status == "completed":
        return RunEnd(dict(result.output))
    err = Console(stderr=True, soft_wrap=True)
    hint = f" (council threads resume {thread_id})"
    err.print(result.message + hint, markup=False, highlight=False)
    if result.detached:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(result.exit_code)
    return result.exit_code


def stream_run(
    graph: Pregel[Any, Any],
    payload: Any,
    thread_id: str,
    context: Any,
    console: Console,
    args: argparse.Namespace,
    backend: Backend,
) -> dict[str, Any] | int:
    """Run to the end (the thread's values) or until a signal stops it (the exit status),
    printing progress and the conversation as it streams (not with --json or --quiet)."""
    config: Any = {"configurable": {"thread_id": thread_id}}

    ended = run_graph(
        graph,
        payload,
        config,
        backend=backend,
        grace=args.grace,
        context=context,
        progress=None if args.json or args.quiet else LiveProgress(console),
    )
    return ended if isinstance(ended, int) else ended.values


def print_waiting(
    args: argparse.Namespace, backend: Backend, console: Console, thread_id: str
) -> int:
    """Print the escalations a thread waits on and the exact commands that decide them."""
    pending = backend.escalations.pending(thread_id=thread_id)
    if args.json:
        print_json(console, {"thread_id": thread_id, "pending": pending})
        return 0
    print_escalations(console, pending)
    console.print(Text(f"thread {thread_id} waits for a human; decide from any shell, any time:"))
    for escalation in pending:
        print_decide_commands(console, escalation)
    if not backend.label.startswith("postgres") and pending:
        console.print(Text("(deciding later needs Postgres: run again without --memory)"))
    return 0
