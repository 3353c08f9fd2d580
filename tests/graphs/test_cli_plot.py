"""`council threads show ID --plot FILE`: the picture of a stored run, as a user in another
shell writes it, read back from the SVG's elements and text, not from its size."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from tests.cli_runner import council, run_cli

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

SVG = "{http://www.w3.org/2000/svg}"


def _drawn(path: Path) -> tuple[list[str], list[str]]:
    """(every element id, every text shown) of an SVG file."""
    root = ET.parse(path).getroot()
    ids = [e.get("id", "") for e in root.iter() if e.get("id")]
    texts = ["".join(t.itertext()).strip() for t in root.iter(f"{SVG}text")]
    return ids, texts


def _ids(ids: list[str], prefix: str) -> Counter[str]:
    """How many elements of each subject an id family names: `attempt:<sid>:<n>` -> sid."""
    return Counter(i.split(":")[1] for i in ids if i.startswith(prefix + ":"))


def test_a_pipeline_thread_is_drawn_one_bar_per_subtask_with_agents_and_the_held_merge(
    pg_db: str, tmp_path: Path
) -> None:
    ran = council("demo", "pipeline", "--db", pg_db, "--thread-id", "pipe", "--json", "--quiet")
    assert ran.returncode == 0, ran.stderr
    result = json.loads(ran.stdout)["result"]
    outcomes = [o for w in result["waves"] for o in w["outcomes"]]

    svg = tmp_path / "pipe.svg"
    drawn = council("threads", "show", "pipe", "--db", pg_db, "--plot", str(svg))
    assert drawn.returncode == 0, drawn.stderr
    assert f"wrote {svg}: the pipeline picture of thread pipe" in " ".join(drawn.stdout.split())
    ids, texts = _drawn(svg)
    assert _ids(ids, "attempt") == {o["subtask_id"]: 1 for o in outcomes}  # one bar each
    for outcome in outcomes:  # each agent who worked is named (on its bar and in the legend)
        assert texts.count(outcome["agent_id"]) >= 2, outcome["agent_id"]
    assert "wave 2 · invoice-api" in texts and "wave 1 · tax-rules" in texts
    assert set(_ids(ids, "merge")) == {o["subtask_id"] for o in outcomes}
    assert "merge held, then kept" in texts  # monthly-report's semantic conflict, kept by QA
    assert "cto (plan)" in texts  # the planner's billed tokens

    png = tmp_path / "pipe.png"
    as_png = council("threads", "show", "pipe", "--db", pg_db, "--plot", str(png), "--json")
    assert as_png.returncode == 0, as_png.stderr
    assert json.loads(as_png.stdout) == {"thread_id": "pipe", "plot": str(png),
                                         "picture": "pipeline"}  # fmt: skip
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_a_meeting_thread_is_drawn_turn_by_turn_with_each_agents_talk_share(
    pg_db: str, tmp_path: Path
) -> None:
    ran = council("demo", "meeting", "--db", pg_db, "--thread-id", "meet", "--json", "--quiet")
    assert ran.returncode == 0, ran.stderr
    minutes = json.loads(ran.stdout)["minutes"]
    svg = tmp_path / "meet.svg"
    drawn = council("threads", "show", "meet", "--db", pg_db, "--plot", str(svg))
    assert drawn.returncode == 0, drawn.stderr
    ids, texts = _drawn(svg)
    turns = [i.split(":", 2)[2] for i in ids if i.startswith("turn:")]
    assert turns == [c["agent_id"] for c in minutes["contributions"]]  # every turn, in order
    agents = [minutes["leader_id"], *minutes["participant_ids"]]
    assert set(_ids(ids, "share")) == set(agents)
    for agent in minutes["participant_ids"]:
        assert agent in texts, agent
    assert f"{minutes['leader_id']} (leader)" in texts
    assert any(t.endswith("turn(s)") and t.startswith(tuple("0123456789")) for t in texts)


def test_a_conflict_thread_is_drawn_as_its_path_to_the_ruling(pg_db: str, tmp_path: Path) -> None:
    ran = run_cli("demo", "conflict", "--strategy", "debate", "--db", pg_db, "--thread-id", "c1",
                  "--quiet")  # fmt: skip
    assert ran.status == 0, ran.err
    svg = tmp_path / "c1.svg"
    drawn = council("threads", "show", "c1", "--db", pg_db, "--plot", str(svg))
    assert drawn.returncode == 0, drawn.stderr
    _, texts = _drawn(svg)
    shown = " ".join(" ".join(texts).split())
    assert "strategy debate" in shown and "arguments" in shown and "rebuttals" in shown
    assert "resolved by debate" in shown


def test_threads_without_a_picture_and_missing_threads_are_one_line_errors(
    pg_db: str, tmp_path: Path
) -> None:
    ran = run_cli("demo", "delegation", "--db", pg_db, "--thread-id", "del", "--quiet")
    assert ran.status == 0, ran.err
    svg = tmp_path / "x.svg"
    for thread, expected in (
        ("del", "thread del is a delegation thread: pictures are drawn for pipeline, meeting "
                "and conflict threads only"),
        ("nope", "no thread 'nope' (see `council threads list`)"),
    ):  # fmt: skip
        done = council("threads", "show", thread, "--db", pg_db, "--plot", str(svg))
        assert done.returncode == 1
        assert done.stderr.strip().splitlines() == [expected]
    assert not svg.exists()
    wrong = council("threads", "show", "del", "--db", pg_db, "--plot", str(tmp_path / "x.jpg"))
    assert wrong.returncode == 1
    (line,) = wrong.stderr.strip().splitlines()
    assert "a picture is written as .svg, .png or .pdf (got .jpg)" in line
