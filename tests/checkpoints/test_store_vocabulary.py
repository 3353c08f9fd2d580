"""Every record store speaks put / put_many / get / list; the old public names still work but
each is its own `def` that warns once, naming the new method."""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import pytest

from langgraph_council.checkpoints import (
    InMemoryDissentStore,
    InMemoryMeetingRecordStore,
    PostgresDissentStore,
    PostgresLoopRecordStore,
    PostgresMeetingRecordStore,
)
from langgraph_council.guards import InMemoryLoopRecordStore

OLD_NAMES = [
    (InMemoryLoopRecordStore, "add", "put"),
    (PostgresLoopRecordStore, "add", "put"),
    (InMemoryMeetingRecordStore, "save", "put"),
    (PostgresMeetingRecordStore, "save", "put"),
    (InMemoryDissentStore, "add", "put_many"),
    (PostgresDissentStore, "add", "put_many"),
    (InMemoryDissentStore, "query", "list"),
    (PostgresDissentStore, "query", "list"),
]


@pytest.mark.parametrize(("store", "old", "new"), OLD_NAMES)
def test_an_old_method_name_warns_and_calls_the_new_method(
    store: type, old: str, new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert getattr(store, old) is not getattr(store, new)  # its own def, not an alias
    instance: Any = store.__new__(store)  # no connection needed: the new method is recorded
    called = MagicMock(return_value=["done"])
    monkeypatch.setattr(instance, new, called, raising=False)
    arguments: tuple[Any, ...] = () if old == "query" else ("record",)
    with pytest.warns(DeprecationWarning, match=rf"{old}\(\) is deprecated.*use {new}\(\)"):
        result = getattr(instance, old)(*arguments)
    assert called.call_count == 1
    assert result == (["done"] if old == "query" else None)
