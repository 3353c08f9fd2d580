"""LangGraph Studio and `langgraph dev` entry points: one graph factory per family, one saver.

`langgraph.json` at the repository root names every factory below and `checkpointer`. Each
factory builds its graph per request, compiled without a checkpointer (the server lends its
own), on the demo org. Models: `COUNCIL_MODEL` (any `init_chat_model` string, e.g.
`openai:gpt-4o-mini`, needs `langchain` and the provider package) or, when unset, the scripted
demo agents. Tunables come as the run context, e.g. `{"strategy": "human"}` for the conflict
graph or `{"round_robin": {"max_turns_per_agent": 1}}` for a meeting. `COUNCIL_DEMO_LATENCY`
(seconds) slows every scripted reply and each demo pipeline subtask, to watch runs in flight or
to benchmark a deployment.

The saver's database also holds what requests and server replicas share (`served_stores`):
the escalation queue, guard state, loop, dissent and meeting records. Several replicas behind one
PostgreSQL serve the same threads (docs/deploy.md).

The `coordination` pipeline runs the demo of `graphs/_demo/pipeline.py` (`council demo
pipeline`): a fixed plan of four subtasks in two waves, scripted agents writing real files in git
worktrees of one persistent demo repository, and merge conflicts
decided by a human (`Command(resume=...)` in Studio). The repository is `COUNCIL_PIPELINE_REPO`
(else `$XDG_CACHE_HOME/langgraph-council/studio-pipeline/billing`), made there on first use and
reused after, so a thread paused on a merge survives a restart, and replicas given the same path
on shared storage run one thread's waves (docs/deploy.md, "Shared workspace"). Without `git` on
PATH it falls back to the pipeline without a workspace (no worktree or merge nodes). Its factory
runs in a worker thread (`in_thread`): the server refuses blocking calls such as git on its
event loop.

A new graph family is one `studio_graph(...)` line plus its entry in `langgraph.json` (a test
checks the two agree).
"""

from __future__ import annotations

import asyncio
import functools
import os
import shutil
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any, TypeAlias, cast

from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.pregel import Pregel

from langgraph_council.checkpoints._embedded import embedded_postgres
from langgraph_council.checkpoints._postgres import async_postgres_checkpointer
from langgraph_council.graphs._conflicts import create_conflict_graph
from langgraph_council.graphs._coordination import create_coordination_graph
from langgraph_council.graphs._delegation import create_delegation_graph
from langgraph_council.graphs._demo.data import MODEL_ENV, demo_org, demo_reply, demo_roster
from langgraph_council.graphs._demo.pipeline import DEMO_PLAN, DemoAgents, demo_pipeline_repo
from langgraph_council.graphs._graph_tag import GRAPH_KEY, STUDIO_PREFIX, tag_graph
from langgraph_council.graphs._meetings import create_meeting_graph
from langgraph_council.graphs._served_stores import open_served_stores, served_stores
from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._org import Org
from langgraph_council.nodes._pipeline.decompose import ManualDecomposer
from langgraph_council.nodes._pipeline.models import SubtaskRun
from langgraph_council.nodes._workspace.git import run_lock
from langgraph_council.nodes._workspace.models import WorkspaceConfig
from langgraph_council.nodes.testing import ScriptedChatModel

__all__ = [
    "DATABASE_ENV",
    "LATENCY_ENV",
    "STUDIO_GRAPHS",
    "GraphFactory",
    "checkpointer",
    "conflict",
    "coordination",
    "delegation",
    "demo_repository",
    "in_thread",
    "meeting_position_papers",
    "meeting_round_robin",
    "meeting_selector",
    "meeting_structured_phases",
    "studio_graph",
]

DATABASE_ENV = "COUNCIL_DATABASE_URL"
"""The PostgreSQL URI the Studio checkpointer uses; unset, the embedded server starts."""

LATENCY_ENV = "COUNCIL_DEMO_LATENCY"
"""Seconds each scripted demo reply (and demo pipeline subtask) takes (unset: none); ignored
with `COUNCIL_MODEL`."""

_REPO_ENV = "COUNCIL_PIPELINE_REPO"
"""Where the `coordination` graph's demo repository lives (made there when missing)."""

GraphFactory: TypeAlias = Callable[[], Pregel[Any, Any]]
STUDIO_GRAPHS: dict[str, GraphFactory] = {}
"""Every graph `langgraph.json` exposes, by graph id."""


def studio_graph(graph_id: str, build: Callable[[Org, Roster], Pregel[Any, Any]]) -> GraphFactory:
    """Register a zero-argument factory for `graph_id`: `build(org, roster)` per request.

    The server calls a factory for every run, state read and drawing; building a graph takes
    a few milliseconds, and a fresh roster keeps a scripted model's call log from growing.

    Example:
        >>> delegation = studio_graph(  # doctest: +SKIP
        ...     "delegation", lambda org, roster: create_delegation_graph(org, roster))
    """

    def factory() -> Pregel[Any, Any]:
        roster = _roster()
        # every checkpoint names the graph, so `council threads list` knows the thread
        return tag_graph(build(roster.org, roster), **{GRAPH_KEY: STUDIO_PREFIX + graph_id})

    factory.__name__ = factory.__qualname__ = graph_id
    factory.__doc__ = f"The `{graph_id}` graph on the demo org, without a checkpointer."
    STUDIO_GRAPHS[graph_id] = factory
    return factory


def _latency() -> float | None:
    """`COUNCIL_DEMO_LATENCY` in seconds, or None when unset or a real model is configured."""
    latency = os.environ.get(LATENCY_ENV)
    if not latency or os.environ.get(MODEL_ENV):
        return None
    try:
        return float(latency)
    except ValueError:
        raise ValueError(f"{LATENCY_ENV} must be seconds, e.g. 0.05; got {latency!r}") from None


def _roster() -> Roster:
    """The demo roster; scripted replies take `COUNCIL_DEMO_LATENCY` seconds when it is set."""
    seconds = _latency()
    if seconds is None:
        return demo_roster()
    return Roster(demo_org(), default_model=ScriptedChatModel(demo_reply, latency=seconds))


def _meeting(protocol: str) -> Callable[[Org, Roster], Pregel[Any, Any]]:
    def build(org: Org, roster: Roster) -> Pregel[Any, Any]:
        return create_meeting_graph(roster, protocol=protocol, stores=served_stores())

    return build


meeting_round_robin = studio_graph("meeting_round_robin", _meeting("round_robin"))
meeting_position_papers = studio_graph("meeting_position_papers", _meeting("position_papers"))
meeting_structured_phases = studio_graph("meeting_structured_phases", _meeting("structured_phases"))
meeting_selector = studio_graph("meeting_selector", _meeting("selector"))
conflict = studio_graph(
    "conflict", lambda org, roster: create_conflict_graph(org, roster, stores=served_stores())
)
delegation = studio_graph(
    "delegation", lambda org, roster: create_delegation_graph(org, roster, stores=served_stores())
)


_repo_lock = threading.Lock()


def _repository_path() -> Path:
    chosen = os.environ.get(_REPO_ENV)
    if chosen:
        return Path(chosen).expanduser().absolute()
    cache = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(cache).absolute() / "langgraph-council" / "studio-pipeline" / "billing"


@functools.cache
def _make_demo_repository() -> Path | None:
    if shutil.which("git") is None:
        return None
    repo = _repository_path()
    repo.parent.mkdir(parents=True, exist_ok=True)
    # Replicas starting together on one shared path: one makes it, under a cross-process lock,
    # in a sibling renamed into place, so a crash never leaves half a repository at `repo`.
    with run_lock(repo.parent / f".{repo.name}.lock"):
        if (repo / ".git").exists():
            return repo
        if repo.exists():
            raise ValueError(
                f"{_REPO_ENV}: {repo} exists and is not a git repository; name a new or an "
                "existing repository path (the demo makes its billing service there)"
            )
        draft = repo.parent / f".{repo.name}-{os.getpid()}"
        shutil.rmtree(draft, ignore_errors=True)
        os.rename(demo_pipeline_repo(draft), repo)
    return repo


def demo_repository() -> Path | None:
    """The `coordination` graph's demo billing repository (`COUNCIL_PIPELINE_REPO`, else under
    the user's cache dir), made on first use and kept; None when `git` is not on PATH."""
    with _repo_lock:
        return _make_demo_repository()


def _no_workspace(run: SubtaskRun) -> str:
    return f"{run.agent.name}: {run.subtask.title} (no workspace: git is not on PATH)"


def _pipeline(org: Org, roster: Roster) -> Pregel[Any, Any]:
    repo = demo_repository()
    workspace = (
        None
        if repo is None
        else WorkspaceConfig(repo_path=repo, merge_order="priority", conflict_escalation="human")
    )
    stores = served_stores()
    return create_coordination_graph(
        roster.org,
        roster,
        executor=_no_workspace if repo is None else DemoAgents(pause=_latency() or 0.0),
        decomposer=ManualDecomposer(cast(list[dict[str, Any]], DEMO_PLAN["subtasks"])),
        workspace=workspace,
        # A fresh in-memory guard per build (as `council demo pipeline`): the fixed plan
        # repeats the same hand-offs, which a shared rate limit would refuse.
        stores=None if stores is None else stores.replace(guard_state=None),
    )


def in_thread(factory: GraphFactory) -> Callable[[], Awaitable[Pregel[Any, Any]]]:
    """`factory` for the server, run in a worker thread (`STUDIO_GRAPHS` keeps the plain one).

    The server calls a factory on its event loop, where `langgraph dev` refuses blocking calls
    (git, file system); it awaits a coroutine a factory returns, so this one builds there.
    """

    async def served() -> Pregel[Any, Any]:
        return await asyncio.to_thread(factory)

    served.__name__ = served.__qualname__ = factory.__name__
    served.__doc__ = factory.__doc__
    served.__wrapped__ = factory  # type: ignore[attr-defined]
    return served


coordination = in_thread(studio_graph("coordination", _pipeline))


@asynccontextmanager
async def checkpointer() -> AsyncIterator[AsyncPostgresSaver]:
    """The server's saver: PostgreSQL at `COUNCIL_DATABASE_URL`, else the embedded server.

    Tables are set up on entry, and the shared stores (`served_stores()`) open on the same
    database for the server's lifetime. The saver uses `council_serde()`, so this package's
    models come back as models under `LANGGRAPH_STRICT_MSGPACK=true` too. `langgraph.json`
    names it as `"checkpointer": {"path": "langgraph_council.graphs.studio.checkpointer"}`
    (a dotted path: langgraph-api 0.16 splits a module path at its last dot).
    """
    async with AsyncExitStack() as stack:
        uri = os.environ.get(DATABASE_ENV)
        if not uri:
            uri = await asyncio.to_thread(stack.enter_context, embedded_postgres())
        saver = await stack.enter_async_context(async_postgres_checkpointer(uri, pool_size=4))
        await asyncio.to_thread(stack.enter_context, open_served_stores(uri))
        yield saver
