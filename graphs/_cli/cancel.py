"""`council threads cancel THREAD_ID`: end a thread's running meeting, from any process.

The cancel is a flag in the meeting record store (Postgres: `council_meeting_cancels`); the
meeting reads it at its next turn boundary and ends with status `cancelled` and minutes of
what was said. A meeting that is not running now (suspended, cut off) ends so when resumed; a
meeting a server runs (no CLI lease, so the command cannot tell) ends at its next boundary.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.text import Text

from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.output import print_json
from langgraph_council.graphs._cli.run import running_threads
from langgraph_council.nodes._meetings.stopping import MeetingCancels

__all__ = ["cancel_cmd"]


def _meeting_of(backend: Backend, thread_id: str) -> dict[str, Any]:
    """The thread's latest channel values, if it is a meeting that has not ended."""
    found = backend.checkpointer.get_tuple({"configurable": {"thread_id": thread_id}})
    if found is None:
        raise CliError(f"no thread {thread_id!r} (see `council threads list`)")
    values = dict(found.checkpoint.get("channel_values") or {})
    if "meeting_id" not in values:
        raise CliError(
            f"thread {thread_id} is not a meeting; a conflict or delegation waiting for a human "
            "is cancelled with `council escalations cancel ESCALATION_ID`"
        )
    minutes = values.get("minutes")
    ended = (
        minutes.get("meeting_id")
        if isinstance(minutes, dict)
        else getattr(minutes, "meeting_id", None)
    )
    if ended is not None and ended == values["meeting_id"]:
        raise CliError(f"the meeting on thread {thread_id} has ended: nothing to cancel")
    return values


def cancel_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Ask the meeting on `args.thread_id_arg` to end at its next turn boundary."""
    thread_id = args.thread_id_arg
    values = _meeting_of(backend, thread_id)
    records = backend.meetings
    if not isinstance(records, MeetingCancels):
        raise CliError("this backend's meeting record store cannot take cancels; pass --db URI")
    records.request_cancel(thread_id, reason=getattr(args, "reason", None) or "")
    running = thread_id in running_threads(backend, [thread_id])
    if args.json:
        print_json(
            console,
            {"thread_id": thread_id, "meeting_id": values["meeting_id"], "running": running},
        )
        return 0
    # a server's run (LangGraph Server, `langgraph dev`) holds no CLI lease: it may be running
    then = (
        "at its next turn boundary"
        if running
        else "at its next turn boundary if a server is running it, else when resumed "
        "(`council threads resume`)"
    )
    console.print(
        Text(
            f"cancel requested: the meeting {values['meeting_id']} on thread {thread_id} ends "
            f"{then}, status cancelled, with minutes of what was said"
        )
    )
    return 0
