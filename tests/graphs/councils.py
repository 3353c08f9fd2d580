"""Scripted councils and a scripted supervisor model for the drop-in tests (supervisor, swarm)."""

from __future__ import annotations

from typing import Any

from langchain.agents import create_agent
from langchain_core.messages import AIMessage, ToolMessage
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph_swarm import create_handoff_tool

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import create_conflict_graph, create_meeting_graph
from langgraph_council.nodes import AgentProfile, Org, Roster
from langgraph_council.nodes.testing import Reply, ScriptCall, ScriptedChatModel

DECISION = "Use Postgres for the billing service"
SYNTHESIS = f"Summary: Postgres fits billing.\nDecisions:\n- {DECISION}\nJustification: ACID."
ROUND = {"round_robin": {"max_turns_per_agent": 1}}


def meeting_roster() -> Roster:
    """Three scripted agents: `lead` synthesises, the others argue for Postgres."""

    def reply(call: ScriptCall) -> Reply:
        if "Synthesise" in call.prompt or "Synthesise" in call.system:
            return SYNTHESIS
        return f"{call.agent_id}: Postgres, for transactions."

    model = ScriptedChatModel(reply)
    return Roster({"lead": model, "dev": model, "ops": model})


def meeting_agent(saver: BaseCheckpointSaver[Any] | None = None, name: str = "council") -> Any:
    """A round-robin meeting graph compiled with a `name`, as a supervisor's agent."""
    return create_meeting_graph(
        meeting_roster(),
        protocol="round_robin",
        config=ROUND,
        checkpointer=saver,
        name=name,
    )


def is_outcome(message: object) -> bool:
    """The council's closing message (not the hand-back notice a supervisor adds in its name)."""
    return (
        isinstance(message, AIMessage)
        and message.name == "council"
        and message.response_metadata.get("kind") == "outcome"
    )


def council_reply(call: ScriptCall) -> str | None:
    """The text of the council's closing message among a call's messages, if any."""
    for message in reversed(call.messages):
        if is_outcome(message):
            return str(message.content)
    return None


def supervisor_model(agent: str = "council") -> ScriptedChatModel:
    """A supervisor that routes the question to `agent`, then answers with its reply."""

    def reply(call: ScriptCall) -> Reply:
        said = council_reply(call)
        if said is not None:
            return f"The council answered:\n{said}"
        if isinstance(call.messages[-1], ToolMessage):
            return "The council has not answered."
        return AIMessage(
            content="",
            tool_calls=[{"name": f"transfer_to_{agent}", "args": {}, "id": "call-1"}],
        )

    return ScriptedChatModel(reply)


def conflict_org() -> Org:
    """A director over two engineers who disagree."""
    return Org(
        [
            AgentProfile(
                id="boss", name="Boss", role="director", department="eng", level="director",
            ),
            AgentProfile(
                id="dev", name="Dev", role="engineer", department="eng", level="mid",
                manager_id="boss",
            ),
            AgentProfile(
                id="ops", name="Ops", role="operator", department="ops", level="mid",
                manager_id="boss",
            ),
        ]
    )  # fmt: skip


def party_reply(call: ScriptCall) -> Reply:
    """The parties' positions on the question, then anything else they are asked."""
    stance = {"dev": "Postgres", "ops": "MongoDB"}.get(call.agent_id or "", "SQLite")
    return f"Position: {stance}\nReasoning: {call.agent_id} has run {stance} for years."


def human_conflict_agent(
    escalations: Any = None, saver: BaseCheckpointSaver[Any] | None = None
) -> Any:
    """A conflict graph whose strategy is a human's ruling, compiled with a `name`."""
    org = conflict_org()
    roster = Roster(org, default_model=ScriptedChatModel(party_reply))
    return create_conflict_graph(
        org,
        roster,
        config={"strategy": "human", "parties": ["dev", "ops"]},
        stores=CouncilStores(escalations=escalations),
        checkpointer=saver,
        name="council",
    )


def swarm_peer() -> Any:
    """A swarm agent that sends questions to the council and relays what it decided."""

    def reply(call: ScriptCall) -> Reply:
        said = council_reply(call)
        if said is not None:
            return f"The council decided:\n{said}"
        if isinstance(call.messages[-1], ToolMessage):
            return "Still waiting for the council."
        call_ = {"name": "transfer_to_council", "args": {}, "id": "to-council"}
        return AIMessage(content="", tool_calls=[call_])

    handoff = create_handoff_tool(agent_name="council", description="Ask the council")
    return create_agent(ScriptedChatModel(reply), tools=[handoff], name="alice")
