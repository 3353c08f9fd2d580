"""Named builders that graph factories choose from: meeting protocols, conflict strategies.

Both registries behave the same: names are snake_case and must not clash with a node of the
graph; registering an existing name raises `ValueError` unless `replace=True`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Generic, TypeVar

__all__ = ["Registry"]

B = TypeVar("B", bound=Callable[..., object])
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class Registry(Generic[B]):
    """A thread-safe name -> builder map with the registration rules above.

    Example:
        >>> reg = Registry("strategy", "conflict graph", reserved=("record_dissent",))
        >>> reg.register("coin", lambda *a: None)
        >>> reg.names()
        ['coin']
    """

    def __init__(
        self,
        what: str,
        graph: str,
        *,
        builtins: Mapping[str, B] | None = None,
        reserved: Iterable[str] = (),
    ) -> None:
        self._what, self._graph = what, graph
        self._reserved = frozenset(reserved)
        self._builders: dict[str, B] = dict(builtins or {})
        self._lock = threading.Lock()

    def register(self, name: str, builder: B, *, replace: bool = False) -> None:
        """Register `builder` under `name`.

        Raises:
            ValueError: `name` is not snake_case, is a node of the graph, or is registered
                already and `replace` is False.
            TypeError: `builder` is not callable.
        """
        if not isinstance(name, str) or not _NAME.match(name):
            raise ValueError(f"{self._what} name {name!r} must be snake_case, e.g. 'peer_review'")
        if name in self._reserved:
            raise ValueError(
                f"{self._what} name {name!r} is a node of the {self._graph}; pick another"
            )
        if not callable(builder):
            raise TypeError(f"builder for {self._what} {name!r} must be callable, got {builder!r}")
        with self._lock:
            if name in self._builders and not replace:
                raise ValueError(f"{self._what} {name!r} is already registered; pass replace=True")
            self._builders[name] = builder

    def names(self) -> list[str]:
        """The registered names, sorted."""
        with self._lock:
            return sorted(self._builders)

    def copy(self) -> Registry[B]:
        """An independent registry with the same entries (e.g. to isolate a test)."""
        return Registry(self._what, self._graph, builtins=self.snapshot(), reserved=self._reserved)

    def snapshot(self) -> dict[str, B]:
        """A copy of the registry, so a graph is built from one consistent view."""
        with self._lock:
            return dict(self._builders)
