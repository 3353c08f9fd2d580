"""`takes`: a sync function and its async twin share one keyword list, and callers see it."""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import dataclass

import pytest

from langgraph_council.checkpoints import (
    aprune_threads,
    arun_until_signal,
    async_postgres_checkpointer,
    postgres_checkpointer,
    prune_threads,
    run_until_signal,
)
from langgraph_council.checkpoints._fronts import takes


@dataclass(frozen=True)
class _Request:
    times: int
    sep: str


def _options(*, times: int = 2, sep: str = "-") -> _Request:
    if times < 1:
        raise ValueError(f"times must be >= 1, got {times}")
    return _Request(times, sep)


@takes(_options)
def repeat(word: str, request: _Request) -> str:
    """`word` repeated."""
    return request.sep.join([word] * request.times)


@takes(_options)
async def arepeat(word: str, request: _Request) -> str:
    """Async twin of `repeat`."""
    return repeat(word, times=request.times, sep=request.sep)


def test_a_front_is_called_with_the_options_keywords_and_keeps_its_name_and_doc() -> None:
    assert repeat("ab") == "ab-ab"
    assert repeat("ab", times=3, sep="+") == "ab+ab+ab"
    assert repeat(word="ab", times=1) == "ab"  # the first argument by keyword, as before
    assert asyncio.run(arepeat("x", sep="")) == "xx"
    assert (repeat.__name__, repeat.__doc__) == ("repeat", "`word` repeated.")
    assert inspect.iscoroutinefunction(arepeat) and not inspect.iscoroutinefunction(repeat)
    assert str(inspect.signature(arepeat)) == (
        "(word: 'str', *, times: 'int' = 2, sep: 'str' = '-') -> 'str'"
    )


def test_the_options_check_their_keywords_for_both_fronts() -> None:
    with pytest.raises(ValueError, match="times must be >= 1"):
        repeat("ab", times=0)
    with pytest.raises(ValueError, match="times must be >= 1"):
        asyncio.run(arepeat("ab", times=0))
    with pytest.raises(TypeError, match=r"^repeat\(\) got an unexpected keyword argument 'tims'"):
        repeat("ab", tims=3)
    with pytest.raises(TypeError, match="missing its argument 'word'"):
        repeat(times=3)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("sync", "async_"),
    [
        (prune_threads, aprune_threads),
        (postgres_checkpointer, async_postgres_checkpointer),
        (run_until_signal, arun_until_signal),
    ],
)
def test_each_public_pair_takes_the_same_keywords_with_the_same_defaults(
    sync: object, async_: object
) -> None:
    def keywords(front: object) -> list[tuple[str, object]]:
        params = list(inspect.signature(front).parameters.values())[1:]  # type: ignore[arg-type]
        return [(p.name, p.default) for p in params]

    assert keywords(sync) == keywords(async_)
    assert len(keywords(sync)) >= 4
