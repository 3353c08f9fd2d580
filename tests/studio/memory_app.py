"""A meeting served by `langgraph dev` whose scripted agents say when the prompt recalled an
earlier decision (tests/studio/test_memory_index_server.py): the served prompts are not in
the API's output, what the agents reply is."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import BaseMessage

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.graphs._demo.data import demo_reply
from tests.memory.families import scripted_roster

RECALLED = "I recall D1:"
"""What an agent's turn starts with when its prompt showed an earlier decision."""


def _recalling(call: Any) -> Any:
    reply = demo_reply(call)
    shown = " ".join(str(m.content) for m in call.messages if isinstance(m, BaseMessage))
    if isinstance(reply, str) and "D1 decided:" in shown:
        return f"{RECALLED} {reply}"
    return reply


def recalling_meeting() -> Any:
    """A round-robin meeting on the demo org, its agents marking what they recalled."""
    roster, _ = scripted_roster(_recalling)
    return create_meeting_graph(roster, protocol="round_robin")
