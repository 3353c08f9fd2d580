"""The checkpoint serializer our Postgres savers use: LangGraph's, with errors that name the field.

LangGraph stores channel values as msgpack, whose integers stop at 64 bits. A bigger number in
a graph's input (a `token_budget` of 2**64) failed with "Integer exceeds 64-bit range" while the
input checkpoint was saved, before any node could check it; this serializer says which value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

import ormsgpack
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from pydantic import BaseModel

__all__ = ["CouncilSerializer"]

_LOWEST, _HIGHEST = -(2**63), 2**64 - 1


def _too_big(value: Any, path: str, depth: int = 0) -> tuple[str, int] | None:
    """The path and value of the first integer msgpack cannot hold, if any."""
    if depth > 50:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return (path or "value", value) if not _LOWEST <= value <= _HIGHEST else None
    if isinstance(value, BaseModel):
        items: Any = ((name, getattr(value, name)) for name in type(value).model_fields)
    elif is_dataclass(value) and not isinstance(value, type):
        items = ((f.name, getattr(value, f.name)) for f in fields(value))
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
