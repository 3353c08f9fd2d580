"""Council graphs as agents among agents, served by `langgraph dev` (tests/studio/test_as_agent.py):
a supervisor and a swarm with a council as one of their agents, and councils started from chat."""

from __future__ import annotations

from typing import Any

from langgraph_supervisor import create_supervisor
from langgraph_swarm import create_swarm

from langgraph_council.graphs import council_swarm_agent, create_conflict_graph
from langgraph_council.nodes import Roster
from langgraph_council.nodes.testing import Reply, ScriptCall, ScriptedChatModel
from tests.graphs.councils import (
    conflict_org,
    human_conflict_agent,
    meeting_agent,
    party_reply,
    supervisor_model,
    swarm_peer,
)

AS_AGENT_GRAPHS = {
    "as_agent_supervisor": "supervisor_meeting",
    "as_agent_supervisor_human": "supervisor_human_conflict",
    "as_agent_swarm": "swarm_meeting",
    "as_agent_meeting": "chat_meeting",
    "as_agent_debate": "chat_debate",
}
"""Graph id served -> factory in this module."""


def supervisor_meeting() -> Any:
    """`create_supervisor` with a meeting graph as its agent `council`."""
    return create_supervisor([meeting_agent()], model=supervisor_model()).compile()


def supervisor_human_conflict() -> Any:
    """`create_supervisor` with a human-strategy conflict graph as its agent `council`."""
    return create_supervisor([human_conflict_agent()], model=supervisor_model()).compile()


def swarm_meeting() -> Any:
    """`create_swarm` of a `create_agent` peer and a meeting that hands back to it."""
    council = council_swarm_agent(meeting_agent(), handoff_back_to="alice")
    return create_swarm([swarm_peer(), council], default_active_agent="alice").compile()


def chat_meeting() -> Any:
    """A meeting started from Studio's chat input."""
    return meeting_agent()


def chat_debate() -> Any:
    """A debate started from Studio's chat input: the parties answer, the director judges."""

    def reply(call: ScriptCall) -> Reply:
        return (
            "I pick dev: transactions settle it." if call.agent_id == "boss" else party_reply(call)
        )

    org = conflict_org()
    roster = Roster(org, default_model=ScriptedChatModel(reply))
    return create_conflict_graph(
        org, roster, config={"strategy": "debate", "parties": ["dev", "ops"]}, name="council"
    )
