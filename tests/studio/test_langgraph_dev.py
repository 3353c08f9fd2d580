"""The repository's `langgraph.json` served by `langgraph dev`, driven through `langgraph_sdk`.

One server for the module: strict msgpack on, the Postgres checkpointer of `checkpointer.path`
on a fresh database, the scripted demo agents. Everything listens on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
from langgraph_sdk import get_client
from langgraph_sdk.client import LangGraphClient

from langgraph_council.nodes import Contribution, MeetingMinutes
from langgraph_council.nodes._demo import demo_conflict
from langgraph_council.nodes._pipeline.demo import DEMO_PIPELINE_TASK
from langgraph_council.nodes._pipeline.report import CoordinationResult
from tests.cli_runner import council
from tests.conftest import fresh_database
from tests.processes import free_port

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "langgraph.json"
GRAPH_IDS = sorted(json.loads(CONFIG.read_text())["graphs"])


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"langgraph dev exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            if httpx.get(f"{url}/ok", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    pytest.fail(f"langgraph dev did not answer /ok within 90 s:\n{log.read_text()[-4000:]}")


class Server(NamedTuple):
    url: str
    log: Path
    db: str


@pytest.fixture(scope="module")
def server(pg_server: str) -> Iterator[Server]:
    """`langgraph dev` on the repo's config; stopped by its process-group id at the end."""
    port = free_port()
    with (
        tempfile.TemporaryDirectory(prefix="council-langgraph-dev-") as tmp,
        fresh_database(pg_server, prefix="studio") as uri,
    ):
        workdir = Path(tmp)  # the server keeps .langgraph_api here; not pytest's pruned tmp dirs
        log = workdir / "server.log"
        env = {k: v for k, v in os.environ.items() if k != "COUNCIL_MODEL"}
        env.update(
            COUNCIL_DATABASE_URL=uri,
            LANGGRAPH_STRICT_MSGPACK="true",
            LANGGRAPH_CLI_NO_ANALYTICS="1",
            LANGGRAPH_NO_VERSION_CHECK="true",
            LANGSMITH_TRACING="false",
            TMPDIR=str(workdir),  # the pipeline's demo repository goes with the server's dir
        )
        command = [  # this interpreter, not the `langgraph` script (its shebang may be stale)
            sys.executable,
            "-m",
            "langgraph_cli",
            "dev",
            "--config",
            str(CONFIG),
            "--no-browser",
            "--no-reload",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        with log.open("wb") as out:
            proc = subprocess.Popen(
                command, cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(url, proc, log)
            yield Server(url, log, uri)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


@pytest.fixture
async def client(server: Server) -> AsyncIterator[LangGraphClient]:
    async with get_client(url=server.url) as sdk:
        yield sdk


async def test_a_meeting_runs_and_its_state_and_history_read_back(client: LangGraphClient) -> None:
    thread = await client.threads.create()
    meeting: Any = {
        "agenda": {"title": "REST or GraphQL?"},
        "leader_id": "cto",
        "participant_ids": ["backend_lead", "frontend_lead"],
        "token_budget": 20_000,
    }
    out = await client.runs.wait(
        thread["thread_id"],
        "meeting_round_robin",
        input=meeting,
        context={"round_robin": {"max_turns_per_agent": 1}},
    )
    assert isinstance(out, dict)
    minutes = MeetingMinutes.model_validate(out["minutes"])
    assert minutes.status == "completed" and len(minutes.contributions) == 3  # 2 turns + summary

    state: Any = await client.threads.get_state(thread["thread_id"])
    kept = [Contribution.model_validate(c) for c in state["values"]["contributions"]]
    assert kept == list(minutes.contributions)
    # Studio's chat pane: one AI message per contribution, named by agent, in order
    said = [(m["type"], m["name"], m["content"]) for m in state["values"]["messages"]]
    assert said == [("ai", c.agent_id, c.content) for c in minutes.contributions]
    history = await client.threads.get_history(thread["thread_id"], limit=50)
    assert len(history) >= 5 and history[0]["checkpoint"] == state["checkpoint"]
    counts = [len(h["values"].get("contributions", [])) for h in reversed(history)]
    assert counts == sorted(counts) and counts[-1] == 3  # the transcript grows turn by turn


async def test_a_human_conflict_interrupts_and_resumes_under_strict_msgpack(
    client: LangGraphClient,
) -> None:
    thread = await client.threads.create()
    conflict: Any = demo_conflict().model_dump(mode="json")
    await client.runs.wait(
        thread["thread_id"], "conflict", input={"conflict": conflict}, context={"strategy": "human"}
    )
    paused: Any = await client.threads.get_state(thread["thread_id"])
    assert paused["next"] == ["await_human"]
    (question,) = paused["interrupts"]
    payload: dict[str, Any] = question["value"]
    assert payload["party_ids"] == ["backend_lead", "frontend_lead", "ui_dev"]
    assert payload["escalation_id"]

    out = await client.runs.wait(
        thread["thread_id"],
        "conflict",
        command={
            "resume": {
                "decision": "winner",
                "winning_agent_id": "frontend_lead",
                "reasoning": "Mobile is where the users are.",
                "decided_by": "human:studio-test",
            }
        },
        context={"strategy": "human"},
    )
    assert isinstance(out, dict)
    resolution = out["resolution"]
    assert resolution["outcome"] == "resolved_by_human"
    assert resolution["winning_agent_id"] == "frontend_lead"
    assert sorted(d["dissenting_agent_id"] for d in out["dissent_records"]) == [
        "backend_lead",
        "ui_dev",
    ]
    done: Any = await client.threads.get_state(thread["thread_id"])
    assert done["next"] == [] and done["values"]["resolution"] == resolution


async def test_council_threads_knows_a_studio_thread_before_and_after_a_cli_decision(
    client: LangGraphClient, server: Server
) -> None:
    thread = await client.threads.create()
    conflict: Any = demo_conflict().model_dump(mode="json")
    await client.runs.wait(
        thread["thread_id"], "conflict", input={"conflict": conflict}, context={"strategy": "human"}
    )

    def listed() -> dict[str, Any]:
        done = council("threads", "list", "--db", server.db, "--json")
        assert done.returncode == 0, done.stderr
        views = {t["thread_id"]: t for t in json.loads(done.stdout)["threads"]}
        return dict(views[thread["thread_id"]])

    waiting = listed()
    assert (waiting["graph"], waiting["state"]) == ("studio:conflict", "waiting for a human")
    pending = council("escalations", "list", "--db", server.db, "--json")
    (row,) = [
        p for p in json.loads(pending.stdout)["pending"] if p["thread_id"] == thread["thread_id"]
    ]
    decided = council("escalations", "decide", row["id"], "--winner", "frontend_lead",
                      "--db", server.db, "--json")  # fmt: skip
    assert decided.returncode == 0, decided.stderr
    done = listed()
    assert (done["graph"], done["state"]) == ("studio:conflict", "done")


async def test_every_graph_draws_its_command_edges(client: LangGraphClient) -> None:
    drawings = {g: await client.assistants.get_graph(g) for g in GRAPH_IDS}
    edges = {
        g: {(e["source"], e["target"]) for e in drawing["edges"]} for g, drawing in drawings.items()
    }
    assert {("take_turn", "take_turn"), ("take_turn", "summarize")} <= edges["meeting_round_robin"]
    assert ("assign_papers", "write_paper") in edges["meeting_position_papers"]
    assert {("detect_conflicts", "discuss"), ("check_consensus", "play_devils_advocate")} <= edges[
        "meeting_structured_phases"
    ]
    assert ("await_human", "await_human") in edges["conflict"]
    assert ("delegation_guard", "escalate_to_manager") in edges["delegation"]
    assert {
        ("validate", "guard_handoffs"),
        ("guard_handoffs", "open_workspace"),
        ("dispatch", "create_worktrees"),
        ("create_worktrees", "execute_subtask"),  # the fan-out, one Send per subtask
        ("execute_subtask", "merge_subtasks"),
        ("merge_subtasks", "open_merge_escalation"),
        ("open_merge_escalation", "await_merge_decision"),
        ("await_merge_decision", "await_merge_decision"),
        ("await_merge_decision", "merge_subtasks"),
        ("dispatch", "finish_workspace"),
        ("finish_workspace", "rollup"),
    } <= edges["coordination"]
    for graph_id, pairs in edges.items():
        into_end = {source for source, target in pairs if target == "__end__"}
        assert len(into_end) == 1, f"{graph_id}: only the last node ends the graph, got {into_end}"
    debate = await client.assistants.get_graph("conflict", xray=True)
    assert {"debate:judge", "human:request_human"} <= {n["id"] for n in debate["nodes"]}


async def test_runs_without_a_context_use_the_defaults(client: LangGraphClient) -> None:
    thread = await client.threads.create()
    meeting: Any = {
        "agenda": "Which queue?",
        "leader_id": "cto",
        "participant_ids": ["@backend_lead", "qa_head"],
        "token_budget": 20_000,
    }
    out: Any = await client.runs.wait(thread["thread_id"], "meeting_position_papers", input=meeting)
    assert out["minutes"]["status"] == "completed"
    conflict: Any = demo_conflict().model_dump(mode="json")
    thread = await client.threads.create()
    out = await client.runs.wait(
        thread["thread_id"], "conflict", input={"conflict": conflict}, context={}
    )
    assert out["resolution"]["outcome"] == "resolved_by_authority"  # the default strategy


async def test_a_pipeline_pauses_on_a_merge_conflict_and_finishes_after_a_human_keeps_it(
    client: LangGraphClient, server: Server
) -> None:
    thread = await client.threads.create()
    task: Any = DEMO_PIPELINE_TASK.model_dump(mode="json")
    await client.runs.wait(thread["thread_id"], "coordination", input={"task": task})
    paused: Any = await client.threads.get_state(thread["thread_id"])
    assert paused["next"] == ["await_merge_decision"]
    (question,) = paused["interrupts"]
    assert question["value"]["subtask"] == "monthly-report"
    assert question["value"]["status"] == "semantic_conflict"
    assert question["value"]["files"] == ["billing.py", "report.py"]

    keep: Any = {"decision": "keep", "reasoning": "invoice-api moves it", "decided_by": "human:t"}
    out = await client.runs.wait(thread["thread_id"], "coordination", command={"resume": keep})
    assert isinstance(out, dict)
    result = CoordinationResult.model_validate(out["result"])
    assert result.rollup == "completed"
    assert [w.subtask_ids for w in result.waves] == [
        ("tax-rules", "rename-total", "monthly-report"),
        ("invoice-api",),
    ]
    assert [(m.subtask_id, m.status) for m in result.merges] == [
        ("tax-rules", "merged"),
        ("rename-total", "merged"),
        ("monthly-report", "merged"),
        ("invoice-api", "merged"),
    ]
    done: Any = await client.threads.get_state(thread["thread_id"])  # read back: 200
    assert done["next"] == [] and done["values"]["result"] == out["result"]
    log = server.log.read_text()
    assert "Blocked deserialization" not in log and "unregistered type" not in log
