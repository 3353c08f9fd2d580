"""The durable escalation queue: across processes, expiry, parallel answers, refused rows."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.types import Command

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationError,
    EscalationQueue,
    PostgresDissentStore,
    async_postgres_checkpointer,
)
from langgraph_council.checkpoints import EscalationQueue as BaseEscalationQueue
from langgraph_council.checkpoints._runner.commands import escalation_resume_command
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_batch_graph,
    create_conflict_graph,
)
from langgraph_council.nodes import ConflictOutcome, ConflictResolution, Org
from langgraph_council.nodes._records.conflicts import utc_now
from tests.backends import Backend
from tests.processes import last_json, run_python

pytestmark = pytest.mark.postgres
HUMAN = ConflictResolutionConfig(strategy="human")
WORKER = Path(__file__).with_name("escalation_worker.py")


def _run_worker(*args: str) -> dict[str, Any]:
    return last_json(run_python(WORKER, *args, env={"LANGGRAPH_STRICT_MSGPACK": "true"}).stdout)


@pytest.mark.slow
def test_created_in_one_process_and_decided_in_another(
    pg_db: str, pg_saver: PostgresSaver, pg_queue: EscalationQueue
) -> None:
    started = _run_worker("start", pg_db, "thread-1")
    queue = pg_queue
    (pending,) = queue.pending()
    assert started["interrupts"] == [pending.id] and pending.thread_id == "thread-1"
    decided = _run_worker("decide", pg_db)
    assert decided["pending"] == [pending.id]
    assert decided["resolution"]["outcome"] == "resolved_by_human"
    assert decided["resolution"]["winning_agent_id"] == "junior_dev"
    assert decided["resolution"]["decided_by"] == "human:ann"
    assert [d["dissenting_agent_id"] for d in decided["dissent"]] == ["senior_dev"]
    assert decided["dissent"][0]["evidence"] == ["senior_dev-benchmark"]
    row = queue.get(pending.id)
    assert row.status == "decided" and row.decision is not None
    assert row.decision.decided_by == "human:ann"
    assert queue.pending() == []
    with PostgresDissentStore.from_conn_string(pg_db) as dissent:
        stored = dissent.list(agent_id="senior_dev")
    assert [r.decided_by for r in stored] == ["human:ann"]
    graph = create_conflict_graph(
        Org.load(WORKER.parents[1] / "data" / "org.yaml"), checkpointer=pg_saver
    )
    final = graph.get_state({"configurable": {"thread_id": "thread-1"}})
    assert final.next == () and final.values["resolution"].outcome == "resolved_by_human"


def _human_graph(org: Org, pg_saver: PostgresSaver | None, queue: Any, **kw: Any) -> Any:
    return create_conflict_graph(
        org,
        config=kw.pop("config", HUMAN),
        checkpointer=pg_saver,
        stores=CouncilStores(escalations=queue),
        **kw,
    )


def _escalated(graph: Any, kit: Any, thread: str) -> tuple[Any, str]:
    """Run the junior/senior conflict on `thread` up to its human escalation: config and id."""
    cfg = kit.thread(thread)
    out = graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, cfg)
    escalation_id: str = out["__interrupt__"][0].value["escalation_id"]
    return cfg, escalation_id


@pytest.fixture
def queue(backend: Backend) -> BaseEscalationQueue:
    """Each queue implementation (the memory-or-Postgres matrix), with the same rules."""
    queue: BaseEscalationQueue = backend.escalations
    return queue


def test_an_overdue_escalation_expires_to_escalated_to_human(
    kit: Any, org: Org, pg_saver: PostgresSaver, queue: BaseEscalationQueue
) -> None:
    config = ConflictResolutionConfig(strategy="human", human={"timeout_seconds": 60})
    graph = _human_graph(org, pg_saver, queue, config=config)
    graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("t"))
    (pending,) = queue.pending()
    assert pending.expires_at is not None
    waiting = graph.get_state(kit.thread("t")).interrupts[0].value
    assert waiting["expires_at"] == pending.expires_at.isoformat()
    assert queue.expire_overdue(graph) == []
    (expired,) = queue.expire_overdue(now=utc_now() + timedelta(seconds=61))
    assert expired.status == "expired" and expired.decision is None
    assert graph.get_state(kit.thread("t")).interrupts  # rows only: the thread still waits
    assert list(queue.resume_closed(graph)) == ["t"]
    assert queue.resume_closed(graph) == {}
    values = graph.get_state(kit.thread("t")).values
    resolution: ConflictResolution = values["resolution"]
    assert resolution.outcome is ConflictOutcome.ESCALATED_TO_HUMAN
    assert resolution.winning_agent_id is None and resolution.decided_by == "system:timeout"
    assert sorted(r.dissenting_agent_id for r in values["dissent_records"]) == [
        "junior_dev",
        "senior_dev",
    ]
    with pytest.raises(EscalationError, match="already expired"):
        queue.decide(expired.id, kit.decide_junior, graph)


def test_two_parallel_escalations_are_decided_in_one_resume(
    kit: Any, org: Org, pg_saver: PostgresSaver, pg_queue: EscalationQueue
) -> None:
    queue = pg_queue
    batch = create_conflict_batch_graph(
        org, config=HUMAN, checkpointer=pg_saver, stores=CouncilStores(escalations=queue)
    )
    conflicts = [
        kit.conflict("junior_dev", "senior_dev", conflict_id="a"),
        kit.conflict("ui_dev", "qa_engineer", conflict_id="b", kind="process"),
    ]
    out = batch.invoke({"conflicts": conflicts}, kit.thread("batch"))
    assert len(out["__interrupt__"]) == 2
    ids = {e.conflict_id: e.id for e in queue.pending(thread_id="batch")}
    assert sorted(ids) == ["a", "b"]
    reject = {"decision": "reject", "reasoning": "neither fits", "decided_by": "human:bo"}
    outputs = queue.decide_many({ids["a"]: kit.decide_junior, ids["b"]: reject}, batch)
    by_conflict = {r.conflict_id: r for r in outputs["batch"]["resolutions"]}
    assert by_conflict["a"].outcome is ConflictOutcome.RESOLVED_BY_HUMAN
    assert by_conflict["b"].outcome is ConflictOutcome.REJECTED_BY_HUMAN
    assert queue.pending() == []
    assert batch.get_state(kit.thread("batch")).next == ()


def test_a_malformed_resume_re_asks_and_loses_nothing(
    kit: Any, org: Org, pg_saver: PostgresSaver, queue: BaseEscalationQueue
) -> None:
    graph = _human_graph(org, pg_saver, queue)
    cfg, conflict = kit.thread("t"), kit.conflict("junior_dev", "senior_dev")
    first = graph.invoke({"conflict": conflict}, cfg)
    escalation_id = first["__interrupt__"][0].value["escalation_id"]
    with pytest.raises(ValueError, match="winning_agent_id 'ceo' is not a party"):
        queue.decide(escalation_id, {**kit.decide_junior, "winning_agent_id": "ceo"}, graph)
    assert queue.get(escalation_id).status == "pending"
    again = graph.invoke(Command(resume={"decision": "winner", "decided_by": "ann"}), cfg)
    (asked,) = again["__interrupt__"]
    assert asked.value["escalation_id"] == escalation_id
    assert asked.value["error"] == "invalid decision: reasoning: Field required"
    assert queue.get(escalation_id).status == "pending"
    command = escalation_resume_command(graph, "t", {escalation_id: kit.decide_junior})
    done = graph.invoke(command, cfg)
    assert done["resolution"].winning_agent_id == "junior_dev"
    assert queue.get(escalation_id).status == "decided"
    assert done["conflict"] == conflict


def test_the_database_refuses_impossible_rows(
    kit: Any, org: Org, pg_saver: PostgresSaver, pg_db: str, pg_queue: EscalationQueue
) -> None:
    queue = pg_queue
    graph = _human_graph(org, pg_saver, queue)
    graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("t1"))
    (pending,) = queue.pending()
    with psycopg.connect(pg_db, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.CheckViolation, match="decided_complete"):
            conn.execute(
                "UPDATE council_escalations SET status = 'decided', closed_at = now() "
                "WHERE id = %s",
                (pending.id,),
            )
        with pytest.raises(psycopg.errors.UniqueViolation, match="one_pending_per_conflict"):
            conn.execute(
                "INSERT INTO council_escalations (id, thread_id, subject, conflict_id, conflict, "
                "strategy, status) VALUES ('other', 't2', 's', %s, '{}', 'human', 'pending')",
                (pending.conflict_id,),
            )
        with pytest.raises(psycopg.errors.CheckViolation, match="human_decider"):
            conn.execute(
                "UPDATE council_escalations SET status = 'decided', decision = '{}', "
                "decided_by = 'bot', decided_at = now(), closed_at = now() WHERE id = %s",
                (pending.id,),
            )
    with pytest.raises(EscalationError, match="already has pending escalation"):
        graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("t2"))
    assert queue.get(pending.id).status == "pending"
    queue.decide(pending.id, kit.decide_junior, graph)
    with psycopg.connect(pg_db, autocommit=True) as conn:
        for change in (
            "status = 'pending', decision = NULL, decided_by = NULL, "
            "decided_at = NULL, closed_at = NULL",
            "decided_by = 'human:someone-else'",
        ):
            with pytest.raises(psycopg.errors.CheckViolation, match="closed_final"):
                conn.execute(
                    f"UPDATE council_escalations SET {change} WHERE id = %s", (pending.id,)
                )
    assert queue.get(pending.id).decision.decided_by == kit.decide_junior["decided_by"]


def test_a_forged_expiry_is_refused_and_re_asked(
    kit: Any, org: Org, pg_saver: PostgresSaver, queue: BaseEscalationQueue
) -> None:
    graph = _human_graph(org, pg_saver, queue)
    cfg, escalation_id = _escalated(graph, kit, "forged")
    forged = {"decision": "expired", "reasoning": "skip it", "decided_by": "system:me"}
    again = graph.invoke(Command(resume=forged), cfg)
    (asked,) = again["__interrupt__"]
    assert "only by EscalationQueue.expire_overdue" in asked.value["error"]
    assert queue.get(escalation_id).status == "pending"


async def test_decided_with_an_async_checkpointer(
    kit: Any, org: Org, pg_db: str, pg_queue: EscalationQueue
) -> None:
    queue = pg_queue
    async with async_postgres_checkpointer(pg_db, setup=False) as pg_saver:
        graph = create_conflict_graph(
            org, config=HUMAN, checkpointer=pg_saver, stores=CouncilStores(escalations=queue)
        )
        out = await graph.ainvoke(
            {"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("a")
        )
        escalation_id = out["__interrupt__"][0].value["escalation_id"]
        done = await queue.adecide(escalation_id, kit.decide_junior, graph)
    assert done["resolution"].outcome is ConflictOutcome.RESOLVED_BY_HUMAN
    assert queue.get(escalation_id).status == "decided"


def test_the_same_conflict_escalated_again_in_one_thread_gets_a_new_row(
    kit: Any, org: Org, pg_saver: PostgresSaver, queue: BaseEscalationQueue
) -> None:
    graph = _human_graph(org, pg_saver, queue)
    conflict = kit.conflict("junior_dev", "senior_dev")
    first = graph.invoke({"conflict": conflict}, kit.thread("t"))["__interrupt__"][0].value
    queue.decide(first["escalation_id"], kit.decide_junior, graph)
    second = graph.invoke({"conflict": conflict}, kit.thread("t"))["__interrupt__"][0].value
    assert second["escalation_id"] != first["escalation_id"]
    reject = {"decision": "reject", "reasoning": "changed my mind", "decided_by": "human:ann"}
    with pytest.raises(EscalationError, match="already decided"):
        queue.decide_many(
            {second["escalation_id"]: kit.decide_junior, first["escalation_id"]: reject}, graph
        )
    assert queue.get(second["escalation_id"]).status == "pending"  # checked before storing
    again = graph.invoke(Command(resume="senior"), kit.thread("t"))  # the old decision is gone
    assert "must be a mapping" in again["__interrupt__"][0].value["error"]
    assert [e.id for e in queue.pending()] == [second["escalation_id"]]
    with pytest.raises(EscalationError, match="already has pending escalation"):
        graph.invoke({"conflict": conflict}, kit.thread("other"))
    queue.cancel(second["escalation_id"])
    assert queue.get(second["escalation_id"]).status == "cancelled"
    with pytest.raises(EscalationError, match="only pending ones can be cancelled"):
        queue.cancel(second["escalation_id"])
    with pytest.raises(KeyError, match="no escalation 'nope'"):
        queue.get("nope")


def test_endless_malformed_answers_close_the_escalation_unresolved(
    kit: Any, org: Org, pg_saver: PostgresSaver, queue: BaseEscalationQueue
) -> None:
    from langgraph_council.nodes._conflicts.human import MAX_HUMAN_ATTEMPTS

    graph = _human_graph(org, pg_saver, queue)
    cfg, escalation_id = _escalated(graph, kit, "t")
    for _ in range(MAX_HUMAN_ATTEMPTS):
        out = graph.invoke(Command(resume="pick the senior one"), cfg)
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.ESCALATED_TO_HUMAN
    assert f"{MAX_HUMAN_ATTEMPTS} malformed answers" in resolution.reasoning
    assert queue.get(escalation_id).status == "expired"


async def test_the_batch_graph_resolves_in_parallel_and_refuses_duplicate_ids(
    kit: Any, org: Org, pg_db: str
) -> None:
    conflicts = [
        kit.conflict("junior_dev", "senior_dev", conflict_id="a"),
        kit.conflict("backend_lead", "frontend_lead", conflict_id="b"),
    ]
    async with async_postgres_checkpointer(pg_db, setup=False) as pg_saver:
        batch = create_conflict_batch_graph(org, checkpointer=pg_saver)
        out = await batch.ainvoke({"conflicts": conflicts}, kit.thread("t"))
    assert [r.winning_agent_id for r in out["resolutions"]] == ["senior_dev", "backend_lead"]
    assert sorted(r.dissenting_agent_id for r in out["dissent_records"]) == [
        "frontend_lead",
        "junior_dev",
    ]
    with pytest.raises(ValueError, match=r"ids \['a'\] appear twice"):
        create_conflict_batch_graph(org).invoke({"conflicts": [conflicts[0], conflicts[0]]})
