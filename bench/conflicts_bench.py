"""Conflict resolution benchmarks: prints a table (run: python bench/conflicts_bench.py).

Measures the authority fast path, debate under invoke vs ainvoke with a slow scripted model,
and a full human escalation round trip (interrupt, store, decide, resume) on embedded Postgres.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationQueue,
    embedded_postgres,
    postgres_checkpointer,
)
from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import Conflict, ConflictPosition, Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

ORG = Org.load(Path(__file__).parents[1] / "tests" / "data" / "org.yaml")
PARTIES = ("junior_dev", "senior_dev", "ui_dev")
LATENCY = 0.05


def conflict(conflict_id: str, parties: tuple[str, ...] = PARTIES[:2]) -> Conflict:
    positions = [
        ConflictPosition(
            agent_id=a,
            agent_department=ORG[a].department,
            agent_level=ORG[a].level,
            position=f"{a} plan",
            reasoning="measured",
        )
        for a in parties
    ]
    return Conflict(
        id=conflict_id, type="architecture", subject="Queue or cron?", positions=positions
    )


def timed(runs: int, func: Callable[[int], Any]) -> list[float]:
    samples = []
    for i in range(runs):
        started = time.perf_counter()
        func(i)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def debate_model() -> ScriptedChatModel:
    def reply(call: ScriptCall) -> Any:
        if call.agent_id in PARTIES:
            return f"{call.agent_id} argues"
        return {"winning_agent_id": "ui_dev", "confidence": 0.9, "reasoning": "evidence"}

    return ScriptedChatModel(reply, latency=LATENCY)


def main() -> None:
    rows: list[tuple[str, int, list[float]]] = []
    graph = create_conflict_graph(ORG)
    rows.append(
        (
            "authority, rank decides (no model call)",
            200,
            timed(200, lambda i: graph.invoke({"conflict": conflict(f"a{i}")})),
        )
    )
    debate = create_conflict_graph(
        ORG,
        Roster(ORG, default_model=debate_model()),
        config=ConflictResolutionConfig(strategy="debate"),
    )
    rows.append(
        (
            f"debate, 3 parties, {LATENCY}s/call, invoke",
            5,
            timed(5, lambda i: debate.invoke({"conflict": conflict(f"d{i}", PARTIES)})),
        )
    )
    rows.append(
        (
            f"debate, 3 parties, {LATENCY}s/call, ainvoke",
            5,
            timed(
                5, lambda i: asyncio.run(debate.ainvoke({"conflict": conflict(f"e{i}", PARTIES)}))
            ),
        )
    )
    with (
        tempfile.TemporaryDirectory() as tmp,
        embedded_postgres(Path(tmp) / "pg", fsync=False) as uri,
        postgres_checkpointer(uri) as saver,
        EscalationQueue.from_conn_string(uri) as queue,
    ):
        human = create_conflict_graph(
            ORG,
            config=ConflictResolutionConfig(strategy="human"),
            checkpointer=saver,
            stores=CouncilStores(escalations=queue),
        )
        decision = {"decision": "reject", "reasoning": "neither", "decided_by": "human:bench"}

        def round_trip(i: int) -> None:
            cfg: Any = {"configurable": {"thread_id": f"h{i}"}}
            out = human.invoke({"conflict": conflict(f"h{i}")}, cfg, durability="sync")
            queue.decide(out["__interrupt__"][0].value["escalation_id"], decision, human)

        rows.append(("human escalation round trip (Postgres)", 20, timed(20, round_trip)))
    print(f"{'scenario':<48} {'runs':>5} {'median ms':>10} {'p95 ms':>9}")
    for name, runs, samples in rows:
        p95 = sorted(samples)[max(0, int(len(samples) * 0.95) - 1)]
        print(f"{name:<48} {runs:>5} {statistics.median(samples):>10.1f} {p95:>9.1f}")


if __name__ == "__main__":
    main()
