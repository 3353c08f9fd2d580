"""Kill a graph between a saved task write and the next checkpoint; list and resume it later.

Usage: python crash_between.py URI FAMILY THREAD LOG MODE
  FAMILY: meeting | conflict | delegation
  MODE:   run (SIGKILLs itself, see below) | recover (list, resume, list again)
          | escalate | resume_closed (FAMILY ignored: a conflict waiting for a human)

In `run` mode the saver kills this process once the top-level writes of the family's target
task (`KILL_AT`: node name and how many of its writes to let through) are stored in Postgres,
just before the next checkpoint is saved: deterministic, no sleeping. Every model call appends
the agent id to LOG, so the test can check that resuming repeats none of the saved calls.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.checkpoint.postgres import PostgresSaver

from langgraph_council.checkpoints import (
    EscalationQueue,
    interrupted_threads,
    resume_thread,
    setup_database,
)
from langgraph_council.checkpoints._connections import connect
from langgraph_council.graphs import (
    create_conflict_graph,
    create_delegation_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Conflict, Org, Roster
from langgraph_council.nodes._conflicts.config import ConflictResolutionConfig
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repo, for `tests`
from langgraph_council.checkpoints import CouncilStores
from tests.conflicts.conftest import conflict

ORG = Org.load(Path(__file__).resolve().parents[2] / "data" / "org.yaml")
KILL_AT = {"meeting": ("take_turn", 2), "conflict": ("debate", 1), "delegation": ("call_agent", 2)}


class KillingSaver(PostgresSaver):
    """A real `PostgresSaver` that dies right after the target task's writes are stored."""

    node: str = ""
    nth: int = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen = 0
        self.in_flight = threading.Event()
        self.stored = threading.Event()

    def put_writes(self, config: Any, writes: Any, task_id: str, task_path: str = "") -> None:
        top = not config["configurable"].get("checkpoint_ns")
        target = top and task_path.split(",")[-1].strip() == self.node
        if target:
            self.seen += 1
            target = self.seen == self.nth
        if target:
            self.in_flight.set()
        super().put_writes(config, writes, task_id, task_path)
        if target:
            self.stored.set()

    def put(self, config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
        if self.in_flight.is_set():
            self.stored.wait()
            _log(self.log, "killed")
            os.kill(os.getpid(), signal.SIGKILL)
        return super().put(config, checkpoint, metadata, new_versions)


def _log(path: Path, line: str) -> None:
    with path.open("a") as fh:
        fh.write(line + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def _hand(agent_id: str, refinement: str) -> AIMessage:
    args = {"agent_id": agent_id, "refinement": refinement}
    return AIMessage(content="", tool_calls=[{"name": "delegate_to", "args": args, "id": "c1"}])


def _reply(log: Path) -> Any:
    def reply(call: ScriptCall) -> Any:
        _log(log, call.agent_id or "?")
        if call.schema is not None:  # the debate judge
            return {"winning_agent_id": "senior_dev", "confidence": 0.8, "reasoning": "data"}
        if call.tools and call.agent_id == "cto" and "answered by" not in call.prompt:
            return _hand("backend_lead", "design the API")
        if call.agent_id == "cto":
            return "Summary: done.\nDecisions:\n- Ship it"
        return f"{call.agent_id} speaks. Position: ship it\nEvidence:\n- source {call.agent_id}"

    return reply


def _conflict() -> Conflict:
    """senior_dev against junior_dev, as the conflict tests build one."""
    return conflict(ORG, ("senior_dev", "junior_dev"), conflict_id="c-crash")


def build(family: str, saver: PostgresSaver, log: Path) -> tuple[Any, Any, Any]:
    """The family's graph on `saver`, its input and its run context."""
    roster = Roster(ORG, default_model=ScriptedChatModel(_reply(log)))
    if family == "meeting":
        graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        inp = {
            "agenda": {"title": "Release"},
            "leader_id": "cto",
            "participant_ids": ["senior_dev", "junior_dev", "ui_dev"],
            "token_budget": 50_000,
        }
        return graph, inp, {"round_robin": {"max_turns_per_agent": 1}}
    if family == "conflict":
        config = ConflictResolutionConfig(strategy="debate")
        graph = create_conflict_graph(ORG, roster, config=config, checkpointer=saver)
        return graph, {"conflict": _conflict()}, None
    graph = create_delegation_graph(ORG, roster, checkpointer=saver)
    return graph, {"task": "Ship the billing API", "entry_agent": "cto"}, None


def _human(uri: str, saver: PostgresSaver, thread: str, mode: str) -> None:
    """A conflict waiting for a human; `resume_closed` expires it and resumes the thread."""
    with EscalationQueue.from_conn_string(uri) as queue:
        config = ConflictResolutionConfig(strategy="human", human={"timeout_seconds": 60})
        graph = create_conflict_graph(
            ORG, config=config, checkpointer=saver, stores=CouncilStores(escalations=queue)
        )
        if mode == "escalate":
            out = graph.invoke({"conflict": _conflict()}, {"configurable": {"thread_id": thread}})
            print(json.dumps({"waiting": bool(out.get("__interrupt__"))}))
            return
        queue.expire_overdue(None, now=datetime.now(UTC) + timedelta(days=1))
        outputs = queue.resume_closed(graph)
        print(json.dumps({t: out["resolution"].outcome.value for t, out in outputs.items()}))


def _summary(family: str, out: dict[str, Any]) -> Any:
    if family == "meeting":
        return out["minutes"].status
    if family == "conflict":
        return out["resolution"].winning_agent_id
    return out["result"].answer


def main(uri: str, family: str, thread: str, log_path: str, mode: str) -> None:
    log = Path(log_path)
    setup_database(uri)
    KillingSaver.node, KillingSaver.nth = KILL_AT[family] if mode == "run" else ("", 0)
    KillingSaver.log = log  # type: ignore[attr-defined]
    with connect(uri) as conn:
        saver = KillingSaver(conn)
        graph, inp, context = build(family, saver, log)
        if mode == "run":
            config = {"configurable": {"thread_id": thread}}
            graph.invoke(inp, config, context=context, durability="sync")
            print(json.dumps({"error": "the kill hook never fired"}))
        elif mode in ("escalate", "resume_closed"):
            _human(uri, saver, thread, mode)
        elif mode == "recover":
            listed = interrupted_threads(saver, graph=graph)
            out = resume_thread(graph, thread, context=context)
            report = {
                "listed": [[s.thread_id, list(s.next), list(s.saved)] for s in listed],
                "result": _summary(family, out),
                "after": [s.thread_id for s in interrupted_threads(saver, graph=graph)],
                "interrupts": [s.thread_id for s in interrupted_threads(saver)],
            }
            print(json.dumps(report))


if __name__ == "__main__":
    main(*sys.argv[1:6])
