"""`council escalations decide --server URL` mistakes, without a server install: one line, exit 1,
nothing decided. (Deciding through a live deployment is tests/server/test_cli_server.py.)"""

from __future__ import annotations

import json

import pytest

from langgraph_council.graphs.cli import main
from tests.processes import free_port

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_decide_with_a_bad_or_unreachable_server_changes_nothing(
    pg_uri: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "conflict", "--strategy", "human", "--db", pg_uri, "--json"]) == 0
    (escalation,) = json.loads(capsys.readouterr().out)["pending"]
    decide = ["escalations", "decide", escalation["id"], "--winner", "frontend_lead"]
    down = f"http://127.0.0.1:{free_port()}"
    cases = [
        (["--server", down], f"--server {down}: cannot reach the server"),
        (["--server", "localhost:2024"], "is not a server URL: use http://HOST:PORT"),
        (["--server", down, "--graph", "m:f"], "--graph and --server exclude each other"),
    ]
    for flags, expected in cases:
        assert main([*decide, "--db", pg_uri, *flags]) == 1
        err = capsys.readouterr().err.strip()
        assert expected in err and len(err.splitlines()) == 1, err

    assert main(["escalations", "show", escalation["id"], "--db", pg_uri, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["escalation"]["status"] == "pending"
