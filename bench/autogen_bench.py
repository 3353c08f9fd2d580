"""Our round-robin meeting side by side with AutoGen AgentChat's `RoundRobinGroupChat`.

The same meeting on both sides: 5 participants x 3 turns, every reply the same scripted text
(our `ScriptedChatModel`, AutoGen's `ReplayChatCompletionClient`), no checkpointer. Runs
alternate, best of several, seconds per turn. AutoGen is async only: its "sync" figure is the
cheapest call from synchronous code, `asyncio.Runner.run(team.run(...))` on one reused loop;
its "async" figure awaits `team.run` inside the loop that also runs our `ainvoke`. Each side
reuses what it built once (our compiled graph; AutoGen's team, reset between runs).

AutoGen installs only in its own venv, without the `dev` extra (autogen-core pins
protobuf~=5.29, langgraph-api needs >= 6.32):
`python3 -m venv .venv-bench && .venv-bench/bin/pip install -e ".[bench]"`.
"""

from __future__ import annotations

import asyncio
import importlib.util
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bench.meetings import PARTICIPANTS, REPLY, _input, _roster
from langgraph_council.graphs import create_meeting_graph

AGENTS, TURNS_EACH = 5, 3
TURNS = AGENTS * TURNS_EACH
CONTEXT = {
    "round_robin": {
        "max_turns_per_agent": TURNS_EACH,
        "max_total_turns": TURNS,
        "leader_summarizes": False,
    }
}
TASK = "Agenda: Benchmark meeting. Context: Measure overhead."


def missing() -> str | None:
    """Why AutoGen cannot be measured here, or None when it can."""
    needed = ("autogen_agentchat", "autogen_ext")
    if all(importlib.util.find_spec(name) is not None for name in needed):
        return None
    return (
        "autogen-agentchat not installed: its protobuf~=5.29 clashes with langgraph-api's "
        '>=6.32 (dev extra); run in a venv with `pip install -e ".[bench]"`'
    )


def _autogen_team() -> Callable[[], Awaitable[Any]]:
    """One AutoGen round-robin meeting: returns a coroutine factory that resets and runs it."""
    from autogen_agentchat.agents import AssistantAgent
    from autogen_agentchat.teams import RoundRobinGroupChat
    from autogen_ext.models.replay import ReplayChatCompletionClient

    clients = [ReplayChatCompletionClient([REPLY] * TURNS_EACH) for _ in range(AGENTS)]
    agents = [
        AssistantAgent(agent, client, system_message=f"You are {agent}. Give your view.")
        for agent, client in zip(PARTICIPANTS[:AGENTS], clients, strict=True)
    ]
    team = RoundRobinGroupChat(agents, max_turns=TURNS)

    async def run() -> Any:
        for client in clients:
            client.reset()
            client.create_calls.clear()  # it keeps every call's messages otherwise
        await team.reset()
        result = await team.run(task=TASK)
        spoken = len(result.messages) - 1  # the task message comes first
        if spoken != TURNS:
            raise RuntimeError(f"AutoGen meeting spoke {spoken} turns, expected {TURNS}")
        return result

    return run


def _timed(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


async def _atimed(fn: Callable[[], Awaitable[object]]) -> float:
    started = time.perf_counter()
    await fn()
    return time.perf_counter() - started


def measure(runs: int) -> dict[str, tuple[float, float]]:
    """Seconds per turn, ours vs AutoGen: {"invoke": (ours, autogen), "ainvoke": (...)}.

    The first three runs of each pair warm both sides and are not counted.
    """
    roster = _roster()
    graph = create_meeting_graph(roster, protocol="round_robin")
    autogen = _autogen_team()
    sync_ours: list[float] = []
    sync_theirs: list[float] = []
    with asyncio.Runner() as runner:
        for _ in range(runs + 3):
            sync_theirs.append(_timed(lambda: runner.run(autogen())))
            sync_ours.append(_timed(lambda: graph.invoke(_input(AGENTS), context=CONTEXT)))

        async def alternate() -> tuple[list[float], list[float]]:
            ours: list[float] = []
            theirs: list[float] = []
            for _ in range(runs + 3):
                theirs.append(await _atimed(autogen))
                ours.append(await _atimed(lambda: graph.ainvoke(_input(AGENTS), context=CONTEXT)))
            return ours, theirs

        async_ours, async_theirs = runner.run(alternate())
    return {
        "invoke": (min(sync_ours[3:]) / TURNS, min(sync_theirs[3:]) / TURNS),
        "ainvoke": (min(async_ours[3:]) / TURNS, min(async_theirs[3:]) / TURNS),
    }
