"""Meeting benchmarks, measured side by side in one run; prints one table.

Run: `python bench/meetings.py` (starts a throwaway embedded PostgreSQL, fsync off).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any, TypedDict

import psycopg
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.graph import END, START, StateGraph

from langgraph_council.checkpoints import embedded_postgres, postgres_checkpointer
from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes._fencing import fence_peer
from langgraph_council.nodes.testing import ScriptedChatModel

AGENTS = [f"agent{i}" for i in range(9)]
ORG = Org(
    [AgentProfile(id=a, name=a.title(), role="dev", department="eng", level="mid") for a in AGENTS]
)
LEADER, PARTICIPANTS = AGENTS[0], AGENTS[1:]
REPLY = "A considered view on the trade-offs. " * 4


def _input(n: int, budget: int = 10_000_000) -> dict[str, Any]:
    return {
        "agenda": {"title": "Benchmark meeting", "context": "Measure overhead"},
        "leader_id": LEADER,
        "participant_ids": PARTICIPANTS[:n],
        "token_budget": budget,
    }


def _roster(reply: str = REPLY, latency: float = 0.0) -> Roster:
    return Roster(ORG, default_model=ScriptedChatModel(lambda call: reply, latency=latency))


class LoopState(TypedDict):
    """A hand-written loop: a transcript and a turn counter."""

    transcript: Annotated[list[str], lambda a, b: [*a, *b]]
    turn: int


def hand_written_loop(roster: Roster, turns: int) -> Any:
    """The baseline: the same roster calls in a minimal LangGraph loop."""

    def speak(state: LoopState) -> dict[str, Any]:
        agent = PARTICIPANTS[state["turn"] % 8]
        peers = "\n".join(fence_peer(t, agent_id="peer") for t in state["transcript"])
        reply = roster.call(agent, f"Agenda: benchmark\n{peers}", max_tokens=400)
        return {"transcript": [reply.content], "turn": state["turn"] + 1}

    def route(state: LoopState) -> str:
        return "speak" if state["turn"] < turns else END

    graph = StateGraph(LoopState)
    graph.add_node("speak", speak)
    graph.add_edge(START, "speak")
    graph.add_conditional_edges("speak", route, ["speak", END])
    return graph.compile()


def _best(fn: Any, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


RR16 = {
    "round_robin": {"max_turns_per_agent": 2, "max_total_turns": 16, "leader_summarizes": False}
}


def round_robin_overhead() -> tuple[float, float]:
    """Seconds per turn: meeting graph vs hand-written loop, 16 turns, no checkpointer.

    Runs alternate and the best of many is kept, so a busy shared CPU hurts both sides alike.
    """
    roster = _roster()
    meeting = create_meeting_graph(roster, protocol="round_robin")
    loop = hand_written_loop(roster, 16)
    for _ in range(3):  # warm caches (pydantic, regexes, LangGraph) on both sides
        meeting.invoke(_input(8), context=RR16)
        loop.invoke({"transcript": [], "turn": 0})
    ours, base = [], []
    for _ in range(25):
        ours.append(_best(lambda: meeting.invoke(_input(8), context=RR16), repeat=1))
        base.append(_best(lambda: loop.invoke({"transcript": [], "turn": 0}), repeat=1))
    return min(ours) / 16, min(base) / 16


def postgres_per_turn(uri: str) -> float:
    """Extra seconds per turn when every turn is checkpointed to Postgres (durability=sync).

    In-memory and Postgres runs alternate; the best of each is compared.
    """
    roster = _roster()
    memory = create_meeting_graph(roster, protocol="round_robin")
    with postgres_checkpointer(uri) as saver:
        graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        runs = iter(range(1000))

        def on_postgres() -> None:
            config = {"configurable": {"thread_id": f"pg-{next(runs)}"}}
            graph.invoke(_input(8), config, context=RR16, durability="sync")

        in_memory, on_pg = [], []
        for _ in range(15):
            in_memory.append(_best(lambda: memory.invoke(_input(8), context=RR16), repeat=1))
            on_pg.append(_best(on_postgres, repeat=1))
    return (min(on_pg) - min(in_memory)) / 16


def papers_critical_path() -> tuple[float, float]:
    """Best and median wall time: 8 parallel papers + synthesis at 100 ms latency (path 200 ms)."""
    graph = create_meeting_graph(_roster(latency=0.1), protocol="position_papers")

    async def run() -> list[float]:
        times = []
        for _ in range(15):
            started = time.perf_counter()
            await graph.ainvoke(_input(8))
            times.append(time.perf_counter() - started)
        return times

    times = asyncio.run(run())
    return min(times), statistics.median(times)


def checkpoint_growth(uri: str) -> tuple[int, int]:
    """Checkpoint bytes of a 40-turn meeting (2 KB a turn) vs its final state's size."""
    # incompressible 2 KB replies, so TOAST compression cannot flatter the ratio
    roster = Roster(ORG, default_model=ScriptedChatModel(lambda call: secrets.token_hex(1024)))
    rr = {
        "round_robin": {"max_turns_per_agent": 5, "max_total_turns": 40, "max_tokens_per_turn": 600}
    }
    with postgres_checkpointer(uri) as saver:
        graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        config = {"configurable": {"thread_id": "growth"}}
        graph.invoke(_input(8), config, context=rr, durability="sync")
        values = graph.get_state(config).values
    final = len(JsonPlusSerializer().dumps_typed(values)[1])
    with psycopg.connect(uri) as conn:
        row = conn.execute(
            """SELECT
                 (SELECT coalesce(sum(pg_column_size(c.*)), 0) FROM checkpoints c
                   WHERE thread_id = 'growth')
               + (SELECT coalesce(sum(pg_column_size(b.*)), 0) FROM checkpoint_blobs b
                   WHERE thread_id = 'growth')
               + (SELECT coalesce(sum(pg_column_size(w.*)), 0) FROM checkpoint_writes w
                   WHERE thread_id = 'growth')"""
        ).fetchone()
    return int(row[0]) if row else 0, final


def prompt_tokens(window: int | None) -> list[float]:
    """Estimated prompt tokens (chars / 4) of each turn of a 40-turn meeting."""
    roster = Roster(ORG, default_model=ScriptedChatModel(lambda call: REPLY * 3))
    graph = create_meeting_graph(roster, protocol="round_robin")
    rr: dict[str, Any] = {"max_turns_per_agent": 5, "max_total_turns": 40}
    rr |= {"leader_summarizes": False, "transcript_window": window}
    graph.invoke(_input(8), context={"round_robin": rr})
    model = roster.model_for(PARTICIPANTS[0])  # every agent's: one model
    return [sum(len(str(m.content)) for m in c.messages) / 4 for c in model.calls]


def flat_from(sizes: list[float], tolerance: float = 0.01) -> int:
    """The first turn (1-based) from which every prompt is within `tolerance` of the last."""
    last = sizes[-1]
    return next(
        n + 1
        for n in range(len(sizes))
        if all(abs(s - last) <= tolerance * last for s in sizes[n:])
    )


def main() -> None:
    """Measure everything in one run and print the table (best of several runs each)."""
    logging.getLogger("langgraph_council").setLevel(logging.ERROR)  # the >5 participants note
    logging.getLogger("langgraph").setLevel(logging.ERROR)  # unregistered-type serde notes
    with (
        tempfile.TemporaryDirectory(prefix="council-bench-") as tmp,
        embedded_postgres(Path(tmp) / "data", fsync=False) as uri,
    ):
        ours, base = round_robin_overhead()
        pg = postgres_per_turn(uri)
        papers, papers_median = papers_critical_path()
        stored, final = checkpoint_growth(uri)
    rows = [
        (
            "round-robin s/turn vs hand-written loop",
            f"{ours * 1e3:.2f} ms vs {base * 1e3:.2f} ms",
            f"{ours / base:.2f}x",
            "<= 1.25x",
        ),
        ("Postgres cost per turn (sync durability)", f"{pg * 1e3:.2f} ms", "", "<= 3 ms"),
        (
            "8 papers @100 ms + synthesis vs 200 ms path",
            f"{papers * 1e3:.0f} ms (median {papers_median * 1e3:.0f})",
            f"{papers / 0.2:.2f}x",
            "<= 1.10x",
        ),
        (
            "40-turn checkpoint bytes vs final state",
            f"{stored:,} B vs {final:,} B",
            f"{stored / final:.2f}x",
            "<= 3x",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>28}  {'ratio':>6}  target")
    for name, value, ratio, target in rows:
        print(f"{name:<{width}}  {value:>28}  {ratio:>6}  {target}")


if __name__ == "__main__":
    main()
