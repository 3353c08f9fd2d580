"""Where a `council` command keeps its state, and which graph resumes an escalation."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import os
import re
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import psycopg
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import StateGraph
from langgraph.pregel import Pregel
from psycopg_pool import ConnectionPool

from langgraph_council.checkpoints import (
    CouncilStores,
    EmbeddedPostgresError,
    EscalationQueue,
    embedded_postgres,
    postgres_checkpointer,
)
from langgraph_council.checkpoints._call_records import CallRecordStore
from langgraph_council.checkpoints._resume_attempts import (
    InMemoryResumeAttemptStore,
    PostgresResumeAttemptStore,
    ResumeAttemptStore,
)
from langgraph_council.graphs._conflicts import create_conflict_graph
from langgraph_council.graphs._delegation import create_delegation_graph
from langgraph_council.graphs._graph_tag import GRAPH_KEY, GRAPH_PREFIX, PROTOCOL_KEY, tag_graph
from langgraph_council.graphs._meetings import create_meeting_graph
from langgraph_council.guards import GuardStateStore, LoopRecordStore
from langgraph_council.nodes._agents import Roster
from langgraph_council.nodes._conflicts.dissent import DissentStore
from langgraph_council.nodes._demo import MODEL_ENV, demo_org, demo_reply, demo_roster
from langgraph_council.nodes._errors import CliError
from langgraph_council.nodes._escalation.models import EscalationKind
from langgraph_council.nodes._input_errors import InvalidInputError, UnreachableDatabaseError
from langgraph_council.nodes._meetings.records import MeetingRecorder
from langgraph_council.nodes.testing import ScriptedChatModel

__all__ = [
    "Backend",
    "CliError",
    "demo_graph",
    "graph_for",
    "load_graph",
    "meeting_graph",
    "open_backend",
]

DATABASE_ENV = "COUNCIL_DATABASE_URL"
"""The database when `--db` is not given (as for Studio); `--memory` ignores it."""
_POOL_SIZE = 4  # the checkpointer, the stores, and one held while an escalation is resumed


@dataclass(frozen=True)
class Backend:
    """Where a command keeps its state: Postgres (embedded or `--db`) or memory.

    `stores` is the bundle every graph factory takes (`stores=backend.stores`); the
    properties below read one store of it, each always present in a command's backend.
    """

    label: str
    checkpointer: BaseCheckpointSaver[Any]
    stores: CouncilStores
    attempts: ResumeAttemptStore
    uri: str | None = None
    """The Postgres URI (None in memory), for the per-thread run lease."""

    @property
    def escalations(self) -> EscalationQueue:
        return _present(self.stores.escalations, "escalations")

    @property
    def dissent(self) -> DissentStore:
        return _present(self.stores.dissent, "dissent")

    @property
    def meetings(self) -> MeetingRecorder:
        return _present(self.stores.meetings, "meetings")

    @property
    def guard_store(self) -> GuardStateStore:
        return _present(self.stores.guard_state, "guard_state")

    @property
    def loop_records(self) -> LoopRecordStore:
        return _present(self.stores.loop_records, "loop_records")

    @property
    def calls(self) -> CallRecordStore:
        return _present(self.stores.calls, "calls")


T = TypeVar("T")


def _present(store: T | None, field: str) -> T:
    if store is None:
        raise RuntimeError(f"this command's backend has no stores.{field}")
    return store


def _memory() -> Backend:
    return Backend(
        "memory (nothing is kept)",
        InMemorySaver(),
        CouncilStores.in_memory(),
        InMemoryResumeAttemptStore(),
    )


@contextmanager
def open_backend(args: argparse.Namespace) -> Iterator[Backend]:
    """Memory with `--memory`, the `--db` server, else the embedded server (started if needed).

    On Postgres, the checkpointer and every store share one connection pool.
    """
    if args.memory:
        yield _memory()
        return
    with ExitStack() as stack:
        uri = _database(args, stack)
        try:
            saver = stack.enter_context(postgres_checkpointer(uri, pool_size=_POOL_SIZE))
        except (psycopg.Error, InvalidInputError, UnreachableDatabaseError) as exc:
            where = _db_flag(args) if args.db else "the embedded server"
            raise CliError(
                f"{where} {mask_uri(uri)}: cannot connect ({_first_line(exc)})"
            ) from None
        pool = saver.conn
        if not isinstance(pool, ConnectionPool):
            raise TypeError("postgres_checkpointer(pool_size=...) must give a pooled saver")
        shown = mask_uri(uri) if args.db else f"(embedded, {args.data_dir or 'default dir'})"
        yield Backend(
            "postgres " + shown,
            saver,
            CouncilStores.from_pool(pool),
            PostgresResumeAttemptStore(pool),
            uri,
        )


def _db_flag(args: argparse.Namespace) -> str:
    return str(getattr(args, "db_flag", "--db"))


def _first_line(exc: BaseException) -> str:
    return mask_uri(str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__)


def _database(args: argparse.Namespace, stack: ExitStack) -> str:
    """The `--db` URI (else `COUNCIL_DATABASE_URL`), else the embedded server's (started)."""
    if not args.db and os.environ.get(DATABASE_ENV):
        args.db, args.db_flag = os.environ[DATABASE_ENV], DATABASE_ENV
    if args.db:
        if "://" not in args.db and "=" not in args.db:
            raise CliError(
                f"{_db_flag(args)} {mask_uri(args.db)!r} is not a PostgreSQL URI: use "
                "postgresql://USER:PASSWORD@HOST:PORT/DBNAME"
            )
        return str(args.db)
    try:
        return str(stack.enter_context(embedded_postgres(args.data_dir)))
    except (EmbeddedPostgresError, OSError) as exc:
        where = args.data_dir or "the default data directory"
        raise CliError(f"--data-dir {where}: cannot start the embedded server ({exc})") from None


def mask_uri(text: str) -> str:
    """`text` with any database password in it replaced by `***` (URI or key=value form).

    Example:
        >>> mask_uri("postgresql://bob:s3cret@db:5432/council")
        'postgresql://bob:***@db:5432/council'
    """
    text = re.sub(r"(://[^:/@\s]*:)[^\s/]*@", r"\1***@", text)
    return re.sub(r"(password\s*=\s*)('[^']*'|\S+)", r"\1***", text, flags=re.IGNORECASE)


def meeting_graph(
    backend: Backend, protocol: str, pace: float = 0.0, *, studio: bool = False
) -> Pregel[Any, Any]:
    """The demo meeting's graph; `pace` seconds per scripted reply (not with `COUNCIL_MODEL`).
    `studio`: the shape `langgraph.json`'s meeting graphs have under a server (they record
    dissent too: one more node), to read and resume their threads."""
    roster = demo_roster()
    if pace > 0 and MODEL_ENV not in os.environ:
        roster = Roster(demo_org(), default_model=ScriptedChatModel(demo_reply, latency=pace))
    # the demo keeps meeting records only; a served graph has every store
    stores = backend.stores if studio else backend.stores.replace(dissent=None)
    graph = create_meeting_graph(
        roster, protocol=protocol, stores=stores, checkpointer=backend.checkpointer
    )
    return tag_graph(graph, **{GRAPH_KEY: "meeting", PROTOCOL_KEY: protocol})


def demo_graph(kind: EscalationKind, backend: Backend) -> Pregel[Any, Any]:
    """The demo graph whose escalations are of `kind` (conflict or delegation).

    Raises:
        CliError: No demo graph has escalations of `kind`.
    """
    roster = demo_roster()
    if kind == "conflict":
        graph = create_conflict_graph(
            roster.org, roster, stores=backend.stores, checkpointer=backend.checkpointer
        )
        return tag_graph(graph, **{GRAPH_KEY: kind})
    if kind == "delegation":
        delegation = create_delegation_graph(
            roster.org, roster, stores=backend.stores, checkpointer=backend.checkpointer
        )
        return tag_graph(delegation, **{GRAPH_KEY: kind})
    raise CliError(
        f"{kind} escalations come from your own graph: pass --graph module:factory "
        "(or path/to/file.py:factory) to resume them"
    )


def _split(target: str) -> tuple[str, str]:
    module_name, _, attribute = target.rpartition(":")
    if not module_name or not attribute:
        raise CliError(
            f"--graph must look like module:factory or path/to/file.py:factory, got {target!r}"
        )
    return module_name, attribute


def graph_target(target: str) -> str:
    """`target` as the thread records it: a file path made absolute (any working directory)."""
    module_name, attribute = _split(target)
    if module_name.endswith(".py"):
        module_name = str(Path(module_name).resolve())
    return f"{module_name}:{attribute}"


def _import(target: str) -> Any:
    module_name, attribute = _split(target)
    if module_name.endswith(".py"):
        path = Path(module_name).resolve()
        spec = importlib.util.spec_from_file_location(path.stem, path)
        if spec is None or spec.loader is None or not path.is_file():
            raise CliError(f"--graph: no Python file at {module_name!r}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise CliError(f"--graph: cannot import {module_name!r} ({exc})") from None
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise CliError(f"--graph: {module_name!r} has no {attribute!r}") from None


def _accepted(factory: Any, offered: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of `offered` that `factory` names; a factory that takes only
    `**kwargs` gets `checkpointer=` and `escalations=`, as before `stores=` was offered."""
    older = {k: v for k, v in offered.items() if k != "stores"}
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return older
    names = {p.name for p in parameters}
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters) and not names & {
        "stores",
        "escalations",
    }:
        return older
    return {k: v for k, v in offered.items() if k in names}


def load_graph(target: str, backend: Backend) -> Pregel[Any, Any]:
    """The user's graph named by `--graph`, bound to this command's checkpointer.

    The target is a compiled graph, a `StateGraph` builder, or a factory returning either,
    called with the keywords it names among `checkpointer=`, `stores=` (the command's
    `CouncilStores`) and `escalations=`. It must build the graph that created the
    escalation's thread.

    Raises:
        CliError: The target cannot be imported or is not a graph.
    """
    found = _import(target)
    if callable(found) and not isinstance(found, Pregel | StateGraph):
        offered = {
            "checkpointer": backend.checkpointer,
            "stores": backend.stores,
            "escalations": backend.escalations,
        }
        try:
            found = found(**_accepted(found, offered))
        except TypeError as exc:  # e.g. a factory that needs arguments the CLI cannot give
            raise CliError(
                f"--graph {target!r} cannot be called with checkpointer=, stores= or "
                f"escalations= only ({exc}); name a compiled graph, a StateGraph or such a "
                "factory"
            ) from None
    tags = {GRAPH_KEY: GRAPH_PREFIX + graph_target(target)}
    if isinstance(found, StateGraph):
        return tag_graph(found.compile(checkpointer=backend.checkpointer), **tags)
    if isinstance(found, Pregel):
        if found.checkpointer is None:
            found = found.copy(update={"checkpointer": backend.checkpointer})
        return tag_graph(found, **tags)
    raise CliError(f"--graph {target!r} is a {type(found).__name__}, not a LangGraph graph")


def graph_for(kind: EscalationKind, args: argparse.Namespace, backend: Backend) -> Pregel[Any, Any]:
    """`--graph` when given, else the demo graph of the escalation's kind."""
    if getattr(args, "graph", None):
        return load_graph(args.graph, backend)
    return demo_graph(kind, backend)
