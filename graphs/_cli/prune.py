"""`council threads prune`: retention from the command line, over `prune_threads`.

Finished threads only unless `--include-unfinished`; `keep_latest` by default (a meeting
thread's delta channel is kept whole, see `checkpoints._retention`), `--delete` removes threads
with their operational rows. The report gives the stored bytes before and after, on disk
(which only shrinks after `--vacuum full`) and in live rows.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import asdict
from datetime import timedelta

from langgraph.checkpoint.postgres import PostgresSaver
from rich.console import Console
from rich.table import Table
from rich.text import Text

from langgraph_council.checkpoints._retention import PruneReport, prune_threads
from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.output import print_json

__all__ = ["parse_age", "prune_cmd"]

_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_AGE = re.compile(r"(\d+)([smhdw])")


def parse_age(text: str) -> timedelta:
    """`30d`, `12h`, `1w2d` (s, m, h, d, w) as a timedelta; anything else is a one-line error."""
    cleaned = text.strip().lower()
    parts = _AGE.findall(cleaned)
    if not parts or "".join(n + u for n, u in parts) != cleaned:
        raise CliError(f"--older-than {text!r}: give an age such as 30d, 12h or 1w2d")
    return sum((timedelta(**{_UNITS[u]: int(n)}) for n, u in parts), timedelta())


def prune_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Prune (or delete) threads and print what was freed."""
    saver = backend.checkpointer
    if not isinstance(saver, PostgresSaver):
        raise CliError("threads prune needs PostgreSQL (drop --memory; use --db or the default)")
    report = prune_threads(
        saver,
        strategy="delete" if args.delete else "keep_latest",
        thread_ids=[args.thread_id_arg] if args.thread_id_arg else None,
        older_than=parse_age(args.older_than) if args.older_than else None,
        graph_ids=args.graph_id or None,
        include_unfinished=args.include_unfinished,
        keep_audit=not args.drop_audit,
        vacuum=args.vacuum,
        dry_run=args.dry_run,
    )
    if args.json:
        print_json(
            console, {"prune": asdict(report) | {"freed_live_bytes": report.freed_live_bytes}}
        )
    else:
        _print(console, report)
    return 0


def _print(console: Console, report: PruneReport) -> None:
    verb = "would prune" if report.dry_run else "pruned"
    line = f"{verb} {len(report.pruned)} thread(s) ({report.strategy})"
    if report.strategy == "keep_latest" and report.delta_threads:
        line += f", {len(report.delta_threads)} with their delta channel kept whole"
    console.print(Text(line))
    table = Table("stored bytes", "before", "after", "freed")
    table.add_row(
        "live rows",
        f"{report.live_bytes_before:,}",
        f"{report.live_bytes_after:,}",
        f"{report.freed_live_bytes:,}",
    )
    table.add_row(
        "on disk",
        f"{report.bytes_before:,}",
        f"{report.bytes_after:,}",
        f"{report.bytes_before - report.bytes_after:,}",
    )
    console.print(table)
    if report.rows_deleted:
        rows = ", ".join(f"{t} {n:,}" for t, n in sorted(report.rows_deleted.items()) if n)
        console.print(Text(f"rows deleted: {rows or 'none'}"))
    for thread_id, why in report.skipped:
        console.print(Text(f"skipped {thread_id}: {why}", style="dim"))
    if not report.dry_run and report.bytes_after >= report.bytes_before and report.pruned:
        console.print(Text("files keep their size until VACUUM FULL (--vacuum full)", style="dim"))
