"""The repository's `langgraph.json` served by `langgraph dev`, driven through `langgraph_sdk`.

One server for the module (`tests/studio/dev_server.py`): strict msgpack on, the Postgres
checkpointer of `checkpointer.path` on a fresh database, the scripted demo agents. The served
config is the repository's plus the test graphs of `tests/studio/tool_agent_graph.py` (each
meeting protocol and the conflict graph with a langgraph `create_react_agent` participant and a
real tool).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk.client import LangGraphClient

from langgraph_council.graphs._demo.data import demo_conflict
from langgraph_council.graphs._demo.pipeline import DEMO_PIPELINE_TASK
from langgraph_council.nodes import MeetingMinutes
from langgraph_council.nodes._meetings.transcript import contributions_of
from langgraph_council.nodes._pipeline.report import CoordinationResult
from tests.cli_runner import council
from tests.served import conflict_waiting_for_a_human
from tests.studio.dev_server import CONFIG, Server, langgraph_dev
from tests.studio.tool_agent_graph import FACT, TOOL_AGENT_GRAPHS

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

GRAPH_IDS = sorted(json.loads(CONFIG.read_text())["graphs"])
TOOL_AGENT_GRAPH = Path(__file__).with_name("tool_agent_graph.py")


@pytest.fixture(scope="module")
def server(pg_server: str) -> Iterator[Server]:
    """`langgraph dev` on the repo's config plus the tool-agent graphs, for the whole module."""
    graphs = {gid: f"{TOOL_AGENT_GRAPH}:{factory}" for gid, factory in TOOL_AGENT_GRAPHS.items()}
    with langgraph_dev(pg_server, graphs=graphs) as running:
        yield running


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
    # read from the JSON state: a turn's contribution is its message (its words, who, when,
    # what it cost: state version 4), the summary's is in the contributions channel; the
    # minutes name the message too
    kept = contributions_of(state["values"])
    assert [c["agent_id"] for c in state["values"]["contributions"]] == [minutes.leader_id]
    texts = {m["id"]: m["content"] for m in state["values"]["messages"]}
    words = [{"content": c.content or texts[c.content_ref]} for c in kept]
    assert [c.model_copy(update=w) for c, w in zip(kept, words, strict=True)] == list(
        minutes.contributions
    )
    # Studio's chat pane: one AI message per contribution, named by agent, in order, then the
    # council's closing message in prose
    said = [(m["type"], m["name"]) for m in state["values"]["messages"]]
    assert said == [*(("ai", c.agent_id) for c in minutes.contributions), ("ai", "council")]
    assert not state["values"]["messages"][-1]["content"].startswith("{")
    history = await client.threads.get_history(thread["thread_id"], limit=50)
    assert len(history) >= 5 and history[0]["checkpoint"] == state["checkpoint"]
    counts = [len(contributions_of(h["values"])) for h in reversed(history)]
    assert counts == sorted(counts) and counts[-1] == 3  # the transcript grows turn by turn


async def test_a_selector_meeting_stops_on_a_condition_given_as_json(
    client: LangGraphClient,
) -> None:
    thread = await client.threads.create()
    meeting: Any = {
        "agenda": "REST or GraphQL?",
        "leader_id": "cto",
        "participant_ids": ["backend_lead", "frontend_lead", "qa_head"],
        "token_budget": 20_000,
    }
    stop = {"any_of": [{"mentioned": "never said"}, {"tokens_used": 1}]}
    out = await client.runs.wait(
        thread["thread_id"],
        "meeting_selector",
        input=meeting,
        context={"stop_when": stop, "selector": {"allow_repeated_speaker": True}},
    )
    assert isinstance(out, dict)
    minutes = MeetingMinutes.model_validate(out["minutes"])
    assert minutes.protocol == "selector" and minutes.status == "completed"
    # the demo selector names the last candidate; the token condition holds after one turn
    assert [(c.agent_id, c.phase) for c in minutes.contributions] == [
        ("cto", "speaker_selection"),
        ("qa_head", "selected_turn"),
        ("cto", "summary"),
    ]
    assert minutes.stop_reason is not None and minutes.stop_reason.endswith("(limit 1)")


async def test_a_human_conflict_interrupts_and_resumes_under_strict_msgpack(
    client: LangGraphClient,
) -> None:
    thread_id = await conflict_waiting_for_a_human(client)
    paused: Any = await client.threads.get_state(thread_id)
    assert paused["next"] == ["await_human"]
    (question,) = paused["interrupts"]
    payload: dict[str, Any] = question["value"]
    assert payload["party_ids"] == ["backend_lead", "frontend_lead", "ui_dev"]
    assert payload["escalation_id"]

    out = await client.runs.wait(
        thread_id,
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
    done: Any = await client.threads.get_state(thread_id)
    assert done["next"] == [] and done["values"]["resolution"] == resolution


async def test_council_threads_knows_a_studio_thread_before_and_after_a_cli_decision(
    client: LangGraphClient, server: Server
) -> None:
    thread_id = await conflict_waiting_for_a_human(client)

    def listed() -> dict[str, Any]:
        done = council("threads", "list", "--db", server.database, "--json")
        assert done.returncode == 0, done.stderr
        views = {t["thread_id"]: t for t in json.loads(done.stdout)["threads"]}
        return dict(views[thread_id])

    waiting = listed()
    assert (waiting["graph"], waiting["state"]) == ("studio:conflict", "waiting for a human")
    pending = council("escalations", "list", "--db", server.database, "--json")
    (row,) = [p for p in json.loads(pending.stdout)["pending"] if p["thread_id"] == thread_id]
    decided = council("escalations", "decide", row["id"], "--winner", "frontend_lead",
                      "--db", server.database, "--json")  # fmt: skip
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
    assert {("select_speaker", "speak"), ("speak", "select_speaker")} <= edges["meeting_selector"]
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


MEETING: Any = {
    "agenda": {"title": "REST or GraphQL?"},
    "leader_id": "cto",
    "participant_ids": ["backend_lead", "frontend_lead"],
    "token_budget": 20_000,
}
ONE_TURN = {"round_robin": {"max_turns_per_agent": 1}}


async def _stream(client: LangGraphClient, graph_id: str, **kw: Any) -> tuple[str, list[Any]]:
    thread = await client.threads.create()
    events = [
        part
        async for part in client.runs.stream(
            thread["thread_id"], graph_id, stream_mode="updates", stream_subgraphs=True, **kw
        )
    ]
    return thread["thread_id"], events


def _tool_events(events: list[Any]) -> list[Any]:
    """The react agent's `tools` node updates, streamed from inside the parent's nodes."""
    return [e for e in events if e.event.startswith("updates|") and "tools" in e.data]


@pytest.mark.parametrize(
    ("protocol", "turn_nodes"),
    [
        ("round_robin", {"take_turn"}),
        ("position_papers", {"write_paper"}),
        ("structured_phases", {"gather_input", "discuss"}),
    ],
)
async def test_a_react_agent_participant_streams_its_tool_calls_and_the_chat_names_each_speaker(
    client: LangGraphClient, protocol: str, turn_nodes: set[str]
) -> None:
    thread_id, events = await _stream(
        client, f"tool_agent_meeting_{protocol}", input=MEETING, context=ONE_TURN
    )
    tools = _tool_events(events)
    assert tools, [e.event for e in events]
    # inside the nodes where the agent speaks (the namespace's first segment)
    assert {e.event.split("|")[1].split(":")[0] for e in tools} == turn_nodes
    for event in tools:
        (said,) = event.data["tools"]["messages"]
        assert (said["type"], said["name"], said["content"]) == ("tool", "measured_latency", FACT)
    asked = [e for e in events if e.event.startswith("updates|") and "agent" in e.data]
    calls = [c for e in asked for m in e.data["agent"]["messages"] for c in m["tool_calls"]]
    assert {(c["name"], str(c["args"])) for c in calls} == {("measured_latency", "{'api': 'rest'}")}

    state: Any = await client.threads.get_state(thread_id)
    minutes = MeetingMinutes.model_validate(state["values"]["minutes"])
    # the stored minutes refer to the messages for the words (state version 3)
    minutes = minutes.with_words(state["values"]["messages"])
    assert minutes.status == "completed"
    mine = [c for c in minutes.contributions if c.agent_id == "backend_lead"]
    assert mine and all(FACT in c.content for c in mine)
    assert all((c.input_tokens, c.output_tokens) == (120, 16) for c in mine)
    # Studio's chat pane: one named AI message per contribution, none of the agent's own steps
    chat = [(m["type"], m["name"]) for m in state["values"]["messages"]]
    assert chat == [*(("ai", c.agent_id) for c in minutes.contributions), ("ai", "council")]
    spoken = [m["content"] for m in state["values"]["messages"] if m["name"] == "backend_lead"]
    assert spoken == [c.content for c in mine]


async def test_a_react_agent_party_argues_a_debate_with_its_tool(client: LangGraphClient) -> None:
    conflict: Any = demo_conflict().model_dump(mode="json")
    thread_id, events = await _stream(
        client, "tool_agent_conflict", input={"conflict": conflict}, context={"strategy": "debate"}
    )
    tools = _tool_events(events)
    assert tools, [e.event for e in events]
    assert all(e.data["tools"]["messages"][0]["content"] == FACT for e in tools)
    state: Any = await client.threads.get_state(thread_id)
    assert state["values"]["resolution"]["outcome"] == "resolved_by_debate"
    said = [m for m in state["values"]["messages"] if m["name"] == "backend_lead"]
    assert said and all(FACT in m["content"] for m in said)
