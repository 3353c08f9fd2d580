"""Real functions: every public callable is a `def` (or a class) with its own signature and
docstring; none is made by assignment from a generated front, none hides its keywords."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from types import FunctionType
from typing import Any

import langgraph_council.checkpoints as checkpoints
import langgraph_council.graphs as graphs
import langgraph_council.guards as guards
import langgraph_council.nodes as nodes

FACADES = (nodes, guards, checkpoints, graphs)
BAGS = {"options", "opts", "request", "kwargs_bag"}
"""Parameter names of a packed keyword bag (`front(first, options)`)."""


def _public_functions() -> Iterator[tuple[str, FunctionType]]:
    """`facade.name` or `facade.Class.method` -> the function, for every public callable
    (methods defined by the package's public classes included)."""
    for facade in FACADES:
        for name in facade.__all__:
            value = getattr(facade, name)
            where = f"{facade.__name__}.{name}"
            if isinstance(value, FunctionType):
                yield where, value
            elif inspect.isclass(value) and value.__module__.startswith("langgraph_council"):
                yield from _methods(value, where)


def _methods(cls: type, where: str) -> Iterator[tuple[str, FunctionType]]:
    """The public methods `cls` defines or inherits from the package's own classes."""
    for klass in cls.__mro__:
        if not klass.__module__.startswith("langgraph_council"):
            continue
        for attr, member in vars(klass).items():
            if attr.startswith("_"):
                continue
            if isinstance(member, classmethod | staticmethod):
                member = member.__func__
            if isinstance(member, FunctionType):
                yield f"{where}.{attr}", member


def _own(function: Callable[..., Any]) -> FunctionType:
    """The def under known wrapping decorators (`contextmanager`, `functools.wraps`)."""
    unwrapped = inspect.unwrap(function)
    assert isinstance(unwrapped, FunctionType)
    return unwrapped


def test_there_are_public_functions_to_check() -> None:
    names = dict(_public_functions())
    assert "langgraph_council.checkpoints.resume_thread" in names
    assert "langgraph_council.checkpoints.EscalationQueue.adecide" in names
    assert len(names) > 100


def test_no_public_function_shares_its_code_with_another() -> None:
    seen: dict[Any, tuple[str, FunctionType]] = {}
    shared = []
    for where, function in _public_functions():
        code = _own(function).__code__
        first = seen.setdefault(code, (where, function))
        same_name = first[0].rsplit(".", 1)[1] == where.rsplit(".", 1)[1]
        # one method inherited by several public classes is fine; two names over one code
        # object (an alias, `a, b = fronts(...)`) or two functions from one template are not
        if first[1] is not function or not same_name:
            shared.append(f"{where} and {first[0]}")
    assert not shared, shared


def test_every_public_function_is_a_def_of_its_own_name_with_a_docstring() -> None:
    wrong = []
    for where, function in _public_functions():
        own = _own(function)
        if own.__code__.co_name != function.__name__ or not where.endswith(f".{function.__name__}"):
            wrong.append(f"{where}: made from {own.__code__.co_name!r}")
        elif not (function.__doc__ or "").strip():
            wrong.append(f"{where}: no docstring")
    assert not wrong, wrong


def test_no_public_function_hides_its_keywords() -> None:
    hidden = []
    for where, function in _public_functions():
        parameters = list(inspect.signature(function).parameters.values())
        kinds = {p.kind for p in parameters if p.name not in ("self", "cls")}
        if kinds == {inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD}:
            hidden.append(f"{where}: only (*args, **kwargs)")
        hidden += [f"{where}: an {p.name!r} bag" for p in parameters if p.name in BAGS]
        factory = where.rsplit(".", 1)[1].startswith(("create_", "build_"))
        for p in parameters:  # the factories' only ** is their typed deprecated aliases
            if factory and p.kind is inspect.Parameter.VAR_KEYWORD and p.name != "deprecated":
                hidden.append(f"{where}: **{p.name}")
    assert not hidden, hidden
