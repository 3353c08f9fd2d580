"""A fixed sample of the crash campaign (bench/crash.py): a graph SIGKILLed at a model call (or
just after one returned, or just after a write to our stores or to git) is found by
`interrupted_threads`, finished by `resume_thread` in a new process with the uninterrupted run's
result, no call whose result was saved runs again, and our own tables hold the same rows as the
uninterrupted run's (none lost, none duplicated). A human escalation is decided from a third
process; the pipeline merges every subtask exactly once and leaves no worktree behind.
`python -m bench crash --kills 100` runs the full campaign."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.crash import Baseline, baseline, run_case
from bench.crash_tables import Databases

# (family, the kill point's kind, which one of that kind, delay: < 0 inside a model call or
# right after a write, else seconds after it)
CASES = [
    ("round_robin", "model call", 3, -1.0),  # inside the third turn's model call
    ("position_papers", "model call", 2, 0.0),  # just after a parallel paper returned
    ("debate", "model call", 4, 0.01),  # 10 ms after a rebuttal returned
    # the escalation row is committed, the checkpoint of its node is not: the resume re-opens
    # it (no second row), stops at the interrupt, and a third process decides it
    ("human", "escalations", 1, -1.0),
    # the ladder's second negotiation round: 10 ms after a party's statement returned
    ("ladder", "model call", 5, 0.01),
    # the loop record of the refused hand-back is stored, its node's writes are not
    ("delegation", "loops", 1, -1.0),
    # the second merge is committed in git, its node's writes are not: the resume must not
    # merge that subtask again, and must clean up every worktree
    ("pipeline", "git merge", 2, -1.0),
    # the caller-chosen meeting id is claimed (committed), open_meeting's checkpoint is not:
    # the owning thread's resume claims it again without a clash and ends as uninterrupted
    ("round_robin", "meeting claim", 1, -1.0),
    # the second subtask worktree has its link out of the repository hidden, its node's writes
    # are not saved: the resume reuses the worktree and the link stays off its disk
    ("pipeline", "hidden link", 2, -1.0),
]


@pytest.fixture
def databases(pg_db: str) -> Iterator[Databases]:
    """Fresh databases per run on the test server, copied from one migrated template."""
    dbs = Databases(pg_db)
    dbs.create_template()
    yield dbs
    dbs.drop_template()


def _kill_point(base: Baseline, kind: str, occurrence: int) -> int:
    points = [n for n, k in enumerate(base.kinds, start=1) if k == kind]
    assert len(points) >= occurrence, f"the uninterrupted run has {points} {kind} points"
    return points[occurrence - 1]


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.parametrize(("family", "kind", "occurrence", "delay"), CASES)
def test_kill_resume_matches_uninterrupted_run(
    databases: Databases, tmp_path: Path, family: str, kind: str, occurrence: int, delay: float
) -> None:
    base = baseline(databases, family, tmp_path)
    kill_at = _kill_point(base, kind, occurrence)
    result = run_case(databases, family, kill_at, delay, tmp_path, base)
    assert result.killed and result.point == kind
    assert result.found
    assert result.same_result
    assert result.repeated_saved == 0
    assert result.table_diff == ()  # no row of ours lost or duplicated
    assert (result.rows_lost, result.rows_extra) == (0, 0)
    assert result.rows > 0 or family == "pipeline"
    assert result.git_ok, result.git_notes
    if family == "human":
        assert result.decided_by_third_process
