"""`council escalations ... --server URL`: the deployment's server resumes the thread, not the CLI.

The escalation queue stays in the shared PostgreSQL (`--db` or `COUNCIL_DATABASE_URL`): it
checks and stores the decision and claims the resume, exactly as in-process. The resume itself is
a run the server creates on the thread (`Command(resume=...)` through `langgraph_sdk`, via
LangGraph's `RemoteGraph`), so any replica's worker runs the graph with the server's
checkpointer and stores.
"""

from __future__ import annotations

import argparse
from typing import Any, cast

import httpx
from langgraph.pregel import Pregel
from langgraph.pregel.remote import RemoteGraph
from langgraph_sdk import get_sync_client
from langgraph_sdk.errors import LangGraphError, NotFoundError

from langgraph_council.graphs._cli.backend import CliError
from langgraph_council.nodes._escalation.models import EscalationKind

__all__ = ["GRAPH_OF_KIND", "check_server_url", "server_graph"]

GRAPH_OF_KIND: dict[str, str] = {
    "conflict": "conflict",
    "delegation": "delegation",
    "merge": "coordination",
}
"""The graph id of `langgraph.json` that waits on each kind, when a thread does not say."""

_TIMEOUT = (10.0, 300.0, 10.0, 10.0)  # connect, read (a resumed run streams), write, pool


def check_server_url(url: str) -> str:
    """`url` without a trailing slash.

    Raises:
        CliError: Not an http(s) URL.
    """
    if not url.startswith(("http://", "https://")) or len(url.split("://", 1)[1]) == 0:
        raise CliError(
            f"--server {url!r} is not a server URL: use http://HOST:PORT of a LangGraph Server "
            "replica (e.g. http://127.0.0.1:2024)"
        )
    return url.rstrip("/")


def server_graph(
    args: argparse.Namespace, kind: EscalationKind, thread_id: str | None = None
) -> Pregel[Any, Any]:
    """The graph that waits on `thread_id`, served at `--server` (a `RemoteGraph`).

    The graph id is the thread's own (`metadata.graph_id`) when `thread_id` is given, else the
    `langgraph.json` id of the escalation's kind. The queue only calls `get_state` and
    `invoke` on it, which `RemoteGraph` serves through the server's API.

    Raises:
        CliError: The server is unreachable or does not know the thread.
    """
    if getattr(args, "graph", None):
        raise CliError(
            "--graph and --server exclude each other: with --server the deployment's own graph "
            "resumes the thread"
        )
    url = check_server_url(str(args.server))
    client = get_sync_client(url=url, timeout=_TIMEOUT)
    graph_id = GRAPH_OF_KIND.get(kind, kind)
    try:
        httpx.get(f"{url}/ok", timeout=10).raise_for_status()  # fast: the SDK retries for minutes
        if thread_id is not None:
            metadata = client.threads.get(thread_id).get("metadata") or {}
            graph_id = str(metadata.get("graph_id") or graph_id)
    except NotFoundError:
        raise CliError(
            f"--server {url} has no thread {thread_id}: point --server at a replica of the "
            "deployment whose database (--db) holds this escalation"
        ) from None
    except (httpx.HTTPError, LangGraphError) as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise CliError(f"--server {url}: cannot reach the server ({reason})") from None
    remote = RemoteGraph(graph_id, sync_client=client)
    return cast(Pregel[Any, Any], remote)
