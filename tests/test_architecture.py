"""The package's shape, read from its source: no import cycle, and the layers import one way.

Every module of `graphs/ nodes/ guards/ checkpoints/` is parsed with `ast`; each import, at
module level or inside a function, becomes an edge to the module it names (`from a.b import c`
points at `a.b.c` when `c` is a submodule, else at `a.b`). Imports under `if TYPE_CHECKING:`
never run and are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGE = "langgraph_council"
LAYERS = ("nodes", "guards", "checkpoints", "graphs")  # each may import only those before it


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for layer in LAYERS
        for path in sorted((ROOT / layer).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: all but those under `if TYPE_CHECKING:`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (i for n in node.orelse for i in _imports_in(n))
            continue
        yield from _imports(node)


def _imports_in(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    yield from _imports(node)


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    is_package = MODULES[module].name == "__init__.py"
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in MODULES)
        return
    named = _absolute(module, node)
    for alias in node.names:
        sub = f"{named}.{alias.name}"
        if sub in MODULES:
            yield sub
        elif named in MODULES:
            yield named


def _graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        edges[module] = {
            target
            for node in _imports(tree)
            for target in _targets(module, node)
            if target != module
        }
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:  # iterative, so a deep graph cannot hit the recursion limit
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(found)


def _one_loop(edges: dict[str, set[str]], component: list[str]) -> list[str]:
    """A shortest path from the component's first module back to itself, for the message."""
    members, start = set(component), component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node] & members):
                if child == start:
                    return [*paths[node], start]
                if child not in paths:
                    paths[child] = [*paths[node], child]
                    following.append(child)
        frontier = following
    return component


def test_the_scan_sees_every_layer_and_resolves_submodule_imports() -> None:
    edges = _graph()
    assert {m.split(".")[1] for m in edges} == set(LAYERS)
    assert sum(len(targets) for targets in edges.values()) > len(edges)  # it found imports
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# Cycles being removed elsewhere; empty since the code that runs graphs moved to
# checkpoints/_runner (issue 19 item 2). A new entry makes the strict xfail below expected.
KNOWN_CYCLES: list[list[str]] = []


def _loops() -> tuple[list[list[str]], str]:
    edges = _graph()
    cycles = _cycles(edges)
    loops = "\n".join(" -> ".join(_one_loop(edges, c)) for c in cycles)
    print(loops)
    return cycles, "import cycles (module-level or in a function body):\n" + loops


def test_no_import_cycle_but_the_known_ones() -> None:
    cycles, message = _loops()
    assert [c for c in cycles if c not in KNOWN_CYCLES] == [], message


@pytest.mark.xfail(
    bool(KNOWN_CYCLES), strict=True, reason=f"known cycles, being removed: {KNOWN_CYCLES}"
)
def test_no_import_cycle_between_modules() -> None:
    cycles, message = _loops()
    assert not cycles, message


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_only_the_layers_below_it(layer: str) -> None:
    above = {f"{PACKAGE}.{name}" for name in LAYERS[LAYERS.index(layer) + 1 :]}
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in _graph().items()
        if module.split(".")[1] == layer
        for target in targets
        if ".".join(target.split(".")[:2]) in above
    )
    assert not upward, f"{layer} imports a layer above it:\n" + "\n".join(upward)
