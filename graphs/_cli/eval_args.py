"""Arguments of `council eval`: light (no LangGraph), added by `cli`."""

from __future__ import annotations

import argparse
from typing import Any

from langgraph_council.graphs._eval.families import FAMILIES

__all__ = ["add_eval_parser"]


def _rate(text: str) -> float:
    """A pass rate: 0.9, or 90%."""
    raw = text.strip()
    try:
        value = float(raw.rstrip("%")) / (100 if raw.endswith("%") else 1)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(
            f"must be a rate from 0 to 1 (or 0% to 100%), got {text!r}"
        )
    return value


def _positive(text: str) -> int:
    value = int(text) if text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds > 0, got {text!r}")
    return value


def add_eval_parser(commands: Any) -> None:
    """`council eval [--scripted | --model P:NAME] [--family F] [--min-pass RATE] [--json]`."""
    text = "score deliberation: scenario families on scripted agents or one chat model"
    ev = commands.add_parser("eval", help=text, description=text + ".")
    who = ev.add_mutually_exclusive_group()
    who.add_argument(
        "--scripted", action="store_true",
        help="agents say the scenarios' own text: the framework is scored (default)",
    )  # fmt: skip
    who.add_argument(
        "--model", metavar="PROVIDER:NAME",
        help="every agent on this init_chat_model model (default: $COUNCIL_MODEL if set)",
    )  # fmt: skip
    ev.add_argument(
        "--base-url", metavar="URL",
        help="an openai: model's server (default: $OPENAI_BASE_URL)",
    )  # fmt: skip
    ev.add_argument(
        "--family", action="append", choices=FAMILIES, metavar="FAMILY",
        help=f"only this family, repeatable: {', '.join(FAMILIES)}",
    )  # fmt: skip
    ev.add_argument(
        "--small",
        action="store_true",
        help="the small subset: 2 scenarios a file, 10 sentences a set",
    )
    ev.add_argument(
        "--scenarios", metavar="DIR", help="also run the scenario files (YAML) in this folder"
    )
    ev.add_argument(
        "--only-scenarios", action="store_true", help="with --scenarios: skip the packaged files"
    )
    ev.add_argument(
        "--concurrency", type=_positive, default=4, metavar="N", help="scenarios run at once (4)"
    )
    ev.add_argument(
        "--token-budget", type=_positive, metavar="TOKENS",
        help="start no scenario once this many tokens are spent (the rest: skipped)",
    )  # fmt: skip
    ev.add_argument(
        "--time-budget", type=_seconds, metavar="SECONDS",
        help="start no scenario after this many seconds (the rest: skipped)",
    )  # fmt: skip
    ev.add_argument(
        "--min-pass", type=_rate, metavar="RATE",
        help="exit 1 when a family's pass rate is below this (0.9 or 90%%)",
    )  # fmt: skip
    ev.add_argument(
        "--json", action="store_true", help="print one JSON document on stdout (progress: stderr)"
    )
