"""`council` as a user runs it: demos, JSON output, and a human decision from another process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from langgraph_council.graphs.cli import main


def test_demo_conflict_in_memory_prints_the_resolution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "conflict", "--memory"]) == 0
    out = capsys.readouterr().out
    assert "resolved_by_authority" in out and "backend_lead" in out
    assert "frontend_lead" in out and "ui_dev" in out  # both dissents are shown


def test_demo_meeting_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "meeting", "--memory", "--json", "--protocol", "position_papers"]) == 0
    minutes = json.loads(capsys.readouterr().out)["minutes"]
    assert minutes["status"] == "completed" and minutes["protocol"] == "position_papers"
    assert [c["phase"] for c in minutes["contributions"]].count("position_paper") == 4
    flagged = [a for a in minutes["action_items"] if a["flagged"]]
    assert flagged and flagged[0]["assignee_id"] is None  # ui_dev was not in the meeting


@pytest.mark.postgres
@pytest.mark.slow
def test_human_escalation_decided_from_a_second_process(
    pg_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "conflict", "--db", pg_db, "--strategy", "human", "--json"]) == 0
    pending = json.loads(capsys.readouterr().out)["pending"]
    assert len(pending) == 1 and pending[0]["status"] == "pending"

    decided = subprocess.run(
        [
            sys.executable,
            "-m",
            "langgraph_council.graphs.cli",
            "escalations",
            "decide",
            pending[0]["id"],
            "--winner",
            "frontend_lead",
            "--by",
            "dana",
            "--db",
            pg_db,
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true"},
    )
    assert decided.returncode == 0, decided.stderr
    result = json.loads(decided.stdout)
    assert result["resolution"]["outcome"] == "resolved_by_human"
    assert result["resolution"]["decided_by"] == "human:dana"
    assert {d["dissenting_agent_id"] for d in result["dissent"]} == {"backend_lead", "ui_dev"}
    assert main(["escalations", "list", "--db", pg_db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pending"] == []


def test_decide_without_a_choice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["escalations", "decide", "some-id", "--memory"]) == 2
    assert "--winner AGENT or --reject" in capsys.readouterr().out
