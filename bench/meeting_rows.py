"""The meeting rows of the table: each ours vs its floor, interleaved (bench/measure.py)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import operator
import resource
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Annotated, Any, TypedDict

import psycopg
from langgraph.graph import END, START, StateGraph

from bench import autogen_bench
from bench.floors import same_work_meeting, wave_calls
from bench.measure import (
    Backends,
    Row,
    Side,
    _counted_everywhere,
    _counting,
    ainterleave,
    backend_pid,
    calls_of,
    compare,
    interleave,
    ratio_verdict,
)
from bench.meetings import ORG, PARTICIPANTS, REPLY, RR16, _input, _roster, hand_written_loop
from langgraph_council.checkpoints import postgres_checkpointer
from langgraph_council.graphs import build_meeting_graph, create_meeting_graph
from langgraph_council.nodes import Roster
from langgraph_council.nodes._calls import node as call_node
from langgraph_council.nodes._meetings import decide, turns
from langgraph_council.nodes.testing import ScriptedChatModel

TURNS = 16
LATENCY = 0.1


def _fresh(prefix: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": f"{prefix}-{time.time_ns()}"}}


def round_robin_rows(runs: int) -> list[Row]:
    """A 16-turn round robin (invoke and ainvoke) vs the 2-channel hand-written loop, and vs
    the same-work floor (same steps and channels in raw LangGraph), in memory."""
    roster = _roster()
    meeting = create_meeting_graph(roster, protocol="round_robin")
    loop = hand_written_loop(roster, TURNS)
    floor = same_work_meeting(roster, TURNS)

    def ours() -> object:
        return meeting.invoke(_input(8), context=RR16)

    def the_loop() -> object:
        return loop.invoke({"transcript": [], "turn": 0})

    def same() -> object:
        return floor.invoke({**_input(8), "participant_ids": PARTICIPANTS})

    rows = [
        compare(
            "round robin per turn vs 2-channel hand-written loop (invoke)",
            *(s.per(TURNS) for s in interleave(ours, the_loop, runs=runs)),
            1.10,
        ),
        compare(
            "round robin per turn vs same-work floor (invoke)",
            *(s.per(TURNS) for s in interleave(ours, same, runs=runs)),
            1.00,
        ),
    ]

    async def aours() -> object:
        return await meeting.ainvoke(_input(8), context=RR16)

    async def aloop() -> object:
        return await loop.ainvoke({"transcript": [], "turn": 0})

    sides = asyncio.run(ainterleave(aours, aloop, runs=runs))
    rows.append(
        compare(
            "round robin per turn vs 2-channel hand-written loop (ainvoke)",
            *(s.per(TURNS) for s in sides),
            1.10,
        )
    )
    return rows


def postgres_rows(uri: str, runs: int) -> list[Row]:
    """The same meeting on one Postgres saver (durability sync) vs the loop and the same-work
    floor on that saver; CPU includes the saver's backend."""
    roster = _roster()
    with postgres_checkpointer(uri) as saver:
        backends = Backends([backend_pid(saver.conn)])
        meeting = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
        loop = hand_written_loop(roster, TURNS).copy({"checkpointer": saver})
        floor = same_work_meeting(roster, TURNS, checkpointer=saver)

        def ours() -> object:
            return meeting.invoke(_input(8), _fresh("pg"), context=RR16, durability="sync")

        def the_loop() -> object:
            state = {"transcript": [], "turn": 0}
            return loop.invoke(state, _fresh("loop"), durability="sync")

        def same() -> object:
            state = {**_input(8), "participant_ids": PARTICIPANTS}
            return floor.invoke(state, _fresh("floor"), durability="sync")

        vs_loop = interleave(ours, the_loop, runs=runs, backends=backends)
        vs_same = interleave(ours, same, runs=runs, backends=backends)
    return [
        compare(
            "round robin per turn on Postgres vs 2-channel loop on Postgres",
            *(s.per(TURNS) for s in vs_loop),
            1.20,
        ),
        compare(
            "round robin per turn on Postgres vs same-work floor on Postgres",
            *(s.per(TURNS) for s in vs_same),
            1.00,
        ),
    ]


def _waves(starts: list[float], gap: float = LATENCY / 2) -> list[int]:
    """Sizes of the waves of model calls: a call starting within `gap` of the previous one
    runs in the same wave."""
    ordered = sorted(starts)
    sizes = [1]
    for a, b in itertools.pairwise(ordered):
        if b - a > gap:
            sizes.append(0)
        sizes[-1] += 1
    return sizes


def critical_path(protocol: str, runs: int, participants: int = 8) -> Row:
    """Wall time of a protocol at 100 ms per model call vs raw LangGraph making the same
    waves of parallel calls (`Send`) with the same model: the floor includes LangGraph's steps."""
    starts: list[float] = []
    model = ScriptedChatModel(lambda call: starts.append(time.perf_counter()) or REPLY,
                              latency=LATENCY)  # fmt: skip
    roster = Roster(ORG, default_model=model)
    graph = create_meeting_graph(roster, protocol=protocol)
    asyncio.run(graph.ainvoke(_input(participants)))
    sizes = _waves(starts)
    floor = wave_calls(roster, PARTICIPANTS[:participants], sizes)

    async def ours() -> object:
        return await graph.ainvoke(_input(participants))

    async def theirs() -> object:
        return await floor.ainvoke({})

    mine, base = asyncio.run(ainterleave(ours, theirs, runs=runs, warm=1, count_calls=False))
    row = compare(
        f"{protocol.replace('_', ' ')} @100 ms vs same waves in raw LangGraph "
        f"({len(sizes)} waves, path {len(sizes) * LATENCY * 1e3:.0f} ms)",
        mine,
        base,
        1.10,
        metric="wall",
    )
    return row


def agent_participant(runs: int, turns: int = 8) -> list[Row]:
    """A round-robin turn through an agent participant (`create_react_agent` as the roster
    entry) vs a loop invoking the same agent graph directly as often, and vs the same-work
    floor: a raw LangGraph loop whose step invokes the agent. Every side sends the agent what
    the roster sends: the participant's system prompt and the turn's prompt.

    Two models: a scripted one answering at once (the agent run is all framework, so the rows
    show our step's CPU against LangGraph's own), and the same script at `LATENCY` per call,
    what a turn with a served model costs its user in wall time."""
    rows = _agent_rows(runs, turns, latency=0.0)
    return rows + _agent_rows(max(3, runs // 4), 4, latency=LATENCY)


def _agent_rows(runs: int, turns: int, *, latency: float) -> list[Row]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # create_react_agent's move to langchain.agents
        from langchain_core.tools import tool
        from langgraph.prebuilt import create_react_agent

    @tool
    def lookup(topic: str) -> str:
        """Look a topic up (never called by the script: a bound tool, as agents have)."""
        return topic

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = ScriptedChatModel(lambda call: REPLY, latency=latency)
        agent = create_react_agent(model, [lookup])
    roster = Roster(ORG, default_model=agent)
    meeting = create_meeting_graph(roster, protocol="round_robin")
    context = {"round_robin": {"max_turns_per_agent": 1, "max_total_turns": turns,
                               "leader_summarizes": False}}  # fmt: skip

    def ask(said: list[str], n: int) -> str:
        prompt = f"Turn {n + 1}. Agenda: benchmark\n" + "\n".join(said)
        system = roster.system_prompt(PARTICIPANTS[n % len(PARTICIPANTS)])
        out = agent.invoke({"messages": [("system", system), ("user", prompt)]})
        return str(out["messages"][-1].content)

    def ours() -> object:
        return meeting.invoke(_input(turns), context=context)

    def direct() -> object:
        said: list[str] = []
        for n in range(turns):
            said.append(ask(said, n))
        return said

    if latency:
        served = interleave(ours, direct, runs=runs, warm=1, count_calls=False)
        return [
            compare(
                f"agent participant turn @{latency * 1e3:.0f} ms model vs invoking the agent "
                "graph directly",
                *(s.per(turns) for s in served),
                1.10,
                metric="wall",
            )
        ]
    loop = agent_loop(ask, turns)

    def in_langgraph() -> object:
        return loop.invoke({"said": [], "turn": 0})

    vs_direct = interleave(ours, direct, runs=runs)
    vs_loop = interleave(ours, in_langgraph, runs=runs)
    return [
        compare(
            "agent participant turn, 0 ms model, vs invoking the agent graph directly",
            *(s.per(turns) for s in vs_direct),
            1.10,
        ),
        compare(
            "agent participant turn, 0 ms model, vs a raw LangGraph loop invoking it",
            *(s.per(turns) for s in vs_loop),
            1.10,
        ),
    ]


class _AgentLoop(TypedDict):
    said: Annotated[list[str], operator.add]
    turn: int


def agent_loop(ask: Any, turns: int) -> Any:
    """The same-work floor of an agent turn: one raw LangGraph step per turn invoking it."""

    def speak(state: _AgentLoop) -> dict[str, Any]:
        return {"said": [ask(state["said"], state["turn"])], "turn": state["turn"] + 1}

    graph = StateGraph(_AgentLoop)
    graph.add_node("speak", speak)
    graph.add_edge(START, "speak")
    graph.add_conditional_edges("speak", lambda s: "speak" if s["turn"] < turns else END)
    return graph.compile()


def flatness_rows() -> list[Row]:
    """Python calls per turn of a 160-turn meeting over a 40-turn one, `transcript_window=4`
    (ours; the floor is flat by definition: the same meeting at 40 turns)."""
    roster = _roster()
    meeting = create_meeting_graph(roster, protocol="round_robin")

    def per_turn(turns: int) -> float:
        rr = {"max_turns_per_agent": turns // 8, "max_total_turns": turns,
              "leader_summarizes": False, "transcript_window": 4}  # fmt: skip
        config = {"recursion_limit": turns + 20}
        meeting.invoke(_input(8), config, context={"round_robin": rr})  # warm
        return (
            calls_of(lambda: meeting.invoke(_input(8), config, context={"round_robin": rr})) / turns
        )

    short, long = per_turn(40), per_turn(160)
    ratio, verdict = ratio_verdict(long, short, 1.05)
    return [
        Row(
            "Python calls per turn, 160 vs 40 turns, transcript_window=4",
            f"{long:,.0f} vs {short:,.0f} calls",
            ratio,
            "<= 1.05x calls",
            verdict,
        )
    ]


def autogen_rows(runs: int) -> list[Row]:
    """Our round robin vs AutoGen's `RoundRobinGroupChat`, 5 x 3 turns (bench/autogen_bench.py),
    six times the table's pairs (30 with --quick, ~3 s a mode): a run is ~40 ms, and five
    pairs read 0.71x-1.44x in one day."""
    name = "round robin 5x3 vs AutoGen RoundRobinGroupChat"
    reason = autogen_bench.missing()
    if reason is not None:
        return [Row(name, "not measured", "", "<= 0.80x cpu", f"SKIP: {reason}", kind="skip")]
    return [
        compare(f"{name} ({mode})", ours, theirs, 0.80)
        for mode, (ours, theirs) in autogen_bench.measure(6 * runs).items()
    ]


@contextlib.contextmanager
def _untraced() -> Iterator[None]:
    """The call node as before traces: no trace read, no run name, tags or metadata. Graphs
    built inside get no `trace=` functions; calls made inside skip the config."""
    saved = [(m, n, getattr(m, n)) for m, n in _TRACE_HOOKS]
    for module, name in _TRACE_HOOKS:
        setattr(module, name, _NO_HOOK[name])
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


_TRACE_HOOKS = [(call_node, "traced"), (call_node, "call_config"), (call_node, "_roles"),
                (turns, "meeting_trace"), (decide, "meeting_trace")]  # fmt: skip
_NO_HOOK: dict[str, Any] = {
    "traced": lambda extra, named=True: contextlib.nullcontext(),
    "call_config": lambda *args: {},
    "_roles": lambda roster: {},
    "meeting_trace": lambda phase=None: None,
}


def tracing_row(runs: int) -> Row:
    """A round-robin turn (16 turns, in memory, invoke) with the trace metadata (run name,
    tags and metadata on each call, family and graph on each step) vs the same graph built and
    run without it; the row MISSES above 1.05x CPU (issue 35: at most 5 % more). Twenty times
    the table's runs (100 pairs with --quick, 220 without, ~7 and ~15 s): the difference is a
    few percent, the median of 15 pairs moved by +-5 % beside a test run, and two identical
    graphs read 0.99x-1.04x against each other at 45 pairs."""
    roster = _roster()
    traced_graph = create_meeting_graph(roster, protocol="round_robin")
    with _untraced():
        plain = build_meeting_graph(roster, protocol="round_robin").compile(name="meeting")

    def ours() -> object:
        return traced_graph.invoke(_input(8), context=RR16)

    def without() -> object:
        with _untraced():
            return plain.invoke(_input(8), context=RR16)

    return compare(
        "round robin per turn with trace metadata vs without it (invoke)",
        *(s.per(TURNS) for s in interleave(ours, without, runs=20 * runs)),
        1.05,
    )


def _turn_marks(graph: Any, config: dict[str, Any], rr: dict[str, Any], read: Any) -> list[float]:
    """`read()` after the opening and after each turn of one streamed run (one mark per step
    whose update is a turn), so consecutive differences are per-turn costs."""
    marks = [read()]
    for chunk in _stream(graph, config, rr):
        if "take_turn" in chunk:
            marks.append(read())
    return marks


def _stream(graph: Any, config: dict[str, Any], rr: dict[str, Any]) -> Any:
    """The scale rows' round robin (8 participants, `rr` settings), streamed step by step."""
    durable = {"durability": "sync"} if graph.checkpointer else {}
    return graph.stream(_input(8), config, context={"round_robin": rr},
                        stream_mode="updates", **durable)  # fmt: skip


def _flatness(marks: list[float], sample: int) -> tuple[float, float]:
    """Mean per-turn cost of the first and of the last `sample` turns (at most half each)."""
    sample = min(sample, (len(marks) - 1) // 2)
    costs = [b - a for a, b in itertools.pairwise(marks)]
    return sum(costs[:sample]) / sample, sum(costs[-sample:]) / sample


class _Turns:
    """One streamed round robin, advanced a turn at a time in its own context (two of them
    interleave in one thread, and each Pregel loop keeps its context variables apart)."""

    def __init__(
        self, graph: Any, config: dict[str, Any], rr: dict[str, Any], clock: Callable[[], float]
    ) -> None:
        self._clock = clock
        self._steps = _stream(graph, config, rr)
        self._context = contextvars.copy_context()
        self._context.run(next, self._steps)  # the opening: not a turn

    def __next__(self) -> float:
        """The CPU seconds of the steps up to and including the next turn."""
        start = self._clock()
        while "take_turn" not in self._context.run(next, self._steps):
            pass
        return self._clock() - start

    def close(self) -> None:
        self._context.run(self._steps.close)


def paired_flatness(
    graph: Any, rr: dict[str, Any], turns: int, sample: int, clock: Callable[[], float]
) -> tuple[float, float]:
    """Mean CPU per turn of turns 1-`sample` and of the last `sample` turns, measured side by
    side: one meeting is run to its last `sample` turns, a second one starts, and their turns
    alternate (early, late, late, early, ...), so both means see the same moments of a
    machine whose speed drifts (two runs one after the other read 0.44x-1.62x here). `clock`
    gives CPU seconds (this process's, plus the server's on Postgres)."""
    late = _Turns(graph, _fresh("scale-late") | {"recursion_limit": turns + 20}, rr, clock)
    early = _Turns(graph, _fresh("scale-early") | {"recursion_limit": turns + 20}, rr, clock)
    try:
        for _ in range(turns - sample):
            next(late)
        firsts, lasts = 0.0, 0.0
        for i in range(sample):
            if i % 2:
                lasts += next(late)
                firsts += next(early)
            else:
                firsts += next(early)
                lasts += next(late)
    finally:
        late.close()
        early.close()
    return firsts / sample, lasts / sample


def _turn_bytes(uri: str, thread: str) -> list[float]:
    """Cumulative bytes stored after each step of `thread`: its checkpoint, the writes made
    from it, and each blob counted once, at the first checkpoint holding its version."""
    with psycopg.connect(uri) as conn:
        rows = conn.execute(_STEP_BYTES, {"thread": thread}).fetchall()
    total, marks = 0.0, [0.0]
    for (size,) in rows:
        total += float(size)
        marks.append(total)
    return marks


_STEP_BYTES = """
WITH c AS (
    SELECT checkpoint_id, pg_column_size(x.*) AS own, checkpoint -> 'channel_versions' AS v
    FROM checkpoints x WHERE thread_id = %(thread)s AND checkpoint_ns = ''
), b AS (
    SELECT min(c.checkpoint_id) AS checkpoint_id, pg_column_size(y.*) AS size
    FROM checkpoint_blobs y JOIN c ON c.v ->> y.channel = y.version
    WHERE y.thread_id = %(thread)s AND y.checkpoint_ns = ''
    GROUP BY y.channel, y.version, pg_column_size(y.*)
), w AS (
    SELECT checkpoint_id, sum(pg_column_size(z.*)) AS size FROM checkpoint_writes z
    WHERE thread_id = %(thread)s AND checkpoint_ns = '' GROUP BY checkpoint_id
)
SELECT c.own + coalesce((SELECT sum(size) FROM b WHERE b.checkpoint_id = c.checkpoint_id), 0)
       + coalesce((SELECT size FROM w WHERE w.checkpoint_id = c.checkpoint_id), 0)
FROM c ORDER BY c.checkpoint_id
"""


def scale_rows(uri: str | None, turns: int = 1000, sample: int = 100) -> list[Row]:
    """A `turns`-turn round robin with `transcript_window=4`, in memory and on Postgres: the
    mean per-turn CPU (paired in time: `paired_flatness`; on Postgres the server's too), Python
    calls and (Postgres) stored bytes of the last `sample` turns over the first `sample` (target
    <= 1.10x each), and the process's peak RSS."""
    rr = {"max_turns_per_agent": -(-turns // 8), "max_total_turns": turns,
          "leader_summarizes": False, "transcript_window": 4}  # fmt: skip
    rows: list[Row] = []
    for where in ("memory", "Postgres") if uri else ("memory",):
        with contextlib.ExitStack() as stack:
            saver = stack.enter_context(postgres_checkpointer(uri)) if where == "Postgres" else None
            graph = create_meeting_graph(_roster(), protocol="round_robin", checkpointer=saver)
            thread = _fresh(f"scale-calls-{where}") | {"recursion_limit": turns + 20}
            total, profile = _counting()
            with _counted_everywhere(profile):
                calls = _turn_marks(graph, thread, rr, lambda total=total: float(total()))
            stored = _turn_bytes(uri, thread["configurable"]["thread_id"]) if saver else []
            server = Backends([backend_pid(saver.conn)] if saver else [])
            cpu = paired_flatness(graph, rr, turns, min(sample, turns // 2), server.cpu_and)
        series = [("CPU", cpu, 1e3, "ms"), ("calls", _flatness(calls, sample), 1, "calls")]
        if stored:
            series.append(("stored bytes", _flatness(stored[1:-1], sample), 1, "B"))
        for what, (first, last), scale, unit in series:
            ratio, verdict = ratio_verdict(last, first, 1.10)
            rows.append(Row(
                f"{turns}-turn meeting, window=4, {where}: {what} per turn, last vs first {sample}",
                f"{last * scale:,.2f} vs {first * scale:,.2f} {unit}", ratio, "<= 1.10x",
                verdict))  # fmt: skip
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows.append(Row(f"{turns}-turn meetings, peak RSS of the process (abs)", f"{peak:,.0f} MB",
                    "", "(reported)", "INFO", kind="abs"))  # fmt: skip
    return rows


__all__ = [
    "Side",
    "agent_participant",
    "autogen_rows",
    "critical_path",
    "flatness_rows",
    "postgres_rows",
    "round_robin_rows",
    "scale_rows",
    "tracing_row",
]


def memory_rows(uri: str, runs: int) -> list[Row]:
    """Org memory's cost (issue 35): the 16-turn round robin on Postgres with a PostgresStore,
    memory on (lookup before the talk, minutes and positions written at the end) vs memory
    off; CPU includes both connections' backends. Target: at most 10 % more. The difference is
    5-7 % and one pair swings by a tenth on this machine, so the row reads ten times the
    table's pairs (50 with --quick, ~13 s)."""
    from langgraph.store.postgres import PostgresStore

    roster = _roster()
    on = {**RR16, "memory": {"org": "bench"}}
    with postgres_checkpointer(uri) as saver, PostgresStore.from_conn_string(uri) as store:
        store.setup()
        backends = Backends([backend_pid(saver.conn), backend_pid(store.conn)])
        meeting = create_meeting_graph(
            roster, protocol="round_robin", checkpointer=saver, store=store
        )

        def remembering() -> object:
            return meeting.invoke(_input(8), _fresh("mem"), context=on, durability="sync")

        def forgetting() -> object:
            return meeting.invoke(_input(8), _fresh("nomem"), context=RR16, durability="sync")

        sides = interleave(remembering, forgetting, runs=10 * runs, backends=backends)
    return [
        compare(
            "round robin on Postgres: org memory on vs off (lookup + write)",
            *sides,
            1.10,
        )
    ]
