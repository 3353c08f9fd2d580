"""One decision, one resume: racing deciders, moved-on threads, bypassing resumes, replays."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.types import Command

from langgraph_council.checkpoints import CouncilStores, EscalationError, EscalationQueue
from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictOutcome, ConflictResolution, Org
from langgraph_council.nodes._conflicts.dissent import build_dissent_records
from tests.processes import HANG

pytestmark = pytest.mark.postgres
HUMAN = ConflictResolutionConfig(strategy="human")
WORKER = Path(__file__).with_name("decide_race_worker.py")
ROUNDS = 30
SPACING = 0.4


def _forks(graph: Any, thread_id: str) -> int:
    """Checkpoints with more than one child: each is a resume that ran twice."""
    history = graph.get_state_history({"configurable": {"thread_id": thread_id}})
    parents = Counter(
        s.parent_config["configurable"]["checkpoint_id"] for s in history if s.parent_config
    )
    return sum(1 for children in parents.values() if children > 1)


@pytest.mark.slow
def test_two_processes_deciding_at_once_resume_each_thread_once(
    kit: Any, org: Org, pg_saver: PostgresSaver, pg_db: str, pg_queue: EscalationQueue
) -> None:
    graph = create_conflict_graph(
        org, config=HUMAN, checkpointer=pg_saver, stores=CouncilStores(escalations=pg_queue)
    )
    ids = []
    for i in range(ROUNDS):
        conflict = kit.conflict("junior_dev", "senior_dev", conflict_id=f"c{i}")
        out = graph.invoke({"conflict": conflict}, kit.thread(f"race-{i}"))
        ids.append(out["__interrupt__"][0].value["escalation_id"])
    env = {**os.environ, "LANGGRAPH_STRICT_MSGPACK": "true"}
    workers = [
        subprocess.Popen(
            [sys.executable, str(WORKER), pg_db, str(SPACING), *ids],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(2)
    ]
    for worker in workers:
        assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    start = time.time() + 0.5
    outputs = [w.communicate(f"{start}\n", timeout=HANG) for w in workers]
    assert [w.returncode for w in workers] == [0, 0], [err for _, err in outputs]
    seen = [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]
    for escalation_id in ids:  # the loser gets the winner's result, not an error
        assert [s[escalation_id] for s in seen] == ["resolved_by_human"] * 2
    assert sum(_forks(graph, f"race-{i}") for i in range(ROUNDS)) == 0
    rows = [pg_queue.get(e) for e in ids]
    assert {(r.status, r.resumed_at is not None) for r in rows} == {("decided", True)}


def test_a_thread_that_moved_on_stores_nothing_and_says_why(
    kit: Any, org: Org, pg_saver: PostgresSaver, pg_queue: EscalationQueue
) -> None:
    graph = create_conflict_graph(
        org, config=HUMAN, checkpointer=pg_saver, stores=CouncilStores(escalations=pg_queue)
    )
    waiting = graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("t"))
    escalation_id = waiting["__interrupt__"][0].value["escalation_id"]
    other = kit.conflict("backend_lead", "frontend_lead", conflict_id="c2")
    graph.invoke({"conflict": other}, kit.thread("t"), context={"strategy": "authority"})
    with pytest.raises(EscalationError, match=r"no longer waiting on it.*nothing was stored"):
        pg_queue.decide(escalation_id, kit.decide_junior, graph)
    row = pg_queue.get(escalation_id)
    assert (row.status, row.decision) == ("pending", None)
    final: ConflictResolution = graph.get_state(kit.thread("t")).values["resolution"]
    assert final.conflict_id == "c2"  # the new run's result was not touched
    with pytest.raises(EscalationError, match="has no checkpoint in this graph's checkpointer"):
        elsewhere = create_conflict_graph(org, config=HUMAN, checkpointer=InMemorySaver())
        pg_queue.decide(escalation_id, kit.decide_junior, elsewhere)
    pg_queue.cancel(escalation_id)


def test_a_resume_that_bypasses_the_queue_cannot_contradict_the_row(
    kit: Any, org: Org, pg_saver: PostgresSaver, pg_queue: EscalationQueue
) -> None:
    graph = create_conflict_graph(
        org, config=HUMAN, checkpointer=pg_saver, stores=CouncilStores(escalations=pg_queue)
    )
    cfg = kit.thread("t")
    out = graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, cfg)
    escalation_id = out["__interrupt__"][0].value["escalation_id"]
    pg_queue.cancel(escalation_id)  # rows only: the thread still waits
    again = graph.invoke(Command(resume=kit.decide_junior), cfg)
    (asked,) = again["__interrupt__"]
    assert "already cancelled" in asked.value["error"]
    assert list(pg_queue.resume_closed(graph)) == ["t"]
    resolution = graph.get_state(cfg).values["resolution"]
    assert resolution.outcome is ConflictOutcome.ESCALATED_TO_HUMAN
    assert "cancelled" in resolution.reasoning and resolution.decided_by == "system:cancelled"


def test_dissent_ids_do_not_depend_on_when_the_decision_was_made(kit: Any) -> None:
    conflict = kit.conflict("junior_dev", "senior_dev", "ui_dev")
    first = ConflictResolution(
        conflict_id=conflict.id,
        outcome=ConflictOutcome.RESOLVED_BY_HUMAN,
        winning_agent_id="junior_dev",
        winning_position=conflict.position_of("junior_dev").position,
        decided_by="human:ann",
        reasoning="r",
    )
    replay = first.model_copy(update={"resolved_at": first.resolved_at + timedelta(seconds=5)})

    def ids(resolution: ConflictResolution, scope: str = "t") -> list[str]:
        records = build_dissent_records(conflict, resolution, strategy="human", scope=scope)
        return [r.id for r in records]

    assert ids(first) == ids(replay) and len(ids(first)) == 2
    assert ids(first, scope="another-thread") != ids(first)
