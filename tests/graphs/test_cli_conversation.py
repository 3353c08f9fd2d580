"""`council` prints the conversation as it happens, each message once; `--quiet` prints none."""

from __future__ import annotations

import pytest

from langgraph_council.graphs.cli import main


def test_a_demo_meeting_prints_each_contribution_as_it_arrives(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "meeting", "--memory", "--protocol", "round_robin"]) == 0
    out = capsys.readouterr().out
    live, table = out.split("Contributions", 1)
    assert live.count("▸ backend_lead (round_robin)") == 2  # two turns, each printed once
    assert "▸ cto (summary)" in live
    assert live.index("▸ backend_lead") < live.index("▸ cto")
    assert "backend_lead" in table


def test_a_debate_prints_arguments_once_though_the_subgraph_hands_them_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "conflict", "--memory", "--strategy", "debate"]) == 0
    out = capsys.readouterr().out
    assert out.count("(argument)") == 3 and out.count("▸ council (outcome)") == 1


def test_quiet_prints_only_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "meeting", "--memory", "--protocol", "round_robin", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "▸" not in out and "✓" not in out
    assert "Contributions" in out
