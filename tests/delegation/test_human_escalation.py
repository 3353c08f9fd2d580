"""A hand-off blocked at the top of the hierarchy goes to a human through the escalation queue."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationQueue,
    InMemoryEscalationQueue,
    PostgresGuardStateStore,
    PostgresLoopRecordStore,
)
from langgraph_council.graphs import create_delegation_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._escalation.models import EscalationError
from langgraph_council.nodes.testing import ScriptedChatModel
from tests.delegation.scripts import ping_pong, run
from tests.processes import HANG

APP = Path(__file__).with_name("pingpong_app.py")
PEERS = DelegationConfig(enforce_chain_of_command=False)
MODES = pytest.mark.parametrize("mode", ["sync", "async"])


def _top_graph(org: Org, queue: EscalationQueue | None = None, **kw: Any) -> Any:
    model = ScriptedChatModel(ping_pong)
    graph = create_delegation_graph(
        org,
        Roster(org, default_model=model),
        checkpointer=InMemorySaver(),
        stores=CouncilStores(escalations=queue),
        **kw,
    )
    return graph, model


@MODES
async def test_ping_pong_at_the_top_pauses_for_a_human(roots_org: Org, mode: str) -> None:
    queue = InMemoryEscalationQueue()
    graph, model = _top_graph(roots_org, queue)
    cfg = {"configurable": {"thread_id": "top-1"}}
    inp = {"task": "Pick a database", "entry_agent": "alice"}
    await run(graph, inp, mode, config=cfg, context=PEERS)
    (pending,) = graph.get_state(cfg).interrupts
    payload = pending.value
    assert (payload["kind"], payload["mechanism"], payload["delegator"]) == (
        "delegation",
        "ancestry",
        "bob",
    )
    assert payload["chain"] == ["alice", "bob", "alice"]
    (row,) = queue.pending(kind="delegation")
    assert row.id == payload["escalation_id"] and row.thread_id == "top-1"
    assert row.subject == "Pick a database" and row.details["mechanism"] == "ancestry"
    answer = Command(resume={"answer": "Use Postgres", "decided_by": "human:cora"})
    await run(graph, answer, mode, config=cfg, context=PEERS)
    assert queue.get(row.id).status == "decided"  # a direct resume: the row follows
    (second,) = graph.get_state(cfg).interrupts
    assert second.value["mechanism"] == "dedup"
    assert second.value["escalation_id"] != payload["escalation_id"]
    out = await run(graph, Command(resume="Postgres, final"), mode, config=cfg, context=PEERS)
    result = out["result"]
    assert (result.answer, result.answered_by) == ("Postgres, final", "human:unknown")
    assert "Use Postgres" in model.calls[-1].prompt  # alice saw the human's answer for bob
    assert queue.pending() == []


def test_a_bad_resume_value_re_asks_with_the_expected_shape(roots_org: Org) -> None:
    queue = InMemoryEscalationQueue()
    graph, _ = _top_graph(roots_org, queue)
    cfg = {"configurable": {"thread_id": "bad"}}
    graph.invoke({"task": "t", "entry_agent": "alice"}, cfg, context=PEERS)
    again = graph.invoke(Command(resume={"verdict": 1}), cfg, context=PEERS)
    (asked,) = again["__interrupt__"]
    assert "verdict" in asked.value["error"] and "answer" in asked.value["expected"]
    assert queue.get(asked.value["escalation_id"]).status == "pending"
    out = graph.invoke(Command(resume="fine"), cfg, context=PEERS)
    assert "__interrupt__" in out  # alice hands to bob again: dedup, a human again


def test_the_queue_lists_decides_and_expires_delegation_escalations(roots_org: Org) -> None:
    queue = InMemoryEscalationQueue()
    graph, _ = _top_graph(roots_org, queue)
    cfg = {"configurable": {"thread_id": "q"}}
    ctx = PEERS.model_copy(update={"human_timeout_seconds": 60})
    graph.invoke({"task": "Pick a queue", "entry_agent": "alice"}, cfg, context=ctx)
    (first,) = queue.pending()
    assert first.expires_at is not None
    with pytest.raises(ValueError, match="needs a non-blank answer"):
        queue.decide(first.id, {"answer": " ", "decided_by": "human:ann"}, graph)
    out = queue.decide(first.id, {"answer": "SQS", "decided_by": "human:ann"}, graph, context=ctx)
    (second,) = out["__interrupt__"]  # alice hands to bob again: dedup, so a human again
    assert queue.get(first.id).status == "decided" and queue.get(first.id).resumed_at
    with pytest.raises(EscalationError, match="already decided"):
        queue.decide(first.id, {"answer": "Kafka", "decided_by": "human:bo"}, graph)
    later = queue.get(second.value["escalation_id"]).created_at + timedelta(seconds=61)
    (expired,) = queue.expire_overdue(graph, now=later, context=ctx)
    result = graph.get_state(cfg).values["result"]
    assert (result.status, result.answer) == ("escalation_expired", None)
    assert queue.get(expired.id).status == "expired" and queue.resume_closed(graph) == {}


def test_a_bypassing_resume_cannot_contradict_a_decided_row(roots_org: Org) -> None:
    queue = InMemoryEscalationQueue()
    graph, _ = _top_graph(roots_org, queue)
    cfg = {"configurable": {"thread_id": "race"}}
    graph.invoke({"task": "Pick a cache", "entry_agent": "alice"}, cfg, context=PEERS)
    (row,) = queue.pending()
    with pytest.raises(RuntimeError, match="crashed"):  # stored, then died before resuming
        queue.decide(row.id, "Redis", _CrashOnResume(graph))
    assert queue.get(row.id).status == "decided" and queue.get(row.id).resumed_at is None
    out = graph.invoke(Command(resume="Memcached"), cfg, context=PEERS)
    (asked,) = out["__interrupt__"]
    assert "already decided" in asked.value["error"] and asked.value["escalation_id"] == row.id
    assert queue.resume_closed(graph, context=PEERS)  # the stored decision wins
    assert "Redis" in json.dumps(graph.get_state(cfg).values["frames"][-1].notes)


class _CrashOnResume:
    """A graph whose process dies between storing a decision and resuming the thread."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph

    def get_state(self, config: Any) -> Any:
        return self.graph.get_state(config)

    def invoke(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("crashed before resuming")


def run_app(*args: str, crash: bool = False) -> dict[str, Any]:
    # Strict msgpack, as DESIGN asks users to run: every state type must round-trip.
    env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true"}
    if crash:
        env["CRASH_AFTER_RECORD"] = "1"
    proc = subprocess.run(
        [sys.executable, str(APP), *args], capture_output=True, text=True, timeout=HANG, env=env
    )
    assert "blocked" not in proc.stderr.lower(), proc.stderr
    if crash:
        assert proc.returncode == 9, proc.stderr
        return {}
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.postgres
@pytest.mark.slow
def test_a_second_process_decides_the_escalation_through_the_queue(pg_db: str) -> None:
    first = run_app("start", pg_db, "pp-1")
    assert first["result"] is None
    (escalation,) = first["pending"]
    assert (escalation["kind"], escalation["delegator"], escalation["delegatee"]) == (
        "delegation",
        "bob",
        "alice",
    )
    assert escalation["mechanism"] == "ancestry" and escalation["chain"] == [
        "alice",
        "bob",
        "alice",
    ]
    assert [e["id"] for e in first["queue"]] == [escalation["escalation_id"]]
    assert first["loop_records"] == ["ancestry"]

    # A different OS process finds the same escalation in the queue and decides it.
    second = run_app(
        "decide", pg_db, "pp-1", json.dumps({"answer": "Postgres", "decided_by": "human:cora"})
    )
    assert second["before"] == [escalation]
    # alice got bob's part back and, as scripted, hands to bob again: a duplicate inside 60 s,
    # recorded in Postgres by the second process; alice is at the top, so a human again.
    (again,) = second["pending"]
    assert (again["delegator"], again["mechanism"]) == ("alice", "dedup")
    assert [e["id"] for e in second["queue"]] == [again["escalation_id"]]
    assert second["loop_records"] == ["ancestry", "dedup"]

    third = run_app("resume", pg_db, "pp-1", json.dumps("Postgres, final answer"))
    assert third["pending"] == [] and third["queue"] == []
    result = third["result"]
    assert (result["status"], result["answer"], result["answered_by"]) == (
        "answered",
        "Postgres, final answer",
        "human:unknown",
    )
    assert (result["delegations"], result["blocked"]) == (1, 2)


@pytest.mark.postgres
@pytest.mark.slow
def test_a_guard_rerun_after_a_crash_is_not_its_own_duplicate(pg_db: str) -> None:
    """The process dies after the store recorded alice -> bob but before the checkpoint.

    The resumed guard node runs again with the same attempt id, so the store answers with the
    first verdict instead of refusing the hand-off as a duplicate of itself.
    """
    run_app("start", pg_db, "crash-1", crash=True)
    resumed = run_app("continue", pg_db, "crash-1")
    (escalation,) = resumed["pending"]
    # The hand-off went through once; the only refusal is bob's hand-back (ancestry).
    assert (escalation["delegator"], escalation["mechanism"]) == ("bob", "ancestry")
    assert resumed["loop_records"] == ["ancestry"]
    with psycopg.connect(pg_db) as conn:
        rows = conn.execute(  # dedup times live in the pair's row: '>' is agent_a -> agent_b
            "SELECT CASE WHEN k LIKE '>%' THEN agent_a ELSE agent_b END, "
            "CASE WHEN k LIKE '>%' THEN agent_b ELSE agent_a END "
            "FROM council_guard_pairs g, jsonb_object_keys(g.recent) AS k WHERE k NOT LIKE '#%'"
        ).fetchall()
        pairs = conn.execute(
            "SELECT cardinality(rate_times), cardinality(bounce_times) FROM council_guard_pairs"
        ).fetchall()
    assert rows == [("alice", "bob")]
    # The hand-off recorded once, not twice; bob's hand-back counted as one bounce.
    assert pairs == [(1, 1)]


@pytest.mark.postgres
async def test_the_graph_runs_async_on_the_postgres_stores(pg_db: str, peers_org: Org) -> None:
    with (
        PostgresGuardStateStore.from_conn_string(pg_db) as store,
        PostgresLoopRecordStore.from_conn_string(pg_db) as records,
        EscalationQueue.from_conn_string(pg_db) as queue,
    ):
        graph = create_delegation_graph(
            peers_org,
            Roster(peers_org, default_model=ScriptedChatModel(ping_pong)),
            guard_store=store,
            stores=CouncilStores(loop_records=records, escalations=queue),
        )
        out = await graph.ainvoke(
            {"task": "Pick a queue", "entry_agent": "alice", "task_id": "Q-1"},
            context={"enforce_chain_of_command": False},
        )
        assert [b.mechanism for b in out["blocked"]] == ["ancestry", "dedup"]
        assert [r.mechanism for r in records.list(task_id="Q-1")] == ["ancestry", "dedup"]
        assert store.pair_state("alice", "bob").bounces == 1
        assert queue.pending() == []  # below the top: managers answered, no human needed
