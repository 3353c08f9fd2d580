"""A separate OS process for the escalation tests: `start` a human escalation, or `decide` one.

Usage: python escalation_worker.py start URI THREAD_ID | decide URI
Prints one JSON line with what it saw.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from langgraph_council.checkpoints import (
    CouncilStores,
    EscalationQueue,
    PostgresDissentStore,
    postgres_checkpointer,
)
from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import Conflict, ConflictPosition, Org

ORG = Org.load(Path(__file__).parents[1] / "data" / "org.yaml")


def _conflict() -> Conflict:
    positions = [
        ConflictPosition(
            agent_id=a,
            agent_department=ORG.get(a).department,
            agent_level=ORG.get(a).level,
            position=text,
            reasoning=f"{a} measured it",
            evidence=(f"{a}-benchmark",),
        )
        for a, text in (("junior_dev", "cron"), ("senior_dev", "queue"))
    ]
    return Conflict(
        id="nightly-jobs", type="architecture", subject="Queue or cron?", positions=positions
    )


@contextmanager
def human_conflict_graph(uri: str) -> Iterator[tuple[EscalationQueue, Any]]:
    """The escalation queue and a human-strategy conflict graph over the Postgres at `uri`
    (tables already set up); shared with `decide_race_worker.py`."""
    with (
        EscalationQueue.from_conn_string(uri) as queue,
        PostgresDissentStore.from_conn_string(uri) as dissent,
        postgres_checkpointer(uri, setup=False) as saver,
    ):
        yield (
            queue,
            create_conflict_graph(
                ORG,
                config=ConflictResolutionConfig(strategy="human"),
                checkpointer=saver,
                stores=CouncilStores(escalations=queue, dissent=dissent),
            ),
        )


def main(mode: str, uri: str, *rest: str) -> None:
    with human_conflict_graph(uri) as (queue, graph):
        if mode == "start":
            (thread_id,) = rest
            out = graph.invoke(
                {"conflict": _conflict()}, {"configurable": {"thread_id": thread_id}}
            )
            print(
                json.dumps({"interrupts": [i.value["escalation_id"] for i in out["__interrupt__"]]})
            )
            return
        pending = queue.pending()
        decision = {
            "decision": "winner",
            "winning_agent_id": "junior_dev",
            "reasoning": "cron is enough",
            "decided_by": "human:ann",
        }
        out = queue.decide(pending[0].id, decision, graph)
        print(
            json.dumps(
                {
                    "pending": [p.id for p in pending],
                    "thread_id": pending[0].thread_id,
                    "resolution": out["resolution"].model_dump(mode="json"),
                    "dissent": [r.model_dump(mode="json") for r in out["dissent_records"]],
                }
            )
        )


if __name__ == "__main__":
    main(*sys.argv[1:])
