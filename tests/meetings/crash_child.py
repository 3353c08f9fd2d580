"""Child process for the crash test: runs or resumes a meeting on Postgres, prints its calls."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

from langgraph_council.checkpoints import postgres_checkpointer
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

ORG = Path(__file__).resolve().parents[1] / "data" / "org.yaml"
PARTICIPANTS = ["senior_dev", "junior_dev", "ui_dev"]
_PRINT = threading.Lock()


def say(event: dict[str, object]) -> None:
    """One JSON line per event; parallel branches must not interleave their lines."""
    with _PRINT:
        print(json.dumps(event), flush=True)


def main() -> None:
    uri, thread, protocol, mode, block_on = sys.argv[1:6]

    def reply(call: ScriptCall) -> str:
        say({"call": call.agent_id})
        if call.agent_id == block_on and mode == "run":
            time.sleep(0.5)  # let the other parallel branches save their writes first
            say({"ready": True})
            time.sleep(60)  # the parent SIGKILLs us here
        if call.agent_id == "cto":
            return "Summary: done.\nDecisions:\n- Ship it"
        return f"{call.agent_id} speaks. Position: ship it\nEvidence:\n- source {call.agent_id}"

    # The blocking agent gets its own model: a scripted model serialises calls to its script.
    roster = Roster(
        Org.load(ORG),
        {block_on: ScriptedChatModel(reply)},
        default_model=ScriptedChatModel(reply),
    )
    config = {"configurable": {"thread_id": thread}}
    ctx = {"round_robin": {"max_turns_per_agent": 1}}
    with postgres_checkpointer(uri) as saver:
        graph = create_meeting_graph(roster, protocol=protocol, checkpointer=saver)
        inp = (
            None
            if mode == "resume"
            else {
                "agenda": {"title": "Release"},
                "leader_id": "cto",
                "participant_ids": PARTICIPANTS,
                "token_budget": 50_000,
            }
        )
        out = graph.invoke(inp, config, context=ctx, durability="sync")
    minutes = out["minutes"]
    messages = [[m.name, m.id] for m in out["messages"]]
    say(
        {
            "turns": [[c.agent_id, c.turn] for c in minutes.contributions],
            "status": minutes.status,
            "messages": messages,
        }
    )


if __name__ == "__main__":
    main()
