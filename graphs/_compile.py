"""The one compile policy of every `create_*`: the council serializer and durability "sync".

With a checkpointer of its own (a `BaseCheckpointSaver`), every family's graph:
- saves with `council_serde()` when the saver uses LangGraph's default serializer (a shallow
  copy of the saver on the same connection; a saver with another serializer is left alone):
  this package's models round-trip under `LANGGRAPH_STRICT_MSGPACK=true`, and an input that
  cannot be saved (an int beyond 64 bits) fails naming the field, not inside msgpack;
- runs with `durability="sync"` by default: every step's writes are saved before the next
  step starts, so a crash never repeats a finished model call, turn or subtask (DESIGN
  section 9). An explicit `durability=` on `invoke`/`stream` still wins.

Every step is marked with the family and the graph's name for traces (`nodes._calls.tracing`):
`council.family` and `council.graph` as node metadata (kept out of the graph's own
checkpoints; a subgraph run by a step, e.g. a strategy, writes them into its namespaced ones,
as LangGraph does with any run metadata) and the `council:<family>` tag on the graph's own
run, inherited by every run below it.

Without a saver (`checkpointer=None`, or `True` for a subgraph that uses its parent's), the
graph compiles as LangGraph would: LangGraph 1.2's `ainvoke` fails on "sync" without a saver.

Private LangGraph import, and why: LangGraph 1.2 has no public compile-time durability
default, only the per-call `durability=` argument. `Pregel` reads its default from the run's
configurable key `CONFIG_KEY_DURABILITY` (`langgraph._internal._constants`), so the compiled
graph is bound with that key set. This module is the only place that names it (the package's
other private LangGraph import is `nodes._calls.node`); when LangGraph grows a public default,
change `_sync_durability` alone.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from langgraph._internal._constants import CONFIG_KEY_DURABILITY
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.graph import StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore
from langgraph.types import Checkpointer

from langgraph_council.checkpoints import with_council_serde
from langgraph_council.nodes._calls.tracing import step_marks

__all__ = ["compile_graph", "durability_key", "mark_steps"]

G = TypeVar("G", bound=CompiledStateGraph[Any, Any, Any, Any])


def durability_key() -> str:
    """The configurable key holding a run's durability (for the worker's nested graph)."""
    return CONFIG_KEY_DURABILITY


def _sync_durability(graph: G) -> G:
    """`graph` with `durability="sync"` as its default (an explicit `durability=` still wins)."""
    return graph.with_config({"configurable": {CONFIG_KEY_DURABILITY: "sync"}})


def mark_steps(graph: G, family: str) -> G:
    """`graph` with every step carrying the family and graph name (see above): each node's
    metadata, and the tag on the graph's run, which every run below inherits (tags are never
    saved in checkpoints; node metadata not in the graph's own, unlike a run config's)."""
    metadata, tags = step_marks(family, graph.name)
    for key, node in list(graph.nodes.items()):
        if not key.startswith("__"):
            graph.nodes[key] = node.copy({"metadata": {**(node.metadata or {}), **metadata}})
    return graph.with_config(tags=tags)


def compile_graph(
    builder: StateGraph[Any, Any, Any, Any],
    *,
    checkpointer: Checkpointer,
    store: BaseStore | None,
    name: str,
    family: str,
) -> Any:
    """`builder.compile(...)` under the policy above (typed by each factory's graph alias)."""
    if type(getattr(checkpointer, "serde", None)) is JsonPlusSerializer:
        checkpointer = with_council_serde(cast(BaseCheckpointSaver[Any], checkpointer))
    compiled = mark_steps(
        builder.compile(checkpointer=checkpointer, store=store, name=name), family
    )
    if isinstance(checkpointer, BaseCheckpointSaver):
        return _sync_durability(compiled)
    return compiled
