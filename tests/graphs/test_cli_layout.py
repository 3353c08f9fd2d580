"""`council` output as a terminal and a script see it: per-action help, nothing cropped at 80
columns, exactly one JSON document on stdout with `--json`, minutes that read as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_runner import CliRun, run_cli

ROOT = Path(__file__).parents[2]
LONG_THREAD = "a-rather-long-thread-id-for-the-quarterly-api-review-2026"


def _help(*argv: str) -> str:
    done = run_cli(*argv, "--help")
    assert done.status == 0, done.err
    return done.out


def test_each_action_has_its_own_help() -> None:
    listing = _help("escalations", "list")
    assert "--kind" in listing and "--winner" not in listing and "--keep" not in listing
    decide = _help("escalations", "decide")
    assert "--winner" in decide and "--answer" in decide and "--kind" not in decide
    assert "ESCALATION_ID" in decide
    assert "--winner" not in _help("escalations", "expire")
    threads = _help("threads", "list")
    assert "--older-than" not in threads and "--max-attempts" not in threads
    assert "--older-than" in _help("threads", "prune")
    resume = _help("threads", "resume")
    assert "--max-attempts" in resume and "--older-than" not in resume and "--grace" in resume


def test_a_missing_id_is_a_one_line_usage_error() -> None:
    done = run_cli("escalations", "show", "--memory")
    assert done.status == 2
    (line,) = done.err.strip().splitlines()
    assert "ESCALATION_ID" in line


def _narrow(monkeypatch: pytest.MonkeyPatch, *argv: str) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    done = run_cli(*argv)
    assert done.status == 0, done.err
    long = [line for line in done.out.splitlines() if len(line) > 80]
    assert not long, long
    return done.out


@pytest.mark.postgres
@pytest.mark.slow
def test_tables_and_hints_fit_80_columns_with_nothing_cut(
    pg_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = run_cli("demo", "conflict", "--strategy", "human", "--thread-id", LONG_THREAD,
                      "--db", pg_db, "--json")  # fmt: skip
    (pending,) = json.loads(started.out)["pending"]

    listed = _narrow(monkeypatch, "escalations", "list", "--db", pg_db)
    for whole in (pending["id"], LONG_THREAD, "Public API style for Q3"):
        assert whole in listed, whole  # never folded mid-value, never cropped
    assert "backend_lead" in listed and "frontend_lead" in listed and "ui_dev" in listed

    shown = _narrow(monkeypatch, "escalations", "show", pending["id"], "--db", pg_db)
    joined = " ".join(shown.replace("\\\n", " ").split())
    assert f"council escalations decide {pending['id']} --winner ui_dev --by NAME" in joined
    assert "--win\n" not in shown and "--by\n" not in shown  # never broken mid-flag

    threads = _narrow(monkeypatch, "threads", "list", "--db", pg_db)
    assert LONG_THREAD in threads and "waiting for a human" in threads and "conflict" in threads


def test_an_empty_escalation_list_says_nothing_is_pending() -> None:
    done = run_cli("escalations", "list", "--memory")
    assert done.status == 0
    assert "nothing pending" in done.out


def test_the_synthesis_row_shows_the_summary_not_json(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    done = run_cli("demo", "meeting", "--memory", "--protocol", "round_robin")
    assert done.status == 0, done.err
    assert '{"summary"' not in done.out
    row = next(line for line in done.out.splitlines() if "│ summary" in line)
    assert "Stay on REST for partners" in row


def _one_document(done: CliRun, status: int = 0) -> dict[str, object]:
    assert done.status == status, done.err
    document = json.loads(done.out)  # exactly one document: anything else fails to parse
    assert isinstance(document, dict)
    return document


MEMORY_COMMANDS = [
    ["demo", "meeting", "--protocol", "round_robin"],
    ["demo", "conflict", "--strategy", "human"],
    ["demo", "delegation"],
    ["run", str(ROOT / "examples" / "council.yaml")],
    ["escalations", "list"],
    ["escalations", "expire"],
    ["threads", "list"],
]


@pytest.mark.parametrize("argv", MEMORY_COMMANDS, ids=" ".join)
def test_json_in_memory_is_one_document_on_stdout(argv: list[str]) -> None:
    _one_document(run_cli(*argv, "--memory", "--json"))


@pytest.mark.postgres
@pytest.mark.slow
def test_json_on_postgres_is_one_document_for_every_command(pg_db: str) -> None:
    def json_of(*argv: str, status: int = 0) -> dict[str, object]:
        return _one_document(run_cli(*argv, "--db", pg_db, "--json"), status)

    first = json_of("demo", "conflict", "--strategy", "human", "--thread-id", "one")
    second = json_of("demo", "conflict", "--strategy", "human", "--thread-id", "two")
    one, two = first["pending"][0]["id"], second["pending"][0]["id"]  # type: ignore[index]
    assert json_of("escalations", "list")["pending"]
    assert json_of("escalations", "show", one)["escalation"]
    assert json_of("threads", "show", "one")["thread"]
    waiting = json_of("threads", "resume", "one", status=1)  # it waits for a human: exit 1
    assert waiting["thread_id"] == "one" and waiting["state"] == "waiting for a human"
    cancelled = json_of("escalations", "cancel", two)
    assert cancelled["thread_id"] == "two"
    decided = json_of("escalations", "decide", one, "--winner", "backend_lead")
    assert decided["resolution"]
    assert json_of("escalations", "expire")["expired"] == []
    assert {t["thread_id"] for t in json_of("threads", "list")["threads"]} == {"one", "two"}  # type: ignore[union-attr]
    assert "prune" in json_of("threads", "prune", "--dry-run")
    assert json_of("demo", "pipeline")["result"]
