"""What one scenario scored, and the scorecard's sums per family and per detector set."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DetectorRow", "FamilyRow", "ScenarioResult", "Scorecard", "Verdict"]


@dataclass(frozen=True)
class Verdict:
    """One scored item: `passed` against the expectation, `outcome` says what happened.

    `cue` is set for authority-cue sentences (True: an appeal to rank, False: evidence-led);
    `unjudged` when the model detector gave no verdict on it (the rules stood in)."""

    id: str
    passed: bool
    outcome: str
    cue: bool | None = None
    unjudged: bool = False


@dataclass(frozen=True)
class ScenarioResult:
    """A verdict with where it came from and what it cost (tokens, seconds)."""

    family: str
    scenario: str
    passed: bool
    outcome: str
    tokens: int = 0
    seconds: float = 0.0
    held_out: bool = False
    source: str = ""
    detector: str | None = None
    cue: bool | None = None
    unjudged: bool = False
    skipped: bool = False

    @property
    def row(self) -> str:
        """The table row this result counts in: its family, and the detector if any."""
        return f"{self.family} ({self.detector})" if self.detector else self.family


@dataclass(frozen=True)
class FamilyRow:
    """One family's (or one detector's) line: scenarios, passes, pass rate, tokens, seconds."""

    family: str
    scenarios: int
    passed: int
    skipped: int
    tokens: int
    seconds: float

    @property
    def pass_rate(self) -> float:
        """Passed over all its scenarios (a skipped one counts as not passed)."""
        return self.passed / self.scenarios if self.scenarios else 0.0


@dataclass(frozen=True)
class DetectorRow:
    """One authority-cue detector on one set: cues flagged, evidence-led replies flagged."""

    set: str
    held_out: bool
    detector: str
    cues: int
    flagged: int
    evidence: int
    false_flags: int
    unjudged: int

    @property
    def rate(self) -> float:
        """Share of appeals to rank the detector flagged."""
        return self.flagged / self.cues if self.cues else 0.0

    @property
    def false_flag_rate(self) -> float:
        """Share of evidence-led replies the detector flagged."""
        return self.false_flags / self.evidence if self.evidence else 0.0


@dataclass
class Scorecard:
    """Every result of a run, summed per family and per detector set."""

    mode: str
    results: list[ScenarioResult] = field(default_factory=list)

    def families(self) -> list[FamilyRow]:
        """One row per family (and per detector of `authority_cues`), in first-seen order."""
        rows: dict[str, list[ScenarioResult]] = {}
        for r in self.results:
            rows.setdefault(r.row, []).append(r)
        return [_family(name, got) for name, got in rows.items()]

    def detectors(self) -> list[DetectorRow]:
        """One row per (cue set, detector)."""
        rows: dict[tuple[str, bool, str], list[ScenarioResult]] = {}
        for r in self.results:
            if r.detector is not None and not r.skipped:
                rows.setdefault((r.source, r.held_out, r.detector), []).append(r)
        return [_detector(key, got) for key, got in rows.items()]

    def below(self, threshold: float) -> list[FamilyRow]:
        """The rows whose pass rate is under `threshold`."""
        return [row for row in self.families() if row.pass_rate < threshold]

    def as_json(self, threshold: float | None = None) -> dict[str, Any]:
        """The whole scorecard as one JSON-ready document."""
        return {
            "mode": self.mode,
            "families": [
                {**row.__dict__, "pass_rate": round(row.pass_rate, 4)} for row in self.families()
            ],
            "detectors": [
                {
                    **row.__dict__,
                    "rate": round(row.rate, 4),
                    "false_flag_rate": round(row.false_flag_rate, 4),
                }
                for row in self.detectors()
            ],
            "scenarios": [
                {k: v for k, v in r.__dict__.items() if k not in ("cue", "unjudged")}
                for r in self.results
                if r.detector is None or not r.passed
            ],
            "min_pass": threshold,
            "below": [row.family for row in self.below(threshold)] if threshold else [],
        }


def _family(name: str, got: Sequence[ScenarioResult]) -> FamilyRow:
    return FamilyRow(
        family=name,
        scenarios=len(got),
        passed=sum(r.passed for r in got),
        skipped=sum(r.skipped for r in got),
        tokens=sum(r.tokens for r in got),
        seconds=round(sum(r.seconds for r in got), 3),
    )


def _detector(key: tuple[str, bool, str], got: Iterable[ScenarioResult]) -> DetectorRow:
    got = list(got)
    cues = [r for r in got if r.cue]
    evidence = [r for r in got if r.cue is False]
    return DetectorRow(
        set=key[0],
        held_out=key[1],
        detector=key[2],
        cues=len(cues),
        flagged=sum(r.passed for r in cues),
        evidence=len(evidence),
        false_flags=sum(not r.passed for r in evidence),
        unjudged=sum(r.unjudged for r in got),
    )
