"""Agent-run code cannot write the user's repository (issue 30 follow-up): a `check=` command
runs with the repository's work tree and git dir mounted read-only, its own worktree writable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import ManualDecomposer, WorkspaceConfig, create_coordination_graph
from langgraph_council.nodes import Org, SubtaskRun
from langgraph_council.nodes._worker.commands import IsolationUnavailableError
from langgraph_council.nodes._workspace import sandbox

from .conftest import rows, run
from .gitrepo import git
from .repo_attack import ATTACKS, attack_script, repo_bytes, steps, user_repo

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the namespaces are Linux's"
)


def _executor(repo: Path) -> object:
    def execute(run_: SubtaskRun) -> str:
        root = Path(str(run_.workspace_path))
        (root / "app.py").write_text("VALUE = 2\n")
        (root / "test_attack.py").write_text(attack_script(repo))
        return "changed app.py and wrote a test"

    return execute


def _graph(org: Org, repo: Path, **workspace: object) -> object:
    config = WorkspaceConfig(
        repo_path=repo, base_branch="main", check=(sys.executable, "test_attack.py"),
        **workspace,  # type: ignore[arg-type]
    )  # fmt: skip
    return create_coordination_graph(
        org,
        executor=_executor(repo),
        decomposer=ManualDecomposer(rows({"app": []})),
        workspace=config,
        checkpointer=InMemorySaver(),
    )


def test_a_check_cannot_change_the_users_repository(org: Org, tmp_path: Path) -> None:
    repo = user_repo(tmp_path / "repo")
    before = repo_bytes(repo)
    result = run(_graph(org, repo))
    assert result.statuses == {"app": "completed"}, [w.outcomes for w in result.waves]
    assert repo_bytes(repo) == before  # HEAD, refs, index, status, config, files
    output = result.merge("app").check.output
    done = steps(output)
    assert "attack done" in output, output
    # the check's own work in its worktree still works
    assert done["scratch"] == "the check's own scratch file"
    assert done["status"] == "0" and done["status-sees-app"] == "True", output
    assert done["diff"] == "0" and done["diff-sees-edit"] == "True", output
    # every step aimed at the user's repository failed
    assert [name for name in ATTACKS if done[name] == "0"] == [], output
    branch = result.integration.branch
    assert git(repo, "show", f"{branch}:app.py") == "VALUE = 2\n"
    assert "scratch.txt" not in git(repo, "ls-tree", "--name-only", branch).split()


def test_the_repository_cannot_be_protected_refuses_unless_opted_out(
    org: Org, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the read-only mounts cannot be made, a check command is refused when the graph is
    built; `check_isolation="best_effort"` runs it anyway (and says so in the log)."""
    monkeypatch.setattr(sandbox, "_read_only_works", lambda prefix: False)
    repo = user_repo(tmp_path / "repo")
    with pytest.raises(IsolationUnavailableError, match="check_isolation='best_effort'"):
        _graph(org, repo)
    graph = _graph(org, repo, check_isolation="best_effort")
    assert graph is not None
