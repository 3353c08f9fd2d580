"""`council` tells the truth about threads: every checkpoint names its graph (after a decide,
a prune, a `--graph` resume, a Studio run), a thread is never run by a second graph, and each
refusal names its real cause."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.cli_runner import CliRun, run_cli

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

USER_GRAPH = "tests/graphs/user_delegation.py:make_graph"
ROOT = Path(__file__).parents[2]


def _ok(*argv: str) -> CliRun:
    done = run_cli(*argv)
    assert done.status == 0, done.err
    return done


def _threads(db: str) -> dict[str, dict[str, Any]]:
    listed = _ok("threads", "list", "--db", db, "--json")
    return {t["thread_id"]: t for t in json.loads(listed.out)["threads"]}


def _untagged(db: str, thread_id: str) -> int:
    """How many of the thread's checkpoints do not name their graph."""
    with psycopg.connect(db) as conn:
        row = conn.execute(
            "SELECT count(*) FROM checkpoints WHERE thread_id = %s "
            "AND NOT (metadata ? 'council_graph')",
            (thread_id,),
        ).fetchone()
    assert row is not None
    return int(row[0])


def _pending(db: str) -> list[dict[str, Any]]:
    return list(json.loads(_ok("escalations", "list", "--db", db, "--json").out)["pending"])


def test_a_thread_decided_then_pruned_still_knows_its_graph_and_state(pg_db: str) -> None:
    _ok("demo", "conflict", "--strategy", "human", "--thread-id", "t1", "--db", pg_db, "--json")
    (waiting,) = _pending(pg_db)
    assert (_threads(pg_db)["t1"]["graph"], _threads(pg_db)["t1"]["state"]) == (
        "conflict",
        "waiting for a human",
    )
    _ok("escalations", "decide", waiting["id"], "--winner", "frontend_lead", "--db", pg_db)
    assert _untagged(pg_db, "t1") == 0  # the resumed run's checkpoints name the graph too
    t1 = _threads(pg_db)["t1"]
    assert (t1["graph"], t1["state"]) == ("conflict", "done")

    _ok("threads", "prune", "t1", "--db", pg_db)
    t1 = _threads(pg_db)["t1"]
    assert (t1["graph"], t1["state"]) == ("conflict", "done")
    shown = _ok("threads", "show", "t1", "--db", pg_db)
    assert "graph: conflict" in shown.out and "state: done" in shown.out


def _user_thread(db: str, thread_id: str) -> None:
    """A delegation thread of the user's own graph, started in the user's own code."""
    from langgraph_council.checkpoints import EscalationQueue, postgres_checkpointer
    from tests.graphs.user_delegation import PEERS, make_graph

    with postgres_checkpointer(db) as saver, EscalationQueue.from_conn_string(db) as queue:
        graph = make_graph(checkpointer=saver, escalations=queue)
        inp = {"task": "Pick a database", "entry_agent": "alice"}
        graph.invoke(inp, {"configurable": {"thread_id": thread_id}}, context=PEERS)


def test_a_users_graph_decided_through_graph_is_listed_with_that_graph(pg_db: str) -> None:
    _user_thread(pg_db, "u1")
    before = _threads(pg_db)["u1"]
    assert (before["graph"], before["state"]) == (None, "waiting for a human")
    table = _ok("threads", "list", "--db", pg_db)
    assert "unknown: pass --graph" in table.out  # a thread the CLI never ran

    (waiting,) = _pending(pg_db)
    bare = run_cli("escalations", "decide", waiting["id"], "--answer", "Postgres", "--db", pg_db)
    assert bare.status == 1
    (line,) = bare.err.strip().splitlines()
    assert "not run by the council CLI" in line and "pass --graph module:factory" in line
    assert "no longer waiting" not in line

    _ok("escalations", "decide", waiting["id"], "--answer", "Postgres", "--db", pg_db,
        "--graph", USER_GRAPH, "--context", '{"enforce_chain_of_command": false}')  # fmt: skip
    after = _threads(pg_db)["u1"]
    assert after["graph"] == f"graph:{ROOT / 'tests/graphs/user_delegation.py'}:make_graph"
    assert after["state"] == "done"  # rebuilt from the recorded target: no --graph needed
    assert "unknown: pass --graph" not in _ok("threads", "list", "--db", pg_db).out


async def _studio_threads(db: str) -> None:
    """Two conflict threads as `langgraph dev` makes them: the `langgraph.json` factory, the
    saver of `checkpointer.path` lent with `graph.copy(update=...)`, the shared stores."""
    from langgraph_council.graphs import studio
    from langgraph_council.graphs._demo.data import demo_conflict

    os.environ[studio.DATABASE_ENV] = db
    try:
        async with studio.checkpointer() as saver:
            for thread_id, context in (
                ("s-done", None),
                ("s-wait", {"conflict": {"strategy": "human"}}),  # a namespaced section
            ):
                graph = studio.conflict().copy(update={"checkpointer": saver})
                config: Any = {"configurable": {"thread_id": thread_id}}
                await graph.ainvoke({"conflict": demo_conflict()}, config, context=context)
    finally:
        del os.environ[studio.DATABASE_ENV]


def test_a_thread_of_the_studio_graphs_is_listed_with_its_graph(pg_db: str) -> None:
    asyncio.run(_studio_threads(pg_db))
    listed = _threads(pg_db)
    assert (listed["s-done"]["graph"], listed["s-done"]["state"]) == ("studio:conflict", "done")
    assert (listed["s-wait"]["graph"], listed["s-wait"]["state"]) == (
        "studio:conflict",
        "waiting for a human",
    )
    assert _untagged(pg_db, "s-done") == 0
    (waiting,) = _pending(pg_db)  # decided from the CLI, the thread keeps its Studio name
    _ok("escalations", "decide", waiting["id"], "--winner", "ui_dev", "--db", pg_db)
    assert _threads(pg_db)["s-wait"]["graph"] == "studio:conflict"
    assert _threads(pg_db)["s-wait"]["state"] == "done"


def test_a_run_on_another_graphs_thread_is_refused_naming_both(pg_db: str) -> None:
    _ok("demo", "conflict", "--thread-id", "shared", "--db", pg_db, "--json")
    clash = run_cli("demo", "meeting", "--thread-id", "shared", "--db", pg_db, "--json")
    assert clash.status == 1 and clash.out == ""
    (line,) = clash.err.strip().splitlines()
    assert "thread shared belongs to graph conflict" in line
    assert "meeting:structured_phases" in line and "--thread-id" in line
    assert _threads(pg_db)["shared"]["state"] == "done"  # untouched

    _user_thread(pg_db, "theirs")
    foreign = run_cli("demo", "delegation", "--thread-id", "theirs", "--db", pg_db)
    assert foreign.status == 1
    assert "a graph the council CLI did not run" in foreign.err


def test_each_refusal_names_its_real_cause(pg_db: str) -> None:
    missing = run_cli("threads", "resume", "nosuch", "--db", pg_db)
    assert missing.status == 1
    (line,) = missing.err.strip().splitlines()
    assert line.startswith("no thread 'nosuch' in postgres") and "council threads list" in line

    _user_thread(pg_db, "u2")
    unknown = run_cli("threads", "resume", "u2", "--db", pg_db)
    assert unknown.status == 1
    assert "u2: it was not run by the council CLI" in unknown.err
    assert "pass --graph module:factory" in unknown.err

    _ok("demo", "conflict", "--thread-id", "c9", "--db", pg_db, "--json")
    wrong = run_cli("threads", "resume", "c9", "--graph", USER_GRAPH, "--db", pg_db)
    assert wrong.status == 1
    assert "is not the thread's graph: the thread records conflict" in wrong.err


# The org both run files share: a CTO over an ops lead and a security lead.
ORG = """
org:
  agents:
    - {id: cto, name: Dana, role: CTO, department: engineering, level: vp}
    - {id: ops_lead, name: Ola, role: Ops lead, department: ops, level: lead, manager_id: cto}
    - {id: sec_lead, name: Sid, role: Security lead, department: security, level: lead,
       manager_id: cto}
"""

HUMAN_FILE = (
    ORG
    + """conflict:
  strategy: human
  subject: Which CI provider do we adopt?
  positions:
    - {agent: ops_lead, position: Self-hosted runners, reasoning: Cost.}
    - {agent: sec_lead, position: A hosted provider, reasoning: Patching.}
"""
)

MEETING_FILE = (
    ORG
    + """meeting:
  protocol: structured_phases
  leader: cto
  participants: [ops_lead, sec_lead]
  agenda: {title: "Which CI provider do we adopt?"}
"""
)


def test_a_file_run_waiting_on_a_human_prints_the_exact_decide_commands(
    pg_db: str, tmp_path: Path
) -> None:
    path = tmp_path / "ci.yaml"
    path.write_text(HUMAN_FILE)
    run = _ok("run", str(path), "--thread-id", "ci-1", "--db", pg_db)
    (waiting,) = _pending(pg_db)
    flat = " ".join(run.out.replace("\\\n", " ").split())  # as a shell joins a `\` line
    assert f"council escalations decide {waiting['id']} --winner ops_lead --by NAME" in flat
    assert f"council escalations decide {waiting['id']} --winner sec_lead --by NAME" in flat
    assert "⏸ waiting for a human decision" in run.out  # live progress, as in the demos

    as_json = json.loads(_ok("run", str(path), "--thread-id", "ci-2", "--db", pg_db, "--json").out)
    assert as_json["thread_id"] == "ci-2" and as_json["pending"][0]["kind"] == "conflict"

    decided = run_cli("escalations", "decide", waiting["id"], "--winner", "sec_lead",
                      "--db", pg_db, "--json")  # fmt: skip
    assert decided.status == 0, decided.err
    assert json.loads(decided.out)["resolution"]["winning_agent_id"] == "sec_lead"
    ci1 = _threads(pg_db)["ci-1"]
    assert (ci1["graph"], ci1["state"]) == (f"file:{path.resolve()}", "done")


def test_scripted_agents_of_a_file_speak_to_its_agenda_and_say_they_are_placeholders(
    tmp_path: Path,
) -> None:
    path = tmp_path / "meeting.yaml"
    path.write_text(MEETING_FILE)
    run = _ok("run", str(path), "--memory", "--json")
    minutes = json.loads(run.out)["minutes"]
    said = " ".join([minutes["summary"], *(c["content"] for c in minutes["contributions"])])
    assert "Which CI provider do we adopt?" in minutes["summary"]
    assert "GraphQL" not in said and "REST" not in said  # not the demo's question
    assert "placeholder" in minutes["summary"].lower()
    assert "scripted placeholders" in run.err  # the run says so (stderr: stdout is the JSON)
    shown = _ok("run", str(path), "--memory")
    assert "▸ ops_lead" in shown.out and "scripted placeholders" in shown.out


def test_a_pipeline_thread_is_listed_with_its_state(pg_db: str) -> None:
    """The demo's repository was temporary; a graph of its shape still reads the state."""
    _ok("demo", "pipeline", "--thread-id", "p1", "--db", pg_db, "--json")
    p1 = _threads(pg_db)["p1"]
    assert (p1["graph"], p1["state"]) == ("pipeline", "done")
    refused = run_cli("threads", "resume", "p1", "--db", pg_db)
    assert refused.status == 1 and "cannot be rebuilt by the CLI" in refused.err
