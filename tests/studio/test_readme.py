"""The README quickstart runs as written: copied out of README.md, not duplicated here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MARKER = "<!-- quickstart"


def quickstart_code() -> str:
    """The first ```python block after the quickstart marker in README.md."""
    readme = (REPO / "README.md").read_text()
    assert MARKER in readme, "README.md lost its quickstart marker"
    found = re.search(r"```python\n(.*?)\n```", readme[readme.index(MARKER) :], re.DOTALL)
    assert found, "no ```python block after the quickstart marker"
    return found.group(1)


def test_the_quickstart_parent_graph_pauses_in_the_conflict_and_resumes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)  # the quickstart loads tests/data/org.yaml, as a reader would
    namespace: dict[str, object] = {"__name__": "__quickstart__"}
    exec(compile(quickstart_code(), "README.md:quickstart", "exec"), namespace)
    asked, answered = capsys.readouterr().out.strip().splitlines()
    assert "senior_dev" in asked and "Ship on Friday" in asked
    assert "ui_dev" in asked and "Wait for the design review" in asked
    assert answered == "resolved_by_human ui_dev"
