"""`python -m bench.folded`: what folding a meeting's channels would buy, in raw LangGraph.

Issue 33 asks for a round-robin turn within 1.10x of a 2-channel loop. The same-work floor
(`floors.same_work_meeting`: our meeting's 22 state channels, the same steps and the same work
per turn) is the first side; the second does the same work on 14 state channels: the static
meeting fields in one channel, the other protocols' fields in one, the four input keys kept
(LangGraph keeps a channel per input key). Prints CPU and calls per turn of the folded floor
against the same-work floor and against the loop, interleaved, twice.

Then the other half of the question: the loop's own work (one roster call, the transcript's
fenced peers, a named message) on our meeting graph's channels and steps (`MeetingState`,
opening, a turn per step routed by `Command`, closing) against the 2-channel loop. It reads
1.02x-1.06x (2026-11-29): what LangGraph charges for carrying our channels and steps is within
the target, so the rest of a turn's price over the loop is the turn's own work.
"""

from __future__ import annotations

import operator
import time
from datetime import UTC, datetime
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.channels.delta import DeltaChannel
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command

from bench.floors import (
    add_pairs,
    append,
    floor_minutes,
    floor_turn,
    same_work_meeting,
    wire_turns,
)
from bench.measure import compare, interleave
from bench.meetings import PARTICIPANTS, _input, _roster, hand_written_loop
from langgraph_council.nodes import Roster
from langgraph_council.nodes._fencing import fence_peer
from langgraph_council.nodes._meetings.models import Contribution, MeetingAgenda, MeetingMinutes
from langgraph_council.nodes._meetings.state import MeetingInput, MeetingState

TURNS = 16


class Folded(TypedDict, total=False):
    """The floor's channels, folded: `meeting` holds what the opening sets once, `phase` what
    only the other protocols use."""

    meeting: dict[str, Any]
    contributions: Annotated[list[Contribution], DeltaChannel(append)]
    messages: Annotated[list[AnyMessage], DeltaChannel(append)]
    failures: Annotated[list[Any], operator.add]
    tokens_used: Annotated[int, operator.add]
    input_calibration: Annotated[tuple[int, int], DeltaChannel(add_pairs)]
    turn: int
    status: str
    phase: dict[str, Any]
    minutes: MeetingMinutes


class FoldedInput(TypedDict, total=False):
    """The meeting's input keys (each stays a channel of its own)."""

    agenda: Any
    leader_id: str
    participant_ids: list[str]
    token_budget: int


def folded_meeting(roster: Roster, turns: int) -> Any:
    """`same_work_meeting` on the folded channels."""

    def open_meeting(state: FoldedInput) -> dict[str, Any]:
        agenda = state["agenda"]
        meeting = {
            "agenda": agenda if isinstance(agenda, MeetingAgenda) else MeetingAgenda(**agenda),
            "meeting_id": f"mtg-{time.time_ns()}",
            "protocol": "round_robin",
            "started_at": datetime.now(UTC),
            "leader_id": state["leader_id"],
            "participant_ids": state["participant_ids"],
            "token_budget": state["token_budget"],
        }
        phase = {"conflicts": [], "discussants": [], "discussion_index": 0}
        return {"meeting": meeting, "turn": 0, "status": "in_progress", "phase": phase}

    def take_turn(state: Folded) -> dict[str, Any]:
        contributions = state.get("contributions", [])
        return floor_turn(roster, turns, state["meeting"], state["turn"], contributions)

    def finalize(state: Folded) -> dict[str, Any]:
        return {"minutes": floor_minutes(state["meeting"], state["contributions"])}

    graph: StateGraph[Any, Any, Any, Any] = StateGraph(Folded, input_schema=FoldedInput)
    graph.add_node("open_meeting", open_meeting, input_schema=FoldedInput)
    wire_turns(graph, take_turn, finalize, turns)
    return graph.compile()


def loop_on_meeting_channels(roster: Roster, turns: int) -> Any:
    """The loop's work on the meeting graph's state channels and steps (see above)."""

    def open_meeting(state: MeetingInput) -> dict[str, Any]:
        return {"turn": 0, "status": "in_progress"}

    def take_turn(state: MeetingState) -> Command[str]:
        turn = state["turn"]
        agent = PARTICIPANTS[turn % 8]
        said = state.get("messages", ())
        peers = "\n".join(fence_peer(str(m.content), agent_id="peer") for m in said)
        reply = roster.call(agent, f"Agenda: benchmark\n{peers}", max_tokens=400)
        message = AIMessage(reply.content, name=agent, id=f"m{turn}")
        after = "take_turn" if turn + 1 < turns else "finalize"
        return Command(goto=after, update={"messages": [message], "turn": turn + 1})

    def finalize(state: MeetingState) -> dict[str, Any]:
        return {"status": "completed"}

    graph: StateGraph[Any, Any, Any, Any] = StateGraph(MeetingState, input_schema=MeetingInput)
    graph.add_node("open_meeting", open_meeting)
    graph.add_node("take_turn", take_turn, destinations=("take_turn", "finalize"))
    graph.add_node("finalize", finalize)
    graph.add_edge(START, "open_meeting")
    graph.add_edge("open_meeting", "take_turn")
    graph.add_edge("finalize", END)
    return graph.compile()


def main() -> None:
    """Print the two comparisons, twice."""
    roster = _roster()
    floor = same_work_meeting(roster, TURNS)
    folded = folded_meeting(roster, TURNS)
    loop = hand_written_loop(roster, TURNS)
    payload = {**_input(8), "participant_ids": PARTICIPANTS}

    def run_folded() -> object:
        return folded.invoke(payload)

    def run_floor() -> object:
        return floor.invoke(payload)

    def run_loop() -> object:
        return loop.invoke({"transcript": [], "turn": 0})

    print(f"channels: same-work floor {len(floor.channels)}, folded {len(folded.channels)}, "
          f"loop {len(loop.channels)} (LangGraph's own included)")  # fmt: skip
    for _ in range(2):
        for name, other in (("same-work floor", run_floor), ("2-channel loop", run_loop)):
            sides = interleave(run_folded, other, runs=30)
            row = compare(f"folded vs {name}", *(s.per(TURNS) for s in sides), 1.0)
            print(f"{row.measure}: cpu {row.ratio}, calls per turn {row.calls}")
    ours_shape = loop_on_meeting_channels(roster, TURNS)

    def run_shape() -> object:
        return ours_shape.invoke(_input(8))

    print(f"the loop's work on the meeting's {len(ours_shape.channels)} channels and steps:")
    for _ in range(2):
        sides = interleave(run_shape, run_loop, runs=30)
        row = compare("vs 2-channel loop", *(s.per(TURNS) for s in sides), 1.10)
        print(f"{row.measure}: cpu {row.ratio}, calls per turn {row.calls}")


if __name__ == "__main__":
    main()
