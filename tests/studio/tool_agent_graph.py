"""A meeting whose roster has a langgraph `create_react_agent` with a real tool, served by the
`langgraph dev` tests (tests/studio/test_langgraph_dev.py adds it to the repository's graphs)."""

from __future__ import annotations

import warnings
from typing import Any

from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent
from langgraph.pregel import Pregel
from langgraph.warnings import LangGraphDeprecatedSinceV10

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Roster
from langgraph_council.nodes._demo import demo_org, demo_reply
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

FACT = "p95 latency of the REST API: 41 ms (load test 2026-Q3)"
STEP_USAGE = {"input_tokens": 60, "output_tokens": 8, "total_tokens": 68}


@tool
def measured_latency(api: str) -> str:
    """The measured p95 latency of `api`."""
    return FACT


def _step(call: ScriptCall) -> AIMessage:
    """Look the latency up first, then argue with what the tool said."""
    last = call.messages[-1]
    if isinstance(last, ToolMessage):
        return AIMessage(content=f"Keep REST: {last.content}.", usage_metadata=STEP_USAGE)
    args = {"api": "rest"}
    return AIMessage(
        content="",
        tool_calls=[{"name": "measured_latency", "args": args, "id": "call-latency"}],
        usage_metadata=STEP_USAGE,
    )


def meeting_tool_agent() -> Pregel[Any, Any]:
    """A round-robin meeting where `backend_lead` is a tool-using react agent."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LangGraphDeprecatedSinceV10)
        agent = create_react_agent(ScriptedChatModel(_step), tools=[measured_latency])
    roster = Roster(
        demo_org(), {"backend_lead": agent}, default_model=ScriptedChatModel(demo_reply)
    )
    return create_meeting_graph(roster, protocol="round_robin")
