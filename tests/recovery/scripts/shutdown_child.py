"""A four-step graph run under `run_until_signal` in its own process, for the signal tests.

Usage: python shutdown_child.py URI THREAD LOG MODE [STRATEGY] [GRACE]
MODE: run | arun (async twin) | resume | state. Every model call appends "call <step>" to LOG
(the scripted model is the counter); each step then takes STEP_SECONDS (default 1.5). With
BLOCK=<step> that step hangs for an hour unless UNBLOCK=1 (only a stop ends it). `run`/`arun`
print the result as JSON and exit with its exit code, leaving at once when cancelled work is
still running.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import operator
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

from langchain_core.runnables import RunnableLambda
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from langgraph_council.checkpoints import (
    ShutdownResult,
    arun_until_signal,
    async_postgres_checkpointer,
    postgres_checkpointer,
    resume_thread,
    run_until_signal,
)
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

STEPS = ("s1", "s2", "s3", "s4")


class State(TypedDict):
    done: Annotated[list[str], operator.add]


def _append(log: Path, line: str) -> None:
    with log.open("a") as fh:
        fh.write(line + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def _seconds(name: str) -> float:
    if os.environ.get("BLOCK") == name and not os.environ.get("UNBLOCK"):
        return 3600.0
    return float(os.environ.get("STEP_SECONDS", "1.5"))


def build(log: Path) -> StateGraph[State, Any, State, State]:
    def answer(call: ScriptCall) -> str:
        _append(log, f"call {call.prompt}")
        return "done"

    model = ScriptedChatModel(answer)

    def step(name: str) -> RunnableLambda[State, dict[str, Any]]:
        def run(state: State) -> dict[str, Any]:
            model.invoke(name)
            time.sleep(_seconds(name))
            return {"done": [name]}

        async def arun(state: State) -> dict[str, Any]:
            await model.ainvoke(name)
            await asyncio.sleep(_seconds(name))
            return {"done": [name]}

        return RunnableLambda(run, afunc=arun, name=name)

    builder = StateGraph(State)
    for name in STEPS:
        builder.add_node(name, step(name))
    builder.add_edge(START, STEPS[0])
    for a, b in itertools.pairwise(STEPS):
        builder.add_edge(a, b)
    builder.add_edge(STEPS[-1], END)
    return builder


def _report(result: ShutdownResult) -> int:
    fields = ("status", "exit_code", "detached", "message", "cleanup_completed", "signal_name")
    print(json.dumps({f: getattr(result, f) for f in fields}), flush=True)
    if result.detached:
        os._exit(result.exit_code)  # cancelled work is still running: do not wait for it
    return result.exit_code


def _options(log: Path, strategy: Any, grace: float) -> dict[str, Any]:
    """What `run` and `arun` pass to `(a)run_until_signal` besides the graph, input and config."""
    return {
        "grace_seconds": grace,
        "strategy": strategy,
        "cleanup": lambda: _append(log, "cleanup"),
    }


async def _arun(uri: str, config: Any, log: Path, strategy: Any, grace: float) -> int:
    async with async_postgres_checkpointer(uri) as saver:
        graph = build(log).compile(checkpointer=saver)
        result = await arun_until_signal(
            graph, {"done": []}, config, **_options(log, strategy, grace)
        )
    return _report(result)


def main(uri: str, thread: str, log_path: str, mode: str, *rest: str) -> int:
    log = Path(log_path)
    config: Any = {"configurable": {"thread_id": thread}}
    strategy: Any = rest[0] if rest else "cooperative_timeout"
    grace = float(rest[1]) if len(rest) > 1 else 30.0
    if mode == "arun":
        return asyncio.run(_arun(uri, config, log, strategy, grace))
    with postgres_checkpointer(uri) as saver:
        graph = build(log).compile(checkpointer=saver)
        if mode == "run":
            result = run_until_signal(graph, {"done": []}, config, **_options(log, strategy, grace))
            return _report(result)
        if mode == "resume":
            print(json.dumps(resume_thread(graph, thread)))
        elif mode == "state":
            print(json.dumps(list(graph.get_state(config).next)))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
