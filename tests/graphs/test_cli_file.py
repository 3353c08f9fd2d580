"""`council run FILE.yaml` on the shipped examples, and one-line, field-named errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from langgraph_council.graphs.cli import main
from tests.cli_runner import council

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_the_example_meeting_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(EXAMPLES / "council.yaml"), "--memory", "--json"]) == 0
    minutes = json.loads(capsys.readouterr().out)["minutes"]
    assert (minutes["status"], minutes["protocol"], minutes["leader_id"]) == (
        "completed",
        "round_robin",
        "cto",
    )
    speakers = {c["agent_id"] for c in minutes["contributions"]}
    assert {"backend_lead", "frontend_lead", "qa_head"} <= speakers


def test_the_example_conflict_is_resolved(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(EXAMPLES / "conflict.yaml"), "--memory", "--json"]) == 0
    resolution = json.loads(capsys.readouterr().out)["resolution"]
    assert resolution["decided_by"] == "cto"  # the leads' common manager decides
    assert resolution["winning_agent_id"] in {"backend_lead", "frontend_lead"}


ORG = (EXAMPLES / "conflict.yaml").read_text().split("conflict:\n")[0]
MEETING = "meeting: {leader: cto, participants: [qa_head], agenda: {title: T}}\n"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (ORG + MEETING.replace("{leader", "{protocol: chat, leader"),
         "meeting.protocol: 'chat' is not one of position_papers, round_robin, selector, "
         "structured_phases"),
        (ORG + MEETING.replace("leader: cto, ", ""), "meeting.leader: Field required"),
        (ORG + MEETING.replace("[qa_head]", "[qa_head, bob]"),
         "meeting.participants.1: no agent 'bob' in org.agents"),
        (ORG + MEETING.replace("meeting:", "meting:"),
         "meting: Extra inputs are not permitted"),
        (ORG + MEETING + "delegation: {task: x, entry_agent: cto}\n",
         "give exactly one of meeting, conflict, delegation (got meeting, delegation)"),
        (ORG + MEETING.replace("{title: T}", "{title: ''}"),
         "meeting.agenda.title: String should have at least 1 character"),
        (ORG.replace("level: vp", "level: boss") + MEETING,
         "org: agents[0] (id 'cto'): level: Input should be"),
        (ORG + MEETING + "models: {default: scripted, nobody: scripted}\n",
         "models.nobody: no agent 'nobody' in org.agents"),
        ("org: {agents: [\n", "not valid YAML at line 2"),
    ],
)  # fmt: skip
def test_a_malformed_file_is_one_line_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    assert main(["run", str(path), "--memory"]) == 1
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}: {line}"), err
    assert "Traceback" not in captured.err + captured.out


def test_a_missing_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["run", str(tmp_path / "none.yaml"), "--memory"]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [
        f"{tmp_path / 'none.yaml'}: cannot read it (No such file or directory)"
    ]


def test_the_parsers_choices_are_the_built_in_registries() -> None:
    probe = (  # a fresh process: other tests register protocols and strategies of their own
        "from langgraph_council.graphs import conflict_strategies, meeting_protocols; "
        "from langgraph_council.graphs.cli import CONFLICT_STRATEGIES, MEETING_PROTOCOLS; "
        "assert tuple(meeting_protocols()) == MEETING_PROTOCOLS, meeting_protocols(); "
        "assert tuple(conflict_strategies()) == CONFLICT_STRATEGIES, conflict_strategies()"
    )
    checked = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_help_and_version_answer_without_loading_langgraph() -> None:
    probe = (
        "import sys; from langgraph_council.graphs import cli; "
        "cli._parser(); print(sorted(m for m in sys.modules if m.split('.')[0] == 'langgraph'))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert loaded.stdout.strip() == "[]", loaded.stderr
    version = council("--version")
    assert version.returncode == 0 and version.stdout.strip().startswith("council 0.")


def test_tracebacks_only_with_debug(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("org: {agents: []}\nmeeting: {leader: x}\n")
    plain = council("run", str(bad), "--memory")
    assert plain.returncode == 1 and "Traceback" not in plain.stderr
    assert len(plain.stderr.strip().splitlines()) == 1
    debug = council("--debug", "run", str(bad), "--memory")
    assert debug.returncode == 1 and "Traceback" in debug.stderr
