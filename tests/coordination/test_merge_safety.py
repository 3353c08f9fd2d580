"""What a merge never takes on trust: a link out of the worktree (held, then never followed by
a later subtask) and a file too big for the AST checks (merged, reported as not checked)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, create_coordination_graph
from langgraph_council.nodes import Org
from langgraph_council.nodes._workspace.merge_engine import apply_decision, merge_subtask
from langgraph_council.nodes._workspace.worktrees import RunWorkspace
from tests.coordination.gitrepo import commit_all, config, git, make_repo, no_git_identity, snapshot
from tests.coordination.workspace_pipeline import TASK, Writer

__all__ = ["no_git_identity"]

APP = "def main():\n    return 0\n"
LINK_THEN_WRITE = [
    {"id": "a", "title": "Add notes", "required_skills": ["python"]},
    {"id": "b", "title": "Write notes", "required_skills": ["python"], "dependencies": ["a"]},
]
BY = {"reasoning": "looked at it", "decided_by": "human:dana"}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo", {"README.md": "the user's readme\n", "app.py": APP})


def _link(target: str) -> Any:
    def make(root: Path) -> None:
        os.symlink(target, root / "notes.md")

    return make


def _target(repo: Path, kind: str, worktree: Path) -> str:
    """The user's README, absolute or relative to a subtask worktree (`tasks/<id>`)."""
    readme = repo / "README.md"
    return str(readme) if kind == "absolute" else os.path.relpath(readme, worktree)


@pytest.mark.parametrize("kind", ["absolute", "relative"])
def test_a_link_out_is_held_and_a_later_subtask_never_writes_through_it(
    org: Org, repo: Path, kind: str
) -> None:
    before = snapshot(repo)
    tasks = repo / ".git" / "council-worktrees" / "x" / "tasks" / "a"  # same depth as any run's
    edits = {
        "a": {"notes.md": _link(_target(repo, kind, tasks))},
        "b": {"notes.md": "overwritten by b\n", "b.md": "b\n"},
    }
    writer = Writer(edits)
    graph = create_coordination_graph(
        org, executor=writer, decomposer=ManualDecomposer(LINK_THEN_WRITE),
        workspace=WorkspaceConfig(repo_path=repo), checkpointer=InMemorySaver(),
    )  # fmt: skip
    thread = {"configurable": {"thread_id": f"link-{kind}"}}
    asked = graph.invoke({"task": TASK}, thread)["__interrupt__"][0].value
    assert (asked["subtask"], asked["status"]) == ("a", "semantic_conflict")
    assert asked["files"] == ["notes.md"]
    assert any(i.startswith("unsafe_symlink in notes.md") for i in asked["issues"])
    assert "notes.md" in asked["message"] and writer.calls == ["a"]
    assert snapshot(repo) == before
    # A person keeps the link: b's worktree gets it off the disk, so b writes a plain file.
    out = graph.invoke(Command(resume={"decision": "keep", **BY}), thread)["result"]
    assert out.rollup == "completed" and writer.calls == ["a", "b"]
    assert [i.kind for i in out.merge("a").semantic_issues] == ["unsafe_symlink"]
    assert out.merge("b").untracked_writes == ("notes.md",)  # reported, not merged
    assert out.outcome("b").untracked_writes == ("notes.md",)
    assert (repo / "README.md").read_text() == "the user's readme\n"
    assert snapshot(repo) == before


def test_dropping_the_held_link_fails_its_subtask(org: Org, repo: Path) -> None:
    before = snapshot(repo)
    writer = Writer({"a": {"notes.md": _link(str(repo / "app.py"))}, "b": {"b.md": "b\n"}})
    graph = create_coordination_graph(
        org, executor=writer, decomposer=ManualDecomposer(LINK_THEN_WRITE),
        workspace=WorkspaceConfig(repo_path=repo), checkpointer=InMemorySaver(),
    )  # fmt: skip
    thread = {"configurable": {"thread_id": "drop"}}
    graph.invoke({"task": TASK}, thread)
    out = graph.invoke(Command(resume={"decision": "drop", **BY}), thread)["result"]
    assert out.statuses == {"a": "failed", "b": "blocked"} and writer.calls == ["a"]
    assert "notes.md" not in git(repo, "ls-tree", "--name-only", out.integration.branch)
    assert snapshot(repo) == before


def _commit_link(workspace: RunWorkspace, subtask: str, rel: str, target: str) -> Path:
    tree = workspace.create_worktree(subtask).path
    (tree / rel).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(target, tree / rel)
    commit_all(tree, f"{subtask}: link {rel}")
    return tree


def test_links_are_resolved_as_the_system_does_even_without_ast_checks(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo, semantic_analysis=False), "run-1")
    tree = _commit_link(workspace, "here", "self", ".")  # inside: the worktree itself
    (tree / "docs").mkdir()
    (tree / "docs" / "v2.md").write_text("v2\n")
    os.symlink("v2.md", tree / "docs" / "latest.md")
    commit_all(tree, "here: docs")
    assert merge_subtask(workspace, "here").status == "merged"
    _commit_link(workspace, "chain", "out", "self/../outside.txt")  # self/.. leaves the tree
    held = merge_subtask(workspace, "chain")
    assert held.status == "semantic_conflict" and held.files == ("out",)
    assert held.semantic_issues[0].kind == "unsafe_symlink"
    kept = apply_decision(workspace, "chain", "keep")
    assert kept.status == "merged" and [i.file for i in kept.semantic_issues] == ["out"]
    later = workspace.create_worktree("later").path
    assert not os.path.lexists(later / "out") and (later / "self").is_symlink()
    assert git(later, "status", "--porcelain") == ""  # git does not see the link as removed


def _commit_files(workspace: RunWorkspace, subtask: str, files: dict[str, str]) -> None:
    tree = workspace.create_worktree(subtask).path
    for rel, text in files.items():
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree / rel).write_text(text)
    commit_all(tree, f"{subtask}: {', '.join(files)}")


def test_a_file_over_the_size_limit_merges_and_is_reported_not_checked(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo, semantic_max_file_bytes=400), "run-1")
    big = "def f(a):\n    return a\n\n\ndef f(a):\n    return a\n" + "X = 1\n" * 80
    use = "import big\nfrom big import gone\n\nbig.missing(1, 2, 3)\n"
    _commit_files(workspace, "gen", {"big.py": big, "use.py": use})
    merged = merge_subtask(workspace, "gen")
    assert merged.status == "merged", merged.message
    assert merged.semantic_skipped == ("big.py",) and merged.semantic_issues == ()
    assert "big.py (over semantic_max_file_bytes" in merged.message
    small = "def g():\n    return 1\n\n\ndef g():\n    return 2\n"  # still checked
    _commit_files(workspace, "dup", {"small.py": small})
    held = merge_subtask(workspace, "dup")
    assert held.status == "semantic_conflict" and held.files == ("small.py",)
    assert held.semantic_skipped == ("big.py",)


def test_files_past_the_byte_budget_are_reported_not_checked(repo: Path) -> None:
    workspace = RunWorkspace.open(config(repo, semantic_budget_bytes=60), "run-1")
    _commit_files(workspace, "a", {"a1.py": "A = 1\n" * 5, "a2.py": "def h(): ...\n" * 6})
    merged = merge_subtask(workspace, "a")
    assert merged.status == "merged"  # a2.py's duplicate definitions were not checked
    assert "a2.py" in merged.semantic_skipped and "over semantic_budget_bytes" in merged.message


def test_the_integration_tree_is_checked_once_per_commit(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from langgraph_council.nodes._workspace import merge_checks

    calls: list[str] = []
    real = merge_checks.check_tree_within

    def counting(*args: Any) -> Any:
        calls.append("check")
        return real(*args)

    monkeypatch.setattr(merge_checks, "check_tree_within", counting)
    workspace = RunWorkspace.open(config(repo, semantic_max_file_bytes=12_345), "run-1")
    for sid in ("a", "b", "c"):
        _commit_files(workspace, sid, {f"{sid}.py": f"{sid.upper()} = 1\n"})
    assert [merge_subtask(workspace, s).status for s in "abc"] == ["merged"] * 3
    assert len(calls) == 4  # the first baseline, then each merged tree (the next baseline)


def test_a_50_mb_generated_module_merges_reported_as_not_checked(org: Org, repo: Path) -> None:
    def generate(root: Path) -> None:
        line = "VALUE_{:08d} = {:08d}  # generated\n"
        with (root / "generated.py").open("w") as out:
            for start in range(0, 1_400_000, 100_000):
                out.write("".join(line.format(i, i) for i in range(start, start + 100_000)))

    writer = Writer({"gen": {"generated.py": generate}})
    graph = create_coordination_graph(
        org, executor=writer,
        decomposer=ManualDecomposer([{"id": "gen", "title": "Generate", "required_skills": []}]),
        workspace=WorkspaceConfig(repo_path=repo),
    )  # fmt: skip
    out = graph.invoke({"task": TASK}, {"configurable": {"thread_id": "big"}})["result"]
    merged = out.merge("gen")
    assert out.rollup == "completed" and merged.status == "merged"
    assert merged.semantic_skipped == ("generated.py",)
    assert "over semantic_max_file_bytes (54,600,000 bytes)" in merged.message
