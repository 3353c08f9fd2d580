"""Our round-robin meeting side by side with AutoGen AgentChat's `RoundRobinGroupChat`.

The same meeting on both sides: 5 participants x 3 turns, every reply the same scripted text
(our `ScriptedChatModel`, AutoGen's `ReplayChatCompletionClient`), no checkpointer. Runs
alternate, seconds per turn. AutoGen is async only: its "sync" figure is the
cheapest call from synchronous code, `asyncio.Runner.run(team.run(...))` on one reused loop;
its "async" figure awaits `team.run` inside the loop that also runs our `ainvoke`. Each side
reuses what it built once (our compiled graph; AutoGen's team, reset between runs). Ratios
are medians of the CPU (and wall) ratios of interleaved pairs, as every row of bench/table.py.

AutoGen installs only in its own venv, without the `dev` extra (autogen-core pins
protobuf~=5.29, langgraph-api needs >= 6.32):
`python3 -m venv .venv-bench && .venv-bench/bin/pip install -e ".[bench]"`.
"""

from __future__ import annotations

import asyncio
import importlib.util
from collections.abc import Awaitable, Callable
from typing import Any

from bench.measure import Side, ainterleave, interleave
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


def measure(runs: int) -> dict[str, tuple[Side, Side]]:
    """Per turn, ours vs AutoGen, interleaved medians (bench/measure.py):
    {"invoke": (ours, autogen), "ainvoke": (...)}; two warm-up runs of each side first."""
    roster = _roster()
    graph = create_meeting_graph(roster, protocol="round_robin")
    autogen = _autogen_team()
    with asyncio.Runner() as runner:
        sync = interleave(
            lambda: graph.invoke(_input(AGENTS), context=CONTEXT),
            lambda: runner.run(autogen()),
            runs=runs,
        )

        async def ours() -> object:
            return await graph.ainvoke(_input(AGENTS), context=CONTEXT)

        asynchronous = runner.run(ainterleave(ours, autogen, runs=runs))
    return {
        "invoke": (sync[0].per(TURNS), sync[1].per(TURNS)),
        "ainvoke": (asynchronous[0].per(TURNS), asynchronous[1].per(TURNS)),
    }
