"""Which graph a thread belongs to, written into every checkpoint the graph writes.

A graph the CLI or Studio builds is bound (`Pregel.with_config`) to checkpoint metadata naming
it: `council_graph` (plus `council_protocol` for a meeting, `council_file` for `council run`).
LangGraph copies a run config's string metadata into each checkpoint it writes, so the name
survives resumes from any caller (`escalations decide`, a server replica) and `keep_latest`
pruning, and `council threads` can always rebuild the thread's graph.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph.pregel import Pregel

__all__ = [
    "FILE_KEY",
    "GRAPH_KEY",
    "GRAPH_PREFIX",
    "PROTOCOL_KEY",
    "SCHEDULE_GRAPH",
    "STUDIO_PREFIX",
    "graph_label",
    "graph_tags",
    "label_of",
    "tag_graph",
]

GRAPH_KEY = "council_graph"
PROTOCOL_KEY = "council_protocol"
FILE_KEY = "council_file"
STUDIO_PREFIX = "studio:"
"""`council_graph` of a thread made by a `langgraph.json` graph: `studio:<graph id>`."""
SCHEDULE_GRAPH = "schedule"
"""`council_graph` of a thread `council schedule FILE` ran (with the file and the protocol)."""
GRAPH_PREFIX = "graph:"
"""`council_graph` of a thread run through `--graph`: `graph:<module or file.py>:<factory>`."""

_KEYS = (GRAPH_KEY, PROTOCOL_KEY, FILE_KEY)


def graph_tags(metadata: Mapping[str, Any] | None) -> dict[str, str]:
    """The council keys of `metadata` (a checkpoint's or a graph's config)."""
    return {k: str(v) for k, v in (metadata or {}).items() if k in _KEYS and v}


def tag_graph(graph: Pregel[Any, Any], **tags: str) -> Pregel[Any, Any]:
    """`graph`, bound to write `tags` (`council_graph=...`) into every checkpoint's metadata."""
    return graph.with_config(metadata=tags)


def graph_label(metadata: Mapping[str, Any] | None) -> str | None:
    """How `council threads` names a thread's graph (`meeting:round_robin`, `file:PATH`,
    `studio:conflict`, `graph:MODULE:FACTORY`), or None when no council graph wrote it."""
    tags = graph_tags(metadata)
    name = tags.get(GRAPH_KEY)
    if name == "file" and tags.get(FILE_KEY):
        return f"file:{tags[FILE_KEY]}"
    if name == SCHEDULE_GRAPH and tags.get(FILE_KEY):
        return f"schedule:{tags.get(PROTOCOL_KEY, '')}:{tags[FILE_KEY]}"
    if name == "meeting" and tags.get(PROTOCOL_KEY):
        return f"meeting:{tags[PROTOCOL_KEY]}"
    return name


def label_of(graph: Pregel[Any, Any]) -> str | None:
    """The label `graph` writes into its checkpoints (None: an untagged graph)."""
    return graph_label((graph.config or {}).get("metadata"))
