"""`council eval`: run the deliberation scorecard and print it (a table, or `--json`).

Progress goes to stderr, the table or the JSON document to stdout. Exit status 1 when
`--min-pass` is given and a family (or a detector) scores below it, so CI can gate on it.
"""

from __future__ import annotations

import argparse
import importlib
import os
from pathlib import Path

from langchain_core.language_models import BaseChatModel
from rich.console import Console
from rich.table import Table
from rich.text import Text

from langgraph_council.graphs._cli.output import print_json
from langgraph_council.graphs._demo.data import MODEL_ENV, with_stream_usage
from langgraph_council.graphs._eval.play import Players
from langgraph_council.graphs._eval.results import Scorecard
from langgraph_council.graphs._eval.runner import EvalOptions, run_scorecard
from langgraph_council.graphs._eval.scenarios import FAMILIES
from langgraph_council.nodes._errors import CliError

__all__ = ["eval_cmd", "players_for"]


def _chat_model(spec: str, base_url: str | None) -> BaseChatModel:
    try:
        chat_models = importlib.import_module("langchain.chat_models")
    except ImportError as exc:
        raise CliError(
            f"--model {spec!r} needs `pip install langchain` and the provider's package ({exc})"
        ) from None
    if base_url and not spec.startswith("openai:"):
        raise CliError(f"--base-url: only for an openai: model, not {spec!r}")
    extra = {"base_url": base_url} if base_url else {}
    try:
        model: BaseChatModel = chat_models.init_chat_model(spec, **extra)
    except ImportError as exc:
        raise CliError(f"--model {spec!r} needs the provider's package ({exc})") from None
    except ValueError as exc:
        raise CliError(f"--model {spec!r} is not a model init_chat_model knows ({exc})") from None
    return with_stream_usage(model)


def players_for(args: argparse.Namespace) -> Players:
    """Who plays: `--scripted`, `--model`, else `$COUNCIL_MODEL`, else scripted."""
    spec = args.model or (None if args.scripted else os.environ.get(MODEL_ENV))
    if not spec:
        if args.base_url:
            raise CliError(
                "--base-url: only with --model (or COUNCIL_MODEL); scripted runs call no server"
            )
        return Players()
    return Players(_chat_model(spec, args.base_url), label=spec)


def _options(args: argparse.Namespace) -> EvalOptions:
    if args.only_scenarios and not args.scenarios:
        raise CliError("--only-scenarios: give --scenarios DIR too")
    return EvalOptions(
        players=players_for(args),
        families=tuple(args.family) if args.family else FAMILIES,
        small=args.small,
        concurrency=args.concurrency,
        token_budget=args.token_budget,
        time_budget=args.time_budget,
        scenarios=Path(args.scenarios) if args.scenarios else None,
        packaged=not args.only_scenarios,
    )


def _percent(rate: float) -> str:
    return f"{rate:.0%}"


def print_scorecard(console: Console, card: Scorecard) -> None:
    """The families table, then the detector table (rate and false-flag rate per set)."""
    families = Table(title=f"council eval: {card.mode}", title_justify="left")
    for head in ("family", "scenarios", "passed", "pass rate", "tokens", "time"):
        families.add_column(head, justify="left" if head == "family" else "right")
    for row in card.families():
        skipped = f" ({row.skipped} skipped)" if row.skipped else ""
        families.add_row(
            row.family, str(row.scenarios), f"{row.passed}{skipped}", _percent(row.pass_rate),
            f"{row.tokens:,}", f"{row.seconds:.1f} s",
        )  # fmt: skip
    console.print(families)
    detectors = card.detectors()
    if not detectors:
        return
    table = Table(title="authority-cue detectors", title_justify="left")
    for head in ("set", "held out", "detector", "flagged", "rate", "false flags", "ff rate"):
        table.add_column(head, justify="left" if head in ("set", "detector") else "right")
    for d in detectors:
        unjudged = f" ({d.unjudged} unjudged)" if d.unjudged else ""
        table.add_row(
            d.set, "yes" if d.held_out else "no", d.detector, f"{d.flagged}/{d.cues}{unjudged}",
            _percent(d.rate), f"{d.false_flags}/{d.evidence}", _percent(d.false_flag_rate),
        )  # fmt: skip
    console.print(table)
    if card.mode == "scripted":
        console.print(
            Text("model detector: not scored when scripted (run with --model)", style="dim")
        )


def _failures(console: Console, card: Scorecard) -> None:
    for r in card.results:
        if not r.passed and r.detector is None:
            console.print(Text(f"failed: {r.family} {r.scenario}: {r.outcome}", style="yellow"))


def eval_cmd(args: argparse.Namespace, console: Console) -> int:
    """Run the scorecard; 1 when `--min-pass` is given and a family falls below it."""
    progress = Console(stderr=True, soft_wrap=True)
    options = _options(args)
    progress.print(Text(f"council eval: {options.players.label}", style="dim"))
    card = run_scorecard(options, lambda line: progress.print(Text(line, style="dim")))
    threshold = args.min_pass
    if args.json:
        print_json(console, card.as_json(threshold))
    else:
        out = Console(soft_wrap=True)
        print_scorecard(out, card)
        _failures(out, card)
    below = card.below(threshold) if threshold is not None else []
    if below:
        names = ", ".join(f"{r.family} {_percent(r.pass_rate)}" for r in below)
        progress.print(Text(f"below --min-pass {_percent(threshold or 0)}: {names}", style="red"))
        return 1
    return 0
