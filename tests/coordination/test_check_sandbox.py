"""A check command through the pipeline (issue 30): its edits are never merged as the
subtask's work, and the code it runs cannot read the pipeline's secrets."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import (
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
)
from langgraph_council.nodes import Org, SubtaskRun

from .conftest import rows, run
from .gitrepo import git, make_repo, snapshot

# The check runs this (as a test the agent wrote would): it edits a tracked file the executor
# did not touch, rewrites the executor's own edit and new file, deletes one, adds two files,
# and passes.
MEDDLE = """
from pathlib import Path
Path("README.md").write_text("rewritten by the check\\n")
Path("app.py").write_text("VALUE = 'from the check'\\n")
Path("new.py").write_text("print('from the check')\\n")
Path("keep.txt").unlink()
Path("pkg").mkdir(exist_ok=True)
Path("pkg/added.py").write_text("added = True\\n")
Path("added.txt").write_text("added by the check\\n")
import os
print("secret:", os.environ.get("COUNCIL_TEST_SECRET_X7Q", "none"))
"""


def _executor(run_: SubtaskRun) -> str:
    assert run_.workspace_path is not None
    root = Path(run_.workspace_path)
    (root / "app.py").write_text("VALUE = 2\n")
    (root / "new.py").write_text("print('new')\n")
    (root / "meddle.py").write_text(MEDDLE)
    return "wrote app.py, new.py and a check script"


def test_a_checks_edits_are_not_merged(
    org: Org, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COUNCIL_TEST_SECRET_X7Q", "s3cr3t-pipeline-value")
    files = {"app.py": "VALUE = 0\n", "README.md": "readme\n", "keep.txt": "keep\n"}
    repo = make_repo(tmp_path / "repo", files)
    before = snapshot(repo)
    graph = create_coordination_graph(
        org,
        executor=_executor,
        decomposer=ManualDecomposer(rows({"app": []})),
        workspace=WorkspaceConfig(repo_path=repo, check=(sys.executable, "meddle.py")),
        checkpointer=InMemorySaver(),
    )
    result = run(graph)
    assert result.statuses == {"app": "completed"}
    check = result.merge("app").check
    assert check.passed and "secret: none" in check.output
    branch = result.integration.branch
    tree = sorted(git(repo, "ls-tree", "-r", "--name-only", branch).split())
    assert tree == ["README.md", "app.py", "keep.txt", "meddle.py", "new.py"]
    assert git(repo, "show", f"{branch}:app.py") == "VALUE = 2\n"
    assert git(repo, "show", f"{branch}:new.py") == "print('new')\n"
    assert git(repo, "show", f"{branch}:README.md") == "readme\n"
    assert git(repo, "show", f"{branch}:keep.txt") == "keep\n"
    assert snapshot(repo) == before
