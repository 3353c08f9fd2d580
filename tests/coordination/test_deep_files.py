"""A valid Python file that nests deeply never crashes the merge's AST checks: a 600-branch
`elif` chain or a 600-term sum is checked like any other file, and one nested deeper than
Python's own parser allows is merged and reported as not checked."""

from __future__ import annotations

import ast
from pathlib import Path

from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, build_coordination_graph
from langgraph_council.nodes import Org
from langgraph_council.nodes._semantic.checks import check_files, check_tree_within
from langgraph_council.nodes._semantic.scopes import chain_of
from tests.coordination.gitrepo import make_repo, no_git_identity
from tests.coordination.workspace_pipeline import TASK, Writer

from .conftest import rows

__all__ = ["no_git_identity"]

ELIF = (
    "import util\n\n\ndef pick(x):\n    if x == 0:\n        return util.helper(0)\n"
    + "".join(f"    elif x == {i}:\n        return util.helper({i})\n" for i in range(1, 600))
    + "    return util.helper(1, 2)\n"
)  # a 600-branch chain, ~25 KB, whose last call passes too many arguments
SUM = "import util\n\nTOTAL = " + " + ".join("util.helper(1)" for _ in range(600)) + "\n"
TOO_DEEP = "TOTAL = " + " + ".join("1" for _ in range(5_000)) + "\n"
UTIL = "def helper(a):\n    return a\n"


def test_a_600_branch_elif_and_a_600_term_sum_are_checked_without_crashing() -> None:
    assert len(ELIF) > 20_000
    issues = check_files({"util.py": UTIL.encode(), "pick.py": ELIF.encode()})
    assert [(i.kind, i.file) for i in issues] == [("signature_mismatch", "pick.py")]
    assert check_files({"util.py": UTIL.encode(), "total.py": SUM.encode()}) == ()
    gone = check_files({"util.py": b"X = 1\n", "total.py": SUM.encode()})
    assert {i.kind for i in gone} == {"removed_reference"}


def test_a_file_deeper_than_pythons_parser_is_skipped_not_a_syntax_error(tmp_path: Path) -> None:
    (tmp_path / "deep.py").write_text(TOO_DEEP)
    (tmp_path / "use.py").write_text("from deep import TOTAL\n")
    found = check_tree_within(tmp_path, ["deep.py", "use.py"], None)
    assert found.issues == ()
    assert found.skipped == {"deep.py": "nested deeper than Python's parser allows"}


def test_a_long_attribute_chain_is_read_without_recursion() -> None:
    expr: ast.expr = ast.Name(id="a")
    for _ in range(5_000):  # deeper than the parser goes: built by hand
        expr = ast.Attribute(value=expr, attr="b")
    chain = chain_of(expr)
    assert chain is not None and len(chain) == 5_001 and chain[:2] == ("a", "b")


def test_deep_files_merge_with_a_reported_skip_and_resume_through_the_merge(
    org: Org, tmp_path: Path
) -> None:
    repo = make_repo(tmp_path / "repo", {"util.py": UTIL})
    edits = {"a": {"pick.py": ELIF.replace("util.helper(1, 2)", "util.helper(1)")}}
    edits["b"] = {"deep.py": TOO_DEEP, "total.py": SUM}
    graph = build_coordination_graph(
        org, executor=Writer(edits), decomposer=ManualDecomposer(rows({"a": [], "b": []})),
        workspace=WorkspaceConfig(repo_path=repo),
    ).compile(checkpointer=InMemorySaver(), interrupt_before=["merge_subtasks"])  # fmt: skip
    thread = {"configurable": {"thread_id": "deep"}}
    graph.invoke({"task": TASK}, thread)
    assert graph.get_state(thread).next == ("merge_subtasks",)
    out = graph.invoke(None, thread)  # the merge runs on resume, as after a crash
    while "result" not in out:
        out = graph.invoke(None, thread)
    result = out["result"]
    assert result.rollup == "completed", [p.error for p in result.phases if p.error]
    assert [result.merge(s).status for s in ("a", "b")] == ["merged", "merged"]
    assert "deep.py" in result.merge("b").semantic_skipped
    assert "deep.py (nested deeper than Python's parser allows)" in result.merge("b").message
