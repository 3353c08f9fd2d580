"""Run every graph family on one saver, read the state back; print what came back as JSON.

Usage: serde_probe.py SAVER [URI]; SAVER is `plain` (InMemorySaver()), `council`
(with_council_serde(InMemorySaver())) or `postgres` (postgres_checkpointer(URI)). The graphs are
compiled without a checkpointer and given the saver through `graph.copy`, as LangGraph Server does.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from contextlib import ExitStack
from typing import Any

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from langgraph_council.checkpoints import postgres_checkpointer, with_council_serde
from langgraph_council.checkpoints._serde import council_allowlist
from langgraph_council.graphs import (
    create_conflict_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.graphs._demo.data import demo_agenda, demo_conflict, demo_roster
from langgraph_council.graphs.studio import STUDIO_GRAPHS

RESUME = {
    "decision": "winner",
    "winning_agent_id": "backend_lead",
    "reasoning": "Partners rely on REST.",
    "decided_by": "human:probe",
}


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def _type(value: Any) -> str:
    return type(value).__name__


def uncovered() -> list[str]:
    """Types LangGraph lists for our graphs (strict mode only) that `council_allowlist` lacks."""
    missing: set[str] = set()
    for factory in STUDIO_GRAPHS.values():
        graph = factory()
        for _, pregel in [("", graph), *graph.get_subgraphs(recurse=True)]:
            listed = getattr(pregel, "_serde_allowlist", None) or set()
            missing |= {".".join(key) for key in listed - council_allowlist()}
    return sorted(missing)


def main() -> None:
    collect = Collect()
    logging.getLogger().addHandler(collect)
    roster = demo_roster()
    seen: dict[str, str] = {}
    with ExitStack() as stack:
        kind = sys.argv[1]
        if kind == "postgres":
            saver: Any = stack.enter_context(postgres_checkpointer(sys.argv[2]))
        else:
            saver = InMemorySaver() if kind == "plain" else with_council_serde(InMemorySaver())

        def lend(graph: Any) -> Any:
            return graph.copy(update={"checkpointer": saver})

        meeting = lend(create_meeting_graph(roster, protocol="structured_phases"))
        cfg: Any = {"configurable": {"thread_id": f"{kind}-meeting"}}
        meeting.invoke(
            {"agenda": demo_agenda(), "leader_id": "cto", "token_budget": 30_000,
             "participant_ids": ["backend_lead", "frontend_lead", "qa_head"]}, cfg,
        )  # fmt: skip
        values = meeting.get_state(cfg).values
        seen["minutes"] = _type(values["minutes"])
        seen["contribution"] = _type(values["contributions"][0])
        seen["agenda"] = _type(values["agenda"])

        conflict = lend(create_conflict_graph(roster.org, roster))
        cfg = {"configurable": {"thread_id": f"{kind}-debate"}}
        conflict.invoke({"conflict": demo_conflict()}, cfg, context={"strategy": "debate"})
        seen["debate_resolution"] = _type(conflict.get_state(cfg).values["resolution"])
        cfg = {"configurable": {"thread_id": f"{kind}-human"}}
        conflict.invoke({"conflict": demo_conflict()}, cfg, context={"strategy": "human"})
        seen["paused_conflict"] = _type(conflict.get_state(cfg).values["conflict"])
        conflict.invoke(Command(resume=RESUME), cfg, context={"strategy": "human"})
        seen["human_resolution"] = _type(conflict.get_state(cfg).values["resolution"])

        if kind == "plain" and os.environ.get("LANGGRAPH_STRICT_MSGPACK") == "true":
            # The control stops here: the delegation family's nodes need their models back
            # (frames, blocked hand-offs), which a saver without the allowlist cannot give.
            print(json.dumps({"types": seen, "warnings": collect.lines, "uncovered": []}))
            return
        delegation = lend(create_delegation_graph(roster.org, roster))
        cfg = {"configurable": {"thread_id": f"{kind}-delegation"}}
        delegation.invoke({"task": "Pick the API style", "entry_agent": "cto"}, cfg)
        if delegation.get_state(cfg).interrupts:  # the demo's hand-off is blocked at the top
            answer = {"answer": "REST", "decided_by": "human:probe"}
            delegation.invoke(Command(resume=answer), cfg)
        seen["delegation_result"] = _type(delegation.get_state(cfg).values["result"])
    print(json.dumps({"types": seen, "warnings": collect.lines, "uncovered": uncovered()}))


if __name__ == "__main__":
    main()
