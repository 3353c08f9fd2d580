"""Issue 13 item 5: escalations have a finite default deadline and a sweeper that enforces it.

Before, `timeout_seconds` (conflicts) and `human_timeout_seconds` (delegation) defaulted to
None, "wait forever", and expiry ran only when someone called `expire_overdue` by hand.
"""

from __future__ import annotations

import asyncio
import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.postgres import PostgresSaver

from langgraph_council.checkpoints import CouncilStores, EscalationQueue, InMemoryEscalationQueue
from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictOutcome, Org
from langgraph_council.nodes._delegation.models import DelegationConfig
from langgraph_council.nodes._escalation.models import DEFAULT_TIMEOUT_SECONDS
from tests.processes import HANG

DAY = 24 * 3600.0


def test_the_default_deadline_is_a_day_and_none_only_when_asked() -> None:
    assert DEFAULT_TIMEOUT_SECONDS == DAY
    assert ConflictResolutionConfig().human.timeout_seconds == DAY
    assert DelegationConfig().human_timeout_seconds == DAY
    forever = ConflictResolutionConfig(strategy="human", human={"timeout_seconds": None})
    assert forever.human.timeout_seconds is None
    assert DelegationConfig(human_timeout_seconds=None).human_timeout_seconds is None


def test_an_escalation_opened_with_defaults_expires_in_a_day(kit: Any, org: Org) -> None:
    queue = InMemoryEscalationQueue()
    graph = create_conflict_graph(
        org,
        config=ConflictResolutionConfig(strategy="human"),
        stores=CouncilStores(escalations=queue),
    )
    graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("t"))
    (pending,) = queue.pending()
    assert pending.expires_at is not None
    assert pending.expires_at - pending.created_at == timedelta(days=1)


@pytest.mark.postgres
def test_the_sweeper_expires_an_escalation_on_its_own_schedule(
    kit: Any, org: Org, pg_saver: PostgresSaver, pg_queue: EscalationQueue
) -> None:
    config = ConflictResolutionConfig(strategy="human", human={"timeout_seconds": 1})
    graph = create_conflict_graph(
        org, config=config, checkpointer=pg_saver, stores=CouncilStores(escalations=pg_queue)
    )
    graph.invoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("t"))
    assert graph.get_state(kit.thread("t")).interrupts
    stop = threading.Event()
    found: list[Any] = []
    sweeper = threading.Thread(
        target=lambda: found.extend(
            pg_queue.run_expiry(graph, interval_seconds=0.2, stop_event=stop)
        ),
        daemon=True,
    )
    sweeper.start()
    deadline = time.monotonic() + HANG
    while "resolution" not in graph.get_state(kit.thread("t")).values:
        assert time.monotonic() < deadline, "the sweeper did not expire the escalation"
        time.sleep(0.1)
    stop.set()
    sweeper.join(timeout=HANG)
    assert not sweeper.is_alive()
    resolution = graph.get_state(kit.thread("t")).values["resolution"]
    assert resolution.outcome is ConflictOutcome.ESCALATED_TO_HUMAN
    assert resolution.decided_by == "system:timeout"
    assert [e.status for e in found] == ["expired"] and pg_queue.pending() == []


async def test_the_async_sweeper_expires_and_stops(kit: Any, org: Org) -> None:
    queue = InMemoryEscalationQueue()
    config = ConflictResolutionConfig(strategy="human", human={"timeout_seconds": 1})
    graph = create_conflict_graph(
        org, config=config, checkpointer=InMemorySaver(), stores=CouncilStores(escalations=queue)
    )
    await graph.ainvoke({"conflict": kit.conflict("junior_dev", "senior_dev")}, kit.thread("a"))
    stop = asyncio.Event()
    task = asyncio.create_task(queue.arun_expiry(graph, interval_seconds=0.2, stop_event=stop))
    deadline = time.monotonic() + HANG
    while "resolution" not in (await graph.aget_state(kit.thread("a"))).values:
        assert time.monotonic() < deadline, "the async sweeper did not expire the escalation"
        await asyncio.sleep(0.1)
    stop.set()
    expired = await asyncio.wait_for(task, timeout=HANG)
    assert [e.status for e in expired] == ["expired"]
    state = await graph.aget_state(kit.thread("a"))
    assert state.values["resolution"].outcome is ConflictOutcome.ESCALATED_TO_HUMAN


def test_a_failed_sweep_is_reported_and_the_loop_goes_on(org: Org) -> None:
    class Flaky(InMemoryEscalationQueue):
        calls = 0

        def expire_overdue(self, graph: Any = None, **kw: Any) -> list[Any]:
            Flaky.calls += 1
            if Flaky.calls == 1:
                raise ConnectionError("database restarting")
            return []

    errors: list[Exception] = []
    graph = create_conflict_graph(org, config=ConflictResolutionConfig(strategy="human"))
    Flaky().run_expiry(graph, interval_seconds=0.01, max_sweeps=3, on_error=errors.append)
    assert Flaky.calls == 3 and [str(e) for e in errors] == ["database restarting"]
    with pytest.raises(ValueError, match="interval_seconds must be > 0"):
        Flaky().run_expiry(graph, interval_seconds=0)
