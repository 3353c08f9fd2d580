"""The worktree worker in the pipeline, on real git: agents edit code through tools, the pipeline
merges it, escapes through `..`, absolute paths and committed links are refused."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.graphs import (
    CommandPolicy,
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
    worktree_agent,
)
from langgraph_council.nodes._pipeline.models import SubtaskRun
from tests.coordination.gitrepo import git, make_repo, no_git_identity, snapshot, write
from tests.worker.scripted import TASK, SubtaskScript, act, plan, roster_for, worker_org

__all__ = ["no_git_identity"]

CALC = "def add(a, b):\n    return a + b\n"
TEST_CALC = "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = make_repo(tmp_path / "repo", {"README.md": "# calc\n", "app.py": "print('hi')\n"})
    write(repo, "notes.txt", "the user's own untracked notes\n")  # the user is mid-work
    return repo


def _pipeline(repo: Path, executor: Any, spec: dict[str, list[str]], **kw: Any) -> Any:
    return create_coordination_graph(
        worker_org(),
        executor=executor,
        decomposer=ManualDecomposer(plan(spec)),
        workspace=WorkspaceConfig(repo_path=repo),
        **kw,
    )


def _run(graph: Any, name: str) -> Any:
    return graph.invoke({"task": TASK}, {"configurable": {"thread_id": name}})["result"]


def _tree(repo: Path, branch: str, path: str) -> str:
    return git(repo, "show", f"{branch}:{path}")


WRITE_THEN_EDIT = {
    "write": [
        act(("list_files", {})),
        act(("write_file", {"path": "calc/__init__.py", "content": ""}),
            ("write_file", {"path": "calc/ops.py", "content": CALC})),
        "Added calc.ops.add.",
    ],
    "extend": [
        act(("search", {"pattern": "def add", "glob": "*.py"})),
        act(("read_file", {"path": "calc/ops.py"})),
        act(("edit_file", {"path": "calc/ops.py", "old": "    return a + b\n",
                           "new": "    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"})),
        act(("delete_path", {"path": "app.py"})),
        "Added sub next to add and removed the old app.",
    ],
}  # fmt: skip


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
async def test_agents_write_code_with_the_file_tools_and_the_pipeline_merges_it(
    repo: Path, mode: str
) -> None:
    before = snapshot(repo)
    script = SubtaskScript(WRITE_THEN_EDIT)
    roster, _ = roster_for(script)
    graph = _pipeline(repo, worktree_agent(roster), {"write": [], "extend": ["write"]})
    config = {"configurable": {"thread_id": mode}}
    if mode == "invoke":
        result = graph.invoke({"task": TASK}, config)["result"]
    else:
        result = (await graph.ainvoke({"task": TASK}, config))["result"]
    assert result.rollup == "completed", [w.outcomes for w in result.waves]
    branch = result.integration.branch
    assert _tree(repo, branch, "calc/ops.py") == CALC + "\n\ndef sub(a, b):\n    return a - b\n"
    assert "app.py" not in git(repo, "ls-tree", "--name-only", branch).split()
    outcome = result.outcome("extend")
    assert outcome.output == "Added sub next to add and removed the old app."
    assert outcome.artifacts == ("app.py", "calc/ops.py")
    assert "calc/ops.py" in script.outputs("extend")[0]  # the search found wave 1's file
    assert script.errors("write") == [] and script.errors("extend") == []
    assert snapshot(repo) == before


def test_the_prompt_carries_the_subtask_upstream_results_and_global_rules_fenced(
    repo: Path,
) -> None:
    script = SubtaskScript(WRITE_THEN_EDIT)
    roster, _ = roster_for(script)
    _run(_pipeline(repo, worktree_agent(roster), {"write": [], "extend": ["write"]}), "prompt")
    prompt = script.prompts["extend"]
    assert '<task-data field="subtask">\nSubtask id: extend\nTitle: Do extend' in prompt
    assert '<peer-contribution agent="dev" label="subtask_write">\nAdded calc.ops.add.' in prompt
    assert '<task-data field="global_rules">\nIF a change touches billing THEN add a test' in prompt


ESCAPES = [
    act(("write_file", {"path": "notes.md", "content": "pwned\n"}),
        ("write_file", {"path": "docs/x.md", "content": "pwned\n"}),
        ("edit_file", {"path": "notes.md", "old": "calc", "new": "pwned"}),
        ("write_file", {"path": "../../../../../README.md", "content": "pwned\n"}),
        ("write_file", {"path": "/tmp/pwned.md", "content": "pwned\n"}),
        ("read_file", {"path": "notes.md"}),
        ("delete_path", {"path": ".git"})),
    "Could not write there.",
]  # fmt: skip


def _links(repo: Path, root: Path, absolute: bool) -> None:
    """Links out of the worktree `root`: a file to the user's README, a folder to the repo."""
    target = repo if absolute else Path(os.path.relpath(repo, root))
    os.symlink(target / "README.md", root / "notes.md")
    os.symlink(target, root / "docs")  # a linked parent directory


@pytest.mark.parametrize("absolute", [True, False])
def test_links_out_in_the_worktree_dotdot_and_absolute_paths_are_refused(
    repo: Path, absolute: bool
) -> None:
    """Links made during the subtask (by a command, say) are refused by the tools; the merge
    check then holds the subtask for a human, naming the links."""
    before = snapshot(repo)
    script = SubtaskScript({"use": ESCAPES})
    worker = worktree_agent(roster_for(script)[0])

    def executor(run: SubtaskRun) -> Any:
        _links(repo, Path(str(run.workspace_path)), absolute)
        return worker.invoke(run)

    graph = _pipeline(repo, executor, {"use": []}, checkpointer=InMemorySaver())
    out = graph.invoke({"task": TASK}, {"configurable": {"thread_id": f"links-{absolute}"}})
    errors = script.errors("use")
    assert len(errors) == 7, script.outputs("use")
    assert "notes.md" in errors[0] and "symbolic link" in errors[0]
    assert "'docs' is a symbolic link" in errors[1]
    assert "symbolic link" in errors[2]
    assert "'..' is refused" in errors[3]
    assert "absolute paths are refused" in errors[4]
    assert "leads outside the worktree" in errors[5]
    assert ".git entry is off-limits" in errors[6]
    assert "unsafe_symlink" in str(out["__interrupt__"][0].value["issues"])
    assert not Path("/tmp/pwned.md").exists()
    assert snapshot(repo) == before  # the user's checkout, byte for byte


def test_a_link_an_earlier_subtask_committed_is_never_followed(repo: Path) -> None:
    """A person keeps subtask `link`'s links; `use`'s worker is refused every write at or
    through them (the worktree has them off its disk), and the user's README is untouched."""
    before = snapshot(repo)
    script = SubtaskScript({"use": ESCAPES})
    worker = worktree_agent(roster_for(script)[0])

    def executor(run: SubtaskRun) -> Any:
        if run.subtask.id == "link":
            _links(repo, Path(str(run.workspace_path)), absolute=False)
            return "linked"
        return worker.invoke(run)

    graph = _pipeline(repo, executor, {"link": [], "use": ["link"]}, checkpointer=InMemorySaver())
    thread = {"configurable": {"thread_id": "committed"}}
    graph.invoke({"task": TASK}, thread)  # the merge check holds the link for a person
    keep = {"decision": "keep", "reasoning": "test", "decided_by": "human:dana"}
    result = graph.invoke(Command(resume=keep), thread)["result"]
    assert result.rollup == "completed", [w.outcomes for w in result.waves]
    errors = script.errors("use")
    assert len(errors) == 7 and "'..' is refused" in errors[3], script.outputs("use")
    committed = "is a symbolic link committed to the repository"
    assert f"'notes.md' {committed}" in errors[0] and f"'notes.md' {committed}" in errors[2]
    assert f"'docs' {committed}" in errors[1]
    assert not result.outcome("use").untracked_writes
    assert snapshot(repo) == before


CHECK = "import sys\nprint('x' * 50_000)\nsys.exit(3)\n"


def test_the_command_tool_runs_allowlisted_commands_in_the_worktree(repo: Path) -> None:
    python = sys.executable
    script = SubtaskScript(
        {
            "tested": [
                act(("write_file", {"path": "calc.py", "content": CALC}),
                    ("write_file", {"path": "test_calc.py", "content": TEST_CALC}),
                    ("write_file", {"path": "noisy.py", "content": CHECK})),
                act(("run_command", {"command": f"{python} -m pytest -q"}),
                    ("run_command", {"command": "rm -rf ."}),
                    ("run_command", {"command": f"{python} -c 'print(1)'"}),
                    ("run_command", {"command": f"{python} noisy.py"}),
                    ("run_command", {"command": f"{python} -m pytest -q /etc"}),
                    ("delete_path", {"path": "noisy.py"})),
                "Tests pass.",
            ]
        }
    )  # fmt: skip
    roster, _ = roster_for(script)
    policy = CommandPolicy(
        allow=[[python, "-m", "pytest", "-q"], [python, "noisy.py"]],
        timeout_seconds=120,
        max_output_chars=1000,
    )
    result = _run(_pipeline(repo, worktree_agent(roster, commands=policy), {"tested": []}), "c")
    assert result.rollup == "completed"
    out = script.outputs("tested")[3:]
    assert out[0].startswith("exit status 0") and "1 passed" in out[0]
    assert "refused 'rm -rf .'" in out[1] and "-m pytest -q" in out[1]
    assert "refused" in out[2]
    assert out[3].startswith("exit status 3") and "bytes of output cut" in out[3]
    assert len(out[3]) < 1200
    assert "refused" in out[4]
    tree = git(repo, "ls-tree", "-r", "--name-only", result.integration.branch).split()
    assert {"calc.py", "test_calc.py"} <= set(tree)
    assert not [p for p in tree if "__pycache__" in p or "pytest_cache" in p]


def test_links_an_earlier_attempt_left_are_off_the_retrys_disk(repo: Path) -> None:
    """Attempt 1 leaves links out in its worktree and fails; the retry starts from its work
    with the links kept off its disk and its tools refuse writes at their paths, so nothing
    reaches the user's checkout, and the merge still holds the link for a person."""
    before = snapshot(repo)
    script = SubtaskScript(
        {"use": [act(("write_file", {"path": "notes.md", "content": "mine\n"}),
                     ("read_file", {"path": "notes.md"})),
                 "Wrote my notes."]}
    )  # fmt: skip
    worker = worktree_agent(roster_for(script)[0])
    attempts: list[int] = []

    def executor(run: SubtaskRun) -> Any:
        attempts.append(run.attempt)
        root = Path(str(run.workspace_path))
        if run.attempt == 1:
            _links(repo, root, absolute=True)
            raise RuntimeError("attempt 1 gave up")
        assert not (root / "notes.md").is_symlink() and not (root / "docs").is_symlink()
        return worker.invoke(run)

    graph = _pipeline(repo, executor, {"use": []}, checkpointer=InMemorySaver())
    out = graph.invoke({"task": TASK}, {"configurable": {"thread_id": "retry-links"}})
    assert attempts == [1, 2]
    refused, missing = script.errors("use")
    assert "'notes.md' is a symbolic link committed to the repository" in refused
    assert "no such file" in missing
    (held,) = out["__interrupt__"]
    assert any(i.startswith("unsafe_symlink in notes.md") for i in held.value["issues"])
    assert snapshot(repo) == before  # the user's README was never written through the link
