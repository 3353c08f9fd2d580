"""The package's msgpack allowlist, for this package's checkpointers and for users' own.

LangGraph stores pydantic models and enums in checkpoints as msgpack "ext" records naming their
class. A serializer only rebuilds the classes it allows: `LANGGRAPH_STRICT_MSGPACK=true` blocks
every class not on its list (the value comes back as a plain dict), and without it every
unlisted class logs "Deserializing unregistered type". `council_serde()` lists every model this
package keeps in graph state, so neither happens, whatever the environment says.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from collections.abc import Iterable
from functools import cache
from typing import Any, TypeVar, get_args, get_type_hints

from langchain_core import messages
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.serde.base import maybe_add_typed_methods
from langgraph.checkpoint.serde.encrypted import EncryptedSerializer
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel
from typing_extensions import is_typeddict

from langgraph_council.nodes.conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes.conflicts.state import ConflictState, StrategyState
from langgraph_council.nodes.delegation.models import DelegationConfig
from langgraph_council.nodes.delegation.state import DelegationState
from langgraph_council.nodes.meetings.config import MeetingProtocolConfig
from langgraph_council.nodes.meetings.state import CallTask, MeetingState

__all__ = ["AllowedType", "council_allowlist", "council_serde", "with_council_serde"]

AllowedType = type | tuple[str, ...]
"""A class, or its `(module, name)` as msgpack records it."""

S = TypeVar("S", bound=BaseCheckpointSaver[Any])

STATE_SCHEMAS: tuple[Any, ...] = (
    MeetingState,
    CallTask,
    MeetingProtocolConfig,
    ConflictState,
    StrategyState,
    ConflictResolutionConfig,
    DelegationState,
    DelegationConfig,
)
"""Every graph state, `Send` payload and context schema of this package; the allowlist is every
model, enum and dataclass reachable from them. A new graph family adds its schemas here."""

_MESSAGES = (
    "BaseMessage",
    "HumanMessage",
    "AIMessage",
    "SystemMessage",
    "ChatMessage",
    "ToolMessage",
    "FunctionMessage",
)
"""LangChain's messages (and their chunks): LangGraph adds them to every compiled graph's list."""


def _walk(tp: Any, found: set[tuple[str, ...]], seen: set[int]) -> None:
    if id(tp) in seen:
        return
    seen.add(id(tp))
    if is_typeddict(tp):
        for hint in get_type_hints(tp, include_extras=True).values():
            _walk(hint, found, seen)
        return
    if isinstance(tp, type):
        if issubclass(tp, BaseModel):
            found.add((tp.__module__, tp.__name__))
            for field in tp.model_fields.values():
                _walk(field.annotation, found, seen)
        elif issubclass(tp, enum.Enum):
            found.add((tp.__module__, tp.__name__))
        elif dataclasses.is_dataclass(tp):
            found.add((tp.__module__, tp.__name__))
            for hint in get_type_hints(tp).values():
                _walk(hint, found, seen)
    for arg in get_args(tp):
        _walk(arg, found, seen)


@cache
def council_allowlist() -> frozenset[tuple[str, ...]]:
    """`(module, class)` of every model, enum and dataclass this package keeps in graph state.

    It holds everything LangGraph lists for our compiled graphs under strict msgpack (their
    schemas, context schemas and LangChain's messages), so `saver.with_allowlist(...)` on a
    saver with `council_serde()` returns the saver itself: no copy per run, and no copy of
    proxies that cannot be copied (langgraph-api 0.16's custom-checkpointer adapter).
    """
    found: set[tuple[str, ...]] = set()
    seen: set[int] = set()
    for schema in STATE_SCHEMAS:
        _walk(schema, found, seen)
    for name in _MESSAGES:
        for cls in (getattr(messages, name), getattr(messages, f"{name}Chunk")):
            found.add((cls.__module__, cls.__name__))
    found.add((messages.RemoveMessage.__module__, messages.RemoveMessage.__name__))
    return frozenset(found)


def _keys(extra: Iterable[AllowedType]) -> set[tuple[str, ...]]:
    keys: set[tuple[str, ...]] = set()
    for item in extra:
        if isinstance(item, type):
            keys.add((item.__module__, item.__name__))
        elif isinstance(item, tuple) and len(item) >= 2 and all(isinstance(p, str) for p in item):
            keys.add(item)
        else:
            raise TypeError(
                f"extra entries must be classes or (module, name) tuples, got {item!r}; "
                "e.g. extra=[MyState] or extra=[('my_app.models', 'MyState')]"
            )
    return keys


def council_serde(
    extra: Iterable[AllowedType] = (), *, pickle_fallback: bool = False
) -> JsonPlusSerializer:
    """A `JsonPlusSerializer` that rebuilds this package's models (and `extra`) from msgpack.

    Every other class outside LangGraph's own safe list (messages, datetimes, `Send`, ...) is
    blocked and comes back as a plain dict, with a "Blocked deserialization" log line naming it:
    list your own state models in `extra` when a graph of yours shares the checkpointer.

    Example:
        >>> from langgraph.checkpoint.memory import InMemorySaver
        >>> saver = InMemorySaver(serde=council_serde(extra=[MyState]))  # doctest: +SKIP
    """
    return JsonPlusSerializer(
        pickle_fallback=pickle_fallback,
        allowed_msgpack_modules=tuple(sorted(council_allowlist() | _keys(extra))),
    )


def _with_allowlist(serde: Any, extra: Iterable[AllowedType]) -> Any:
    if isinstance(serde, EncryptedSerializer):
        return EncryptedSerializer(serde.cipher, _with_allowlist(serde.serde, extra))
    if type(serde) is JsonPlusSerializer:
        return council_serde(extra, pickle_fallback=serde.pickle_fallback)
    raise TypeError(
        f"cannot add the allowlist to a {type(serde).__name__}; give the saver "
        "serde=council_serde() (or an EncryptedSerializer around it) instead"
    )


def with_council_serde(saver: S, *, extra: Iterable[AllowedType] = ()) -> S:
    """A shallow copy of `saver` (same connection) whose serializer allows this package's models.

    Works on any saver using LangGraph's default serializer, optionally encrypted. Its pickle
    fallback setting is kept.

    Raises:
        TypeError: The saver uses another serializer, or `extra` holds something else than
            classes and `(module, name)` tuples.

    Example:
        >>> from langgraph.checkpoint.memory import InMemorySaver
        >>> saver = with_council_serde(InMemorySaver())
        >>> ("langgraph_council.nodes.meetings.models", "MeetingMinutes") in (
        ...     saver.serde._allowed_msgpack_modules)
        True
    """
    if not isinstance(saver, BaseCheckpointSaver):
        raise TypeError(f"saver must be a BaseCheckpointSaver, got {type(saver).__name__}")
    clone = copy.copy(saver)
    clone.serde = maybe_add_typed_methods(_with_allowlist(saver.serde, extra))
    return clone
