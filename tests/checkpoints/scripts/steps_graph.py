"""A small graph run in its own OS process by the crash and interrupt tests.

Usage: python steps_graph.py URI THREAD LOG MODE   (MODE: run | resume | approve | pending)
Every node appends its name to LOG, so the test can count how often each one ran.
"""

from __future__ import annotations

import json
import operator
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt
from typing_extensions import TypedDict

from langgraph_council.checkpoints import interrupted_threads, postgres_checkpointer, resume_thread


class State(TypedDict):
    done: Annotated[list[str], operator.add]
    approval: str


def _mark(log: Path, name: str) -> None:
    with log.open("a") as fh:
        fh.write(name + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def build(log: Path) -> StateGraph[State, Any, State, State]:
    def node(name: str, *, block: bool = False) -> Any:
        def run(state: State) -> dict[str, Any]:
            _mark(log, name)
            if block and not os.environ.get("UNBLOCK"):
                time.sleep(120)  # the test SIGKILLs us here
            return {"done": [name]}

        return run

    def approve(state: State) -> dict[str, Any]:
        answer = interrupt({"question": "ship it?", "done": state["done"]})
        _mark(log, f"approved:{answer}")
        return {"approval": str(answer)}

    builder = StateGraph(State)
    builder.add_node("plan", node("plan"))
    builder.add_node("fast", node("fast"))
    builder.add_node("slow", node("slow", block=True))
    builder.add_node("join", node("join"))
    builder.add_node("approve", approve)
    builder.add_edge(START, "plan")
    builder.add_edge("plan", "fast")
    builder.add_edge("plan", "slow")
    builder.add_edge(["fast", "slow"], "join")
    builder.add_edge("join", "approve")
    builder.add_edge("approve", END)
    return builder


def main(uri: str, thread: str, log_path: str, mode: str) -> None:
    log = Path(log_path)
    with postgres_checkpointer(uri) as saver:
        graph = build(log).compile(checkpointer=saver)
        config = {"configurable": {"thread_id": thread}}
        if mode == "run":
            graph.invoke({"done": [], "approval": ""}, config, durability="sync")
        elif mode == "resume":
            resume_thread(graph, thread)
        elif mode == "pending":
            statuses = interrupted_threads(saver, graph=graph)
            print(json.dumps([[s.thread_id, list(s.next), s.waiting_for_human] for s in statuses]))
        elif mode == "approve":
            out = resume_thread(graph, thread, resume="yes")
            print(json.dumps(out))


if __name__ == "__main__":
    main(*sys.argv[1:5])
