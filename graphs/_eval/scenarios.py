"""Scenario files of the scorecard: versioned YAML shipped in the package, validated on load.

Each file holds one family's scenarios (or one authority-cue set) and says its `version` and
whether it is `held_out` (never used to tune a detector: the tuning tests do not read it).
Users add their own files with `council eval --scenarios DIR`; a mistake names the file and
the field.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from langgraph_council.graphs._eval.families import FAMILIES, Family
from langgraph_council.nodes._errors import CliError

__all__ = [
    "FAMILIES",
    "Agent",
    "CueSet",
    "Family",
    "Scenario",
    "ScenarioFileError",
    "load_scenarios",
]


_STRICT = ConfigDict(frozen=True, extra="forbid")


ScenarioFileError = CliError
"""A scenario file that does not load (the message names the file and the field): a user
mistake on the command line like any other, so no exception class of its own."""


class Agent(BaseModel):
    """One agent of a scenario's org; `says` is its scripted reply (and its brief for a model)."""

    model_config = _STRICT

    id: str = Field(min_length=1)
    role: str = "Engineer"
    level: str = "mid"
    manager: str | None = None
    says: str = ""


class Scenario(BaseModel):
    """One scenario: who takes part, what they say, and the expected outcome (`expect`).

    Meetings: `leader`, `participants`, the scripted `synthesis` (structured reply) and
    `expect.evidence_led`, the agent whose claim the evidence supports; `expect.cue_agents` and
    `expect.clean_agents` are who the authority check must and must not flag.
    Conflicts: `agents`, `parties` (ids), `strategy`, the scripted `verdict`, and
    `expect.winner` / `expect.outcome`; `expect_model` overrides `expect` with a real model.
    Merges: `base` files and the `branches` merged in order; `expect.merge` is `held` or
    `merged`, `expect.kind` an issue kind the hold must name.
    Delegation: `steps` (hand-offs, or bounces with `bounce: true`) and `expect.blocked_at`
    (step index, or null) with `expect.mechanism`.
    """

    model_config = _STRICT

    id: str = Field(min_length=1)
    about: str = ""
    agenda: str = ""
    leader: Agent | None = None
    participants: tuple[Agent, ...] = ()
    synthesis: dict[str, Any] = Field(default_factory=dict)
    agents: tuple[Agent, ...] = ()
    parties: tuple[str, ...] = ()
    strategy: str = "authority"
    verdict: dict[str, Any] = Field(default_factory=dict)
    base: dict[str, str] = Field(default_factory=dict)
    branches: tuple[dict[str, str], ...] = ()
    steps: tuple[dict[str, Any], ...] = ()
    guard: dict[str, Any] = Field(default_factory=dict)
    expect: dict[str, Any]
    expect_model: dict[str, Any] | None = None


class CueSet(BaseModel):
    """Replies to an authority-cue detector: `cues` appeal to rank instead of evidence,
    `evidence` mention rank in passing but argue from evidence (must not be flagged)."""

    model_config = _STRICT

    name: str
    cues: tuple[str, ...]
    evidence: tuple[str, ...]


class ScenarioFile(BaseModel):
    """One file: a family's scenarios, or (family `authority_cues`) one cue set."""

    model_config = _STRICT

    family: Family
    version: int = Field(ge=1)
    held_out: bool = False
    about: str = ""
    scenarios: tuple[Scenario, ...] = ()
    cues: tuple[str, ...] = ()
    evidence: tuple[str, ...] = ()
    name: str = ""
    source: str = ""


def _read(text: str, where: str) -> ScenarioFile:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ScenarioFileError(f"{where}: not YAML ({exc})".replace("\n", " ")) from None
    try:
        loaded = ScenarioFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "file"
        raise ScenarioFileError(f"{where}: {field}: {first['msg']}") from None
    ids = [s.id for s in loaded.scenarios]
    if len(set(ids)) != len(ids):
        raise ScenarioFileError(f"{where}: scenarios: ids must be unique, got {ids}")
    return loaded.model_copy(update={"source": where, "name": loaded.name or Path(where).stem})


def _packaged() -> Iterable[tuple[str, str]]:
    folder = resources.files("langgraph_council.graphs._eval").joinpath("scenarios")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".yaml", ".yml")):
            yield f"scenarios/{entry.name}", entry.read_text(encoding="utf-8")


def load_scenarios(extra: Path | None = None, *, packaged: bool = True) -> list[ScenarioFile]:
    """The package's scenario files (unless `packaged=False`), then those under `extra`.

    Raises:
        ScenarioFileError: A file does not parse or validate, or `extra` is not a folder.
    """
    texts = list(_packaged()) if packaged else []
    if extra is not None:
        if not extra.is_dir():
            raise ScenarioFileError(f"--scenarios: {extra} is not a folder of YAML files")
        texts += [(str(p), p.read_text(encoding="utf-8")) for p in sorted(extra.glob("*.y*ml"))]
    files = [_read(text, where) for where, text in texts]
    for f in files:
        if f.family == "authority_cues" and not (f.cues and f.evidence):
            raise ScenarioFileError(f"{f.source}: cues and evidence: both lists must be given")
        if f.family != "authority_cues" and not f.scenarios:
            raise ScenarioFileError(f"{f.source}: scenarios: at least one scenario is needed")
    return files


def cue_set(file: ScenarioFile) -> CueSet:
    """The cue set of an `authority_cues` file."""
    return CueSet(name=file.name, cues=file.cues, evidence=file.evidence)
