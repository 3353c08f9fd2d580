"""Classes moved when `nodes/` was layered (issue 31) still load from checkpoints that name their
old module: each is written under its old path, as a thread saved before the move stores it,
and read back by `council_serde()` as today's class, with strict msgpack on and off."""

from __future__ import annotations

import importlib
from enum import Enum, StrEnum
from typing import Any

import pytest
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel

from langgraph_council.checkpoints import council_serde
from langgraph_council.checkpoints._legacy_paths import LEGACY_MODULES, MOVED_CLASSES
from langgraph_council.checkpoints._serde import _checkpointed_classes, council_allowlist
from langgraph_council.nodes._records.conflicts import (
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    ConflictResolution,
    ConflictType,
    DissentRecord,
    Statement,
    Verdict,
)
from langgraph_council.nodes._semantic.issues import SemanticIssue
from langgraph_council.nodes._workspace.models import CheckResult

CONFLICTS = "langgraph_council.nodes._conflicts.models"
ATTEMPTS = "langgraph_council.nodes._pipeline.attempts"
WORKSPACE = "langgraph_council.nodes._workspace.models"

_POSITION = {
    "agent_department": "eng", "agent_level": "senior", "position": "REST", "reasoning": "r",
}  # fmt: skip

MODELS: list[tuple[str, BaseModel]] = [
    (CONFLICTS, ConflictPosition(agent_id="a", **_POSITION)),
    (
        CONFLICTS,
        Conflict(
            id="c1",
            type=ConflictType.ARCHITECTURE,
            subject="REST or GraphQL",
            positions=(
                ConflictPosition(agent_id="a", **_POSITION),
                ConflictPosition(agent_id="b", **{**_POSITION, "position": "GraphQL"}),
            ),
        ),
    ),
    (
        CONFLICTS,
        ConflictResolution(
            conflict_id="c1",
            outcome=ConflictOutcome.RESOLVED_BY_HUMAN,
            winning_agent_id="a",
            winning_position="REST",
            decided_by="human:ann",
            reasoning="cheaper",
        ),
    ),
    (
        CONFLICTS,
        DissentRecord(
            id="d1",
            conflict_id="c1",
            conflict_type=ConflictType.ARCHITECTURE,
            dissenting_agent_id="b",
            dissenting_position="GraphQL",
            reasoning="typed",
            strategy_used="human",
            decided_by="human:ann",
        ),
    ),
    (CONFLICTS, Statement(agent_id="a", kind="argument", round=0, content="REST is simpler")),
    (CONFLICTS, Verdict(winning_agent_id="a", confidence=0.8, reasoning="fewer moving parts")),
    (ATTEMPTS, CheckResult(passed=False, output="1 failed", command=("pytest",), exit_code=1)),
    (WORKSPACE, SemanticIssue(kind="import_conflict", file="a.py", line=3, name="f", message="m")),
]
ENUMS: list[tuple[str, Enum]] = [
    (CONFLICTS, ConflictType.PROCESS),
    (CONFLICTS, ConflictOutcome.ESCALATED_TO_HUMAN),
]


def _under_old_path(value: BaseModel, old_module: str) -> BaseModel:
    """The same model named by its module before the move, as an old checkpoint names it."""
    old: type[BaseModel] = type(type(value).__name__, (type(value),), {"__module__": old_module})
    return old.model_validate(value.model_dump())


def _old_enum(value: Enum, old_module: str) -> Enum:
    members = {m.name: m.value for m in type(value)}
    make: Any = StrEnum  # the functional form, with a name known only at run time
    old = make(type(value).__name__, members, module=old_module)
    found: Enum = old[value.name]
    return found


def _saved(value: Any) -> tuple[str, bytes]:
    return JsonPlusSerializer().dumps_typed({"value": value})


@pytest.fixture(params=[False, True], ids=["default", "strict"])
def serde(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> JsonPlusSerializer:
    monkeypatch.setenv("LANGGRAPH_STRICT_MSGPACK", "true" if request.param else "false")
    return council_serde()


@pytest.mark.parametrize(("old_module", "value"), MODELS, ids=[type(v).__name__ for _, v in MODELS])
def test_a_moved_model_saved_under_its_old_module_loads_as_todays_class(
    serde: JsonPlusSerializer, old_module: str, value: BaseModel
) -> None:
    blob = _saved(_under_old_path(value, old_module))
    assert old_module.encode() in blob[1]
    loaded = serde.loads_typed(blob)["value"]
    assert type(loaded) is type(value) and loaded == value


@pytest.mark.parametrize(("old_module", "value"), ENUMS, ids=[type(v).__name__ for _, v in ENUMS])
def test_a_moved_enum_saved_under_its_old_module_loads_as_todays_member(
    serde: JsonPlusSerializer, old_module: str, value: Enum
) -> None:
    blob = _saved(_old_enum(value, old_module))
    assert old_module.encode() in blob[1]
    assert serde.loads_typed(blob)["value"] is value


def test_every_moved_class_is_on_the_allowlist_under_both_paths() -> None:
    council_serde()
    keys = council_allowlist()
    moved = [(old, type(v)) for old, v in [*MODELS, *ENUMS]]
    for old, cls in moved:
        assert (old, cls.__name__) in keys and (cls.__module__, cls.__name__) in keys
        assert getattr(importlib.import_module(old), cls.__name__) is cls
    assert set(MOVED_CLASSES) <= {(old, cls.__name__) for old, cls in moved}
    assert CONFLICTS in LEGACY_MODULES


def test_checkpointed_class_names_stay_unique_so_old_paths_resolve_by_name() -> None:
    ours = [c for c in _checkpointed_classes() if c.__module__.startswith("langgraph_council.")]
    assert len({c.__name__ for c in ours}) == len(ours)
