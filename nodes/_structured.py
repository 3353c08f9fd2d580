"""Structured replies from plain text: the JSON a model wrote instead of calling a tool.

Models without tool calling (or that answer in prose anyway) often still write the asked-for
JSON: as the whole reply, in a ```json fence, or embedded in prose. `parse_from_text` finds it
with langchain-core's `parse_json_markdown` (whole reply or fence), then scans for an embedded
object, and validates it into the schema. A JSON object that shares no field with the schema is
not taken for it, so prose quoting unrelated JSON still falls back to the caller's text parser.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from langchain_core.utils.json import parse_json_markdown
from pydantic import BaseModel, ValidationError

__all__ = ["parse_from_text"]

M = TypeVar("M", bound=BaseModel)

_MAX_EMBEDDED = 32  # objects tried in one reply: bounded work on long prose


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
    if not text or "{" not in text:
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
