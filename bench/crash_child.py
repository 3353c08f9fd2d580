"""Child process of the crash campaign: runs (mode `run`) or resumes (mode `resume`) one graph
on Postgres with deterministic scripted agents, logging every model call to a JSON-lines file.

`python bench/crash_child.py URI THREAD FAMILY MODE LOG KILL_AT DELAY`: with KILL_AT = k > 0 the
process SIGKILLs itself at its k-th model call: inside the call when DELAY < 0, else DELAY
seconds after the call returned (from a timer thread: during the node's write, the Postgres
write or the next step). A reply depends only on the agent and its prompt, so a resumed run
and an uninterrupted run of the same case are comparable call by call.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from langgraph_council.checkpoints import interrupted_threads, postgres_checkpointer, resume_thread
from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import Conflict, ConflictPosition, Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

ORG = Org.load(Path(__file__).resolve().parents[1] / "tests" / "data" / "org.yaml")
PARTIES = ("junior_dev", "senior_dev", "ui_dev")
MEETINGS = ("round_robin", "position_papers", "structured_phases")
FAMILIES = (*MEETINGS, "debate")
_LOCK = threading.Lock()


def _key(call: ScriptCall) -> str:
    text = "\n".join(str(m.content) for m in call.messages)
    return f"{call.agent_id}:{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def _reply(family: str, call: ScriptCall) -> Any:
    key = _key(call)
    if family == "debate" and call.agent_id not in PARTIES:
        return {"winning_agent_id": "ui_dev", "confidence": 0.9, "reasoning": f"judge {key}"}
    if call.agent_id == "cto":
        return f"Summary: done ({key}).\nDecisions:\n- Ship it"
    return f"{call.agent_id} speaks ({key}). Position: ship it\nEvidence:\n- {key}"


def _conflict() -> Conflict:
    positions = [
        ConflictPosition(
            agent_id=a,
            agent_department=ORG[a].department,
            agent_level=ORG[a].level,
            position=f"{a} plan",
            reasoning="measured",
        )
        for a in PARTIES
    ]
    return Conflict(id="crash", type="architecture", subject="Queue or cron?", positions=positions)


def build(family: str, roster: Roster, saver: Any) -> tuple[Any, dict[str, Any], Any]:
    """The graph, its input and its run context for one family."""
    if family == "debate":
        config = ConflictResolutionConfig(strategy="debate")
        graph = create_conflict_graph(ORG, roster, config=config, checkpointer=saver)
        return graph, {"conflict": _conflict()}, None
    graph = create_meeting_graph(roster, protocol=family, checkpointer=saver)
    inp = {
        "agenda": {"title": "Release"},
        "leader_id": "cto",
        "participant_ids": list(PARTIES),
        "token_budget": 50_000,
    }
    return graph, inp, {"round_robin": {"max_turns_per_agent": 2}}


def fingerprint(family: str, out: dict[str, Any]) -> Any:
    """What must be equal between a resumed and an uninterrupted run."""
    if family == "debate":
        resolution = out["resolution"]
        return [resolution.winning_agent_id, resolution.reasoning]
    minutes = out["minutes"]
    return [minutes.status, [[c.agent_id, c.turn, c.content] for c in minutes.contributions]]


def main() -> None:
    uri, thread, family, mode, log_path, kill_at, delay = sys.argv[1:8]
    log = Path(log_path).open("a", encoding="utf-8")  # noqa: SIM115 - open until the kill
    calls = [0]

    def write(event: dict[str, Any]) -> None:
        with _LOCK:
            log.write(json.dumps(event) + "\n")
            log.flush()

    def reply(call: ScriptCall) -> Any:
        with _LOCK:
            calls[0] += 1
            n = calls[0]
        write({"mode": mode, "event": "start", "key": _key(call)})
        if n == int(kill_at) and float(delay) < 0:
            os.kill(os.getpid(), signal.SIGKILL)
        value = _reply(family, call)
        write({"mode": mode, "event": "return", "key": _key(call)})
        if n == int(kill_at):
            threading.Timer(float(delay), os.kill, (os.getpid(), signal.SIGKILL)).start()
        return value

    roster = Roster(ORG, {a: ScriptedChatModel(reply) for a in PARTIES},
                    default_model=ScriptedChatModel(reply))  # fmt: skip
    with postgres_checkpointer(uri) as saver:
        graph, inp, context = build(family, roster, saver)
        if mode == "resume":
            found = {s.thread_id for s in interrupted_threads(saver, graph)}
            write({"mode": mode, "event": "found", "found": thread in found})
            state = graph.get_state({"configurable": {"thread_id": thread}})
            if thread not in found and not state.next and not state.interrupts:
                # the kill came after the last checkpoint was saved: nothing left to resume
                write({"mode": mode, "event": "already_finished"})
                out = state.values
            else:
                out = resume_thread(graph, thread, context=context)
        else:
            config = {"configurable": {"thread_id": thread}}
            out = graph.invoke(inp, config, context=context, durability="sync")
    write({"mode": mode, "event": "final", "value": fingerprint(family, out)})


if __name__ == "__main__":
    main()
