"""Keywords written once for a sync function and its async twin.

A public pair (`prune_threads`/`aprune_threads`, `postgres_checkpointer`/`async_...`,
`run_until_signal`/`arun_until_signal`) takes one long list of keywords. `takes(options)`
declares that list once, as the signature of a private function that checks the keywords
and packs them into a small request record; each decorated front end is written as
`front(first, request)` and is called as `front(first, <options' arguments>)`. Type checkers
and `inspect.signature` see the full signature, so callers notice nothing.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

__all__ = ["takes"]

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S")
T = TypeVar("T")


def takes(
    options: Callable[P, R],
) -> Callable[[Callable[[S, R], T]], Callable[Concatenate[S, P], T]]:
    """Make `front(first, request)` callable as `front(first, *args, **kwargs)` of `options`.

    The front keeps its name, docstring and first parameter; the rest of its signature is
    `options`'. A coroutine function stays one (`inspect.iscoroutinefunction`).
    """

    def decorate(front: Callable[[S, R], T]) -> Callable[Concatenate[S, P], T]:
        own = inspect.signature(front)
        first = next(iter(own.parameters.values()))
        signature = own.replace(parameters=[first, *inspect.signature(options).parameters.values()])

        def request(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, R]:
            if first.name in kwargs:  # the first argument passed by keyword, as it may be
                head = kwargs.pop(first.name)
            elif args:
                head, args = args[0], args[1:]
            else:
                raise TypeError(f"{front.__name__}() missing its argument {first.name!r}")
            try:
                return head, options(*args, **kwargs)
            except TypeError as exc:  # a wrong keyword: name the function the caller called
                called = f"{options.__qualname__}()"
                if not str(exc).startswith(called):
                    raise
                raise TypeError(f"{front.__name__}(){str(exc).removeprefix(called)}") from None

        call: Callable[..., Any]
        if inspect.iscoroutinefunction(front):

            async def call(*args: Any, **kwargs: Any) -> Any:
                return await front(*request(args, kwargs))

        else:

            def call(*args: Any, **kwargs: Any) -> Any:
                return front(*request(args, kwargs))

        wrapped = functools.wraps(front)(call)
        del wrapped.__wrapped__
        wrapped.__signature__ = signature  # type: ignore[attr-defined]
        return cast(Callable[Concatenate[S, P], T], wrapped)

    return decorate
