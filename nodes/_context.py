"""The one run-context accessor: each graph family reads its own section of the run context.

A run context (`graph.invoke(..., context=...)`) may be namespaced, one section per family:
`{"meeting": {...}, "conflict": {...}, "delegation": {...}, "coordination": {...}}`, so one
context can serve a parent graph that embeds several families. The flat form works too, for
one family or several at once (`{"round_robin": {...}, "strategy": "human"}`), and the two
mix: each family takes its own section and its own flat keys and skips those of the other
council families. A key no family has is refused, naming it (and the likely fix); a key in
the wrong section is refused naming the families that accept it; a setting given both flat
and in its section is refused. Whatever is given is
merged over the build-time config (the `config=` of the factory), never replaces it: LangGraph
Server sends `{}` when the caller gave nothing, and that must not undo the build-time settings.

The graphs declare a `TypedDict` context schema (not the pydantic config): LangGraph turns a
dict context into an instance of a pydantic context schema, which would forbid the other
families' sections and make `{}` indistinguishable from an explicit default config.
"""

from __future__ import annotations

import copy
import difflib
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from langgraph.config import get_config
from langgraph.runtime import get_runtime
from pydantic import BaseModel, ValidationError

from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError

__all__ = [
    "SECTIONS",
    "build_time_config",
    "build_time_metadata",
    "instance_or_mapping",
    "merge_context",
    "register_section",
    "run_context",
    "validation_problems",
]

SECTIONS = frozenset({"meeting", "conflict", "delegation", "coordination", "memory"})
"""The sections of a namespaced run context, one per graph family, and `memory` (org memory,
read by every family through `nodes._memory.config.active_memory`)."""

C = TypeVar("C", bound=BaseModel)

_SCHEMAS: dict[str, type[BaseModel]] = {}
"""Each family's config schema, registered where the schema is defined (the package's
`nodes` facade imports all four), so a flat context shared by a parent's subgraphs can tell
another family's key from a misspelt one."""


def register_section(section: str, schema: type[BaseModel]) -> None:
    """Declare `schema` as the settings of the run-context section `section`."""
    _SCHEMAS[section] = schema


def _families_of(key: object) -> list[str]:
    """The sections whose schema has a field named `key`."""
    return sorted(s for s, schema in _SCHEMAS.items() if key in schema.model_fields)


def _flat_keys_of(value: Mapping[Any, Any], section: str, schema: type[C]) -> dict[str, Any]:
    """The flat keys for `schema`; other families' keys are skipped, unknown keys refused."""
    mine = set(schema.model_fields)
    chosen: dict[str, Any] = {}
    for key, item in value.items():
        if key in SECTIONS:
            continue
        if key in mine:
            chosen[key] = item
        elif not _families_of(key):
            raise InvalidInputError(_unknown_key(key))
    return chosen


def _suggestion(key: object, fields: Mapping[str, list[str]]) -> str:
    close = difflib.get_close_matches(str(key), list(fields), n=1)
    if not close:
        return ""
    return f"; did you mean {close[0]!r} (accepted by {', '.join(fields[close[0]])})?"


def _unknown_key(key: object) -> str:
    fields: dict[str, list[str]] = {}
    for name, schema in sorted(_SCHEMAS.items()):
        for field in schema.model_fields:
            fields.setdefault(field, []).append(name)
    families = ", ".join(sorted(_SCHEMAS))
    return (
        f"invalid run context: {key!r} is not a setting of any council family "
        f"({families}){_suggestion(key, fields)} Put a family's settings under its section, "
        f"e.g. {{'meeting': {{...}}}}, or use that family's flat keys"
    )


def _check_section_keys(chosen: Mapping[Any, Any], section: str, schema: type[C]) -> None:
    """A key in `section` that `schema` lacks is refused, naming the families that take it."""
    for key in chosen:
        if key in schema.model_fields:
            continue
        where = f"invalid run context: context[{section!r}][{key!r}] is not a {section} setting"
        owners = _families_of(key)
        if owners:
            raise InvalidInputError(
                f"{where}; {key!r} is accepted by {', '.join(owners)}: put it under "
                f"{', '.join(repr(o) for o in owners)} or pass it flat"
            )
        mine = {f: [section] for f in schema.model_fields}
        raise InvalidInputError(f"{where}{_suggestion(key, mine)}")


def _over(base: BaseModel, update: Mapping[str, Any]) -> dict[str, Any]:
    """`update` over `base`'s fields; nested models are merged field by field."""
    merged: dict[str, Any] = {name: getattr(base, name) for name in type(base).model_fields}
    for key, value in update.items():
        current = merged.get(key)
        if isinstance(current, BaseModel) and isinstance(value, Mapping):
            merged[key] = _over(current, value)
        else:
            merged[key] = value
    return merged


def instance_or_mapping(value: object, schema: type[C], where: str) -> C | Mapping[Any, Any]:
    """`value` when it is a `schema` or a mapping of its fields (to validate).

    Raises:
        TypeError: Neither; the message names `where` and what it must be.
    """
    if isinstance(value, schema | Mapping):
        return value
    raise InvalidInputTypeError(
        f"{where} must be a {schema.__name__} or a dict of its fields, got {type(value).__name__}"
    )


def validation_problems(exc: ValidationError, where: str) -> str:
    """Each error of `exc` as `<where>.<field path>: <message>`, joined with `; `.

    A whole-model error (no field path) raised by a model's own one-line check, which names
    the field as `<Model>.<field>`, is shown with `<where>` in the model's place."""
    return "; ".join(_problem(e, where, exc.title) for e in exc.errors())


def _problem(error: Any, where: str, model: str) -> str:
    if not error["loc"]:
        message = str(error["msg"]).removeprefix("Value error, ")
        return message.replace(f"{model}.", f"{where}.", 1)
    return f"{where}.{'.'.join(str(p) for p in error['loc'])}: {error['msg']}"


_CACHE_SIZE = 64


@dataclass(frozen=True)
class _Seen:
    value: object  # held, so its id stays its own while cached
    snapshot: object  # a deep copy: a dict changed in place since is read afresh
    default: BaseModel
    merged: BaseModel


_cache: OrderedDict[tuple[int, str, type[BaseModel], int], _Seen] = OrderedDict()
_cache_lock = threading.Lock()


def merge_context(value: object, section: str, schema: type[C], default: C) -> C:
    """`run_context` for a given context value (pure; see `run_context`).

    Nodes read their settings in every step, so the merged result of a mapping is kept for as
    long as the same mapping, unchanged, comes back (a dict changed in place is read afresh).

    Raises:
        ValueError: A setting is invalid or unknown (the message names it, with its section).
        TypeError: The context is neither a `schema` instance nor a mapping.
    """
    if value is None or isinstance(value, schema):
        return default if value is None else value
    if not isinstance(value, Mapping):
        raise InvalidInputTypeError(
            f"the run context must be a {schema.__name__} or a dict (flat, or with a "
            f"{section!r} section), got {type(value).__name__}"
        )
    key = (id(value), section, schema, id(default))
    with _cache_lock:
        seen = _cache.get(key)
    if (
        seen is not None
        and seen.value is value
        and seen.default is default
        and seen.snapshot == value
    ):
        return seen.merged  # type: ignore[return-value]
    merged = _section_over(value, section, schema, default)
    try:
        snapshot = copy.deepcopy(value)
    except Exception:  # noqa: BLE001 - an uncopyable context is simply not cached
        return merged
    with _cache_lock:
        _cache[key] = _Seen(value, snapshot, default, merged)
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return merged


def _section_over(value: Mapping[Any, Any], section: str, schema: type[C], default: C) -> C:
    flat = _flat_keys_of(value, section, schema)  # refuses unknown flat keys in every form
    chosen = value.get(section)
    if chosen is None:
        return _validated(flat, "context", schema, default) if flat else default
    where = f"context[{section!r}]"
    given = instance_or_mapping(chosen, schema, where)
    if not isinstance(given, Mapping):
        if flat:
            raise InvalidInputError(_twice(section, sorted(flat)))
        return given
    _check_section_keys(given, section, schema)
    both = sorted(set(flat) & set(given))
    if both:
        raise InvalidInputError(_twice(section, both))
    merged = {**flat, **given}
    return _validated(merged, where, schema, default) if merged else default


def _twice(section: str, keys: list[str]) -> str:
    return (
        f"invalid run context: {keys} set both flat and in context[{section!r}] (or beside a "
        f"whole config there); give each {section} setting once"
    )


def _validated(chosen: Mapping[str, Any], where: str, schema: type[C], default: C) -> C:
    try:
        return schema.model_validate(_over(default, chosen))
    except ValidationError as exc:
        raise InvalidInputError(f"invalid run context: {validation_problems(exc, where)}") from None


def run_context(section: str, schema: type[C], default: C) -> C:
    """The run's settings of one family: its context section merged over `default`.

    `None` or `{}` gives `default` (the build-time config); a `schema` instance is used as is;
    a mapping gives its `section` sub-mapping and its flat keys of `schema` (other families'
    sections and keys are skipped); they are merged over `default` and validated.

    Example:
        >>> run_context("meeting", MeetingProtocolConfig, MeetingProtocolConfig())  # doctest: +SKIP
    """
    return merge_context(get_runtime().context, section, schema, default)


def build_time_metadata(section: str, config: BaseModel) -> dict[str, str]:
    """The node metadata that makes `config` a graph's build-time default for `section`.

    A graph factory stamps it on every node; `build_time_config` reads it back in a node.
    """
    return {f"council_{section}_config": config.model_dump_json()}


@lru_cache(maxsize=64)
def _parse(schema: type[BaseModel], raw: str) -> BaseModel:
    return schema.model_validate_json(raw)


def build_time_config(section: str, schema: type[C], default: C) -> C:
    """The build-time config the running node's metadata carries for `section`, else `default`.

    Example:
        >>> build_time_config("delegation", DelegationConfig, DelegationConfig())  # doctest: +SKIP
    """
    raw = (get_config().get("metadata") or {}).get(f"council_{section}_config")
    return _parse(schema, raw) if isinstance(raw, str) else default  # type: ignore[return-value]
