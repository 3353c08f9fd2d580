"""Arguments of `council schedule`, `guards` and `memory`: light (no LangGraph), added by `cli`."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_guards_parser", "add_memory_parser", "add_schedule_parser"]


def _runs(text: str) -> int:
    value = int(text) if text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of runs >= 1, got {text!r}")
    return value


def add_schedule_parser(commands: Any, storage: argparse.ArgumentParser) -> None:
    """`council schedule FILE.yaml [--log PATH] [--history] [--max-runs N]`."""
    schedule = commands.add_parser(
        "schedule", parents=[storage], help="run scheduled meetings from YAML until SIGTERM"
    )
    schedule.add_argument("file", metavar="FILE.yaml", help="org, models, meetings (examples/)")
    schedule.add_argument(
        "--log", metavar="PATH", help="schedule log, JSON lines (default: per file, state dir)"
    )
    schedule.add_argument("--history", action="store_true", help="print the log and exit")
    schedule.add_argument("--max-runs", type=_runs, help="stop after this many runs")


def add_guards_parser(commands: Any, storage: argparse.ArgumentParser) -> None:
    """`council guards reset A B`: close the circuit breaker of one agent pair."""
    guards = commands.add_parser(
        "guards", help="loop-guard state", description="Loop-guard state: reset a breaker."
    )
    actions = guards.add_subparsers(dest="action", required=True, metavar="ACTION")
    text = "close the circuit breaker of the pair A <-> B (both must be known to the guard)"
    reset = actions.add_parser("reset", parents=[storage], help=text, description=text)
    reset.add_argument("agent_a", metavar="A", help="one agent id of the pair")
    reset.add_argument("agent_b", metavar="B", help="the other agent id")


def add_memory_parser(commands: Any, storage: argparse.ArgumentParser) -> None:
    """`council memory list|show|forget`: the org-memory records in the store."""
    memory = commands.add_parser(
        "memory", help="org memory", description="Org-memory records: list, show, forget."
    )
    actions = memory.add_subparsers(dest="action", required=True, metavar="ACTION")
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument(
        "--server", metavar="URL", help="a LangGraph Server's store (else --db's PostgresStore)"
    )
    scope = argparse.ArgumentParser(add_help=False)
    scope.add_argument("--org", help="only this org's records")
    scope.add_argument("--topic", help="only this topic (with --org)")
    scope.add_argument("--agent", help="only this agent's notes (with --org)")
    scope.add_argument("--thread", dest="memory_thread", help="only records this thread wrote")
    text = "list records, newest first"
    listing = actions.add_parser("list", parents=[storage, where, scope], help=text)
    listing.add_argument("--kind", choices=["meeting", "position", "ruling", "outcome"])
    listing.add_argument("--limit", type=_runs, default=50, help="at most this many")
    show = actions.add_parser("show", parents=[storage, where], help="show one record in full")
    show.add_argument("record", metavar="RECORD_ID", help="an id from `council memory list`")
    text = "forget one record, or every record of an org, thread, topic or agent"
    forget = actions.add_parser("forget", parents=[storage, where, scope], help=text)
    forget.add_argument("record", nargs="?", metavar="RECORD_ID", help="one record's id")
