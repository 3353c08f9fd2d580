"""Named builders that graph factories choose from: meeting protocols, conflict strategies.

One plugin contract for both registries. A builder is called as `builder(org, roster, config)`
(`roster` may be None where the family runs without models; `config` is the family's
build-time config) and returns a `StateGraph` of the plugin's steps from START to END over the
family's plugin state (`MeetingState`; `StrategyInput` -> `StrategyOutput`). The factory adds
it under the registered name: a conflict strategy as a subgraph node named after it, a
meeting protocol spliced flat between `open_meeting` and `finalize` (`splice()`: its nodes stay
the meeting's own, so they stream and checkpoint one by one; a node may end the meeting early
with `Command(goto="finalize")`). A compiled graph or any Runnable is accepted too and added
as one node named after the plugin.

Both registries behave the same: names are snake_case and must not clash with a node of the
graph; registering an existing name raises `ValueError` unless `replace=True`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeAlias, TypeVar

from langchain_core.runnables import Runnable
from langgraph.graph import END, START, StateGraph

from langgraph_council.nodes._calls.roster import Roster
from langgraph_council.nodes._input_errors import InvalidInputError, InvalidInputTypeError
from langgraph_council.nodes._org import Org

__all__ = ["PluginBuilder", "PluginGraph", "Registry", "add_plugin", "splice"]

PluginGraph: TypeAlias = "StateGraph[Any, Any, Any, Any] | Runnable[Any, Any]"
"""What a plugin builder returns: its steps as a `StateGraph` (or a compiled graph/Runnable)."""

PluginBuilder: TypeAlias = Callable[[Org, Roster | None, Any], PluginGraph]
"""`builder(org, roster, config) -> StateGraph`: the one contract of both registries."""

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
            raise InvalidInputError(
                f"{self._what} name {name!r} must be snake_case, e.g. 'peer_review'"
            )
        if name in self._reserved:
            raise InvalidInputError(
                f"{self._what} name {name!r} is a node of the {self._graph}; pick another"
            )
        if not callable(builder):
            raise InvalidInputTypeError(
                f"builder for {self._what} {name!r} must be callable, got {builder!r}"
            )
        with self._lock:
            if name in self._builders and not replace:
                raise InvalidInputError(
                    f"{self._what} {name!r} is already registered; pass replace=True"
                )
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


def add_plugin(
    graph: StateGraph[Any, Any, Any, Any], name: str, built: object, *, flat: bool
) -> None:
    """Add a plugin builder's result to `graph` as node `name` (or, `flat`, its nodes spliced).

    Raises:
        TypeError: `built` is neither a `StateGraph` nor a Runnable.
    """
    if isinstance(built, StateGraph):
        if flat:
            splice(graph, built)
        else:
            graph.add_node(name, built.compile(name=name))  # its run is named `name` too
    elif isinstance(built, Runnable) or callable(built):
        graph.add_node(name, built)
    else:
        raise InvalidInputTypeError(
            f"the builder of {name!r} must return a StateGraph (or a compiled graph), "
            f"got {type(built).__name__}"
        )


def splice(
    graph: StateGraph[Any, Any, Any, Any],
    fragment: StateGraph[Any, Any, Any, Any],
    *,
    after: str = "open_meeting",
    before: str = "finalize",
) -> None:
    """Copy `fragment`'s nodes and edges into `graph`: its START continues from `after`, its
    END leads to `before`. Node names, destinations, policies and metadata are kept.

    Raises:
        ValueError: A node of `fragment` is already a node of `graph`.
    """

    def at(node: str) -> str:
        return after if node == START else before if node == END else node

    for name, spec in fragment.nodes.items():
        if spec.is_error_handler:
            continue
        if name in graph.nodes:
            raise InvalidInputError(f"node {name!r} is already a node of the graph; rename it")
        handler = spec.error_handler_node
        graph.add_node(
            name,
            spec.runnable,
            defer=spec.defer,
            metadata=spec.metadata,
            input_schema=spec.input_schema,
            retry_policy=spec.retry_policy,
            cache_policy=spec.cache_policy,
            error_handler=None if handler is None else fragment.nodes[handler].runnable,
            destinations=spec.ends,
            timeout=spec.timeout,
            trace_policy=spec.trace_policy,
        )
    for start, end in sorted(fragment.edges):
        graph.add_edge(at(start), at(end))
    for starts, end in sorted(fragment.waiting_edges):
        graph.add_edge([at(s) for s in starts], at(end))
    for source, branches in fragment.branches.items():
        for branch in branches.values():
            ends = None if branch.ends is None else {k: at(v) for k, v in branch.ends.items()}
            graph.add_conditional_edges(at(source), branch.path, ends)
