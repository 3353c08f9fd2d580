"""The `council` command: run councils from YAML, demos, threads and human escalations.

This module stays light (no LangGraph at import) so that `council --help` and `--version`
answer at once; a command's handler and its graphs are imported after the arguments parse.
Every mistake prints one line and exits non-zero; `--debug` shows the traceback instead.
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from langgraph_council.graphs._cli.eval_args import add_eval_parser
from langgraph_council.graphs._cli.operator_args import (
    add_guards_parser,
    add_memory_parser,
    add_schedule_parser,
)

__all__ = ["CONFLICT_STRATEGIES", "MEETING_PROTOCOLS", "main"]

STRICT_MSGPACK = "LANGGRAPH_STRICT_MSGPACK"
MEETING_PROTOCOLS = ("position_papers", "round_robin", "selector", "structured_phases")
"""The built-in meeting protocols (`meeting_protocols()`; a test keeps the two equal)."""
CONFLICT_STRATEGIES = ("authority", "debate", "human", "hybrid", "ladder")
"""The built-in conflict strategies (`graphs._conflicts.conflict_strategies()`)."""


_LINE_BREAKS = str.maketrans({c: repr(c)[1:-1] for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"})
"""Every character `str.splitlines` breaks on, written as its escape (a value may hold one)."""


class _Parser(argparse.ArgumentParser):
    """Usage mistakes as one line (exit status 2), not a usage block."""

    def error(self, message: str) -> NoReturn:
        line = message.translate(_LINE_BREAKS)
        self.exit(2, f"{self.prog}: {line} (see {self.prog} --help)\n")


_MAX_TOKENS = 2**63 - 1


def _budget(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 0 < value <= _MAX_TOKENS:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of tokens from 1 to {_MAX_TOKENS}, got {text!r}"
        )
    return value


def _seconds(text: str, *, infinite: bool = False) -> float:
    """A flag's seconds: a finite number >= 0 (or `inf` when `infinite`); NaN is refused."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 <= value < math.inf or (infinite and value == math.inf)):
        raise argparse.ArgumentTypeError(f"must be a number of seconds >= 0, got {text!r}")
    return value


def _grace(text: str) -> float:
    return _seconds(text, infinite=True)  # `inf`: drain for as long as the run needs


def _identifier(text: str) -> str:
    """A thread or escalation id: PostgreSQL text cannot hold U+0000 (it failed as DataError)."""
    if "\x00" in text:
        raise argparse.ArgumentTypeError(f"must not contain U+0000 (NUL), got {text!r}")
    return text


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("langgraph-council")
    except PackageNotFoundError:
        return "unknown"


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="council", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"council {_version()}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    _storage_options(parser, defaults=True)  # `council --db URI threads list`
    storage = _Parser(add_help=False)
    _storage_options(storage, defaults=False)  # `council threads list --db URI`
    running = _Parser(add_help=False)
    running.add_argument(
        "--quiet", action="store_true", help="no live progress or conversation: only the result"
    )
    running.add_argument(
        "--grace", type=_grace, default=30.0, help="seconds to drain a run on SIGTERM/SIGINT"
    )
    starting = _Parser(add_help=False, parents=[running])
    starting.add_argument(
        "--thread-id", type=_identifier, help="thread id to use (default: a new one)"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="run a demo on scripted agents").add_subparsers(
        dest="demo", required=True
    )
    run_parents = [storage, starting]
    meeting = demo.add_parser("meeting", parents=run_parents, help="a meeting about the API")
    meeting.add_argument("--protocol", default="structured_phases", choices=MEETING_PROTOCOLS)
    meeting.add_argument("--budget", type=_budget, default=20_000, help="token budget")
    meeting.add_argument(
        "--pace", type=_seconds, default=0.0, metavar="SECONDS", help="seconds per scripted reply"
    )
    conflict = demo.add_parser("conflict", parents=run_parents, help="two leads disagree")
    conflict.add_argument("--strategy", default="authority", choices=CONFLICT_STRATEGIES)
    demo.add_parser("delegation", parents=run_parents, help="a hand-off blocked at the top")
    pipeline = demo.add_parser(
        "pipeline", parents=run_parents, help="a plan run in parallel git worktrees, then merged"
    )
    pipeline.add_argument(
        "--repo", metavar="DIR", help="create the demo repository here and keep it (new dir)"
    )
    pipeline.add_argument(
        "--agents",
        nargs="?",
        const="worker",
        choices=("worker", "factory"),
        help="tool-calling agents edit the code, tests gate merges: the built-in worktree worker "
        "(default), or `factory`: a langchain create_agent built around the worktree tools",
    )
    _escalations_parser(commands, storage)
    _threads_parser(commands, storage, running)
    add_schedule_parser(commands, storage)
    add_guards_parser(commands, storage)
    add_memory_parser(commands, storage)
    add_eval_parser(commands)
    run = commands.add_parser("run", parents=run_parents, help="run a council described in YAML")
    run.add_argument("file", metavar="FILE.yaml", help="org, models and one run (see examples/)")
    return parser


def _storage_options(parser: argparse.ArgumentParser, *, defaults: bool) -> None:
    """The global options, taken before the command (`defaults`: the top-level parser, which
    sets every default) or after the action (no defaults, so a value given before the command
    is not overwritten by the action's parser)."""
    unset: dict[str, Any] = {} if defaults else {"default": argparse.SUPPRESS}
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--db",
        metavar="URI",
        help="PostgreSQL URI (default: $COUNCIL_DATABASE_URL, else an embedded server)",
        **unset,
    )
    where.add_argument(
        "--memory", action="store_true", help="keep nothing: in-memory state", **unset
    )
    parser.add_argument("--data-dir", help="embedded server's data directory", **unset)
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document on stdout (status: stderr)",
        **unset,
    )


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; `--db` and `--memory` refused together wherever each was given."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.db is not None and args.memory:
        parser.error("argument --memory: not allowed with argument --db")
    return args


def _action(
    actions: Any, name: str, parents: list[argparse.ArgumentParser], text: str
) -> argparse.ArgumentParser:
    """One action's own parser: its help names only its own flags."""
    parser: argparse.ArgumentParser = actions.add_parser(
        name, parents=parents, help=text, description=text
    )
    return parser


def _resume_flags(parser: argparse.ArgumentParser, what: str) -> None:
    """How an escalation's thread is resumed: its recorded graph, `--graph`, or `--server`."""
    parser.add_argument(
        "--graph",
        metavar="MODULE:FACTORY",
        help=f"the graph that waits (default: the one {what} thread's checkpoints name)",
    )
    parser.add_argument("--context", metavar="JSON", help="run context for the resumed run")
    parser.add_argument(
        "--server",
        metavar="URL",
        help="resume on this LangGraph Server (a replica of the deployment; --db is its database)",
    )


def _escalations_parser(commands: Any, storage: argparse.ArgumentParser) -> None:
    esc = commands.add_parser(
        "escalations", help="human escalations", description="List and answer human escalations."
    )
    actions = esc.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = _action(actions, "list", [storage], "list pending escalations")
    listing.add_argument("--kind", choices=["conflict", "delegation", "merge"], help="one kind")
    show = _action(actions, "show", [storage], "show one escalation in full")
    show.add_argument("escalation_id", metavar="ESCALATION_ID", type=_identifier)
    decide = _action(actions, "decide", [storage], "answer an escalation; its thread resumes")
    decide.add_argument("escalation_id", metavar="ESCALATION_ID", type=_identifier)
    decide.add_argument("--winner", help="conflict: agent id of the winning party")
    decide.add_argument("--reject", action="store_true", help="conflict: reject every position")
    decide.add_argument("--answer", help="delegation: your answer to the blocked task")
    decide.add_argument("--keep", action="store_true", help="merge: keep the merge")
    decide.add_argument("--drop", action="store_true", help="merge: drop the subtask's merge")
    decide.add_argument("--commit", help="merge (--keep): your resolution commit on the branch")
    decide.add_argument("--by", default=os.environ.get("USER", "cli"), help="who decides")
    decide.add_argument("--reason", default="Decided from the council CLI.")
    _resume_flags(decide, "the escalation's")
    cancel = _action(actions, "cancel", [storage], "cancel an escalation; its thread resumes")
    cancel.add_argument("escalation_id", metavar="ESCALATION_ID", type=_identifier)
    _resume_flags(cancel, "the escalation's")
    expire = _action(actions, "expire", [storage], "expire overdue escalations, resume threads")
    _resume_flags(expire, "each kind's first")


def _threads_parser(
    commands: Any, storage: argparse.ArgumentParser, running: argparse.ArgumentParser
) -> None:
    threads = commands.add_parser(
        "threads", help="every thread's state", description="Every thread's state; resume one."
    )
    actions = threads.add_subparsers(dest="action", required=True, metavar="ACTION")
    graph = _Parser(add_help=False)
    graph.add_argument(
        "--graph",
        metavar="MODULE:FACTORY",
        help="the graph of threads the CLI never ran (default: the one each thread names)",
    )
    _action(actions, "list", [storage, graph], "list every thread: state, graph, next step")
    show = _action(actions, "show", [storage, graph], "show one thread")
    show.add_argument("thread_id_arg", metavar="THREAD_ID", type=_identifier)
    show.add_argument(
        "--plot",
        metavar="FILE",
        help="write the run's picture (pipeline, meeting or conflict) to FILE.svg, .png or .pdf "
        "(needs the plots extra)",
    )
    resume = _action(actions, "resume", [storage, running, graph], "resume a stopped thread")
    resume.add_argument("thread_id_arg", metavar="THREAD_ID", type=_identifier)
    resume.add_argument("--max-attempts", type=int, default=2, help="resume attempts allowed")
    resume.add_argument(
        "--retry-failed", action="store_true", help="resume a thread given up on (resets it)"
    )
    cancel = _action(actions, "cancel", [storage], "end a thread's meeting at a turn boundary")
    cancel.add_argument("thread_id_arg", metavar="THREAD_ID", type=_identifier)
    cancel.add_argument("--reason", default="", help="why, kept in the minutes' stop reason")
    cancel.add_argument(
        "--wait",
        type=_seconds,
        default=300.0,
        metavar="SECONDS",
        help="wait this long for a running meeting to end, then report how it ended",
    )
    prune = _action(
        actions, "prune", [storage], "prune finished threads (all unfinished ones only if told)"
    )
    prune.add_argument(
        "thread_id_arg", nargs="?", metavar="THREAD_ID", type=_identifier, help="only this one"
    )
    prune.add_argument("--older-than", metavar="AGE", help="only threads idle this long: 30d, 12h")
    prune.add_argument("--graph-id", action="append", help="only this graph_id (repeatable)")
    prune.add_argument("--delete", action="store_true", help="delete threads, not keep_latest")
    prune.add_argument("--include-unfinished", action="store_true", help="also unfinished ones")
    prune.add_argument(
        "--drop-audit", action="store_true", help="--delete: also escalations, records"
    )
    prune.add_argument("--vacuum", choices=["none", "plain", "full"], default="none")
    prune.add_argument("--dry-run", action="store_true", help="select and measure only")
    migrate = _action(
        actions, "migrate", [storage], "bring saved threads to this version's state layout"
    )
    migrate.add_argument(
        "thread_ids", nargs="*", metavar="THREAD_ID", type=_identifier, help="only these"
    )
    migrate.add_argument("--dry-run", action="store_true", help="report, change nothing")


Handler = Callable[[argparse.Namespace, Any, Any], int]


def _handler(args: argparse.Namespace) -> Handler:
    """The command's handler, imported now (this is where LangGraph loads)."""
    if args.command == "demo":
        from langgraph_council.graphs._cli.commands import DEMOS

        return DEMOS[args.demo]
    if args.command == "threads" and getattr(args, "plot", None):  # threads show ID --plot F
        from langgraph_council.graphs._cli.plot import plot_cmd

        return plot_cmd
    if args.command == "threads":
        from langgraph_council.graphs._cli.threads import threads_cmd

        return threads_cmd
    if args.command == "run":
        from langgraph_council.graphs._cli.file import run_file_cmd

        return run_file_cmd
    if args.command == "memory":
        from langgraph_council.graphs._cli.memory import memory_cmd

        return memory_cmd
    if args.command in ("schedule", "guards"):
        from langgraph_council.graphs._cli.guards import guards_cmd
        from langgraph_council.graphs._cli.schedule import schedule_cmd

        return schedule_cmd if args.command == "schedule" else guards_cmd
    from langgraph_council.graphs._cli.commands import escalations_cmd

    return escalations_cmd


def _stopped_early(signum: int, _frame: object) -> None:
    """SIGTERM/SIGINT before a run started: nothing to drain, one line and out."""
    name = signal.Signals(signum).name
    sys.stderr.write(f"stopped by {name} before any run started\n")
    sys.stderr.flush()
    os._exit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `council` script."""
    if STRICT_MSGPACK not in os.environ and argv is None:
        # LangGraph reads this at import time: re-exec so checkpoints never unpickle.
        os.environ[STRICT_MSGPACK] = "true"
        os.execv(
            sys.executable, [sys.executable, "-m", "langgraph_council.graphs.cli", *sys.argv[1:]]
        )
    args = _parse(argv)
    if argv is None:
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, _stopped_early)
    try:
        return _run(args)
    except Exception as exc:
        if args.debug:
            raise
        _error(_describe(exc))
        return 1


def _describe(exc: Exception) -> str:
    """A user mistake (`ValueError`) as is; anything else with its type and the --debug hint."""
    if isinstance(exc, ValueError):
        return str(exc)
    return f"{type(exc).__name__}: {exc} (run again with --debug for the traceback)"


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.text import Text

    if args.command == "eval":  # keeps no state: no database is opened
        from langgraph_council.graphs._cli.eval import eval_cmd

        return eval_cmd(args, Console(stderr=args.json))

    from langgraph_council.graphs._cli.backend import open_backend

    handler = _handler(args)
    console = Console(stderr=args.json)  # with --json, stdout holds the one JSON document
    if getattr(args, "server", None) and args.command == "memory":  # the server's own store
        return handler(args, None, console)
    with open_backend(args) as backend:
        if not args.json:
            console.print(Text(f"state: {backend.label}", style="dim"))
        return handler(args, backend, console)


def _error(message: str) -> None:
    """One red line on stderr, printed literally (never read as markup)."""
    from rich.console import Console
    from rich.text import Text

    line = "; ".join(part.strip() for part in message.splitlines() if part.strip())
    Console(stderr=True, soft_wrap=True).print(Text(line, style="red"))


if __name__ == "__main__":
    sys.exit(main())
