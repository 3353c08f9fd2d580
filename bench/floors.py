"""Floors: the same work as ours in raw LangGraph (same steps, channels, saver and durability).

Each floor is what a LangGraph user would hand-write to do what our graph does, without our
framework code: no pricing, no progress events, no context merge, plain append reducers in
the same channel types. Ours costing more than its floor is our framework's cost; ours
costing less would mean the floor does work ours skips (a floor bug).
"""

from __future__ import annotations

import asyncio
import operator
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.channels.delta import DeltaChannel
from langgraph.graph import END, START, StateGraph
from langgraph.types import Send

from langgraph_council.nodes import Roster
from langgraph_council.nodes._fencing import fence_peer
from langgraph_council.nodes._meetings.models import Contribution, MeetingAgenda, MeetingMinutes
from langgraph_council.nodes._meetings.opening import FRESH_MEETING


def append(current: Sequence[Any], writes: Sequence[Any]) -> list[Any]:
    """The reducer a user writes for a delta list channel: append every write."""
    new: list[Any] = []
    for w in writes:
        new.extend(w if isinstance(w, list | tuple) else [w])
    return [*current, *new]


def add_pairs(current: Sequence[int], writes: Sequence[Sequence[int]]) -> tuple[int, int]:
    """Sum pairs into the running pair (ours keeps its price calibration so, in a delta
    channel: one write per turn and no blob per checkpoint)."""
    priced, billed = (current[0], current[1]) if current else (0, 0)
    for p, b in writes:
        priced, billed = priced + p, billed + b
    return (priced, billed)


class FloorMeeting(TypedDict, total=False):
    """The channels a round-robin meeting writes, with plain reducers."""

    agenda: MeetingAgenda
    leader_id: str
    participant_ids: list[str]
    token_budget: int
    meeting_id: str
    protocol: str
    started_at: datetime
    contributions: Annotated[list[Contribution], DeltaChannel(append)]
    messages: Annotated[list[AnyMessage], DeltaChannel(append)]
    failures: Annotated[list[Any], operator.add]
    tokens_used: Annotated[int, operator.add]
    input_calibration: Annotated[tuple[int, int], DeltaChannel(add_pairs)]
    discussion_tokens: Annotated[int, operator.add]
    turn: int
    status: str
    error: str | None
    conflicts: list[Any]
    discussants: list[str]
    discussion_index: int
    devils_advocate_used: bool
    outcome: Any
    minutes: MeetingMinutes


_OPENING_RESET = {k: v for k, v in FRESH_MEETING.items() if k in FloorMeeting.__annotations__}
"""What our `open_meeting` resets, on the channels the floor has (the same values, not a copy)."""


def floor_turn(
    roster: Roster,
    turns: int,
    fields: Mapping[str, Any],
    turn: int,
    contributions: Sequence[Contribution],
) -> dict[str, Any]:
    """One round-robin turn of the floors: the fenced transcript, the roster's call, the
    contribution and its named message (`fields`: the meeting's participants, agenda, id)."""
    people = fields["participant_ids"]
    agent = people[turn % len(people)]
    transcript = "\n".join(
        fence_peer(c.content, agent_id=c.agent_id, label=f"turn_{c.turn}") for c in contributions
    )
    prompt = f"Turn {turn + 1} of {turns}.\n\n{fields['agenda'].title}\n\n{transcript}"
    reply = roster.call(agent, prompt, max_tokens=400)
    said = Contribution(
        agent_id=agent, phase="round_robin", turn=turn, content=reply.content,
        input_tokens=reply.input_tokens, output_tokens=reply.output_tokens,
        timestamp=datetime.now(UTC),
    )  # fmt: skip
    message = AIMessage(reply.content, name=agent, id=f"{fields['meeting_id']}:{turn}")
    return {
        "contributions": [said],
        "messages": [message],
        "tokens_used": reply.input_tokens + reply.output_tokens,
        "input_calibration": (reply.input_tokens, reply.input_tokens),
        "turn": turn + 1,
    }


def floor_minutes(fields: Mapping[str, Any], said: Sequence[Contribution]) -> MeetingMinutes:
    """The floors' minutes of a finished round robin."""
    return MeetingMinutes(
        meeting_id=fields["meeting_id"], protocol="round_robin", status="completed",
        leader_id=fields["leader_id"], participant_ids=tuple(fields["participant_ids"]),
        agenda=fields["agenda"], contributions=tuple(said), token_budget=fields["token_budget"],
        total_input_tokens=sum(c.input_tokens for c in said),
        total_output_tokens=sum(c.output_tokens for c in said),
        started_at=fields["started_at"], ended_at=datetime.now(UTC),
    )  # fmt: skip


def same_work_meeting(roster: Roster, turns: int, checkpointer: Any = None) -> Any:
    """A round-robin meeting in raw LangGraph: open, `turns` turns, finalize; the same channels
    written per step as ours, the same fenced transcript in each prompt, the same roster call."""

    def open_meeting(state: FloorMeeting) -> dict[str, Any]:
        agenda = state["agenda"]
        return {
            "agenda": agenda if isinstance(agenda, MeetingAgenda) else MeetingAgenda(**agenda),
            "meeting_id": f"mtg-{time.time_ns()}",
            "protocol": "round_robin",
            "started_at": datetime.now(UTC),
            **_OPENING_RESET,
        }

    def take_turn(state: FloorMeeting) -> dict[str, Any]:
        return floor_turn(roster, turns, state, state["turn"], state["contributions"])

    def finalize(state: FloorMeeting) -> dict[str, Any]:
        return {"minutes": floor_minutes(state, state["contributions"])}

    graph: StateGraph[Any, Any, Any, Any] = StateGraph(FloorMeeting)
    graph.add_node("open_meeting", open_meeting)
    wire_turns(graph, take_turn, finalize, turns)
    return graph.compile(checkpointer=checkpointer)


def wire_turns(
    graph: StateGraph[Any, Any, Any, Any],
    take_turn: Callable[[Any], dict[str, Any]],
    finalize: Callable[[Any], dict[str, Any]],
    turns: int,
) -> None:
    """The floors' shape after `open_meeting` (already added): `turns` turns, then finalize."""
    graph.add_node("take_turn", take_turn)
    graph.add_node("finalize", finalize)
    graph.add_edge(START, "open_meeting")
    graph.add_edge("open_meeting", "take_turn")
    graph.add_conditional_edges(
        "take_turn", lambda s: "take_turn" if s["turn"] < turns else "finalize"
    )
    graph.add_edge("finalize", END)


def _wave_fanout(
    schema: Any,
    node: str,
    task: Callable[[Any], Awaitable[dict[str, Any]]],
    wave_args: Callable[[int], Sequence[Any] | None],
    checkpointer: Any = None,
) -> Any:
    """The raw `Send` loop both wave floors use: `dispatch` counts the wave, one `node` task per
    item of `wave_args(wave)` runs `task`, then back to `dispatch`; None from `wave_args` ends."""

    def dispatch(state: dict[str, Any]) -> dict[str, Any]:
        return {"wave": state.get("wave", -1) + 1}

    def route(state: dict[str, Any]) -> Any:
        args = wave_args(state["wave"])
        return END if args is None else [Send(node, arg) for arg in args]

    graph = StateGraph(schema)
    graph.add_node("dispatch", dispatch)
    graph.add_node(node, task)
    graph.add_edge(START, "dispatch")
    graph.add_conditional_edges("dispatch", route, [node, END])
    graph.add_edge(node, "dispatch")
    return graph.compile(checkpointer=checkpointer)


class _Pipeline(TypedDict, total=False):
    wave: int
    results: Annotated[list[str], operator.add]


def send_pipeline(
    waves: Sequence[Sequence[str]],
    work: Callable[[str], Any],
    checkpointer: Any = None,
) -> Any:
    """A raw `Send` fan-out: each wave's subtasks run as parallel tasks (one write each), then
    the next wave; `work(subtask_id)` is awaited in each task (the executor's work)."""

    async def run_one(sid: str) -> dict[str, Any]:
        return {"results": [await work(sid)]}

    def subtasks(wave: int) -> Sequence[str] | None:
        return waves[wave] if wave < len(waves) else None

    return _wave_fanout(_Pipeline, "work", run_one, subtasks, checkpointer)


class _Waves(TypedDict, total=False):
    wave: int
    said: Annotated[list[str], operator.add]


def wave_calls(roster: Roster, agents: Sequence[str], sizes: Sequence[int]) -> Any:
    """Model calls in waves, as a protocol makes them: `sizes[w]` parallel calls in wave `w`."""

    def callers(wave: int) -> list[str] | None:
        if wave >= len(sizes):
            return None
        return [agents[i % len(agents)] for i in range(sizes[wave])]

    async def call(agent: str) -> dict[str, Any]:
        reply = await roster.acall(agent, "Give your view on the agenda.", max_tokens=400)
        return {"said": [reply.content]}

    return _wave_fanout(_Waves, "call", call, callers)


class _Transcript(TypedDict, total=False):
    transcript: Annotated[list[str], DeltaChannel(append)]
    turn: int


def transcript_only(reply: Callable[[], str], turns: int, checkpointer: Any) -> Any:
    """A graph holding only the transcript, in the same `DeltaChannel`: the bytes floor."""

    def speak(state: _Transcript) -> dict[str, Any]:
        return {"transcript": [reply()], "turn": state.get("turn", 0) + 1}

    graph = StateGraph(_Transcript)
    graph.add_node("speak", speak)
    graph.add_edge(START, "speak")
    graph.add_conditional_edges("speak", lambda s: "speak" if s["turn"] < turns else END)
    return graph.compile(checkpointer=checkpointer)


# The row a guard check on a new pair writes (the bench's case), in one raw upsert: the keys,
# the rate window, the dedup time in `recent`, the time, from one read of the server's clock.
GUARD_ROW_UPSERT = """
INSERT INTO council_guard_pairs AS g (agent_a, agent_b, rate_times, recent, updated_at)
SELECT %s, %s, ARRAY[x.at], jsonb_build_object(%s::text, extract(epoch FROM x.at)), x.at
FROM (SELECT clock_timestamp() AS at) x
ON CONFLICT (agent_a, agent_b) DO UPDATE
SET rate_times = EXCLUDED.rate_times, recent = EXCLUDED.recent, updated_at = EXCLUDED.updated_at"""


def guard_row_upsert(conn: Any) -> Callable[[str, str, str], None]:
    """The guard check's floor: one prepared statement upserting the same row on `conn` (the
    store's own connection), without the guard's checks, rules or verdict."""
    cur = conn.cursor(binary=True)

    def upsert(a: str, b: str, task_id: str) -> None:
        cur.execute(GUARD_ROW_UPSERT, (a, b, ">" + task_id), prepare=True)

    return upsert


async def sleep_then(seconds: float, text: str) -> str:
    """An executor's work: `seconds` of waiting, then its result."""
    await asyncio.sleep(seconds)
    return text
