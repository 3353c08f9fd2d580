"""The worker's tools are bounded and keep away from git: a FIFO or a catastrophic regex does not
hang `search`, `.git` is neither listed nor searched, git-control files are never written, and
one reply's tool calls are capped."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool

from langgraph_council.graphs import worktree_agent
from langgraph_council.nodes._pipeline.models import Subtask, SubtaskRun
from langgraph_council.nodes._worker.tools import file_tools
from tests.coordination.gitrepo import git, make_repo, no_git_identity
from tests.worker.scripted import SubtaskScript, act, roster_for, worker_org

__all__ = ["no_git_identity"]


def _tools(root: Path) -> dict[str, BaseTool]:
    return {t.name: t for t in file_tools(root)}


def _call(tools: dict[str, BaseTool], name: str, **args: object) -> ToolMessage:
    out = tools[name].invoke({"name": name, "args": args, "id": "c1", "type": "tool_call"})
    assert isinstance(out, ToolMessage)
    return out


@pytest.fixture
def worktree(tmp_path: Path) -> Path:
    """A real git worktree of a repository: its `.git` is a gitfile naming the repository."""
    repo = make_repo(tmp_path / "repo", {"app.py": "x = 1\n", "sub/.gitignore": "*.log\n"})
    git(repo, "worktree", "add", "-q", "-b", "work", str(tmp_path / "wt"))
    return tmp_path / "wt"


def test_search_skips_a_fifo_instead_of_blocking_on_it(worktree: Path) -> None:
    os.mkfifo(worktree / "pipe.py")  # nobody ever writes to it: reading it blocks for ever
    tools = _tools(worktree)
    found = _call(tools, "search", pattern="x = 1")
    assert found.status != "error" and found.content == "app.py:1: x = 1"
    assert _call(tools, "search", pattern="x", regex=True).content == "app.py:1: x = 1"
    assert "no matches" in str(_call(tools, "search", pattern="x", path="pipe.py").content)


def test_a_catastrophic_regex_ends_with_an_error_within_its_limit(worktree: Path) -> None:
    (worktree / "long.txt").write_text("x" * 60 + "\n")  # (x+x+)+y: ~4**30 steps in `re`
    started = time.monotonic()
    out = _call(_tools(worktree), "search", pattern="(x+x+)+y", regex=True)
    assert out.status == "error"
    assert "longer than 10 s" in str(out.content) and "simpler pattern" in str(out.content)
    assert time.monotonic() - started < 60  # the limit is 10 s; generous for a busy machine


def test_git_is_neither_listed_nor_searched(worktree: Path) -> None:
    tools = _tools(worktree)
    gitfile = (worktree / ".git").read_text()
    assert gitfile.startswith("gitdir: ")
    for recursive in (False, True):
        listed = str(_call(tools, "list_files", recursive=recursive).content)
        assert ".git\n" not in listed + "\n" and ".git/" not in listed, listed
    for pattern in ("gitdir", str(worktree.parent)):
        found = _call(tools, "search", pattern=pattern)
        assert found.content == "no matches", found.content


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("write_file", {"path": ".gitattributes", "content": "*.py merge=union\n"}),
        ("write_file", {"path": "sub/.GitAttributes", "content": "*.py merge=union\n"}),
        ("write_file", {"path": ".gitmodules", "content": "[submodule]\n"}),
        ("write_file", {"path": "deep/.git", "content": "gitdir: /elsewhere\n"}),
        ("write_file", {"path": ".git", "content": "gitdir: /elsewhere\n"}),
        ("edit_file", {"path": ".gitattributes", "old": "a", "new": "b"}),
        ("delete_path", {"path": ".gitattributes"}),
    ],
)
def test_git_control_files_are_never_written(
    worktree: Path, tool: str, args: dict[str, str]
) -> None:
    (worktree / ".gitattributes").write_text("a\n")
    before = {p: p.read_bytes() for p in worktree.rglob("*") if p.is_file() and p.name != ".git"}
    out = _call(_tools(worktree), tool, **args)
    assert out.status == "error", out.content
    assert "refused" in str(out.content) and ".git" in str(out.content).casefold()
    after = {p: p.read_bytes() for p in worktree.rglob("*") if p.is_file() and p.name != ".git"}
    assert after == before
    assert (worktree / ".git").read_text().startswith("gitdir: ")
    assert not (worktree / "deep").exists()


def test_a_reply_with_73_tool_calls_runs_at_most_the_cap(tmp_path: Path) -> None:
    tmp_path = tmp_path / "wt"
    tmp_path.mkdir()
    calls = [("write_file", {"path": f"f{i}.txt", "content": "x"}) for i in range(73)]
    script = SubtaskScript({"s": [act(*calls), "done"]})
    roster, _ = roster_for(script)
    run = SubtaskRun(subtask=Subtask(id="s", title="Do s"), agent=worker_org().get("dev"),
                     workspace_path=str(tmp_path))  # fmt: skip
    result = worktree_agent(roster, max_steps=2, max_tool_calls=5).invoke(run)
    assert result.status == "completed"
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"f{i}.txt" for i in range(5)]
    answers = script.seen["s"]
    assert len(answers) == 73  # every call has its answer, so the transcript stays valid
    refused = [m for m in answers if m.status == "error"]
    assert len(refused) == 68 and "at most 5 tool calls" in str(refused[0].content)


def test_the_default_cap_bounds_one_reply_too(tmp_path: Path) -> None:
    tmp_path = tmp_path / "wt"
    tmp_path.mkdir()
    calls = [("write_file", {"path": f"f{i}.txt", "content": "x"}) for i in range(73)]
    roster, _ = roster_for(SubtaskScript({"s": [act(*calls), "done"]}))
    run = SubtaskRun(subtask=Subtask(id="s", title="Do s"), agent=worker_org().get("dev"),
                     workspace_path=str(tmp_path))  # fmt: skip
    worktree_agent(roster, max_steps=2).invoke(run)
    assert len(list(tmp_path.iterdir())) == 16
