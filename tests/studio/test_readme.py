"""The README's first example and the composition quickstart (docs/guide.md) run as written:
copied out of the markdown, not duplicated here, and run outside the checkout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from langgraph_council.graphs import MeetingProtocolConfig
from langgraph_council.nodes import MeetingMinutes

REPO = Path(__file__).resolve().parents[2]
MARKER = "<!-- quickstart"


def quickstart_code() -> str:
    """The first ```python block after the quickstart marker in docs/guide.md."""
    guide = (REPO / "docs" / "guide.md").read_text()
    assert MARKER in guide, "docs/guide.md lost its quickstart marker"
    found = re.search(r"```python\n(.*?)\n```", guide[guide.index(MARKER) :], re.DOTALL)
    assert found, "no ```python block after the quickstart marker"
    return found.group(1)


def test_the_quickstart_parent_graph_pauses_in_the_conflict_and_resumes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # outside the checkout: the block builds its roster inline
    namespace: dict[str, object] = {"__name__": "__quickstart__"}
    exec(compile(quickstart_code(), "docs/guide.md:quickstart", "exec"), namespace)
    asked, answered = capsys.readouterr().out.strip().splitlines()
    assert "sam" in asked and "Ship on Friday" in asked
    assert "uma" in asked and "Wait for the design review" in asked
    assert answered == "resolved_by_human uma"


def _first_python_block() -> tuple[str, str]:
    """README.md's first ```python block and the text before it."""
    readme = (REPO / "README.md").read_text()
    found = re.search(r"```python\n(.*?)\n```", readme, re.DOTALL)
    assert found, "README.md has no ```python block"
    return found.group(1), readme[: found.start()]


def test_the_readme_opens_with_a_ten_line_meeting_that_decides(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, before = _first_python_block()
    assert "<!-- ten-line start" in before, "the README's first example is not the ten-line start"
    assert len(code.splitlines()) <= 10, code
    assert "Org" not in code and ".yaml" not in code  # no org file on the way in
    namespace: dict[str, object] = {"__name__": "__ten_lines__"}
    exec(compile(code, "README.md:ten-line start", "exec"), namespace)
    assert capsys.readouterr().out.strip() == "('Use Postgres for billing',)"
    minutes = namespace["minutes"]
    assert isinstance(minutes, MeetingMinutes)
    assert minutes.status == "completed" and minutes.decisions == ("Use Postgres for billing",)
    assert (minutes.leader_id, minutes.participant_ids) == ("ana", ("ben", "cy"))
    assert [c.agent_id for c in minutes.contributions][:2] == ["ben", "cy"]  # both spoke
    assert minutes.token_budget == MeetingProtocolConfig().token_budget  # from the config
