"""`council threads migrate`: stamp saved threads with this package's state version.

What a migration does to each family is in `checkpoints._thread_migrations` and docs/design.md
("State versions"); this command selects the threads, prints one row per thread it changed
(or would change with `--dry-run`), and says so when there was nothing to do.
"""

from __future__ import annotations

import argparse
from dataclasses import asdict

from langgraph.checkpoint.postgres import PostgresSaver
from rich.console import Console
from rich.table import Table
from rich.text import Text

from langgraph_council.checkpoints._thread_migrations import migrate_threads
from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.output import print_json
from langgraph_council.nodes._state_version import STATE_VERSION

__all__ = ["migrate_cmd"]


def migrate_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Migrate (or, with `--dry-run`, list) the threads older than `STATE_VERSION`.

    Exits 1 when a thread was saved by a newer package (it is left alone), else 0.
    """
    saver = backend.checkpointer
    if not isinstance(saver, PostgresSaver):
        raise CliError("threads migrate needs PostgreSQL (drop --memory; use --db or the default)")
    done = migrate_threads(saver, args.thread_ids or (), dry_run=args.dry_run)
    newer = [m for m in done if m.from_version > STATE_VERSION]
    if args.json:
        print_json(console, {"state_version": STATE_VERSION, "threads": [asdict(m) for m in done]})
    elif not done:
        console.print(Text(f"every council thread is at state version {STATE_VERSION}"))
    else:
        table = Table("thread", "family", "from", "to", "action", title="Threads")
        for m in done:
            table.add_row(m.thread_id, m.family, str(m.from_version), str(m.to_version), m.action)
        console.print(table)
    return 1 if newer else 0
