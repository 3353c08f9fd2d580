"""`council memory list|show|forget`: the org-memory records of `--db`'s PostgresStore (the
embedded server by default) or of a LangGraph Server's store (`--server URL`)."""

from __future__ import annotations

import argparse
import json
from typing import Any, TypedDict

from langgraph.store.base import BaseStore, Item
from langgraph.store.memory import InMemoryStore
from langgraph.store.postgres import PostgresStore
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from langgraph_council.checkpoints._org_memory import OrgMemory, record_id
from langgraph_council.graphs._cli.backend import Backend
from langgraph_council.graphs._cli.output import print_json, print_records
from langgraph_council.graphs._cli.server_store import ServerStore
from langgraph_council.nodes._errors import CliError

__all__ = ["memory_cmd"]


def _store(args: argparse.Namespace, backend: Backend | None) -> BaseStore:
    if getattr(args, "server", None):
        return ServerStore(str(args.server))
    if backend is None or backend.uri is None:  # --memory: a fresh, empty store
        return InMemoryStore()
    return PostgresStore(backend.checkpointer.conn)  # type: ignore[attr-defined]


def _summary(item: Item) -> str:
    value = item.value
    if value.get("kind") == "meeting":
        return "; ".join(value.get("decisions", ())) or str(value.get("title", ""))
    if value.get("kind") == "ruling":
        return f"{value.get('winning_agent_id') or 'no winner'}: {value.get('winning_position')}"
    if value.get("kind") == "position":
        return f"{value.get('agent_id')}: {value.get('claim')}"
    return f"{value.get('parent_status')}: {value.get('summary', '')}"


def _row(item: Item) -> list[str]:
    value = item.value
    return [
        record_id(item),
        str(value.get("kind", "")),
        str(value.get("written_at", ""))[:19],
        str(value.get("thread_id") or "-"),
        _summary(item),
    ]


def _as_json(item: Item) -> dict[str, Any]:
    return {"id": record_id(item), **item.dict()}


class _Filters(TypedDict):
    """The record filters `list` and `forget` both take, as `OrgMemory` names them."""

    org: str | None
    topic: str | None
    agent: str | None
    thread_id: str | None


def _filters(args: argparse.Namespace) -> _Filters:
    """`--org`, `--topic`, `--agent` and `--thread`, as given (None where not)."""
    return _Filters(org=args.org, topic=args.topic, agent=args.agent, thread_id=args.memory_thread)


def _list(args: argparse.Namespace, memory: OrgMemory, console: Console) -> int:
    items = memory.list(**_filters(args), kind=args.kind, limit=args.limit)
    if args.json:
        print_json(console, {"records": [_as_json(i) for i in items]})
    elif not items:
        console.print("no org-memory records (runs write them with context={'memory': ...})")
    else:
        headers = ["record", "kind", "written", "thread", "what"]
        print_records(console, "Org memory", headers, [_row(i) for i in items])
    return 0


def _show(args: argparse.Namespace, memory: OrgMemory, console: Console) -> int:
    item = memory.show(args.record)
    if item is None:
        raise CliError(f"no memory record {args.record}: list them with `council memory list`")
    if args.json:
        print_json(console, _as_json(item))
    else:
        console.print(Text(record_id(item), style="bold"))
        console.print(escape(json.dumps(item.value, indent=2, default=str)))
    return 0


def _forget(args: argparse.Namespace, memory: OrgMemory, console: Console) -> int:
    if args.record is None and not (args.org or args.memory_thread):
        raise CliError("memory forget needs RECORD_ID, --org or --thread")
    gone = memory.forget(args.record, **_filters(args))
    if args.json:
        print_json(console, {"forgotten": gone})
    else:
        console.print(f"forgot {gone} record(s)")
    return 0


def memory_cmd(args: argparse.Namespace, backend: Backend | None, console: Console) -> int:
    """List, show or forget org-memory records."""
    memory = OrgMemory(_store(args, backend))
    action = {"list": _list, "show": _show, "forget": _forget}[args.action]
    return action(args, memory, console)
