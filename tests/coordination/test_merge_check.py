"""A check before a merge: a command in the worktree or a callable gates each attempt's merge."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.graphs import (
    CoordinationConfig,
    ManualDecomposer,
    WorkspaceConfig,
    create_coordination_graph,
)
from langgraph_council.nodes import CheckResult, Org, SubtaskRun

from .conftest import rows, run
from .gitrepo import git, make_repo, snapshot

TEST_FILE = "import app\n\n\ndef test_value():\n    assert app.VALUE == 2\n"
PYTEST = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]


class Fixer:
    """Writes `app.py` with VALUE = 1; once the feedback shows `marker`, VALUE = 2."""

    def __init__(self, marker: str = "assert") -> None:
        self.runs: list[SubtaskRun] = []
        self.marker = marker
        self.seen: dict[str, str] = {}

    def __call__(self, run: SubtaskRun) -> str:
        self.runs.append(run)
        assert run.workspace_path is not None
        root = Path(run.workspace_path)
        if run.subtask.id != "app":  # later work sees what the check let through
            self.seen[run.subtask.id] = (root / "app.py").read_text()
            (root / "NOTES.md").write_text("notes\n")
            return "wrote notes"
        value = 2 if self.marker in run.feedback else 1
        (root / "app.py").write_text(f"VALUE = {value}\n")
        return f"wrote VALUE = {value}"


def _graph(org: Org, repo: Path, executor: object, *, check: object = None, **ws: object):
    return create_coordination_graph(
        org,
        executor=executor,
        decomposer=ManualDecomposer(rows({"app": [], "docs": ["app"]})),
        workspace=WorkspaceConfig(repo_path=repo, **ws),
        check=check,
        checkpointer=InMemorySaver(),
    )


def test_a_failing_pytest_check_gates_the_merge_until_the_retry_fixes_it(
    org: Org, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # passed to the check: faster
    repo = make_repo(tmp_path / "repo", {"app.py": "VALUE = 0\n", "test_app.py": TEST_FILE})
    before = snapshot(repo)
    fixer = Fixer()
    allow = ("PYTEST_DISABLE_PLUGIN_AUTOLOAD",)
    result = run(_graph(org, repo, fixer, check=PYTEST, check_env_allow=allow))
    app_runs = [r for r in fixer.runs if r.subtask.id == "app"]
    assert [r.attempt for r in app_runs] == [1, 2] and app_runs[1].recovery == "retry"
    assert "1 failed" in app_runs[1].feedback  # the check's output is the feedback
    first, second = result.outcome("app").attempts
    assert (first.status, first.failure_category, first.check.passed) == (
        "failed",
        "quality_gate",
        False,
    )
    assert first.check.exit_code == 1 and "assert 1 == 2" in first.check.output
    assert second.status == "completed" and second.check.passed
    merge = result.merge("app")
    assert (merge.status, merge.attempt, merge.check.passed) == ("merged", 2, True)
    assert merge.check.command == tuple(PYTEST) and merge.check.duration_s > 0
    assert result.statuses == {"app": "completed", "docs": "completed"}
    assert fixer.seen == {"docs": "VALUE = 2\n"}  # the fixed attempt was merged before docs ran
    branch = result.integration.branch
    assert git(repo, "show", f"{branch}:app.py") == "VALUE = 2\n"
    tree = git(repo, "ls-tree", "-r", "--name-only", branch).split()
    assert sorted(tree) == ["NOTES.md", "app.py", "test_app.py"]  # nothing the check left
    assert snapshot(repo) == before


def test_a_workspace_check_command_leaves_no_files_and_times_out(org: Org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"app.py": "VALUE = 0\n"})
    writes = "open('report.txt', 'w').write('x'); import app, sys; print('VALUE', app.VALUE)"
    command = (sys.executable, "-c", f"{writes}; sys.exit(app.VALUE != 2)")
    result = run(_graph(org, repo, Fixer(marker="VALUE 1"), check=command))
    assert result.statuses == {"app": "completed", "docs": "completed"}
    assert "VALUE 1" in result.outcome("app").attempts[0].check.output
    tree = git(repo, "ls-tree", "-r", "--name-only", result.integration.branch).split()
    assert "report.txt" not in tree
    slow = (sys.executable, "-c", "import time; time.sleep(30)")
    graph = _graph(
        org, make_repo(tmp_path / "slow"), Fixer(), check=slow, check_timeout_seconds=0.5
    )
    off = {"coordination": {"max_retries": 0, "reassign": False}}
    stuck = run(graph, context=off)
    (attempt,) = stuck.outcome("app").attempts
    assert attempt.check.timed_out and attempt.check.exit_code is None
    assert "timed out after 0.5 s" in attempt.check.output
    assert stuck.statuses == {"app": "failed", "docs": "blocked"}
    merge = stuck.merge("app")
    assert merge.status == "dropped" and merge.check.timed_out


def test_a_callable_check_without_a_workspace(make_graph) -> None:
    verdicts = iter([(False, "lint: E501 line too long"), CheckResult(passed=True, output="ok")])
    seen: list[tuple[object, str]] = []

    def check(path: Path | None, run: SubtaskRun):
        seen.append((path, run.subtask.id))
        return next(verdicts)

    runs: list[SubtaskRun] = []
    graph = make_graph(rows({"a": []}), lambda r: runs.append(r) or "done", check=check)
    result = run(graph)
    assert seen == [(None, "a"), (None, "a")]
    assert "lint: E501" in runs[1].feedback and result.outcome("a").status == "completed"
    assert [a.check.passed for a in result.outcome("a").attempts] == [False, True]


def test_a_raising_check_fails_the_attempt(make_graph) -> None:
    def check(path: Path | None, run: SubtaskRun) -> bool:
        raise OSError("linter not installed")

    off = CoordinationConfig(max_retries=0, reassign=False)
    result = run(make_graph(rows({"a": []}), lambda r: "done", check=check, config=off))
    (attempt,) = result.outcome("a").attempts
    assert attempt.status == "failed" and "OSError: linter not installed" in attempt.check.output


def test_check_arguments_are_validated(org: Org, tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    with pytest.raises(ValueError, match="keep one of them"):
        create_coordination_graph(
            org,
            executor=Fixer(),
            decomposer=ManualDecomposer(rows({"a": []})),
            workspace=WorkspaceConfig(repo_path=repo, check=("git", "status")),
            check=PYTEST,
        )
    with pytest.raises(ValueError, match="runs in the subtask's worktree"):
        create_coordination_graph(
            org, executor=Fixer(), decomposer=ManualDecomposer(rows({"a": []})), check=PYTEST
        )
    with pytest.raises(ValueError, match="not found on PATH"):
        _graph(org, repo, Fixer(), check=["no-such-program-xyz"])
    with pytest.raises(TypeError, match="list of strings"):
        _graph(org, repo, Fixer(), check="pytest -q")
