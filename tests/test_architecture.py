"""The package's shape, read from its source: no import cycle, and the layers import one way.

Every module of `graphs/ nodes/ guards/ checkpoints/` is parsed with `ast`; each import, at
module level or inside a function, becomes an edge to the module it names (`from a.b import c`
points at `a.b.c` when `c` is a submodule, else at `a.b`). Imports under `if TYPE_CHECKING:`
never run and are left out.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGE = "langgraph_council"
LAYERS = ("nodes", "guards", "checkpoints", "graphs")  # each may import only those before it
NODES_ORDER = (
    "foundation",  # the top-level modules of nodes/ (`_errors`, `_text`, `_org`, ...)
    # engines
    "_records",
    "_calls",
    "_escalation",
    "_semantic",
    "_workspace",
    "_memory",
    # families
    "_conflicts",
    "_meetings",
    "_delegation",
    "_pipeline",
    "_worker",
    # the public modules: testing helpers, the exception tree, then the facade
    "testing",
    "errors",
    "__init__",
)
"""The parts of nodes/, bottom to top: each may import only itself and those before it (under
`if TYPE_CHECKING:` too). A new sub-package of nodes/ takes its place here."""


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def _modules(root: Path = ROOT) -> dict[str, Path]:
    return {
        _module_name(path, root): path
        for layer in LAYERS
        for path in sorted((root / layer).rglob("*.py"))
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


def _every_import(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, those under `if TYPE_CHECKING:` included."""
    yield from (n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom))


def _absolute(module: str, node: ast.ImportFrom, modules: dict[str, Path]) -> str:
    if not node.level:
        return node.module or ""
    is_package = modules[module].name == "__init__.py"
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _targets(
    module: str, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]
) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names if alias.name in modules)
        return
    named = _absolute(module, node, modules)
    for alias in node.names:
        sub = f"{named}.{alias.name}"
        if sub in modules:
            yield sub
        elif named in modules:
            yield named


def _graph(root: Path = ROOT, *, type_checking: bool = False) -> dict[str, set[str]]:
    """Module -> the package modules it imports (those under TYPE_CHECKING if asked)."""
    modules = MODULES if root == ROOT else _modules(root)
    statements = _every_import if type_checking else _imports
    edges: dict[str, set[str]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        edges[module] = {
            target
            for node in statements(tree)
            for target in _targets(module, node, modules)
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


def _nodes_part(module: str) -> str | None:
    """Which entry of NODES_ORDER a module of nodes/ belongs to (None outside nodes/)."""
    parts = module.split(".")
    if parts[:2] != [PACKAGE, "nodes"]:
        return None
    if len(parts) == 2:
        return "__init__"
    if len(parts) == 3 and (ROOT / "nodes" / parts[2]).is_dir():
        return parts[2]
    if len(parts) == 3 and parts[2].startswith("_"):
        return "foundation"
    return parts[2]


def _upward_in_nodes(edges: dict[str, set[str]]) -> list[str]:
    """Imports from a part of nodes/ to a part after it in NODES_ORDER (or to an unplaced one)."""
    found = []
    for module, targets in sorted(edges.items()):
        source = _nodes_part(module)
        for target in sorted(targets):
            part = _nodes_part(target)
            if source is None or part is None or part == source:
                continue
            if source not in NODES_ORDER or part not in NODES_ORDER:
                found.append(f"{module} -> {target} (place both in NODES_ORDER)")
            elif NODES_ORDER.index(part) > NODES_ORDER.index(source):
                found.append(f"{module} ({source}) -> {target} ({part})")
    return found


def test_every_part_of_nodes_has_its_place_in_the_order() -> None:
    parts = {_nodes_part(module) for module in MODULES} - {None}
    assert parts == set(NODES_ORDER), f"unplaced: {parts - set(NODES_ORDER)}"


def test_nodes_parts_import_only_those_below_them() -> None:
    upward = _upward_in_nodes(_graph(type_checking=True))
    assert not upward, "nodes/ imports upward (see NODES_ORDER):\n" + "\n".join(upward)


def test_the_order_check_fails_on_one_upward_import_in_a_copy(tmp_path: Path) -> None:
    for layer in LAYERS:
        shutil.copytree(
            ROOT / layer, tmp_path / layer, ignore=shutil.ignore_patterns("__pycache__")
        )
    assert _upward_in_nodes(_graph(tmp_path, type_checking=True)) == []  # the copy is clean
    engine = tmp_path / "nodes" / "_workspace" / "git.py"
    engine.write_text(
        engine.read_text()
        + "\nif TYPE_CHECKING:\n    from langgraph_council.nodes._pipeline.models import Task\n"
    )
    assert _upward_in_nodes(_graph(tmp_path, type_checking=True)) == [
        f"{PACKAGE}.nodes._workspace.git (_workspace) -> {PACKAGE}.nodes._pipeline.models "
        "(_pipeline)"
    ]
