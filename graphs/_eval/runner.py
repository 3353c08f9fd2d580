"""Run the scorecard: every selected scenario, concurrently, within a token and time budget.

Work is planned as units (one scenario, one cue set for the rules, one batch of five sentences
for the model detector), run on `concurrency` threads. A unit that starts after the budget is
spent is recorded as skipped (it counts as not passed); one that raises is recorded as failed
with the error, and the others go on.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import partial
from itertools import zip_longest
from pathlib import Path

from langgraph.errors import GraphInterrupt

from langgraph_council.graphs._eval.conflicts import score_conflict
from langgraph_council.graphs._eval.cues import BATCH, items, model_batch, rules_verdicts
from langgraph_council.graphs._eval.delegation import score_delegation
from langgraph_council.graphs._eval.meetings import score_meeting
from langgraph_council.graphs._eval.merges import score_merge
from langgraph_council.graphs._eval.play import Players, TokenCounter
from langgraph_council.graphs._eval.results import ScenarioResult, Scorecard, Verdict
from langgraph_council.graphs._eval.scenarios import (
    FAMILIES,
    Scenario,
    ScenarioFile,
    cue_set,
    load_scenarios,
)
from langgraph_council.nodes._errors import describe_error

__all__ = ["EvalOptions", "run_scorecard"]

SMALL = 2
"""Scenarios per family file in the small subset (`--small`); cue sets keep 5 + 5 sentences."""

Scorer = Callable[[Scenario, Players, TokenCounter], list[Verdict]]
_SCORERS: dict[str, Scorer] = {
    "majority_sway": score_meeting,
    "authority_deference": score_meeting,
    "evidence_ranking": partial(score_meeting, ranked=True),
    "conflict_rulings": score_conflict,
    "merge_checks": score_merge,
    "delegation_loops": score_delegation,
}


@dataclass(frozen=True)
class EvalOptions:
    """What to run: who plays (`players`), which families, the small subset, the budget."""

    players: Players = field(default_factory=Players)
    families: tuple[str, ...] = FAMILIES
    small: bool = False
    concurrency: int = 4
    token_budget: int | None = None
    time_budget: float | None = None
    scenarios: Path | None = None
    packaged: bool = True


@dataclass(frozen=True)
class _Unit:
    name: str
    file: ScenarioFile
    detector: str | None
    expected: tuple[tuple[str, bool | None], ...]
    run: Callable[[TokenCounter], list[Verdict]]
    real_model: bool = False
    """Played by a model: the fixed agents' scripted replies are not counted as tokens."""

    @property
    def family(self) -> str:
        """The family of its scenario file."""
        return self.file.family


def _scenario_units(file: ScenarioFile, options: EvalOptions) -> Iterator[_Unit]:
    chosen = file.scenarios[:SMALL] if options.small else file.scenarios
    score = _SCORERS[file.family]
    for s in chosen:
        run = partial(score, s, options.players)
        real = not options.players.scripted
        yield _Unit(s.id, file, None, ((s.id, None),), run, real)


def _cue_units(file: ScenarioFile, options: EvalOptions) -> Iterator[_Unit]:
    cues = cue_set(file)
    if options.small:
        cues = cues.model_copy(update={"cues": cues.cues[:5], "evidence": cues.evidence[:5]})
    every = items(cues)
    expected = tuple((i, cue) for i, _, cue in every)
    yield _Unit(cues.name, file, "rules", expected, lambda _c: rules_verdicts(cues))
    if options.players.scripted:
        return
    pairs = zip_longest([x for x in every if x[2]], [x for x in every if not x[2]])
    mixed = [x for pair in pairs for x in pair if x is not None]
    for n in range(0, len(mixed), BATCH):
        batch = mixed[n : n + BATCH]
        run = partial(model_batch, batch, options.players)
        name = f"{cues.name} batch {n // BATCH + 1}"
        expected = tuple((i, c) for i, _, c in batch)
        yield _Unit(name, file, "model", expected, run, real_model=True)


def _plan(options: EvalOptions) -> list[_Unit]:
    files = load_scenarios(options.scenarios, packaged=options.packaged)
    units: list[_Unit] = []
    for family in options.families:
        for file in (f for f in files if f.family == family):
            make = _cue_units if family == "authority_cues" else _scenario_units
            units.extend(make(file, options))
    return units


@dataclass
class _Budget:
    tokens: int | None
    seconds: float | None
    spent: int = 0
    started: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def exhausted(self) -> str | None:
        with self.lock:
            if self.tokens is not None and self.spent >= self.tokens:
                return f"token budget of {self.tokens} spent"
        if self.seconds is not None and time.monotonic() - self.started >= self.seconds:
            return f"time budget of {self.seconds:g} s spent"
        return None

    def spend(self, tokens: int) -> None:
        with self.lock:
            self.spent += tokens


def _results(
    unit: _Unit, verdicts: list[Verdict], tokens: int, seconds: float, *, skipped: bool = False
) -> list[ScenarioResult]:
    """One result per verdict; the unit's tokens and seconds are counted on the first."""
    return [
        ScenarioResult(
            family=unit.family,
            scenario=v.id,
            passed=v.passed,
            outcome=v.outcome,
            tokens=tokens if n == 0 else 0,
            seconds=round(seconds, 3) if n == 0 else 0.0,
            held_out=unit.file.held_out,
            source=unit.file.name,
            detector=unit.detector,
            cue=v.cue,
            unjudged=v.unjudged,
            skipped=skipped,
        )
        for n, v in enumerate(verdicts)
    ]


def _work(unit: _Unit, budget: _Budget) -> list[ScenarioResult]:
    why = budget.exhausted()
    if why is not None:
        unrun = [Verdict(i, False, f"skipped: {why}", cue=cue) for i, cue in unit.expected]
        return _results(unit, unrun, 0, 0.0, skipped=True)
    counter, started = TokenCounter(model_only=unit.real_model), time.monotonic()
    try:
        verdicts = unit.run(counter)
    except GraphInterrupt:
        raise  # never swallowed: no scenario runs a graph that waits for a human
    except Exception as exc:  # noqa: BLE001 - one failing scenario is scored, the rest run on
        error = f"error: {describe_error(exc)}"
        verdicts = [Verdict(i, False, error, cue=cue) for i, cue in unit.expected]
    budget.spend(counter.tokens)
    return _results(unit, verdicts, counter.tokens, time.monotonic() - started)


def run_scorecard(options: EvalOptions, progress: Callable[[str], None]) -> Scorecard:
    """Run every selected scenario and return the scorecard; `progress` gets one line per
    finished unit (`[3/27] merge_checks removed-name: 1/1 passed, 0 tokens, 0.4 s`).

    Raises:
        ScenarioFileError: A scenario file does not load.
    """
    units = _plan(options)
    budget = _Budget(options.token_budget, options.time_budget)
    done: dict[int, list[ScenarioResult]] = {}
    with ThreadPoolExecutor(max_workers=options.concurrency) as pool:
        futures = {pool.submit(_work, unit, budget): n for n, unit in enumerate(units)}
        for count, future in enumerate(as_completed(futures), 1):
            n = futures[future]
            got = done[n] = future.result()
            unit = units[n]
            label = f"{unit.family} ({unit.detector})" if unit.detector else unit.family
            progress(
                f"[{count}/{len(units)}] {label} {unit.name}: "
                f"{sum(r.passed for r in got)}/{len(got)} passed, "
                f"{sum(r.tokens for r in got)} tokens, {sum(r.seconds for r in got):.1f} s"
            )
    card = Scorecard(mode=options.players.label)
    for n in range(len(units)):
        card.results.extend(done[n])
    return card
