"""A row of user input as a pydantic model: the model itself, or a mapping of its fields.

An org's `agents` and a plan's subtasks are both given this way; the caller words the errors,
so each names its own field and fix.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from pydantic import BaseModel, ValidationError

__all__ = ["model_row"]

M = TypeVar("M", bound=BaseModel)


def model_row(
    model: type[M],
    row: object,
    *,
    not_a_mapping: Callable[[], Exception],
    invalid: Callable[[Mapping[str, object], ValidationError], Exception],
) -> M:
    """`row` if it is a `model`, else the mapping `row` validated as one.

    Raises:
        Exception: `not_a_mapping()` for any other value, `invalid(row, error)` when the
            mapping does not validate (raised `from None`: the caller's message says it all).
    """
    if isinstance(row, model):
        return row
    if not isinstance(row, Mapping):
        raise not_a_mapping()
    try:
        return model.model_validate(dict(row))
    except ValidationError as exc:
        raise invalid(row, exc) from None
