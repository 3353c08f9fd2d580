"""`council_swarm_agent`: a council graph as a `create_swarm` agent that hands back when done.

langgraph-swarm adds each agent as a node and finds where it may hand off to by reading the
agent's tool node (a node named `tools` holding hand-off tools, as `create_agent` builds);
after an agent without one the swarm's run simply ends, and the next message goes to the
council again. So a council that should give the floor back after its outcome needs that tool
node: this wrapper runs the council graph, then calls a hand-off tool to `handoff_back_to`,
which the swarm draws and follows like any agent's hand-off. As a `create_supervisor` agent a
council graph needs no wrapper (the supervisor hands back itself).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage
from langchain_core.tools import BaseTool, InjectedToolCallId, tool
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import InjectedState, ToolNode
from langgraph.pregel import Pregel
from langgraph.types import Command
from typing_extensions import TypedDict

__all__ = ["HANDOFF_DESTINATION_KEY", "council_swarm_agent"]

HANDOFF_DESTINATION_KEY = "__handoff_destination"
"""The tool metadata key langgraph-swarm reads a hand-off's destination from."""


class _SwarmAgentState(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]


def _tool_name(agent: str) -> str:
    return "transfer_to_" + re.sub(r"\s+", "_", agent.strip()).lower()


def _handoff_tool(destination: str) -> BaseTool:
    """A hand-off tool as langgraph-swarm's: the parent (the swarm) goes to `destination`."""
    name = _tool_name(destination)

    @tool(name, description=f"Give the floor back to {destination!r}")
    def hand_off(
        state: Annotated[Any, InjectedState], tool_call_id: Annotated[str, InjectedToolCallId]
    ) -> Command[Any]:
        done = ToolMessage(
            content=f"Successfully transferred to {destination}",
            name=name,
            tool_call_id=tool_call_id,
        )
        return Command(
            goto=destination,
            graph=Command.PARENT,
            update={"messages": [*state["messages"], done], "active_agent": destination},
        )

    hand_off.metadata = {HANDOFF_DESTINATION_KEY: destination}
    return hand_off


def _hand_back(agent: str, destination: str) -> Any:
    """Node `hand_back`: the council's call of the hand-off tool, after its outcome."""
    tool_name = _tool_name(destination)

    def hand_back(state: _SwarmAgentState) -> dict[str, Any]:
        last = state["messages"][-1] if state["messages"] else None
        call_id = f"{getattr(last, 'id', None) or agent}:hand_back"
        call = {"name": tool_name, "args": {}, "id": call_id, "type": "tool_call"}
        message = AIMessage(
            content=f"Transferring back to {destination}",
            name=agent,
            id=call_id,
            tool_calls=[call],
        )
        return {"messages": [message]}

    return hand_back


def council_swarm_agent(
    graph: Pregel[Any, Any], *, handoff_back_to: str, name: str | None = None
) -> CompiledStateGraph[Any, Any, Any, Any]:
    """Wrap a council graph as a `create_swarm` agent that hands back to `handoff_back_to`.

    The council runs on the swarm's `messages` (the last human message, or the hand-off's
    task, is its agenda, question or task), appends its outcome message, then hands the floor
    back: the swarm draws the edge and sets `active_agent` to `handoff_back_to`. Interrupts
    (a human conflict, a held merge) reach the swarm's caller and resume through the swarm's
    thread.

    Args:
        graph: A compiled council graph (any family), compiled without a checkpointer.
        handoff_back_to: The swarm agent that gets the floor after the council's outcome.
        name: The agent's name in the swarm (default: `graph.name`).

    Raises:
        ValueError: No usable name, or `handoff_back_to` is empty.

    Example:
        >>> council = council_swarm_agent(  # doctest: +SKIP
        ...     create_meeting_graph(roster, name="council"), handoff_back_to="alice")
        >>> app = create_swarm([alice, council], default_active_agent="alice").compile(
        ...     checkpointer=saver)  # doctest: +SKIP
    """
    agent = name or graph.name
    if not agent or agent == "LangGraph":
        raise ValueError(
            "council_swarm_agent: the council has no name; compile it with name=... "
            "or pass name=..."
        )
    if not isinstance(handoff_back_to, str) or not handoff_back_to.strip():
        raise ValueError("handoff_back_to: name the swarm agent that gets the floor back")
    builder = StateGraph(_SwarmAgentState)
    builder.add_node("council", graph)
    builder.add_node("hand_back", _hand_back(agent, handoff_back_to))
    builder.add_node("tools", ToolNode([_handoff_tool(handoff_back_to)]))
    builder.add_edge(START, "council")
    builder.add_edge("council", "hand_back")
    builder.add_edge("hand_back", "tools")
    return builder.compile(name=agent)
