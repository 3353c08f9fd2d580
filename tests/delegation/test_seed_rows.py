"""Seed rows of the delegation graph: global IF-THEN rules in its prompts, a soft and a hard
cap on delegation rounds, and a notice to operators when an escalation opens."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langgraph_council.checkpoints import CouncilStores, InMemoryEscalationQueue
from langgraph_council.graphs import create_delegation_graph
from langgraph_council.guards import LoopPreventionConfig
from langgraph_council.nodes import CoordinationRule, Org, Roster
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.delegation.scripts import agent, hand_to, ping_pong

PEERS = DelegationConfig(enforce_chain_of_command=False)


def test_global_rules_reach_the_delegating_agents_prompt() -> None:
    rule = CoordinationRule(
        condition="a task touches billing", action="hand it to backend_lead", scope="global"
    )
    org = Org([agent("cto", level="vp"), agent("backend_lead", "cto", rules=(rule,))])
    model = ScriptedChatModel(lambda call: f"{call.agent_id}: done")
    graph = create_delegation_graph(org, Roster(org, default_model=model))
    graph.invoke({"task": "Fix the invoice totals", "entry_agent": "cto"})
    (call,) = model.calls
    assert "IF a task touches billing THEN hand it to backend_lead (rule of backend_lead)" in (
        call.prompt
    )


def _line_org(n: int) -> Org:
    return Org([agent(f"a{i}", None if i == 0 else f"a{i - 1}") for i in range(n)])


def _walk_down_until(depth: int) -> Any:
    """a0 -> a1 -> ... hand the task down; a`depth` answers, and answers flow back up."""

    def script(call: Any) -> Any:
        n = int(call.agent_id[1:])
        if n >= depth or "answered by" in call.prompt:
            return f"{call.agent_id}: done"
        return hand_to(f"a{n + 1}", "go deeper")

    return script


def _graph(org: Org, script: Any) -> tuple[Any, ScriptedChatModel]:
    model = ScriptedChatModel(script)
    guard = LoopPreventionConfig(max_delegation_depth=50)
    return create_delegation_graph(org, Roster(org, default_model=model), guard_config=guard), model


def test_past_the_soft_round_cap_the_agent_is_told_and_the_result_warns() -> None:
    graph, model = _graph(_line_org(6), _walk_down_until(3))
    out = graph.invoke({"task": "t", "entry_agent": "a0"}, context={"max_delegation_rounds": 2})
    result = out["result"]
    assert result.status == "answered" and result.handoff_attempts == 3
    (warning,) = result.warnings
    assert "3 hand-offs, more than max_delegation_rounds=2" in warning
    told = [c.agent_id for c in model.calls if "the soft limit of 2" in c.prompt]
    assert told[0] == "a2"  # the first agent on turn after two hand-offs
    assert "soft limit" not in model.calls[0].prompt


def test_twice_the_round_cap_stops_the_run() -> None:
    graph, _ = _graph(_line_org(12), _walk_down_until(99))
    out = graph.invoke({"task": "t", "entry_agent": "a0"}, context={"max_delegation_rounds": 2})
    result = out["result"]
    assert (result.status, result.answer, len(out["delegations"])) == ("round_limit", None, 4)


def test_without_a_round_cap_nothing_changes() -> None:
    graph, _ = _graph(_line_org(6), _walk_down_until(3))
    result = graph.invoke({"task": "t", "entry_agent": "a0"})["result"]
    assert result.status == "answered" and result.warnings == ()


def _pingpong_graph(queue: InMemoryEscalationQueue) -> Any:
    org = Org([agent("alice"), agent("bob")])
    model = ScriptedChatModel(ping_pong)
    return create_delegation_graph(
        org,
        Roster(org, default_model=model),
        checkpointer=InMemorySaver(),
        stores=CouncilStores(escalations=queue),
    )


def test_the_on_open_hook_hears_each_escalation_once() -> None:
    heard: list[Any] = []
    queue = InMemoryEscalationQueue(on_open=heard.append)
    graph = _pingpong_graph(queue)
    cfg: Any = {"configurable": {"thread_id": "hook"}}
    graph.invoke({"task": "Pick a database", "entry_agent": "alice"}, cfg, context=PEERS)
    (pending,) = queue.pending()
    assert [e.id for e in heard] == [pending.id]
    assert heard[0].kind == "delegation" and heard[0].status == "pending"
    graph.invoke(None, cfg, context=PEERS)  # re-running the paused thread opens nothing new
    assert len(heard) == 1


def test_a_failing_hook_is_logged_and_the_escalation_still_waits(caplog) -> None:
    def broken(_: Any) -> None:
        raise RuntimeError("pager down")

    queue = InMemoryEscalationQueue(on_open=broken)
    graph = _pingpong_graph(queue)
    cfg: Any = {"configurable": {"thread_id": "broken"}}
    out = graph.invoke({"task": "Pick a queue", "entry_agent": "alice"}, cfg, context=PEERS)
    assert "__interrupt__" in out and len(queue.pending()) == 1
    assert "the on_open hook failed" in caplog.text


@pytest.fixture
def webhook() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    received: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["Content-Length"])
            received.append(json.loads(self.rfile.read(length)))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/hooks/council", received
    finally:
        server.shutdown()
        server.server_close()


def test_a_webhook_url_gets_the_escalation_as_json(webhook) -> None:
    url, received = webhook
    queue = InMemoryEscalationQueue(on_open=url)
    graph = _pingpong_graph(queue)
    cfg: Any = {"configurable": {"thread_id": "web"}}
    graph.invoke({"task": "Pick a cache", "entry_agent": "alice"}, cfg, context=PEERS)
    (pending,) = queue.pending()
    (body,) = received
    assert body["event"] == "escalation_opened"
    assert body["escalation"]["id"] == pending.id
    assert body["escalation"]["subject"] == "Pick a cache"


def test_a_hook_that_is_not_a_url_is_refused() -> None:
    with pytest.raises(ValueError, match="on_open: 'pager' is not an http"):
        InMemoryEscalationQueue(on_open="pager")
