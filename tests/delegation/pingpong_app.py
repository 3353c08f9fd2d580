"""A ping-pong delegation app run as its own OS process, on Postgres (for the resume test).

Usage:
    python pingpong_app.py start URI THREAD_ID
    python pingpong_app.py resume URI THREAD_ID JSON_VALUE   (a resume that bypasses the queue)
    python pingpong_app.py decide URI THREAD_ID JSON_VALUE   (EscalationQueue.decide)
    python pingpong_app.py continue URI THREAD_ID            (after a crash)
Prints one JSON line: the pending escalations (interrupt payloads), the queue's pending rows
and the result, if any.
With CRASH_AFTER_RECORD=1 the process dies (os._exit) right after the guard store recorded
the first delegation, before LangGraph could checkpoint the guard node.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.types import Command

from langgraph_council.checkpoints import CouncilStores, EscalationQueue, postgres_checkpointer
from langgraph_council.graphs import create_delegation_graph
from langgraph_council.guards._rules import PairState, StoreVerdict
from langgraph_council.guards._store import GuardStateStore
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

ORG = Org(
    [
        {"id": "alice", "name": "Alice", "role": "eng", "department": "d", "level": "vp"},
        {"id": "bob", "name": "Bob", "role": "eng", "department": "d", "level": "vp"},
    ]
)


def always_hand_back(call: ScriptCall) -> AIMessage:
    """alice always hands to bob, bob always back to alice."""
    other = "bob" if call.agent_id == "alice" else "alice"
    return AIMessage(
        content="",
        tool_calls=[
            {
                "name": "delegate_to",
                "args": {"agent_id": other, "refinement": "you do it"},
                "id": "call_1",
                "type": "tool_call",
            }
        ],
    )


class CrashAfterRecord(GuardStateStore):
    """Delegates to a real store, then kills the process once something was recorded."""

    def __init__(self, inner: GuardStateStore) -> None:
        self.inner = inner

    def check_and_record(self, **request: Any) -> StoreVerdict:
        verdict = self.inner.check_and_record(**request)
        if verdict.passed:
            os._exit(9)
        return verdict

    def record_bounce(self, **request: Any) -> PairState:
        return self.inner.record_bounce(**request)


def main(command: str, uri: str, thread_id: str, value: str | None) -> None:
    cfg: Any = {"configurable": {"thread_id": thread_id}}
    ctx = {"enforce_chain_of_command": False}
    with (
        postgres_checkpointer(uri) as saver,
        CouncilStores.from_conn_string(uri) as stores,
    ):
        queue, loop_records = stores.escalations, stores.loop_records
        assert isinstance(queue, EscalationQueue) and loop_records is not None
        if os.environ.get("CRASH_AFTER_RECORD"):
            inner = stores.guard_state  # a PostgresGuardStateStore
            assert inner is not None
            stores = stores.replace(guard_state=CrashAfterRecord(inner))
        graph = create_delegation_graph(
            ORG,
            Roster(ORG, default_model=ScriptedChatModel(always_hand_back)),
            stores=stores,
            checkpointer=saver,
        )
        before = [i.value for i in graph.get_state(cfg).interrupts]
        if command == "start":
            inp: Any = {"task": "Pick a database", "entry_agent": "alice", "task_id": "T-42"}
        elif command == "continue":
            inp = None
        else:
            inp = Command(resume=json.loads(value or "null"))
        if command == "decide":
            (waiting,) = queue.pending(thread_id=thread_id)
            out = queue.decide(waiting.id, json.loads(value or "null"), graph, context=ctx)
        else:
            out = graph.invoke(inp, cfg, context=ctx, durability="sync")
        after = [i.value for i in graph.get_state(cfg).interrupts]
        result = out.get("result")
        print(
            json.dumps(
                {
                    "before": before,
                    "pending": after,
                    "queue": [e.model_dump(mode="json") for e in queue.pending()],
                    "result": None if result is None else result.model_dump(mode="json"),
                    "loop_records": [r.mechanism for r in loop_records.list(task_id="T-42")],
                }
            )
        )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
