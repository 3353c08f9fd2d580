"""A fixed sample of the crash campaign (bench/crash.py): a graph SIGKILLed at a model call (or
just after one returned) is found by `interrupted_threads`, finished by `resume_thread` in a new
process with the uninterrupted run's result, and no call whose result was saved runs again.
`python -m bench crash --kills 100` runs the full campaign."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.crash import baseline, run_case

CASES = [
    ("round_robin", 3, -1.0),  # inside the third turn's model call
    ("position_papers", 2, 0.0),  # just after a parallel paper returned
    ("debate", 4, 0.01),  # 10 ms after a rebuttal returned: its write or the next step
]


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.parametrize(("family", "kill_at", "delay"), CASES)
def test_kill_resume_matches_uninterrupted_run(
    pg_db: str, tmp_path: Path, family: str, kill_at: int, delay: float
) -> None:
    expected, calls = baseline(pg_db, family, tmp_path)
    assert kill_at <= calls
    result = run_case(pg_db, family, kill_at, delay, tmp_path, expected)
    assert result.killed
    assert result.found
    assert result.same_result
    assert result.repeated_saved == 0
