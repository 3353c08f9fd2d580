"""`council threads prune` on a database of finished meetings: bytes go down, every finished
meeting still reads back, and a thread waiting for a human is never touched."""

from __future__ import annotations

import json

import pytest

from tests.cli_runner import run_cli

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def _run(*args: str) -> tuple[int, str, str]:
    done = run_cli(*args)
    return done.status, done.out, done.err


def _threads(capsys: pytest.CaptureFixture[str], db: str) -> dict[str, dict[str, object]]:
    status, out, err = _run("threads", "list", "--db", db, "--json")
    assert status == 0, err
    return {t["thread_id"]: t for t in json.loads(out)["threads"]}


def _prune(capsys: pytest.CaptureFixture[str], db: str, *extra: str) -> dict[str, object]:
    status, out, err = _run("threads", "prune", "--db", db, "--json", *extra)
    assert status == 0, err
    report: dict[str, object] = json.loads(out)["prune"]
    return report


def test_prune_shrinks_finished_meetings_and_leaves_a_waiting_thread_alone(
    pg_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for i in range(3):
        args = ("demo", "meeting", "--protocol", "round_robin", "--db", pg_db)
        assert _run(*args, "--thread-id", f"m{i}")[0] == 0
    assert _run("demo", "conflict", "--strategy", "human", "--db", pg_db,
                    "--thread-id", "waiting")[0] == 0  # fmt: skip
    before = _threads(capsys, pg_db)
    shown = {t: _run("threads", "show", t, "--db", pg_db, "--json")[1] for t in before}

    dry = _prune(capsys, pg_db, "--dry-run")
    assert sorted(dry["pruned"]) == ["m0", "m1", "m2"]  # type: ignore[arg-type]
    assert dry["live_bytes_after"] == dry["live_bytes_before"]

    report = _prune(capsys, pg_db)
    assert sorted(report["pruned"]) == ["m0", "m1", "m2"]  # type: ignore[arg-type]
    assert ["waiting", "unfinished (interrupted, crashed or drained)"] in report["skipped"]  # type: ignore[operator]
    assert report["freed_live_bytes"] > 0  # type: ignore[operator]
    after = {t: _run("threads", "show", t, "--db", pg_db, "--json")[1] for t in before}
    assert after == shown, (
        "a pruned meeting or the waiting conflict changed as `threads show` sees it"
    )

    deleted = _prune(capsys, pg_db, "--delete", "--vacuum", "full")
    assert sorted(deleted["pruned"]) == ["m0", "m1", "m2"]  # type: ignore[arg-type]
    assert deleted["bytes_after"] < deleted["bytes_before"]  # type: ignore[operator]
    assert set(_threads(capsys, pg_db)) == {"waiting"}


def test_prune_refuses_memory_and_a_bad_age_in_one_line(
    pg_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run("threads", "prune", "--memory")
    assert status == 1 and "needs PostgreSQL" in err and len(err.strip().splitlines()) == 1
    status, _, err = _run("threads", "prune", "--db", pg_db, "--older-than", "3 weeks")
    assert status == 1 and "--older-than '3 weeks'" in err and "30d" in err
