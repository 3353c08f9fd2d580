"""A one-node graph whose model call hangs, run in its own process so the test can kill it.

Usage: python call_child.py URI THREAD LOG
The scripted model writes "calling" to LOG once the call has reached the provider, then hangs.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.checkpoints import (
    CallRecordHandler,
    PostgresCallRecordStore,
    postgres_checkpointer,
)
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

ORG = Path(__file__).parents[2] / "data" / "org.yaml"
AGENT = "senior_dev"
PROMPT = "Estimate the migration effort for the billing service, in days."


class State(TypedDict):
    answer: str


def main(uri: str, thread: str, log_path: str) -> None:
    log = Path(log_path)

    def hang(call: ScriptCall) -> str:
        with log.open("a") as fh:
            fh.write("calling\n")
            fh.flush()
            os.fsync(fh.fileno())
        time.sleep(120)  # the test SIGKILLs us here
        return "never"

    roster = Roster(Org.load(ORG), default_model=ScriptedChatModel(hang))

    def ask(state: State) -> dict[str, Any]:
        return {"answer": roster.call(AGENT, PROMPT).content}

    builder = StateGraph(State)
    builder.add_node("ask", ask)
    builder.add_edge(START, "ask")
    builder.add_edge("ask", END)
    with (
        postgres_checkpointer(uri) as saver,
        PostgresCallRecordStore.from_conn_string(uri) as calls,
    ):
        graph = builder.compile(checkpointer=saver)
        config: Any = {
            "configurable": {"thread_id": thread},
            "callbacks": [CallRecordHandler(calls)],
        }
        graph.invoke({"answer": ""}, config, durability="sync")


if __name__ == "__main__":
    main(*sys.argv[1:4])
