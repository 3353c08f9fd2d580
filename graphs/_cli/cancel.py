"""`council threads cancel THREAD_ID`: end a thread's running meeting, from any process.

The cancel is a flag in the meeting record store (Postgres: `council_meeting_cancels`); the
meeting reads it at its next turn boundary and ends with status `cancelled` and minutes of
what was said. The command reports what happened, not what it hopes: while a `council`
process runs the meeting (it holds the run lease) it waits for the run to end (`--wait`), then
says `cancelled`, or that the meeting had already ended otherwise (exit 1; the unused cancel is
withdrawn so it never ends a later meeting on the thread). A meeting no process runs now
(suspended, cut off) ends so when resumed; a meeting a server runs (no CLI lease, so the
command cannot tell) ends at its next boundary: both are reported as `requested`.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.console import Console
from rich.text import Text

from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.output import print_json
from langgraph_council.graphs._cli.run import running_threads
from langgraph_council.nodes._meetings.stopping import MeetingCancels

__all__ = ["cancel_cmd"]


_RECENT = 8
"""Checkpoints looked back through for the minutes' write: a meeting's tail after `finalize`
(tasks, dissent, record) is at most four steps."""


def _values(backend: Backend, thread_id: str) -> dict[str, Any]:
    """The thread's stored channel values, with its latest minutes. Since state version 3 the
    minutes are in the checkpoint's values (their words referring to the messages); minutes
    not there are looked for among the recent checkpoints' writes, as a thread of an earlier
    layout may hold them."""
    config: Any = {"configurable": {"thread_id": thread_id}}
    found = backend.checkpointer.get_tuple(config)
    if found is None:
        raise CliError(f"no thread {thread_id!r} (see `council threads list`)")
    values = dict(found.checkpoint.get("channel_values") or {})
    if "minutes" not in values:
        for recent in backend.checkpointer.list(config, limit=_RECENT):
            written = [v for _, channel, v in recent.pending_writes or () if channel == "minutes"]
            if written:
                values["minutes"] = written[-1]
                break
    return values


def _ended(values: dict[str, Any], meeting_id: str) -> str | None:
    """The status of the minutes of `meeting_id`, if that meeting has ended."""
    minutes = values.get("minutes")
    if isinstance(minutes, dict):
        ended, status = minutes.get("meeting_id"), minutes.get("status")
    else:
        ended, status = getattr(minutes, "meeting_id", None), getattr(minutes, "status", None)
    return str(status) if ended is not None and ended == meeting_id else None


def _meeting_of(backend: Backend, thread_id: str) -> str:
    """The id of the thread's meeting, if it is a meeting that has not ended."""
    values = _values(backend, thread_id)
    if "meeting_id" not in values:
        raise CliError(
            f"thread {thread_id} is not a meeting; a conflict or delegation waiting for a human "
            "is cancelled with `council escalations cancel ESCALATION_ID`"
        )
    if _ended(values, values["meeting_id"]) is not None:
        raise CliError(f"the meeting on thread {thread_id} has ended: nothing to cancel")
    return str(values["meeting_id"])


def _wait_while_running(backend: Backend, thread_id: str, wait: float) -> bool:
    """Wait (up to `wait` seconds) while a CLI process runs the thread; True if one still does.
    The run reads the cancel at its next turn boundary, or ends first by itself."""
    deadline = time.monotonic() + wait
    while thread_id in running_threads(backend, [thread_id]):
        if time.monotonic() >= deadline:
            return True
        time.sleep(0.2)
    return False


def cancel_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Ask the meeting on `args.thread_id_arg` to end at its next turn boundary, wait while a
    process runs it, then report what happened: cancelled, or ended otherwise (non-zero)."""
    thread_id = args.thread_id_arg
    meeting_id = _meeting_of(backend, thread_id)
    records = backend.meetings
    if not isinstance(records, MeetingCancels):
        raise CliError("this backend's meeting record store cannot take cancels; pass --db URI")
    records.request_cancel(thread_id, reason=getattr(args, "reason", None) or "")
    running = _wait_while_running(backend, thread_id, getattr(args, "wait", 300.0))
    status = None if running else _ended(_values(backend, thread_id), meeting_id)
    if status is not None and status != "cancelled":
        records.clear_cancel(thread_id)  # too late for this meeting: never cancel a later one
    outcome = status or ("requested" if not running else "running")
    if args.json:
        print_json(
            console,
            {"thread_id": thread_id, "meeting_id": meeting_id, "outcome": outcome,
             "status": status, "running": running},
        )  # fmt: skip
    else:
        console.print(Text(_said(outcome, meeting_id, thread_id)))
    return 0 if status in (None, "cancelled") else 1


def _said(outcome: str, meeting_id: str, thread_id: str) -> str:
    """What the command observed, in one line."""
    meeting = f"the meeting {meeting_id} on thread {thread_id}"
    if outcome == "cancelled":
        return f"cancelled: {meeting} ended with status cancelled, with minutes of what was said"
    if outcome == "running":
        return (
            f"cancel requested: {meeting} is still running; it ends at its next turn boundary, "
            "status cancelled (see `council threads show`)"
        )
    if outcome == "requested":  # no CLI lease: a server may run it (no lease), or nobody does
        return (
            f"cancel requested: {meeting} is not running in a council process; it ends "
            "cancelled at its next turn boundary if a server runs it, else when resumed "
            "(`council threads resume`)"
        )
    return f"not cancelled: {meeting} had already ended, status {outcome}, before the cancel"
