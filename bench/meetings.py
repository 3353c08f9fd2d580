"""Meeting benchmark parts shared by the table (bench/table.py): the roster, the input, the
2-channel hand-written loop, prompt sizes. `python bench/meetings.py` runs the whole table
(its old best-of and difference-of-minimums rows are gone: see bench/measure.py)."""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from langgraph.graph import END, START, StateGraph

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


RR16 = {
    "round_robin": {"max_turns_per_agent": 2, "max_total_turns": 16, "leader_summarizes": False}
}


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
    """The meeting rows live in the one table (ours vs floors, interleaved): run that."""
    from bench.table import main as table_main

    table_main()


if __name__ == "__main__":
    main()
