"""Every user mistake is one line and a non-zero exit; stored text prints literally; the
database password never shows (issue 14, item 7)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from rich.console import Console

from langgraph_council.graphs._cli.backend import mask_uri
from langgraph_council.graphs._cli.output import print_escalation, print_escalations
from langgraph_council.graphs.cli import main
from langgraph_council.nodes._escalation.models import Escalation
from tests.cli_runner import council


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("budget", ["-5", "0", "abc", str(2**64)])
def test_a_bad_budget_is_one_line_naming_the_flag(
    budget: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["demo", "meeting", "--memory", "--budget", budget])
    assert exited.value.code == 2
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("council demo meeting: argument --budget: must be a whole number")


def test_a_bad_db_is_one_line_with_the_password_masked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["threads", "list", "--db", "postgresql://bob:s3cret@127.0.0.1:1/x"]) == 1
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("--db postgresql://bob:***@127.0.0.1:1/x: cannot connect")
    assert main(["threads", "list", "--db", "not a uri"]) == 1
    assert "is not a PostgreSQL URI" in _one_line(capsys.readouterr().err)


def test_the_database_env_is_used_and_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COUNCIL_DATABASE_URL", "postgresql://bob:s3cret@127.0.0.1:1/x")
    assert main(["threads", "list"]) == 1
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("COUNCIL_DATABASE_URL postgresql://bob:***@127.0.0.1:1/x: cannot")
    assert main(["demo", "meeting", "--memory", "--json"]) == 0  # --memory ignores it


def test_a_bad_data_dir_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    assert main(["threads", "list", "--data-dir", str(blocker / "data")]) == 1
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(f"--data-dir {blocker / 'data'}: cannot start the embedded server")


def test_passwords_are_masked_in_every_form() -> None:
    assert mask_uri("postgresql://bob:s3cret@db:5432/c") == "postgresql://bob:***@db:5432/c"
    assert mask_uri("postgresql://bob@db/c") == "postgresql://bob@db/c"
    assert mask_uri("host=db password=s3cret user=bob") == "host=db password=*** user=bob"
    assert mask_uri("postgresql://bob:p@ss@db/c") == "postgresql://bob:***@db/c"


MARKUP = "use [/] and [link=https://evil.example]click[/link] [bold]now"


def _render(print_fn: object, *args: object) -> str:
    console = Console(record=True, width=400, force_terminal=False)
    print_fn(console, *args)  # type: ignore[operator]
    return console.export_text()


def test_stored_text_is_printed_literally_never_as_markup() -> None:
    escalation = Escalation(
        id="e-1",
        thread_id="t-[b]1",
        kind="merge",
        subject=MARKUP,
        summary=MARKUP,
        options=("keep", "drop"),
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
    )
    assert MARKUP in _render(print_escalations, [escalation])
    assert MARKUP in _render(print_escalation, escalation)


@pytest.mark.postgres
@pytest.mark.slow
def test_decision_mistakes_are_one_line_and_a_markup_reason_is_kept_literally(
    pg_db: str,
) -> None:
    started = council("demo", "conflict", "--strategy", "human", "--db", pg_db, "--json")
    assert started.returncode == 0, started.stderr
    escalation_id = json.loads(started.stdout)["pending"][0]["id"]

    wrong = council("escalations", "decide", escalation_id, "--winner", "nobody", "--db", pg_db)
    assert wrong.returncode == 1
    assert "'nobody' is not a party" in _one_line(wrong.stderr)

    decided = council("escalations", "decide", escalation_id, "--winner", "backend_lead",
                      "--reason", MARKUP, "--db", pg_db)  # fmt: skip
    assert decided.returncode == 0, decided.stderr
    assert MARKUP in decided.stdout  # the reason, as typed

    again = council("escalations", "decide", escalation_id, "--winner", "ui_dev", "--db", pg_db)
    assert again.returncode == 1
    assert "already decided" in _one_line(again.stderr)

    unknown = council("escalations", "show", "no-such-id", "--db", pg_db)
    assert unknown.returncode == 1
    assert _one_line(unknown.stderr) == "no escalation 'no-such-id' (see `escalations list`)"
