"""A graph's picture drawn offline: `get_graph()`'s nodes in layers, its edges as arrows.

LangGraph's `draw_mermaid_png` calls a web service by default and `draw_png` needs system
graphviz; this draws the same nodes and edges with matplotlib alone. Layers are the longest
path from the start node over the edges that do not close a loop; an edge back up (a loop) is
drawn curved, a conditional edge dashed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from langchain_core.runnables.graph import Edge, Graph

from langgraph_council.graphs._plots.figure import new_figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["graph_of", "layers", "shape_figure"]


def graph_of(subject: Any) -> Graph | None:
    """The drawable graph of a compiled graph, an uncompiled `StateGraph` or a `Graph`; None
    for anything else."""
    if isinstance(subject, Graph):
        return subject
    if hasattr(subject, "compile") and hasattr(subject, "add_node"):  # a StateGraph
        subject = subject.compile()
    get_graph = getattr(subject, "get_graph", None)
    return get_graph() if callable(get_graph) else None


def _forward_edges(graph: Graph) -> tuple[list[Edge], list[Edge]]:
    """(edges of a DAG, edges that close a loop), by a depth-first walk from the first node."""
    out: dict[str, list[Edge]] = {}
    for edge in graph.edges:
        out.setdefault(edge.source, []).append(edge)
    forward: list[Edge] = []
    back: list[Edge] = []
    state: dict[str, int] = {}  # 1 on the walk's path, 2 done

    def walk(node: str) -> None:
        state[node] = 1
        for edge in out.get(node, []):
            seen = state.get(edge.target)
            (back if seen == 1 else forward).append(edge)
            if seen is None:
                walk(edge.target)
        state[node] = 2

    for node in graph.nodes:
        if node not in state:
            walk(node)
    return forward, back


def layers(graph: Graph) -> tuple[dict[str, int], list[Edge]]:
    """Each node's layer (longest path from a node without incoming edges; the end node below
    every other) and the edges that close a loop."""
    forward, back = _forward_edges(graph)
    layer = {node: 0 for node in graph.nodes}
    for _ in range(len(graph.nodes)):  # relax: at most as many rounds as nodes
        changed = False
        for edge in forward:
            if layer[edge.target] < layer[edge.source] + 1:
                layer[edge.target] = layer[edge.source] + 1
                changed = True
        if not changed:
            break
    if "__end__" in layer and len(layer) > 1:
        layer["__end__"] = max(d for n, d in layer.items() if n != "__end__") + 1
    return layer, back


def _positions(layer: Mapping[str, int], edges: Sequence[Edge]) -> dict[str, tuple[float, float]]:
    """(x, y) per node: layers top to bottom; in each layer, nodes in the order of their
    parents' mean x (fewer crossings), centred."""
    parents: dict[str, list[str]] = {}
    for edge in edges:
        if layer[edge.source] < layer[edge.target]:
            parents.setdefault(edge.target, []).append(edge.source)
    at: dict[str, tuple[float, float]] = {}
    for depth in sorted(set(layer.values())):
        nodes = [n for n in layer if layer[n] == depth]

        def pull(node: str) -> float:
            xs = [at[p][0] for p in parents.get(node, []) if p in at]
            return sum(xs) / len(xs) if xs else 0.0

        nodes.sort(key=pull)
        at.update({n: (i - (len(nodes) - 1) / 2, -float(depth)) for i, n in enumerate(nodes)})
    return at


def _draw_edges(ax: Axes, edges: Sequence[Edge], at: Mapping[str, tuple[float, float]],
                back: Sequence[Edge]) -> None:  # fmt: skip
    loops = {(e.source, e.target) for e in back}
    for edge in edges:
        span = abs(at[edge.source][1] - at[edge.target][1])
        curved = (edge.source, edge.target) in loops or edge.source == edge.target
        bend = 0.45 if curved else (0.2 if span > 1 else 0.0)  # a long edge bows past nodes
        ax.annotate(
            "", xy=at[edge.target], xytext=at[edge.source],
            arrowprops={
                "arrowstyle": "->", "color": "0.35", "shrinkA": 14, "shrinkB": 14,
                "linestyle": "--" if edge.conditional else "-",
                "connectionstyle": f"arc3,rad={bend}",
            },
        )  # fmt: skip


def shape_figure(graph: Graph, *, title: str = "") -> Figure:
    """Nodes as boxes by layer (start at the top), edges as arrows."""
    layer, back = layers(graph)
    at = _positions(layer, graph.edges)
    width = max(len([n for n in layer if layer[n] == d]) for d in set(layer.values()))
    figure = new_figure(max(5.0, 2.1 * width), max(2.5, 0.62 * (max(layer.values()) + 1)))
    ax = figure.subplots()
    ax.set_axis_off()
    _draw_edges(ax, graph.edges, at, back)
    for node_id, node in graph.nodes.items():
        start_or_end = node_id in ("__start__", "__end__")
        box = ax.text(*at[node_id], node.name.strip("_") if start_or_end else node.name,
                      ha="center", va="center", fontsize=8,
                      bbox={"boxstyle": "round,pad=0.4", "edgecolor": "0.4",
                            "facecolor": "0.9" if start_or_end else "#e8eef8"})  # fmt: skip
        box.set_gid(f"node:{node_id}")
    xs = [x for x, _ in at.values()]
    ys = [y for _, y in at.values()]
    ax.set_xlim(min(xs) - 0.8, max(xs) + 0.8)
    ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)
    if title:
        ax.set_title(title, loc="left")
    return figure
