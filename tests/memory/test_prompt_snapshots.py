"""Every prompt each family sends, snapshotted on scripted agents before org memory existed.

With memory off, and with a store present but memory not switched on, every prompt must stay
exactly as snapshotted: org memory changes nothing unless a run asks for it. Prompts are
compared as a sorted list: parallel branches call their models in any order.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.memory import InMemoryStore
from syrupy.assertion import SnapshotAssertion

from tests.memory.families import (
    CONFLICT_STRATEGIES,
    MEETING_PROTOCOLS,
    prompts,
    run_conflict,
    run_delegation,
    run_meeting,
    run_pipeline,
    run_worker,
)


def _both(run: Callable[..., tuple[Any, Any]]) -> tuple[list[str], list[str]]:
    """Sorted prompts without a store, and with a store but memory not switched on."""
    plain = sorted(prompts(run(None)[1]))
    stored = sorted(prompts(run(InMemoryStore())[1]))
    return plain, stored


@pytest.mark.parametrize("protocol", MEETING_PROTOCOLS)
def test_meeting_prompts(protocol: str, snapshot: SnapshotAssertion) -> None:
    plain, stored = _both(lambda store: run_meeting(protocol, store=store))
    assert plain == snapshot
    assert stored == plain


@pytest.mark.parametrize("strategy", CONFLICT_STRATEGIES)
def test_conflict_prompts(strategy: str, snapshot: SnapshotAssertion) -> None:
    plain, stored = _both(lambda store: run_conflict(strategy, store=store))
    assert plain == snapshot
    assert stored == plain


def test_delegation_prompts(snapshot: SnapshotAssertion) -> None:
    plain, stored = _both(lambda store: run_delegation(store=store))
    assert plain == snapshot
    assert stored == plain


def test_pipeline_prompts(tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    runs = iter(("a", "b"))
    plain, stored = _both(lambda store: run_pipeline(tmp_path / next(runs), store=store))
    assert plain == snapshot
    assert stored == plain


def test_worker_prompts(tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    runs = iter(("a", "b"))
    plain, stored = _both(lambda store: run_worker(tmp_path / next(runs), store=store))
    assert plain == snapshot
    assert stored == plain
