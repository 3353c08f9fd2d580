"""Scheduled meetings: frequency or trigger, the self-hosted loop, and `council schedule`."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml
from pydantic import ValidationError

from langgraph_council.graphs import MeetingTriggers, MeetingType
from langgraph_council.nodes._meetings.frequency import cron_schedule, next_due
from tests.cli_runner import ROOT, council_argv, council_env
from tests.processes import HANG

EXAMPLE = ROOT / "examples" / "schedule.yaml"


def _type(**kw: Any) -> MeetingType:
    base = {
        "name": "standup",
        "frequency": "daily",
        "protocol": "position_papers",
        "leader": "cto",
        "participants": ("senior_dev",),
        "agenda": {"title": "Standup"},
        "token_budget": 10_000,
    }
    return MeetingType.model_validate(base | kw)


@pytest.mark.parametrize(
    ("given", "got"), [({"trigger": "on_pr"}, "both"), ({"frequency": None}, "neither")]
)
def test_a_meeting_type_has_exactly_one_of_frequency_or_trigger(given, got) -> None:
    with pytest.raises(ValidationError, match=rf"exactly one of frequency .* or trigger .*{got}"):
        _type(**given)


def test_an_unknown_frequency_names_the_field_and_the_choices() -> None:
    with pytest.raises(ValidationError) as caught:
        _type(frequency="hourly")
    error = caught.value.errors()[0]
    assert error["loc"] == ("frequency",)
    assert "daily, per_sprint_day, weekly, bi_weekly, monthly" in error["msg"]


def test_frequencies_as_intervals_and_crons() -> None:
    friday = datetime(2026, 11, 27, 9, tzinfo=UTC).timestamp()
    assert next_due("daily", friday, friday) == friday + 86_400
    monday = datetime(2026, 11, 30, 9, tzinfo=UTC).timestamp()
    assert next_due("per_sprint_day", friday, friday) == monday  # no standup at the weekend
    assert next_due("bi_weekly", None, friday) == friday  # never ran: due now
    assert next_due("2s", friday, friday) == friday + 2
    assert cron_schedule("per_sprint_day") == "0 9 * * 1-5"
    assert cron_schedule("2s") == "* * * * *"


def test_a_failing_scheduled_run_is_reported_and_the_others_keep_running(make_roster) -> None:
    def script(call):
        if call.agent_id == "qa_head":
            return RuntimeError("provider down")
        return "Decisions:\n- ship" if call.agent_id == "cto" else "all green"

    roster, _ = make_roster(script)
    broken = _type(name="qa_sync", leader="qa_head", participants=("junior_dev",))
    triggered = _type(name="retro", frequency=None, trigger="deploy_complete")
    runs = []
    scheduler = MeetingTriggers(roster, [_type(), broken, triggered]).scheduler(on_run=runs.append)
    first = scheduler.run_due()
    # issue 34: a leader whose model is down no longer ends the meeting in an exception: it
    # runs to minutes (no decisions) that say why, and the log's detail carries the reason
    assert {(r.meeting_type, r.status) for r in first} == {("standup", "ran"), ("qa_sync", "ran")}
    failed = next(r for r in first if r.meeting_type == "qa_sync")
    assert "RuntimeError: provider down" in (failed.detail or "") and failed.thread_id
    assert runs == first
    # The failed type waits its interval like the one that ran: no tight retry loop.
    due = scheduler.due()
    assert set(due) == {"standup", "qa_sync"}  # the triggered type is never scheduled
    assert min(due.values()) > time.time() + 86_000
    assert scheduler.run_due() == []


def test_stop_during_a_run_drains_it_and_ends_the_loop(make_roster) -> None:
    holder: list[Any] = []

    def script(call):
        if call.agent_id == "senior_dev":
            holder[0].stop("SIGTERM")  # what the CLI's signal handler calls
        return "Decisions:\n- ship" if call.agent_id == "cto" else "all green"

    roster, _ = make_roster(script)
    runs = []
    scheduler = MeetingTriggers(roster, [_type(frequency="1s")]).scheduler(on_run=runs.append)
    holder.append(scheduler)
    assert scheduler.run() == 1
    (abandoned,) = runs
    assert abandoned.status == "abandoned" and "SIGTERM" in (abandoned.detail or "")


def _schedule_file(tmp_path: Path) -> Path:
    """The example with its frequencies at one second, plus a type that fails every run (a
    mistake only a run finds; a participant not in the org is refused when the file loads)."""
    spec = yaml.safe_load(EXAMPLE.read_text())
    for kind in spec["meetings"]:
        if "frequency" in kind:
            kind["frequency"] = "1s"
    first = spec["meetings"][0]  # the leader among the participants: refused by each run
    broken = dict(first, name="broken", participants=[first["leader"], *first["participants"]])
    spec["meetings"].append(broken)
    path = tmp_path / "schedule.yaml"
    path.write_text(yaml.safe_dump(spec))
    return path


def _log(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _run_until_standup_ran_twice(argv: list[str], log: Path, limit: float) -> str:
    """`council schedule` until the standup ran twice (or `limit` s), then SIGTERM: its output."""
    proc = subprocess.Popen(
        argv, env=council_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and proc.poll() is None:
            ran = [r for r in _log(log) if r["meeting_type"] == "standup" and r["status"] == "ran"]
            if len(ran) >= 2:  # the standup ran again after the broken type failed
                break
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    return str(out)


def test_council_schedule_runs_survives_a_failing_run_and_stops_on_sigterm(tmp_path) -> None:
    log = tmp_path / "runs.jsonl"
    argv = council_argv("schedule", str(_schedule_file(tmp_path)), "--memory", "--log", str(log))
    out = _run_until_standup_ran_twice(argv, log, 120)
    entries = _log(log)
    # A stop that lands during a run drains it at a step boundary: only the last may say so.
    settled = entries[:-1] if entries[-1]["status"] == "abandoned" else entries
    assert all(r["status"] != "abandoned" for r in settled)
    failed = [r for r in settled if r["meeting_type"] == "broken"]
    assert failed and all(r["status"] == "failed" for r in failed)
    assert "is also among participant_ids" in failed[0]["detail"]
    standups = [r for r in entries if r["meeting_type"] == "standup"]
    assert [r["status"] for r in standups[:2]] == ["ran", "ran"]
    assert {r["meeting_type"] for r in entries} >= {"standup", "architecture_review", "broken"}
    assert "release_retro" not in {r["meeting_type"] for r in entries}  # triggered, not scheduled
    assert "schedule stopped after" in out
    history = subprocess.run(
        council_argv(
            "schedule", str(EXAMPLE), "--memory", "--log", str(log), "--history", "--json"
        ),
        env=council_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert len(json.loads(history.stdout.splitlines()[-1])) == len(entries)


def _in_postgres(uri: str, sql: str, *args: Any) -> int:
    with psycopg.connect(uri) as conn:
        row = conn.execute(sql, args).fetchone()
    assert row is not None
    return int(row[0])


@pytest.mark.postgres
@pytest.mark.slow
def test_council_schedule_on_postgres_keeps_every_run_there_and_stops_on_sigterm(
    tmp_path, pg_uri: str
) -> None:
    log = tmp_path / "runs.jsonl"
    argv = council_argv(
        "schedule", str(_schedule_file(tmp_path)), "--db", pg_uri, "--log", str(log)
    )
    out = _run_until_standup_ran_twice(argv, log, 180)
    assert "schedule stopped after" in out
    entries = _log(log)
    ran = [r for r in entries if r["status"] == "ran"]
    assert len([r for r in ran if r["meeting_type"] == "standup"]) >= 2
    assert [r for r in entries if r["meeting_type"] == "broken" and r["status"] == "failed"]
    for run in ran:  # each run's checkpoints and its meeting record are in the database
        thread = run["thread_id"]
        assert _in_postgres(pg_uri, "SELECT count(*) FROM checkpoints WHERE thread_id = %s", thread)
        assert _in_postgres(
            pg_uri,
            "SELECT count(*) FROM council_meeting_records WHERE meeting_type = %s",
            run["meeting_type"],
        )
    # the threads read back from Postgres by another process, as finished meetings
    listing = subprocess.run(
        council_argv("threads", "list", "--db", pg_uri, "--json"),
        env=council_env(), capture_output=True, text=True, timeout=HANG, check=True,
    )  # fmt: skip
    listed = {t["thread_id"] for t in json.loads(listing.stdout)["threads"]}
    assert {r["thread_id"] for r in ran} <= listed
