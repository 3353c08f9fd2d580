"""Structured replies from plain text: the JSON a model wrote instead of calling a tool.

Models without tool calling (or that answer in prose anyway) often still write the asked-for
JSON: as the whole reply, in a ```json fence, or embedded in prose. `parse_from_text` finds it
with langchain-core's `parse_json_markdown` (whole reply or fence), then scans for an embedded
object, and validates it into the schema. A JSON object that shares no field with the schema is
not taken for it, so prose quoting unrelated JSON still falls back to the caller's text parser.
Nesting is measured first (`json_depth`, linear, no recursion): a reply nested too deep is not
parsed at all.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from langchain_core.utils.json import parse_json_markdown
from pydantic import BaseModel, ValidationError

__all__ = ["json_depth", "parse_from_text", "too_deep"]

M = TypeVar("M", bound=BaseModel)

_MAX_EMBEDDED = 32  # objects tried in one reply: bounded work on long prose
_MAX_DEPTH = 100  # JSON nesting read from a reply: `json` recurses once a level
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """The deepest `{`/`[` nesting in `text`, brackets inside JSON strings skipped (linear
    time, no recursion): a reply nested deeper than `_MAX_DEPTH` is not parsed at all, since
    the `json` module would raise `RecursionError` on it."""
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return deepest


def too_deep(text: str) -> bool:
    """True when `text` holds JSON nested too deep to parse safely (see `json_depth`)."""
    return json_depth(text) > _MAX_DEPTH


def _keys(schema: type[BaseModel]) -> set[str]:
    fields = schema.model_fields
    return set(fields) | {f.alias for f in fields.values() if f.alias}


def _validated(data: Any, schema: type[M], keys: set[str]) -> M | None:
    if not isinstance(data, dict) or not keys & set(data):
        return None
    try:
        return schema.model_validate(data)
    except ValidationError:
        return None


def _embedded(text: str) -> list[Any]:
    decoder = json.JSONDecoder()
    found: list[Any] = []
    start = text.find("{")
    while start != -1 and len(found) < _MAX_EMBEDDED:
        try:
            value, end = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        found.append(value)
        start = text.find("{", end)
    return found


def parse_from_text(text: str, schema: type[M]) -> M | None:
    """The `schema` instance a model wrote as JSON in `text`, or None when there is none.

    Example:
        >>> class Verdict(BaseModel):
        ...     winner: str
        >>> parse_from_text('I pick b.\\n```json\\n{"winner": "b"}\\n```\\nThanks.', Verdict)
        Verdict(winner='b')
    """
    if not text or "{" not in text or too_deep(text):
        return None
    keys = _keys(schema)
    try:
        whole = parse_json_markdown(text, parser=json.loads)
    except (json.JSONDecodeError, ValueError):
        whole = None
    parsed = _validated(whole, schema, keys)
    if parsed is not None:
        return parsed
    for candidate in _embedded(text):
        parsed = _validated(candidate, schema, keys)
        if parsed is not None:
            return parsed
    return None
