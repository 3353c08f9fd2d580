"""`council threads show ID --plot FILE`: the picture of a thread's run, written to a file.

The thread's graph is rebuilt as `threads show` does (from its checkpoints' tags, else
`--graph`), its latest state is read, and `plot_run` draws it: a pipeline's waves and attempts,
a meeting's turns and talk share, a conflict's path. A thread of a family without a picture
(delegation), a missing thread or a missing `plots` extra is one line and exit 1.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.text import Text

from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.output import print_json
from langgraph_council.graphs._cli.run import thread_metadata
from langgraph_council.graphs._cli.threads import UNKNOWN_GRAPH, graph_of
from langgraph_council.graphs._graph_tag import graph_label
from langgraph_council.graphs._plots.figure import picture_format, require_plots
from langgraph_council.graphs._plots.run import picture_of, plot_run
from langgraph_council.nodes._errors import MissingExtraError
from langgraph_council.nodes._input_errors import MissingFileError

__all__ = ["plot_cmd"]


def _values(args: argparse.Namespace, backend: Backend, thread_id: str) -> dict[str, Any]:
    """The thread's latest state values.

    Raises:
        CliError: No such thread, or a graph the CLI cannot rebuild (pass --graph).
    """
    metadata = thread_metadata(backend, thread_id)
    if metadata is None:
        raise CliError(f"no thread {thread_id!r} (see `council threads list`)")
    graph = graph_of(metadata, args, backend, strict=False)
    if graph is None:
        raise CliError(
            f"thread {thread_id}: its graph is {graph_label(metadata) or UNKNOWN_GRAPH}; "
            "pass --graph module:factory (the graph that created it) to draw it"
        )
    return dict(graph.get_state({"configurable": {"thread_id": thread_id}}).values)


def plot_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Write the picture of thread `args.thread_id_arg` to `args.plot`; 0 when written."""
    thread_id, path = args.thread_id_arg, args.plot
    try:
        picture_format(path)  # a wrong suffix or no matplotlib fails before any database work
        require_plots()
        values = _values(args, backend, thread_id)
        kind = picture_of(values)
        if kind is None:
            family = graph_label(thread_metadata(backend, thread_id) or {}) or "unknown"
            raise CliError(
                f"thread {thread_id} is a {family} thread: pictures are drawn for pipeline, "
                "meeting and conflict threads only"
            )
        plot_run(values, path)
    except (MissingExtraError, MissingFileError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print_json(console, {"thread_id": thread_id, "plot": str(path), "picture": kind})
    else:
        console.print(Text(f"wrote {path}: the {kind} picture of thread {thread_id}"))
    return 0
