"""A user's delegation graph for `council escalations decide --graph` (two peers at the top).

alice hands the task to bob, bob hands it back: refused (ancestry), and with no manager above
bob a human answers; alice then answers the task with the human's part.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage

from langgraph_council.checkpoints import CouncilStores
from langgraph_council.graphs import create_delegation_graph
from langgraph_council.nodes import Roster
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel
from tests.delegation.scripts import hand_to, roots

PEERS = {"enforce_chain_of_command": False}


def reply(call: ScriptCall) -> AIMessage | str:
    """alice delegates once and answers once bob's part comes back; bob hands it back."""
    if call.agent_id == "alice" and "answered by" in call.prompt:
        return "alice: going with what the human said"
    return hand_to("bob" if call.agent_id == "alice" else "alice", "you do it")


def make_graph(*, checkpointer: Any, escalations: Any) -> Any:
    """The factory `--graph tests/graphs/user_delegation.py:make_graph` names."""
    org = roots()
    return create_delegation_graph(
        org,
        Roster(org, default_model=ScriptedChatModel(reply)),
        checkpointer=checkpointer,
        stores=CouncilStores(escalations=escalations),
    )
