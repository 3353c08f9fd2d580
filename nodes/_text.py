"""Text PostgreSQL can store: U+0000 (NUL) never reaches a checkpoint, a record or a row.

PostgreSQL refuses NUL in `text` and `jsonb`; one NUL in a stored value made every later write
of the thread fail the same way, so the thread could never finish. At the boundaries:

- what a model wrote (reply text, parsed structured output, tool-call arguments) has each NUL
  replaced by U+FFFD, the Unicode replacement character, and the count is kept on the reply
  (`AgentReply.nul_replaced`);
- what a user or a human supplies (agendas, conflicts, decisions, delegation tasks and answers)
  is refused with an error naming the field (`refuse_nul`), so nothing is changed silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationInfo, field_validator

__all__ = ["NUL", "NUL_REPLACEMENT", "NulFree", "refuse_nul", "replace_nul", "scrub_nul"]

NUL = "\x00"
NUL_REPLACEMENT = "\ufffd"

T = TypeVar("T")


def replace_nul(text: str) -> tuple[str, int]:
    """`text` with every NUL replaced by U+FFFD, and how many there were.

    Example:
        >>> replace_nul("a\\x00b")
        ('a\\ufffdb', 1)
    """
    count = text.count(NUL)
    return (text.replace(NUL, NUL_REPLACEMENT), count) if count else (text, 0)


def _scrub(value: Any) -> tuple[Any, int]:
    if isinstance(value, str):
        return replace_nul(value)
    if isinstance(value, BaseModel):
        data, count = _scrub(value.model_dump())
        return (type(value).model_validate(data), count) if count else (value, 0)
    if isinstance(value, Mapping):
        pairs = [(_scrub(k), _scrub(v)) for k, v in value.items()]
        count = sum(k[1] + v[1] for k, v in pairs)
        return ({k[0]: v[0] for k, v in pairs}, count) if count else (value, 0)
    if isinstance(value, list | tuple):
        items = [_scrub(item) for item in value]
        count = sum(n for _, n in items)
        return (type(value)(item for item, _ in items), count) if count else (value, 0)
    return value, 0


def scrub_nul(value: T) -> tuple[T, int]:
    """`value` (text, a pydantic model, or mappings and sequences of them) with every NUL in
    its strings replaced, and how many there were; unchanged values are returned as they are."""
    scrubbed, count = _scrub(value)
    return scrubbed, count


def _holds_nul(value: Any) -> bool:
    if isinstance(value, str):
        return NUL in value
    if isinstance(value, BaseModel):
        return any(_holds_nul(getattr(value, name)) for name in type(value).model_fields)
    if isinstance(value, Mapping):
        return any(_holds_nul(k) or _holds_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_holds_nul(item) for item in value)
    return False


def refuse_nul(value: T, field: str) -> T:
    """`value` itself when no string in it holds NUL; else `ValueError` naming `field`."""
    if _holds_nul(value):
        raise ValueError(f"{field} contains U+0000 (NUL), which PostgreSQL cannot store; remove it")
    return value


class NulFree(BaseModel):
    """Base of models users fill in: a string holding NUL is refused, naming the field."""

    @field_validator("*")
    @classmethod
    def _refuse_nul(cls, value: Any, info: ValidationInfo) -> Any:
        return refuse_nul(value, info.field_name or "value")
