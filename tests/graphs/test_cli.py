"""`council` as a user runs it: demos, JSON output, and a human decision from another process."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from langgraph_council.graphs.cli import main
from tests.cli_runner import council


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
    assert pending[0]["kind"] == "conflict"
    wrong = council("escalations", "decide", pending[0]["id"], "--answer", "x", "--db", pg_db)
    assert wrong.returncode == 1 and "--winner AGENT" in wrong.stderr

    decided = council(
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
    )
    assert decided.returncode == 0, decided.stderr
    result = json.loads(decided.stdout)
    assert result["resolution"]["outcome"] == "resolved_by_human"
    assert result["resolution"]["decided_by"] == "human:dana"
    assert {d["dissenting_agent_id"] for d in result["dissent"]} == {"backend_lead", "ui_dev"}
    assert main(["escalations", "list", "--db", pg_db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pending"] == []


def test_an_unknown_escalation_is_one_line_and_a_failure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["escalations", "decide", "some-id", "--memory"]) == 1
    err = capsys.readouterr().err
    assert err.splitlines() == ["no escalation 'some-id' (see `escalations list`)"]


@pytest.mark.postgres
@pytest.mark.slow
def test_a_delegation_blocked_at_the_top_is_listed_and_decided_from_a_second_process(
    pg_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "delegation", "--db", pg_db, "--json"]) == 0
    (waiting,) = json.loads(capsys.readouterr().out)["pending"]
    assert (waiting["kind"], waiting["details"]["delegator"]) == ("delegation", "ceo")
    assert waiting["details"]["mechanism"] == "dedup"
    assert main(["escalations", "list", "--kind", "delegation", "--db", pg_db, "--json"]) == 0
    assert [e["id"] for e in json.loads(capsys.readouterr().out)["pending"]] == [waiting["id"]]

    decided = council(
        "escalations", "decide", waiting["id"], "--answer", "Ship on Friday", "--by", "dana",
        "--db", pg_db, "--json",
    )  # fmt: skip
    assert decided.returncode == 0, decided.stderr
    result = json.loads(decided.stdout)["result"]
    assert (result["status"], result["answered_by"]) == ("answered", "ceo")
    assert main(["escalations", "show", waiting["id"], "--db", pg_db, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["escalation"]
    assert shown["status"] == "decided" and shown["decision"]["answer"] == "Ship on Friday"
    assert shown["decision"]["decided_by"] == "human:dana" and shown["resumed_at"]
    again = council("escalations", "decide", waiting["id"], "--answer", "No", "--db", pg_db)
    assert again.returncode == 1 and "already decided" in again.stderr


@pytest.mark.postgres
@pytest.mark.slow
def test_a_users_delegation_graph_is_resumed_with_graph_and_context(
    pg_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from langgraph_council.checkpoints import EscalationQueue, postgres_checkpointer
    from tests.graphs.user_delegation import PEERS, make_graph

    with (
        postgres_checkpointer(pg_db) as saver,
        EscalationQueue.from_conn_string(pg_db) as queue,
    ):
        graph = make_graph(checkpointer=saver, escalations=queue)
        inp = {"task": "Pick a database", "entry_agent": "alice"}
        graph.invoke(inp, {"configurable": {"thread_id": "user-1"}}, context=PEERS)
    assert main(["escalations", "list", "--db", pg_db, "--json"]) == 0
    (waiting,) = json.loads(capsys.readouterr().out)["pending"]
    assert (waiting["kind"], waiting["thread_id"]) == ("delegation", "user-1")

    decided = council(
        "escalations", "decide", waiting["id"], "--answer", "Postgres", "--by", "cora",
        "--db", pg_db, "--json", "--graph", "tests/graphs/user_delegation.py:make_graph",
        "--context", json.dumps(PEERS),
    )  # fmt: skip
    assert decided.returncode == 0, decided.stderr
    result = json.loads(decided.stdout)["result"]
    assert (result["status"], result["answered_by"]) == ("answered", "alice")
    missing = council("escalations", "decide", waiting["id"], "--answer", "x", "--db", pg_db,
                      "--graph", "tests.graphs.nowhere:make_graph")  # fmt: skip
    assert missing.returncode == 1 and "cannot import 'tests.graphs.nowhere'" in missing.stderr


def test_demo_pipeline_runs_waves_in_worktrees_and_resolves_its_conflict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["demo", "pipeline", "--memory"]) == 0
    out = capsys.readouterr().out
    assert "wave 1: tax-rules, rename-total, monthly-report" in out  # live progress
    assert "held monthly-report: semantic_conflict in billing.py, report.py" in out
    assert "monthly-report: keep by agent:qa_head" in out
    assert "Waves" in out and "Merges" in out and "Rollup: completed" in out

    repo = tmp_path / "billing"
    assert main(["demo", "pipeline", "--memory", "--json", "--repo", str(repo)]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["rollup"] == "completed" and len(result["waves"]) == 2
    merges = {m["subtask_id"]: m for m in result["merges"]}
    assert [m["status"] for m in merges.values()] == ["merged"] * 4
    kept = merges["monthly-report"]
    assert kept["semantic_issues"][0]["kind"] == "import_conflict"
    assert "keep by agent:qa_head" in kept["message"]
    branch = result["integration"]["branch"]

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "invoice_total" in git("show", f"{branch}:report.py")  # wave 2 fixed the caller
    grep = ["git", "-C", str(repo), "grep", "-l", "compute_total", branch, "--", "*.py"]
    leftover = subprocess.run(grep, capture_output=True, text=True, check=False)
    assert leftover.returncode == 1, leftover.stdout  # no caller of the old name is left
    assert git("log", "--format=%s", "main").splitlines() == ["Billing service"]  # untouched
    assert git("status", "--porcelain") == ""
    assert main(["demo", "pipeline", "--memory", "--repo", str(repo)]) == 1
    refused = " ".join(capsys.readouterr().err.split())
    assert f"--repo '{repo}' exists; name a new directory" in refused
