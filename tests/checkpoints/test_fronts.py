"""Sync/async pairs: two real functions with the same keywords, over one private core."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from langgraph_council.checkpoints import (
    EscalationQueue,
    aprune_threads,
    aresume_thread,
    arun_until_signal,
    async_postgres_checkpointer,
    postgres_checkpointer,
    prune_threads,
    resume_thread,
    run_until_signal,
)

PAIRS = [
    (prune_threads, aprune_threads),
    (postgres_checkpointer, async_postgres_checkpointer),
    (run_until_signal, arun_until_signal),
    (resume_thread, aresume_thread),
    (EscalationQueue.decide, EscalationQueue.adecide),
]


@pytest.mark.parametrize(("sync", "async_"), PAIRS, ids=lambda f: f.__name__)
def test_each_public_pair_takes_the_same_keywords_with_the_same_defaults(
    sync: Callable[..., Any], async_: Callable[..., Any]
) -> None:
    def keywords(front: Callable[..., Any]) -> list[tuple[str, object]]:
        params = list(inspect.signature(front).parameters.values())[1:]
        return [(p.name, p.default) for p in params]

    assert keywords(sync) == keywords(async_)
    assert len(keywords(sync)) >= 3
    for front in (sync, async_):  # a real def: its own code, name and docstring
        assert front.__code__.co_name == front.__name__
        assert front.__doc__ and not hasattr(front, "__wrapped__")


def test_keywords_are_checked_when_called_as_before() -> None:
    with pytest.raises(ValueError, match="pool_size must be >= 1"):
        postgres_checkpointer("postgresql://nowhere/x", pool_size=0)
    with pytest.raises(TypeError, match="unexpected keyword argument 'pool_sise'"):
        postgres_checkpointer("postgresql://nowhere/x", pool_sise=2)  # type: ignore[call-arg]
