"""Where graphs run: never in nodes/ (import cycles and layers: tests/test_architecture.py)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = {"invoke", "ainvoke", "stream", "astream"}

ALLOWED_RUNS = {
    # The agent layer calls the chat model (or agent) a Roster holds (one call per turn).
    ("nodes/_calls/roster.py", "Roster.call", "plain.runnable.invoke"),
    ("nodes/_calls/roster.py", "Roster.acall", "plain.runnable.ainvoke"),
    ("nodes/_calls/roster.py", "Roster.call_structured", "runnable.invoke"),
    ("nodes/_calls/roster.py", "Roster.acall_structured", "runnable.ainvoke"),
    # A roster entry that is an agent the user supplied (a Runnable or compiled graph taking
    # messages) runs inside the calling node, as its subgraph.
    ("nodes/_calls/agent_runs.py", "run_agent", "agent.invoke"),
    ("nodes/_calls/agent_runs.py", "arun_agent", "agent.ainvoke"),
    # The worker's tool calls: LangChain tools, not graphs.
    ("nodes/_worker/loop.py", "WorkerSteps.run_tools", "tools[c['name']].invoke"),
    ("nodes/_worker/loop.py", "WorkerSteps.arun_tools", "tools[c['name']].ainvoke"),
    # The pipeline's executor node calls the executor the user supplied (a Runnable, a
    # compiled graph or a callable) through its `Executor` wrapper; nothing else.
    ("nodes/_pipeline/executor.py", "Executor.invoke", "executor.invoke"),
    ("nodes/_pipeline/executor.py", "Executor.ainvoke", "runnable.ainvoke"),
    ("nodes/_pipeline/execute.py", "make_execute_node.attempt", "executor.invoke"),
    ("nodes/_pipeline/execute.py", "make_execute_node.aattempt", "executor.ainvoke"),
}


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
