"""The package's msgpack allowlist, for this package's checkpointers and for users' own.

LangGraph stores pydantic models and enums in checkpoints as msgpack "ext" records naming their
class. A serializer only rebuilds the classes it allows: `LANGGRAPH_STRICT_MSGPACK=true` blocks
every class not on its list (the value comes back as a plain dict), and without it every
unlisted class logs "Deserializing unregistered type". `council_serde()` lists every model this
package keeps in graph state, so neither happens, whatever the environment says.

msgpack integers stop at 64 bits: `CouncilSerializer` names the field holding a bigger one (a
`token_budget` of 2**64 failed with "Integer exceeds 64-bit range" while the input checkpoint
was saved, before any node could check it).
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, TypeVar, get_args, get_type_hints

import ormsgpack
from langchain_core import messages
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.serde.base import maybe_add_typed_methods
from langgraph.checkpoint.serde.encrypted import EncryptedSerializer
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel
from typing_extensions import is_typeddict

from langgraph_council.checkpoints._legacy_paths import install_legacy_modules, with_legacy_paths
from langgraph_council.nodes._conflicts.batch import BatchState
from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes._conflicts.state import ConflictContext, ConflictState, StrategyState
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._delegation.state import DelegationContext, DelegationState
from langgraph_council.nodes._meetings.config import MeetingProtocolConfig
from langgraph_council.nodes._meetings.state import CallTask, MeetingContext, MeetingState
from langgraph_council.nodes._pipeline.config import CoordinationConfig
from langgraph_council.nodes._pipeline.state import (
    CoordinationContext,
    CoordinationState,
    ExecutePayload,
)

__all__ = [
    "AllowedType",
    "CouncilSerializer",
    "council_allowlist",
    "council_serde",
    "with_council_serde",
]

AllowedType = type | tuple[str, ...]
"""A class, or its `(module, name)` as msgpack records it."""

S = TypeVar("S", bound=BaseCheckpointSaver[Any])

STATE_SCHEMAS: tuple[Any, ...] = (
    MeetingState,
    CallTask,
    MeetingContext,
    MeetingProtocolConfig,
    ConflictState,
    StrategyState,
    BatchState,
    ConflictContext,
    ConflictResolutionConfig,
    DelegationState,
    DelegationContext,
    DelegationConfig,
    CoordinationState,
    ExecutePayload,
    CoordinationContext,
    CoordinationConfig,
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


def _walk(tp: Any, found: set[Any]) -> None:
    # Remembers classes only: they live as long as the process. (Remembering hints by id()
    # skipped a fresh alias that reused a freed one's id, and Frame went missing in some runs.)
    if is_typeddict(tp):
        if tp not in found:
            found.add(tp)
            for hint in get_type_hints(tp, include_extras=True).values():
                _walk(hint, found)
        return
    if isinstance(tp, type) and tp not in found:
        if issubclass(tp, BaseModel):
            found.add(tp)
            for field in tp.model_fields.values():
                _walk(field.annotation, found)
        elif issubclass(tp, enum.Enum):
            found.add(tp)
        elif dataclasses.is_dataclass(tp):
            found.add(tp)
            for hint in get_type_hints(tp).values():
                _walk(hint, found)
    for arg in get_args(tp):
        _walk(arg, found)


@cache
def _checkpointed_classes() -> frozenset[type]:
    """Every model, enum and dataclass reachable from this package's state schemas."""
    found: set[Any] = set()
    for schema in STATE_SCHEMAS:
        _walk(schema, found)
    return frozenset(cls for cls in found if not is_typeddict(cls))


@cache
def council_allowlist() -> frozenset[tuple[str, ...]]:
    """`(module, class)` of every model, enum and dataclass this package keeps in graph state.

    It holds everything LangGraph lists for our compiled graphs under strict msgpack (their
    schemas, context schemas and LangChain's messages), so `saver.with_allowlist(...)` on a
    saver with `council_serde()` returns the saver itself: no copy per run, and no copy of
    proxies that cannot be copied (langgraph-api 0.16's custom-checkpointer adapter).
    """
    found = {(cls.__module__, cls.__name__) for cls in _checkpointed_classes()}
    for name in _MESSAGES:
        for cls in (getattr(messages, name), getattr(messages, f"{name}Chunk")):
            found.add((cls.__module__, cls.__name__))
    found.add((messages.RemoveMessage.__module__, messages.RemoveMessage.__name__))
    return frozenset(with_legacy_paths(found))


@cache
def _classes_by_name() -> dict[str, type]:
    """This package's checkpointed classes by name: where an old module path finds them."""
    ours = (
        cls for cls in _checkpointed_classes() if cls.__module__.startswith("langgraph_council.")
    )
    return {cls.__name__: cls for cls in ours}


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


_LOWEST, _HIGHEST = -(2**63), 2**64 - 1


def _too_big(value: Any, path: str, depth: int = 0) -> tuple[str, int] | None:
    """The path and value of the first integer msgpack cannot hold, if any."""
    if depth > 50:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return (path or "value", value) if not _LOWEST <= value <= _HIGHEST else None
    if isinstance(value, BaseModel):
        items: Any = ((name, getattr(value, name)) for name in type(value).model_fields)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = ((f.name, getattr(value, f.name)) for f in dataclasses.fields(value))
    elif isinstance(value, Mapping):
        items = value.items()
    elif isinstance(value, list | tuple | set | frozenset):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        found = _too_big(item, f"{path}.{key}" if path else str(key), depth + 1)
        if found is not None:
            return found
    return None


class CouncilSerializer(JsonPlusSerializer):
    """`JsonPlusSerializer` whose out-of-range integer errors name the offending field."""

    def dumps_typed(self, obj: Any) -> tuple[str, bytes]:
        """Serialize like LangGraph; a too-big integer raises `ValueError` naming its path."""
        try:
            return super().dumps_typed(obj)
        except (ormsgpack.MsgpackEncodeError, TypeError, OverflowError) as exc:
            found = _too_big(obj, "")
            if found is None:
                raise
            path, number = found
            raise ValueError(
                f"{path}: {number} does not fit in 64 bits, the limit of LangGraph checkpoints; "
                "use a smaller number"
            ) from exc


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
    install_legacy_modules(_classes_by_name)
    return CouncilSerializer(
        pickle_fallback=pickle_fallback,
        allowed_msgpack_modules=tuple(sorted(council_allowlist() | _keys(extra))),
    )


def _with_allowlist(serde: Any, extra: Iterable[AllowedType]) -> Any:
    if isinstance(serde, EncryptedSerializer):
        return EncryptedSerializer(serde.cipher, _with_allowlist(serde.serde, extra))
    if type(serde) in (JsonPlusSerializer, CouncilSerializer):
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
        >>> ("langgraph_council.nodes._meetings.models", "MeetingMinutes") in (
        ...     saver.serde._allowed_msgpack_modules)
        True
    """
    if not isinstance(saver, BaseCheckpointSaver):
        raise TypeError(f"saver must be a BaseCheckpointSaver, got {type(saver).__name__}")
    clone = copy.copy(saver)
    clone.serde = maybe_add_typed_methods(_with_allowlist(saver.serde, extra))
    return clone
