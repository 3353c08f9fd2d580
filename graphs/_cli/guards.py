"""`council guards reset A B`: close the circuit breaker of one agent pair from the shell."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime

import psycopg
from rich.console import Console
from rich.text import Text

from langgraph_council.graphs._cli.backend import Backend, CliError
from langgraph_council.graphs._cli.output import print_json
from langgraph_council.guards import LoopGuard
from langgraph_council.guards._rules import PairState, pair_key

__all__ = ["guards_cmd"]


def guards_cmd(args: argparse.Namespace, backend: Backend, console: Console) -> int:
    """Reset the breaker of the pair A <-> B in the command's guard state and say what it was.

    Raises:
        CliError: A and B are one agent, or the guard state has never seen the pair (a
            misspelt id would otherwise "reset" nothing and exit 0).
    """
    a, b = args.agent_a, args.agent_b
    if a == b:
        raise CliError(f"guards reset: A and B are both {a!r}; name the two agents of a pair")
    before = LoopGuard(store=backend.guard_store).reset_breaker(a, b)
    if before == PairState() and not _pair_known(backend, a, b):  # the reset changed nothing
        raise CliError(
            f"guards reset: no hand-off between {a!r} and {b!r} is in the guard state of "
            f"{backend.label}; check both agent ids (and --db): nothing to reset"
        )
    now = datetime.now(UTC).timestamp()
    was_open = before.open_until is not None and before.open_until > now
    if args.json:
        until = before.open_until
        print_json(
            console,
            {
                "pair": [args.agent_a, args.agent_b],
                "was_open": was_open,
                "open_until": None
                if until is None
                else datetime.fromtimestamp(until, UTC).isoformat(),
                "trips": before.trips,
                "bounces": before.bounces,
            },
        )
        return 0
    pair = f"{args.agent_a} <-> {args.agent_b}"
    if was_open:
        assert before.open_until is not None
        opened = datetime.fromtimestamp(before.open_until, UTC)
        text = f"breaker {pair} was open until {opened:%Y-%m-%d %H:%M:%S} UTC"
    else:
        text = f"breaker {pair} was closed"
    console.print(Text(f"{text} (trips {before.trips}, bounces {before.bounces}): reset"))
    return 0


def _pair_known(backend: Backend, a: str, b: str) -> bool:
    """True when the guard state has a row for the pair (a pair reset before is empty, but
    known); in memory nothing is kept between commands, so no pair is known."""
    if backend.uri is None:
        return False
    with psycopg.connect(backend.uri, autocommit=True) as conn:
        row = conn.execute(
            "SELECT 1 FROM council_guard_pairs WHERE agent_a = %s AND agent_b = %s",
            pair_key(a, b),
        ).fetchone()
    return row is not None
