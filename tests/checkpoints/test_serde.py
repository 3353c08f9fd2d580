"""`council_serde()`: this package's models survive any checkpointer, strict msgpack or not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.serde.encrypted import EncryptedSerializer
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel

from langgraph_council.checkpoints import council_serde, with_council_serde
from langgraph_council.checkpoints._legacy_paths import LEGACY_MODULES, MOVED_CLASSES
from langgraph_council.checkpoints._serde import _checkpointed_classes, council_allowlist
from langgraph_council.nodes import Conflict, MeetingMinutes, SeniorityLevel
from langgraph_council.nodes._delegation.state import Frame
from tests.processes import last_json, run_python

PROBE = Path(__file__).parent / "scripts" / "serde_probe.py"
MODELS = {
    "minutes": "MeetingMinutes",
    "contribution": "Contribution",
    "agenda": "MeetingAgenda",
    "debate_resolution": "ConflictResolution",
    "paused_conflict": "Conflict",
    "human_resolution": "ConflictResolution",
    "delegation_result": "DelegationResult",
}


class MyState(BaseModel):
    note: str


class ReversingCipher:
    """A stand-in cipher (the AES one needs pycryptodome): reverses the bytes."""

    def encrypt(self, plaintext: bytes) -> tuple[str, bytes]:
        return "reverse", plaintext[::-1]

    def decrypt(self, ciphername: str, ciphertext: bytes) -> bytes:
        return ciphertext[::-1]


def _probe(saver: str, *, strict: bool, uri: str = "") -> dict[str, Any]:
    env = {"LANGGRAPH_STRICT_MSGPACK": "true" if strict else "false"}
    return last_json(run_python(PROBE, saver, uri, env=env).stdout)


def _about_our_types(lines: list[str]) -> list[str]:
    return [line for line in lines if "langgraph_council" in line]


@pytest.mark.slow
@pytest.mark.parametrize("strict", [False, True], ids=["default", "strict"])
def test_a_users_saver_with_council_serde_gives_models_back_without_warnings(strict: bool) -> None:
    plain = _probe("plain", strict=strict)
    council = _probe("council", strict=strict)
    # The control: a plain saver warns about every model, and under strict mode (the server
    # lends its saver through graph.copy, which drops the graph's allowlist) returns dicts.
    assert _about_our_types(plain["warnings"])
    if strict:
        assert plain["types"]["minutes"] == "dict" and plain["types"]["human_resolution"] == "dict"
    assert council["types"] == MODELS
    assert _about_our_types(council["warnings"]) == []
    if strict:
        assert council["uncovered"] == [], "council_allowlist() must cover LangGraph's own list"


@pytest.mark.slow
@pytest.mark.postgres
def test_the_postgres_checkpointer_uses_it_under_strict_msgpack(pg_uri: str) -> None:
    result = _probe("postgres", strict=True, uri=pg_uri)
    assert result["types"] == MODELS
    assert _about_our_types(result["warnings"]) == []


def test_the_allowlist_names_every_model_kept_in_state() -> None:
    keys = council_allowlist()
    for cls in (MeetingMinutes, Conflict, SeniorityLevel):
        assert (cls.__module__, cls.__name__) in keys


def test_extra_types_join_the_allowlist_and_bad_entries_are_named() -> None:
    serde = council_serde(extra=[MyState, ("my_app.models", "Other")])
    assert serde.loads_typed(serde.dumps_typed(MyState(note="kept"))) == MyState(note="kept")
    with pytest.raises(TypeError, match=r"extra entries must be classes or \(module, name\)"):
        council_serde(extra=["my_app.models.MyState"])  # type: ignore[list-item]


def test_with_council_serde_keeps_the_savers_settings() -> None:
    saver = InMemorySaver(serde=JsonPlusSerializer(pickle_fallback=True))
    clone = with_council_serde(saver, extra=[MyState])
    assert clone is not saver and clone.storage is saver.storage
    assert isinstance(clone.serde, JsonPlusSerializer) and clone.serde.pickle_fallback
    assert clone.serde.loads_typed(clone.serde.dumps_typed(MyState(note="x"))) == MyState(note="x")

    encrypted = InMemorySaver(serde=EncryptedSerializer(ReversingCipher()))
    wrapped = with_council_serde(encrypted, extra=[MyState]).serde
    assert isinstance(wrapped, EncryptedSerializer) and isinstance(wrapped.cipher, ReversingCipher)
    assert wrapped.loads_typed(wrapped.dumps_typed(MyState(note="y"))) == MyState(note="y")


def test_with_council_serde_refuses_what_it_cannot_extend() -> None:
    class Custom:
        def dumps_typed(self, obj: Any) -> tuple[str, bytes]:
            return ("bytes", b"")

        def loads_typed(self, data: tuple[str, bytes]) -> Any:
            return None

    with pytest.raises(TypeError, match="give the saver serde=council_serde"):
        with_council_serde(InMemorySaver(serde=Custom()))
    with pytest.raises(TypeError, match="must be a BaseCheckpointSaver"):
        with_council_serde("postgresql://")  # type: ignore[type-var]


def _as_saved_by_0_1(value: BaseModel, old_module: str) -> BaseModel:
    """The same model under its 0.1 module path, as checkpoints written by 0.1 name it."""
    old = type(type(value).__name__, (type(value),), {"__module__": old_module})
    return old.model_validate(value.model_dump())


@pytest.mark.parametrize("strict", [False, True], ids=["default", "strict"])
def test_a_checkpoint_written_before_the_private_layout_still_loads(
    strict: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGGRAPH_STRICT_MSGPACK", "true" if strict else "false")
    conflict = Conflict.model_validate(
        {
            "id": "c1",
            "type": "architecture",
            "subject": "REST or GraphQL",
            "positions": [
                {"agent_id": a, "agent_department": "eng", "agent_level": "senior",
                 "position": p, "reasoning": "r"}
                for a, p in (("a", "REST"), ("b", "GraphQL"))
            ],
        }
    )  # fmt: skip
    saved = _as_saved_by_0_1(conflict, "langgraph_council.nodes.conflicts.models")
    blob = JsonPlusSerializer().dumps_typed({"conflict": saved})
    assert b"langgraph_council.nodes.conflicts.models" in blob[1]
    loaded = council_serde().loads_typed(blob)["conflict"]
    assert type(loaded) is Conflict and loaded == conflict


def test_checkpointed_class_names_are_unique_so_old_paths_resolve_by_name() -> None:
    today = [
        key
        for key in council_allowlist()
        if key[0].startswith("langgraph_council.nodes._")
        and key[0] not in LEGACY_MODULES
        and key not in MOVED_CLASSES
    ]
    names = [name for _, name, *_ in today]
    assert len(names) == len(set(names))


def test_every_model_in_a_state_schema_comes_back_as_itself_under_strict_msgpack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Regression: the allowlist walk skipped hints by id(), and a freed alias's id reused by the
    # next dropped e.g. the delegation Frame, so strict msgpack read frames back as dicts (CI).
    monkeypatch.setenv("LANGGRAPH_STRICT_MSGPACK", "true")
    serde = council_serde()
    frame = Frame(agent_id="bob", task="Pick a database", assignee="bob", chain=("alice",))
    assert serde.loads_typed(serde.dumps_typed([frame])) == [frame]
    ours = [c for c in _checkpointed_classes() if issubclass(c, BaseModel)]
    assert {Frame, MeetingMinutes, Conflict} <= set(ours)
    assert all((c.__module__, c.__name__) in council_allowlist() for c in ours)
