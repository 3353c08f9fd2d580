"""The worker's `run_command` cannot write the user's repository (issue 30 follow-up): in a
coordination graph with a workspace, the repository's work tree and git dir are mounted
read-only for the commands it runs, and its own worktree stays writable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from langgraph_council.graphs import (
    CommandPolicy,
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
    worktree_agent,
)
from langgraph_council.nodes._worker.commands import IsolationUnavailableError, run_command
from langgraph_council.nodes._workspace import sandbox
from tests.coordination.gitrepo import git, no_git_identity
from tests.coordination.repo_attack import ATTACKS, attack_script, repo_bytes, steps, user_repo
from tests.worker.scripted import TASK, SubtaskScript, act, plan, roster_for, worker_org
from tests.worker.test_sandbox import _orphan_script, _processes_with

__all__ = ["no_git_identity"]

PY = sys.executable

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the namespaces are Linux's"
)


def test_run_command_cannot_change_the_users_repository(tmp_path: Path) -> None:
    repo = user_repo(tmp_path / "repo")
    before = repo_bytes(repo)
    script = SubtaskScript(
        {"app": [
            act(("write_file", {"path": "app.py", "content": "VALUE = 2\n"}),
                ("write_file", {"path": "test_attack.py", "content": attack_script(repo)})),
            act(("run_command", {"command": f"{PY} test_attack.py"})),
            "Changed app.py; the tests pass.",
        ]}
    )  # fmt: skip
    policy = CommandPolicy(allow=[[PY, "test_attack.py"]], timeout_seconds=120)
    graph = create_coordination_graph(
        worker_org(),
        executor=worktree_agent(roster_for(script)[0], commands=policy),
        decomposer=ManualDecomposer(plan({"app": []})),
        workspace=WorkspaceConfig(repo_path=repo, base_branch="main"),
    )
    out = graph.invoke({"task": TASK}, {"configurable": {"thread_id": "read-only"}})
    result = out["result"]
    assert result.rollup == "completed", [w.outcomes for w in result.waves]
    assert repo_bytes(repo) == before  # HEAD, refs, index, status, config, files
    output = script.outputs("app")[2]
    done = steps(output)
    assert output.startswith("exit status 0") and "attack done" in output, output
    assert done["scratch"] == "the check's own scratch file"
    assert done["status"] == "0" and done["status-sees-app"] == "True", output
    assert done["diff"] == "0" and done["diff-sees-edit"] == "True", output
    assert [name for name in ATTACKS if done[name] == "0"] == [], output
    assert git(repo, "show", f"{result.integration.branch}:app.py") == "VALUE = 2\n"


def test_with_the_repository_read_only_a_hung_command_and_its_detached_child_end(
    tmp_path: Path,
) -> None:
    """The read-only mounts wrap the command, so the timeout still kills it and everything it
    started (the namespace's first process is the command itself, after the mounts)."""
    kept = tmp_path / "kept"
    kept.mkdir()
    with _orphan_script(tmp_path) as (name, token):
        with (tmp_path / name).open("a") as handle:
            handle.write("open('kept/x', 'w')\n")  # refused: the script stops here
        policy = CommandPolicy(allow=[[PY, name]], timeout_seconds=2)
        out = run_command(f"{PY} {name}", tmp_path, policy, (kept,))
        assert "detached" in out and "Read-only file system" in out, out
        (tmp_path / name).write_text(
            (tmp_path / name).read_text().replace("open('kept/x', 'w')\n", "")
            + "import sys, time\nsys.stdout.flush()\ntime.sleep(120)\n"
        )
        hung = run_command(f"{PY} {name}", tmp_path, policy, (kept,))
        assert hung.startswith("timed out after 2 s"), hung
        assert _processes_with(token) == []
    assert list(kept.iterdir()) == []


def test_where_the_repository_cannot_be_made_read_only_run_command_refuses_unless_opted_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sandbox, "_read_only_works", lambda prefix: False)
    (tmp_path / "ok.py").write_text("print('ran')\n")
    kept = (tmp_path,)
    with pytest.raises(IsolationUnavailableError, match="isolation='best_effort'"):
        run_command(f"{PY} ok.py", tmp_path, CommandPolicy(allow=[[PY, "ok.py"]]), kept)
    opted = CommandPolicy(allow=[[PY, "ok.py"]], isolation="best_effort")
    assert "ran" in run_command(f"{PY} ok.py", tmp_path, opted, kept)
