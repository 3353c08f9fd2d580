"""Names dropped from a facade stay importable for one release, warning once with their replacement.

A facade lists each dropped name with where it now lives and what to use instead; its module
`__getattr__` calls `dropped_name`, which imports the old object, warns once per name and
process (a `DeprecationWarning` naming the replacement) and returns it, so old code keeps
running while it is moved.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Mapping
from typing import Any, NamedTuple

__all__ = ["Dropped", "dropped_name", "warned_names"]


class Dropped(NamedTuple):
    """A name dropped from a facade: where the object it gives now lives, and what to use."""

    module: str
    attribute: str
    """The object returned in its place, in `module` (the old one, or its exact replacement)."""
    replacement: str


warned_names: set[str] = set()
"""`facade.name` for every dropped name that has warned in this process (tests clear it)."""


def dropped_name(facade: str, name: str, table: Mapping[str, Dropped]) -> Any:
    """The object `facade.name` used to export, warning once; AttributeError for unknown names.

    Raises:
        AttributeError: `name` is neither exported nor dropped (the ordinary error).
    """
    dropped = table.get(name)
    if dropped is None:
        raise AttributeError(f"module {facade!r} has no attribute {name!r}")
    key = f"{facade}.{name}"
    if key not in warned_names:
        warned_names.add(key)
        warnings.warn(
            f"{key} is deprecated and will be removed in the next release; "
            f"use {dropped.replacement} instead",
            DeprecationWarning,
            stacklevel=3,
        )
    return getattr(importlib.import_module(dropped.module), dropped.attribute)
