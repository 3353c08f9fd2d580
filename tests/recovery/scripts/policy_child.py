"""A three-step graph whose middle step can fail, run once per process by the policy tests.

Usage: python policy_child.py URI THREAD LOG MODE   (MODE: run | resume | retry)
With FAIL=1 in the environment the `work` step raises a TimeoutError. Every model prompt is
appended to LOG as a JSON line, so the test sees what each attempt was told.
Exit status: 0 finished, 1 the step failed, 3 the policy gave the thread up.
"""

from __future__ import annotations

import json
import operator
import os
import sys
from pathlib import Path
from typing import Annotated, Any

from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.checkpoints import (
    ThreadFailedError,
    postgres_checkpointer,
    resume_thread,
)
from langgraph_council.checkpoints._resume_attempts import PostgresResumeAttemptStore
from langgraph_council.nodes._calls.resume_note import resume_note_for, with_resume_note
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

SECRET_ERROR = (
    "model call timed out after 30 s calling https://api.example.com/v1/chat with key "
    "sk-abcdefghijklmnopqrstuvwx, traceback in /srv/app/agents.py, ops: oncall@example.com"
)


class State(TypedDict):
    done: Annotated[list[str], operator.add]


def _append(log: Path, entry: dict[str, Any]) -> None:
    with log.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def build(log: Path) -> StateGraph[State, Any, State, State]:
    def answer(call: ScriptCall) -> str:
        _append(log, {"prompt": call.prompt})
        return "ok"

    model = ScriptedChatModel(answer)

    def step(name: str, *, fails: bool = False) -> Any:
        def run(state: State) -> dict[str, Any]:
            model.invoke(with_resume_note(f"Do the {name} step.", resume_note_for()))
            if fails and os.environ.get("FAIL"):
                raise TimeoutError(SECRET_ERROR)
            return {"done": [name]}

        return run

    builder = StateGraph(State)
    for name in ("plan", "work", "finish"):
        builder.add_node(name, step(name, fails=name == "work"))
    builder.add_edge(START, "plan")
    builder.add_edge("plan", "work")
    builder.add_edge("work", "finish")
    builder.add_edge("finish", END)
    return builder


def main(uri: str, thread: str, log_path: str, mode: str) -> int:
    with (
        postgres_checkpointer(uri) as saver,
        PostgresResumeAttemptStore.from_conn_string(uri) as store,
    ):
        graph = build(Path(log_path)).compile(checkpointer=saver)
        try:
            if mode == "run":
                out = graph.invoke({"done": []}, {"configurable": {"thread_id": thread}})
            else:
                out = resume_thread(
                    graph, thread, attempts_store=store, retry_failed=mode == "retry"
                )
        except TimeoutError:
            print(json.dumps({"outcome": "error"}))
            return 1
        except ThreadFailedError as failed:
            print(
                json.dumps(
                    {"outcome": "failed", "category": failed.category.value, "message": str(failed)}
                )
            )
            return 3
    print(json.dumps({"outcome": "finished", "done": out["done"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
