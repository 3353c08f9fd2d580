"""Every model call in the package goes through `nodes/_calls/node.py` (via `Roster`).

A source scan, so CI fails naming the file when a module calls a chat model directly: invokes
something that looks like a model, binds tools or a schema to one, takes a raw model from the
roster, or calls the roster itself instead of building a `model_node`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PACKAGE_DIRS = ("nodes", "graphs", "guards", "checkpoints")
ALLOWED = {
    "nodes/_calls/roster.py",
    "nodes/_calls/agent_runs.py",
    "nodes/_calls/node.py",
    "nodes/_calls/structured.py",
    "nodes/_calls/binding.py",
}
"""`roster.py` holds the chat models (Roster); `node.py` is the one call node; `structured.py`
binds a schema for Roster's structured calls and `binding.py` its output cap and tools for one
call (neither calls a model itself)."""

MODEL_METHODS = {"invoke", "ainvoke", "stream", "astream", "batch", "abatch", "generate"}
BINDING_METHODS = {"with_structured_output", "bind_tools", "model_for"}
ROSTER_METHODS = {"call", "acall", "call_structured", "acall_structured"}
MODELISH = re.compile(r"model|llm|chat", re.IGNORECASE)


def direct_model_calls(source: str) -> list[str]:
    """`line: code` of each call in `source` that reaches a chat model around the call node."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        method, receiver = node.func.attr, ast.unparse(node.func.value)
        if (
            method in BINDING_METHODS
            or (method in MODEL_METHODS and MODELISH.search(receiver))
            or (method in ROSTER_METHODS and "roster" in receiver.lower())
        ):
            found.append(f"{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def package_files() -> list[Path]:
    return sorted(p for d in PACKAGE_DIRS for p in (ROOT / d).rglob("*.py"))


def test_no_module_but_the_call_node_calls_a_chat_model() -> None:
    offenders = {}
    for path in package_files():
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED:
            continue
        calls = direct_model_calls(path.read_text(encoding="utf-8"))
        if calls:
            offenders[name] = calls
    assert not offenders, (
        "these modules call a chat model directly; build the node with "
        f"langgraph_council.nodes._calls.model_node instead: {offenders}"
    )


def test_the_scan_covers_the_package() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in package_files()}
    callers = {
        "nodes/_meetings/turns.py",
        "nodes/_conflicts/debate.py",
        "nodes/_delegation/flow.py",
    }
    assert names >= ALLOWED | callers


@pytest.mark.parametrize(
    "snippet",
    [
        "roster.model_for(agent).invoke(messages)",
        "reply = await self.llm.ainvoke(messages)",
        "judge = chat_model.with_structured_output(Verdict)",
        "bound = model.bind_tools([delegate_to])",
        "reply = roster.call('cto', prompt, max_tokens=10)",
        "out = await self._roster.acall_structured('cto', prompt, Verdict)",
    ],
)
def test_the_scan_finds_direct_calls(snippet: str) -> None:
    assert direct_model_calls(snippet), snippet


@pytest.mark.parametrize(
    "snippet",
    [
        "graph.invoke({'conflict': c}, config)",
        "await inner.ainvoke(state, config)",
        "roster.has_model('cto')",
        "roster.estimate_prompt_tokens('cto', prompt)",
    ],
)
def test_the_scan_leaves_graph_runs_alone(snippet: str) -> None:
    assert direct_model_calls(snippet) == []
