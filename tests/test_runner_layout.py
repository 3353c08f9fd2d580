"""Where graphs run: never in nodes/, and no import cycle or upward import between modules."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "langgraph_council"
FOLDERS = ("nodes", "guards", "checkpoints", "graphs")
RUNS = {"invoke", "ainvoke", "stream", "astream"}

ALLOWED_RUNS = {
    # The agent layer calls the chat model a Roster holds (one model call per turn).
    ("nodes/_agents.py", "Roster.call", "model.invoke"),
    ("nodes/_agents.py", "Roster.acall", "model.ainvoke"),
    ("nodes/_agents.py", "Roster.call_structured", "runnable.invoke"),
    ("nodes/_agents.py", "Roster.acall_structured", "runnable.ainvoke"),
    # The pipeline's executor node calls the executor the user supplied (a Runnable, a
    # compiled graph or a callable) through its `Executor` wrapper; nothing else.
    ("nodes/_pipeline/execute.py", "Executor.invoke", "executor.invoke"),
    ("nodes/_pipeline/execute.py", "Executor.ainvoke", "executor.ainvoke"),
    ("nodes/_pipeline/execute.py", "make_execute_node.execute", "executor.invoke"),
    ("nodes/_pipeline/execute.py", "make_execute_node.aexecute", "executor.ainvoke"),
}


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([PACKAGE, *parts])] = path
    return found


MODULES = _modules()


def _runs(path: Path) -> Iterator[tuple[str, str]]:
    """(enclosing qualname, `receiver.method`) of every invoke/stream-style call in `path`."""

    def walk(node: ast.AST, scope: tuple[str, ...]) -> Iterator[tuple[str, str]]:
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = (*scope, child.name)
            if (
                isinstance(child, ast.Call)
                and isinstance(child.func, ast.Attribute)
                and child.func.attr in RUNS
            ):
                yield ".".join(scope), f"{ast.unparse(child.func.value)}.{child.func.attr}"
            yield from walk(child, inner)

    yield from walk(ast.parse(path.read_text()), ())


def test_nodes_never_run_a_graph() -> None:
    found = {
        (path.relative_to(ROOT).as_posix(), scope, call)
        for path in (ROOT / "nodes").rglob("*.py")
        for scope, call in _runs(path)
    }
    assert found - ALLOWED_RUNS == set(), "run graphs in checkpoints/_runner, not in nodes/"
    assert ALLOWED_RUNS - found == set(), "an allowed call is gone: drop it from ALLOWED_RUNS"


def test_the_scan_sees_a_call_on_anything() -> None:
    path = ROOT / "tests" / "_scan_probe.py"
    path.write_text("def f(g):\n    return [x for x in g().stream(1)] + [g.ainvoke(2)]\n")
    try:
        assert sorted(_runs(path)) == [("f", "g().stream"), ("f", "g.ainvoke")]
    finally:
        path.unlink()


def _imports(path: Path) -> set[str]:
    """Package modules `path` imports, at module level or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found |= {n for n in names if n in MODULES}
    return found


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while (w := stack.pop()) != v:
                component.append(w)
            if component:
                cycles.append(sorted([v, *component]))

    for module in edges:
        if module not in index:
            visit(module)
    return cycles


def test_no_module_imports_itself_back() -> None:
    edges = {m: _imports(p) - {m} for m, p in MODULES.items()}
    assert _cycles(edges) == []


def test_the_cycle_finder_finds_a_function_body_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


@pytest.mark.parametrize("folder", ["nodes", "guards", "checkpoints"])
def test_folders_never_import_upward(folder: str) -> None:
    below = FOLDERS[: FOLDERS.index(folder) + 1]
    upward = {
        (module, target)
        for module, path in MODULES.items()
        if module.startswith(f"{PACKAGE}.{folder}")
        for target in _imports(path)
        if target.split(".")[1] not in below
    }
    assert upward == set()
