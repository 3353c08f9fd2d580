"""SIGKILL during a wave of five after three finished: the resume runs only the other two."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.coordination.gitrepo import git, make_repo, no_git_identity, snapshot
from tests.processes import json_events

__all__ = ["no_git_identity"]

CHILD = Path(__file__).with_name("crash_child.py")


def _run(args: list[str], *, kill_when_ready: bool) -> tuple[list[dict[str, object]], str]:
    return json_events(CHILD, args, kill_when_ready=kill_when_ready)


@pytest.mark.postgres
@pytest.mark.slow
def test_sigkill_mid_wave_resumes_only_unfinished_subtasks(pg_db: str, tmp_path: Path) -> None:
    calls = tmp_path / "calls.txt"
    args = [pg_db, "crash-wave", "run", str(calls)]
    _, run_errors = _run(args, kill_when_ready=True)
    assert sorted(calls.read_text().splitlines()) == ["s1", "s2", "s3", "s4", "s5"]
    calls.write_text("")
    events, errors = _run([pg_db, "crash-wave", "resume", str(calls)], kill_when_ready=False)
    assert sorted(calls.read_text().splitlines()) == ["s4", "s5"]
    assert events[-1]["rollup"] == "completed"
    assert events[-1]["statuses"] == {f"s{i}": "completed" for i in range(1, 6)}
    for stderr in (run_errors, errors):  # strict msgpack: every stored type came back
        assert "Blocked deserialization" not in stderr, stderr


@pytest.mark.postgres
@pytest.mark.slow
def test_sigkill_mid_wave_with_worktrees_reuses_them_on_resume(pg_db: str, tmp_path: Path) -> None:
    """The same crash with a git workspace: the resumed s4 and s5 find their own worktrees,
    reset to their attempt's base commit (the file they wrote before the kill is gone, so
    nothing the killed run did applies twice), nothing else runs again, and the run merges
    all five into the integration branch without touching the user's checkout."""
    repo = make_repo(tmp_path / "repo", {"app.py": "print('hi')\n"})
    before = snapshot(repo)
    calls = tmp_path / "calls.txt"
    _, run_errors = _run([pg_db, "crash-git", "run", str(calls), str(repo)], kill_when_ready=True)
    first = {line.split()[0]: line.split() for line in calls.read_text().splitlines()}
    assert sorted(first) == ["s1", "s2", "s3", "s4", "s5"]
    assert all(parts[1] == "new" for parts in first.values())
    live = git(repo, "worktree", "list", "--porcelain")
    calls.write_text("")
    events, errors = _run(
        [pg_db, "crash-git", "resume", str(calls), str(repo)], kill_when_ready=False
    )
    again = [line.split() for line in calls.read_text().splitlines()]
    assert sorted(parts[0] for parts in again) == ["s4", "s5"]  # counted by the executor
    for sid, state, path in again:
        assert state == "new" and path == first[sid][2], again  # the killed run's worktree
        assert f"worktree {path}" in live
    done = events[-1]
    assert done["rollup"] == "completed" and done["merges"] == {
        f"s{i}": "merged" for i in range(1, 6)
    }
    tree = git(repo, "ls-tree", "--name-only", done["integration"]).split()
    assert {f"s{i}.py" for i in range(1, 6)} <= set(tree)
    assert git(repo, "worktree", "list").count("\n") == 1  # merged worktrees were removed
    assert snapshot(repo) == before
    for stderr in (run_errors, errors):
        assert "Blocked deserialization" not in stderr, stderr


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.parametrize(
    ("workspace", "topology"),
    [(False, None), (True, "centralized"), (True, "sas")],
    ids=["plain", "worktrees", "sas-one-worktree"],
)
def test_sigkill_during_a_retry_resumes_without_repeating_the_finished_attempt(
    pg_db: str, tmp_path: Path, workspace: bool, topology: str | None
) -> None:
    """r1 failed once, then the process dies during its retry: the resume runs the retry
    again (it never finished) and then r2, never r1's first attempt, whose failure is kept.
    Under `sas` both work in one shared worktree, which the resume finds as it was."""
    repo = [str(make_repo(tmp_path / "repo"))] if workspace else []
    repo += [topology] if topology else []
    calls, thread = tmp_path / "calls.txt", f"crash-retry-{workspace}-{topology}"
    _, run_errors = _run([pg_db, thread, "retry", str(calls), *repo], kill_when_ready=True)
    assert calls.read_text().splitlines() == ["r1 1", "r1 2"]
    calls.write_text("")
    events, errors = _run([pg_db, thread, "retry-resume", str(calls), *repo], kill_when_ready=False)
    assert calls.read_text().splitlines() == ["r1 2", "r2 1"]  # counted by the executor
    done = events[-1]
    assert done["statuses"] == {"r1": "completed", "r2": "completed"}
    assert done["attempts"]["r1"] == [[1, "failed"], [2, "completed"]]
    assert done["shared"] == (["r1", "r2"] if topology == "sas" else [])  # plain: auto sas
    if workspace:
        assert done["merges"] == {"r1": "merged", "r2": "merged"}
        assert git(Path(repo[0]), "show", f"{done['integration']}:r1.py") == "TRY = 2\n"
    for stderr in (run_errors, errors):
        assert "Blocked deserialization" not in stderr, stderr
