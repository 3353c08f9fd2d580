"""Issue 34 item 3: no `council` command claims what did not happen. A resume of a thread
that waits for a human says so; threads of `langgraph dev` and `council schedule` show their
graph and state; `schedule` and `guards reset` refuse bad input at load; global options go
before or after the action; every action has its own help. (The cancel race is in
`test_cli_cancel.py`.)"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cli_runner import CliRun, run_cli

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "schedule.yaml"


def _ok(*argv: str) -> CliRun:
    done = run_cli(*argv)
    assert done.status == 0, done.err
    return done


def _threads(db: str) -> dict[str, dict[str, Any]]:
    listed = _ok("threads", "list", "--db", db, "--json")
    return {t["thread_id"]: t for t in json.loads(listed.out)["threads"]}


def test_resuming_a_thread_that_waits_for_a_human_says_so_and_prints_the_decide_command(
    pg_db: str,
) -> None:
    _ok("demo", "conflict", "--strategy", "human", "--thread-id", "w", "--db", pg_db, "--json")
    tried = run_cli("threads", "resume", "w", "--db", pg_db)
    assert tried.status == 1, tried.out
    said = " ".join(tried.out.split())
    assert "thread w was not resumed: it waits for a human" in said
    (pending,) = json.loads(_ok("escalations", "list", "--db", pg_db, "--json").out)["pending"]
    assert f"council escalations decide {pending['id']}" in said and "--reject --by NAME" in said
    assert "ran to its end" not in said
    assert _threads(pg_db)["w"]["state"] == "waiting for a human"  # nothing changed


async def _studio_meeting_stopped_mid_way(db: str) -> None:
    """A `langgraph.json` meeting thread as `langgraph dev` writes it (its saver, its shared
    stores), stopped before its dissent step, as a server restart leaves it."""
    from langgraph_council.graphs import studio

    os.environ[studio.DATABASE_ENV] = db
    try:
        async with studio.checkpointer() as saver:
            graph = studio.meeting_round_robin().copy(update={"checkpointer": saver})
            config: Any = {"configurable": {"thread_id": "dev"}}
            meeting = {
                "agenda": {"title": "REST or GraphQL?"},
                "leader_id": "cto",
                "participant_ids": ["backend_lead", "frontend_lead"],
                "token_budget": 20_000,
            }
            async for update in graph.astream(meeting, config, durability="sync"):
                if "finalize" in update:  # next: record_dissent, a node served graphs have
                    break
    finally:
        del os.environ[studio.DATABASE_ENV]


def test_a_langgraph_dev_meeting_thread_shows_its_graph_and_state_and_resumes(
    pg_db: str,
) -> None:
    asyncio.run(_studio_meeting_stopped_mid_way(pg_db))
    shown = _threads(pg_db)["dev"]
    assert (shown["graph"], shown["state"]) == ("studio:meeting_round_robin", "suspended")
    resumed = run_cli("threads", "resume", "dev", "--db", pg_db, "--json")
    assert resumed.status == 0, resumed.err
    assert json.loads(resumed.out)["values"]["minutes"]["status"] == "completed"
    assert _threads(pg_db)["dev"]["state"] == "done"


def _schedule_file(tmp_path: Path, **changes: Any) -> Path:
    """The example's standup every second (`changes` edit its first meeting type)."""
    spec = yaml.safe_load(EXAMPLE.read_text())
    standup = dict(spec["meetings"][0], frequency="1s", **changes)
    spec["meetings"] = [standup]
    path = tmp_path / "schedule.yaml"
    path.write_text(yaml.safe_dump(spec))
    return path


def test_a_scheduled_meetings_thread_shows_its_graph_and_state(pg_db: str, tmp_path: Path) -> None:
    file = _schedule_file(tmp_path)
    log = tmp_path / "runs.jsonl"
    _ok("schedule", str(file), "--db", pg_db, "--log", str(log), "--max-runs", "1")
    (run,) = [json.loads(line) for line in log.read_text().splitlines()]
    shown = _threads(pg_db)[run["thread_id"]]
    assert shown["graph"] == f"schedule:round_robin:{file.resolve()}"
    assert shown["state"] == "done"


@pytest.mark.parametrize(
    ("changes", "field", "said"),
    [
        ({"participants": ["backend_lead", "nobody"]}, "participants", "'nobody' matches no"),
        ({"name": "stand\nup"}, "name", "must be one printable line"),
    ],
)
def test_schedule_refuses_a_bad_meeting_type_when_it_loads(
    tmp_path: Path, changes: dict[str, Any], field: str, said: str
) -> None:
    log = tmp_path / "runs.jsonl"
    refused = run_cli(
        "schedule", str(_schedule_file(tmp_path, **changes)), "--memory", "--log", str(log)
    )
    assert refused.status == 1
    (line,) = refused.err.strip().splitlines()
    assert f"meetings.0.{field}" in line and said in line
    assert not log.exists()  # nothing ran


def test_guards_reset_refuses_one_agent_twice_and_a_pair_the_guard_never_saw(
    pg_db: str,
) -> None:
    twice = run_cli("guards", "reset", "cto", "cto", "--db", pg_db)
    assert twice.status == 1
    assert "A and B are both 'cto'" in twice.err
    unknown = run_cli("guards", "reset", "cto", "backend_led", "--db", pg_db)
    assert unknown.status == 1
    assert "no hand-off between 'cto' and 'backend_led'" in " ".join(unknown.err.split())


def test_global_options_go_before_or_after_the_action(pg_db: str) -> None:
    _ok("demo", "conflict", "--thread-id", "g", "--db", pg_db, "--json")
    before = _ok("--db", pg_db, "--json", "threads", "list")
    after = _ok("threads", "list", "--db", pg_db, "--json")
    assert json.loads(before.out) == json.loads(after.out)
    assert [t["thread_id"] for t in json.loads(before.out)["threads"]] == ["g"]
    both = run_cli("--db", pg_db, "threads", "list", "--memory")
    assert both.status == 2 and "not allowed with argument --db" in both.err


def test_every_action_prints_its_own_help() -> None:
    shown = run_cli("guards", "reset", "--help")
    assert shown.status == 0
    assert shown.out.startswith("usage: council guards reset")
    assert "A B" in shown.out and "--db URI" in shown.out
