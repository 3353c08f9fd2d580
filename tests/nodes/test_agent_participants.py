"""Agents as roster entries: a `create_agent` or `create_react_agent` graph with a real tool in
meetings and debates."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.runnables import RunnableLambda
from langchain_core.tools import BaseTool, tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import create_react_agent
from langgraph.types import Command, interrupt
from langgraph.warnings import LangGraphDeprecatedSinceV10
from pydantic import BaseModel

from langgraph_council.graphs import (
    ConflictResolutionConfig,
    create_conflict_graph,
    create_meeting_graph,
)
from langgraph_council.nodes import (
    Conflict,
    ConflictOutcome,
    ConflictPosition,
    Org,
    Roster,
)
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

TRIO = ("senior_dev", "junior_dev", "ui_dev")
FACT = "FACT-42: pgbench p99 write latency is 4 ms"
TOOL_STEP = {"input_tokens": 50, "output_tokens": 7, "total_tokens": 57}
FINAL_STEP = {"input_tokens": 80, "output_tokens": 20, "total_tokens": 100}
"""Usage the agent's model reports for its tool-calling and its final message."""
RUN_IN, RUN_OUT = 130, 27
FACTORIES = ["create_agent", "create_react_agent"]
"""langchain's agent factory, and langgraph's prebuilt one (deprecated in langgraph 1.x, still
what many users have)."""


def _react_agent(model: ScriptedChatModel, tools: list[BaseTool]) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LangGraphDeprecatedSinceV10)
        return create_react_agent(model, tools=tools)


@dataclass
class ToolAgent:
    """An agent graph (langchain's `create_agent` or langgraph's `create_react_agent`) over a
    scripted model and a real `lookup` tool."""

    answer: Callable[[str], str]
    factory: str = "create_agent"
    looked_up: list[str] = field(default_factory=list)
    graph: Any = None
    model: ScriptedChatModel | None = None

    def __post_init__(self) -> None:
        looked_up = self.looked_up

        @tool
        def lookup(topic: str) -> str:
            """Look up a measured fact about `topic`."""
            looked_up.append(topic)
            return FACT

        self.model = ScriptedChatModel(self._step)
        make = _react_agent if self.factory == "create_react_agent" else create_agent
        self.graph = make(self.model, tools=[lookup])

    def _step(self, call: ScriptCall) -> AIMessage:
        last = call.messages[-1]
        if isinstance(last, ToolMessage):
            return AIMessage(content=self.answer(str(last.content)), usage_metadata=FINAL_STEP)
        args = {"topic": "postgres"}
        return AIMessage(
            content="",
            tool_calls=[{"name": "lookup", "args": args, "id": f"call-{len(self.looked_up)}"}],
            usage_metadata=TOOL_STEP,
        )


def meeting_input(participants: tuple[str, ...] = TRIO, budget: int = 20_000) -> dict[str, Any]:
    return {
        "agenda": {"title": "Pick the primary database", "context": "New billing service"},
        "leader_id": "cto",
        "participant_ids": list(participants),
        "token_budget": budget,
    }


def position_text(claim: str, evidence: str) -> str:
    return f"Position: {claim}\nConfidence: 0.8\nEvidence:\n- {evidence}"


DECISION = "Summary: decided.\nDecisions:\n- Use Postgres"

Streamed = tuple[dict[str, Any], list[tuple[tuple[str, ...], dict[str, Any]]]]


def streamed(chunks: list[tuple[tuple[str, ...], str, Any]]) -> Streamed:
    """The parent's final values, and every `tools` node update streamed from a subgraph."""
    values = [data for ns, mode, data in chunks if mode == "values" and not ns][-1]
    tools = [(ns, data["tools"]) for ns, mode, data in chunks if mode == "updates" and ns
             and "tools" in data]  # fmt: skip
    return values, tools


async def run_streamed(graph: Any, inp: Any, mode: str, **kw: Any) -> Streamed:
    """`graph` run by `stream` or `astream` with `subgraphs=True` (updates and values)."""
    options = {"subgraphs": True, "stream_mode": ["updates", "values"], **kw}
    if mode == "invoke":
        return streamed(list(graph.stream(inp, **options)))
    return streamed([chunk async for chunk in graph.astream(inp, **options)])


ONE_TURN = {"round_robin": {"max_turns_per_agent": 1}}


def roster_with(org: Org, agents: dict[str, Any], script: dict[str, list[Any]]) -> Roster:
    return Roster(org, agents, default_model=ScriptedChatModel(script))


def agent_contribution(minutes: Any, agent_id: str = "senior_dev") -> Any:
    return next(c for c in minutes.contributions if c.agent_id == agent_id)


def assert_run_usage(minutes: Any) -> None:
    mine = agent_contribution(minutes)
    assert (mine.input_tokens, mine.output_tokens) == (RUN_IN, RUN_OUT)
    assert minutes.total_input_tokens == sum(c.input_tokens for c in minutes.contributions)
    assert minutes.total_output_tokens == sum(c.output_tokens for c in minutes.contributions)


@pytest.mark.parametrize("factory", FACTORIES)
def test_round_robin_agent_calls_its_tool_and_streams_it_as_a_subgraph(
    org: Org, factory: str
) -> None:
    agent = ToolAgent(lambda fact: f"I propose Postgres. {fact}", factory)
    roster = roster_with(
        org,
        {"senior_dev": agent.graph},
        {"junior_dev": ["ok"], "ui_dev": ["fine"], "cto": [DECISION]},
    )
    graph = create_meeting_graph(roster, protocol="round_robin")
    chunks = list(
        graph.stream(meeting_input(), context=ONE_TURN, subgraphs=True, stream_mode="updates")
    )
    tool_updates = [(ns, c["tools"]) for ns, c in chunks if ns and "tools" in c]
    assert len(tool_updates) == 1
    namespace, update = tool_updates[0]
    assert namespace[0].startswith("take_turn:")
    assert [m.content for m in update["messages"]] == [FACT]
    minutes = next(c["finalize"] for ns, c in chunks if not ns and "finalize" in c)["minutes"]
    assert agent.looked_up == ["postgres"]
    assert FACT in agent_contribution(minutes).content
    assert_run_usage(minutes)
    assert minutes.status == "completed"
    assert agent.model is not None
    first = agent.model.calls[0]  # the agent's model got the roster's fenced messages
    assert first.agent_id == "senior_dev" and '<task-data field="title">' in first.prompt


def test_the_agent_run_is_checkpointed_in_its_own_namespace(org: Org) -> None:
    agent = ToolAgent(lambda fact: f"Agreed. {fact}")
    script: dict[str, list[Any]] = {"senior_dev": ["I propose A."], "cto": [DECISION]}
    roster = roster_with(org, {"junior_dev": agent.graph}, script)
    saver = InMemorySaver()
    graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=saver)
    config: Any = {"configurable": {"thread_id": "t1"}}
    graph.invoke(meeting_input(("senior_dev", "junior_dev")), config, context=ONE_TURN)
    namespaces = set(saver.storage["t1"])
    assert "" in namespaces and any(ns.startswith("take_turn:") for ns in namespaces)
    assert agent.looked_up == ["postgres"]
    assert agent.graph.checkpointer is None  # its checkpoints are ours, in its namespace


@pytest.mark.parametrize("factory", FACTORIES)
def test_structured_phases_agent_input_uses_its_tool(org: Org, factory: str) -> None:
    agent = ToolAgent(lambda fact: position_text("Use Postgres", fact), factory)
    roster = roster_with(
        org,
        {"senior_dev": agent.graph},
        {
            "junior_dev": [position_text("Use Postgres", "team knows SQL")],
            "ui_dev": ["No strong opinion."],
            "cto": [DECISION],
        },
    )
    graph = create_meeting_graph(roster)
    chunks = list(graph.stream(meeting_input(), subgraphs=True, stream_mode="updates"))
    assert any(ns and "tools" in c for ns, c in chunks)
    minutes = next(c["finalize"] for ns, c in chunks if not ns and "finalize" in c)["minutes"]
    assert agent.looked_up == ["postgres"]
    assert FACT in agent_contribution(minutes).content
    assert agent_contribution(minutes).phase == "input"
    assert_run_usage(minutes)
    assert minutes.decisions == ("Use Postgres",)


@pytest.mark.parametrize("factory", FACTORIES)
async def test_position_papers_with_an_agent_under_ainvoke(org: Org, factory: str) -> None:
    agent = ToolAgent(lambda fact: f"Paper: Postgres, because {fact}", factory)
    roster = roster_with(
        org, {"senior_dev": agent.graph}, {"junior_dev": ["paper J"], "cto": [DECISION]}
    )
    graph = create_meeting_graph(roster, protocol="position_papers")
    capped = {"position_papers": {"max_tokens_per_position": 20}}
    inp = meeting_input(("senior_dev", "junior_dev"))
    out, tools = await run_streamed(graph, inp, "ainvoke", context=capped)
    assert [(ns[0].split(":")[0], [m.content for m in t["messages"]]) for ns, t in tools] == [
        ("write_paper", [FACT])
    ]
    minutes = out["minutes"]
    assert agent.looked_up == ["postgres"]
    assert FACT in agent_contribution(minutes).content
    assert_run_usage(minutes)
    # the cap cannot be bound on an agent: its 27 output tokens are charged and flagged
    assert agent_contribution(minutes).over_cap
    assert any("past their output cap" in w and "senior_dev" in w for w in minutes.warnings)
    assert minutes.total_tokens <= 20_000


@pytest.mark.parametrize("factory", FACTORIES)
def test_the_budget_prices_an_agent_before_its_run_and_charges_what_it_reported(
    org: Org, factory: str
) -> None:
    script = {"junior_dev": ["ok"], "ui_dev": ["fine"], "cto": [DECISION]}
    agent = ToolAgent(lambda fact: f"I propose Postgres. {fact}", factory)
    graph = create_meeting_graph(roster_with(org, {"senior_dev": agent.graph}, script),
                                 protocol="round_robin")  # fmt: skip
    minutes = graph.invoke(meeting_input(budget=400), context=ONE_TURN)["minutes"]
    assert agent.looked_up == ["postgres"]
    assert minutes.total_tokens == RUN_IN + RUN_OUT  # its two model calls, as reported
    assert minutes.status == "budget_exhausted"
    assert minutes.error and f"{400 - RUN_IN - RUN_OUT} available" in minutes.error
    agent = ToolAgent(lambda fact: f"I propose Postgres. {fact}", factory)
    graph = create_meeting_graph(roster_with(org, {"senior_dev": agent.graph}, script),
                                 protocol="round_robin")  # fmt: skip
    minutes = graph.invoke(meeting_input(budget=200), context=ONE_TURN)["minutes"]
    assert agent.looked_up == [] and minutes.contributions == ()  # refused before it ran
    assert minutes.status == "budget_exhausted"


async def test_round_robin_agent_under_ainvoke_streams_its_tool(org: Org) -> None:
    agent = ToolAgent(lambda fact: f"I propose Postgres. {fact}")
    roster = roster_with(
        org, {"senior_dev": agent.graph}, {"junior_dev": ["ok"], "cto": [DECISION]}
    )
    graph = create_meeting_graph(roster, protocol="round_robin")
    namespaces = [
        ns
        async for ns, chunk in graph.astream(
            meeting_input(("senior_dev", "junior_dev")),
            context=ONE_TURN,
            subgraphs=True,
            stream_mode="updates",
        )
        if "tools" in chunk
    ]
    assert len(namespaces) == 1 and namespaces[0][0].startswith("take_turn:")
    assert agent.looked_up == ["postgres"]


def party_position(org: Org, agent_id: str, text: str) -> ConflictPosition:
    profile = org.get(agent_id)
    return ConflictPosition(
        agent_id=agent_id,
        agent_department=profile.department,
        agent_level=profile.level,
        position=text,
        reasoning=f"{agent_id} has measured it",
    )


@pytest.mark.parametrize("factory", FACTORIES)
@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
async def test_debate_with_an_agent_party_and_an_agent_judge(
    org: Org, mode: str, factory: str
) -> None:
    party = ToolAgent(lambda fact: f"Postgres holds up: {fact}", factory)
    verdict = '{"winning_agent_id": "junior_dev", "confidence": 0.9, "reasoning": "%s"}'
    judge = ToolAgent(lambda fact: f"Having checked:\n```json\n{verdict % fact}\n```", factory)
    roster = Roster(
        org,
        {"junior_dev": party.graph, "backend_lead": judge.graph},
        default_model=ScriptedChatModel({"senior_dev": ["Mongo argues", "Mongo rebuts"]}),
    )
    conflict = Conflict(
        id="c1",
        type="architecture",
        subject="Postgres or Mongo?",
        positions=(
            party_position(org, "junior_dev", "Postgres"),
            party_position(org, "senior_dev", "Mongo"),
        ),
    )
    graph = create_conflict_graph(org, roster, config=ConflictResolutionConfig(strategy="debate"))
    out, tools = await run_streamed(graph, {"conflict": conflict}, mode)
    assert len(tools) == 3  # the party's argument and rebuttal, the judge's verdict
    assert all(t["messages"][0].content == FACT for _, t in tools)
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert (resolution.winning_agent_id, resolution.decided_by) == ("junior_dev", "backend_lead")
    assert FACT in resolution.reasoning
    assert party.looked_up == ["postgres", "postgres"]  # argument and rebuttal
    assert judge.looked_up == ["postgres"]


# --- Roster on its own: usage, text-mode structure, caps, other agent shapes ----------------


class Verdict(BaseModel):
    winner: str


def test_structured_call_on_an_agent_asks_in_text_mode(org: Org) -> None:
    agent = ToolAgent(lambda fact: '```json\n{"winner": "b"}\n```')
    model = ScriptedChatModel([])
    roster = Roster(org, {"cto": agent.graph}, default_model=model)
    assert roster.structured_mode("cto") == "text"
    assert roster.structured_overhead("cto", Verdict) > 0
    out = roster.call_structured("cto", "Who wins?", Verdict, max_tokens=20)
    assert out.parsed == Verdict(winner="b")
    assert out.reply.structured_mode == "text" and out.parsed_from_text
    assert out.reply.fallback_reason is not None
    assert (out.reply.input_tokens, out.reply.output_tokens) == (RUN_IN, RUN_OUT)
    assert out.reply.over_cap  # 27 output tokens over a cap of 20 it could not bind
    assert model.calls == []


def test_a_runnable_returning_plain_dicts_is_an_agent_and_usage_is_estimated(org: Org) -> None:
    seen: list[list[BaseMessage]] = []

    def remote_like(state: dict[str, Any]) -> dict[str, Any]:
        seen.append(state["messages"])
        old = [m.model_dump() for m in state["messages"]]
        return {"messages": [*old, {"type": "ai", "content": "from afar", "id": "r1"}]}

    roster = Roster(org, {"cto": RunnableLambda(remote_like)})
    reply = roster.call("cto", "Hello")
    assert reply.content == "from afar" and reply.usage_estimated
    assert reply.input_tokens == roster.estimate_prompt_tokens("cto", "Hello")
    assert reply.tool_calls == ()
    assert seen[0][0].type == "system" and "Hello" in str(seen[0][-1].content)


def test_an_agent_that_adds_no_ai_message_fails_naming_it(org: Org) -> None:
    roster = Roster(org, {"cto": RunnableLambda(lambda state: state)})
    with pytest.raises(ValueError, match="'cto' ran but added no AI message"):
        roster.call("cto", "Hello")


def test_an_entry_that_is_no_runnable_is_refused(org: Org) -> None:
    with pytest.raises(TypeError, match="'cto' is a str"):
        Roster(org, {"cto": "gpt-4o"})  # type: ignore[dict-item]


def test_per_call_tools_are_not_bound_on_an_agent(org: Org) -> None:
    agent = ToolAgent(lambda fact: f"answered: {fact}")

    @tool
    def delegate_to(agent_id: str) -> str:
        """Hand the task to `agent_id`."""
        return agent_id

    tools: tuple[BaseTool, ...] = (delegate_to,)
    reply = Roster(org, {"cto": agent.graph}).call("cto", "Do it", tools=tools)
    assert reply.content == f"answered: {FACT}" and reply.tool_calls == ()


def test_an_interrupt_inside_an_agent_pauses_the_meeting_and_resumes_it(org: Org) -> None:
    def ask(state: MessagesState) -> dict[str, Any]:
        answer = interrupt("approve Postgres?")
        return {"messages": [AIMessage(content=f"approved: {answer}")]}

    builder = StateGraph(MessagesState)
    builder.add_node("ask", ask)
    builder.add_edge(START, "ask")
    builder.add_edge("ask", END)
    roster = roster_with(org, {"senior_dev": builder.compile()}, {"cto": [DECISION]})
    graph = create_meeting_graph(roster, protocol="round_robin", checkpointer=InMemorySaver())
    config: Any = {"configurable": {"thread_id": "t1"}}
    paused = graph.invoke(meeting_input(("senior_dev",)), config, context=ONE_TURN)
    assert [i.value for i in paused["__interrupt__"]] == ["approve Postgres?"]
    out = graph.invoke(Command(resume="yes"), config, context=ONE_TURN)
    assert agent_contribution(out["minutes"]).content == "approved: yes"


def test_the_readme_agents_block_runs_as_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    marker = "<!-- agents: tests/nodes/test_agent_participants.py"
    found = re.search(r"```python\n(.*?)\n```", readme[readme.index(marker) :], re.DOTALL)
    assert found, "no ```python block after the agents marker in README.md"
    monkeypatch.chdir(tmp_path)  # outside the checkout, as a reader runs it
    exec(compile(found.group(1), "README.md:agents", "exec"), {"__name__": "__agents__"})
    tool_line, decisions = capsys.readouterr().out.strip().splitlines()
    assert tool_line == "postgres: p99 write latency 4 ms (pgbench, 2024-05)"
    assert decisions == "('Use Postgres',)"
