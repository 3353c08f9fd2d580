"""Every record store speaks put / put_many / get / list; the old public names are aliases."""

from __future__ import annotations

import pytest

from langgraph_council.checkpoints import (
    InMemoryDissentStore,
    InMemoryMeetingRecordStore,
    PostgresDissentStore,
    PostgresLoopRecordStore,
    PostgresMeetingRecordStore,
)
from langgraph_council.guards import InMemoryLoopRecordStore


@pytest.mark.parametrize(
    ("store", "old", "new"),
    [
        (InMemoryLoopRecordStore, "add", "put"),
        (PostgresLoopRecordStore, "add", "put"),
        (InMemoryMeetingRecordStore, "save", "put"),
        (PostgresMeetingRecordStore, "save", "put"),
        (InMemoryDissentStore, "add", "put_many"),
        (PostgresDissentStore, "add", "put_many"),
        (InMemoryDissentStore, "query", "list"),
        (PostgresDissentStore, "query", "list"),
    ],
)
def test_an_old_method_name_is_the_new_method(store: type, old: str, new: str) -> None:
    assert getattr(store, old) is getattr(store, new)
