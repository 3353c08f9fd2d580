"""Meetings (each protocol) and a debate whose roster has a langgraph `create_react_agent` with
a real tool, served by the `langgraph dev` tests (tests/studio/test_langgraph_dev.py adds them to
the repository's graphs as `TOOL_AGENT_GRAPHS`)."""

from __future__ import annotations

import warnings
from typing import Any

from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent
from langgraph.pregel import Pregel
from langgraph.warnings import LangGraphDeprecatedSinceV10

from langgraph_council.graphs import create_conflict_graph, create_meeting_graph
from langgraph_council.graphs._demo.data import demo_org, demo_reply
from langgraph_council.nodes import Roster
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
        answer = f"Position: Keep REST\nConfidence: 0.8\nEvidence:\n- {last.content}"
        return AIMessage(content=answer, usage_metadata=STEP_USAGE)
    args = {"api": "rest"}
    return AIMessage(
        content="",
        tool_calls=[{"name": "measured_latency", "args": args, "id": "call-latency"}],
        usage_metadata=STEP_USAGE,
    )


def _roster() -> Roster:
    """The demo roster with `backend_lead` as a tool-using react agent."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LangGraphDeprecatedSinceV10)
        agent = create_react_agent(ScriptedChatModel(_step), tools=[measured_latency])
    return Roster(demo_org(), {"backend_lead": agent}, default_model=ScriptedChatModel(demo_reply))


def _meeting(protocol: str) -> Any:
    def build() -> Pregel[Any, Any]:
        return create_meeting_graph(_roster(), protocol=protocol)

    build.__name__ = f"meeting_{protocol}"
    return build


meeting_round_robin = _meeting("round_robin")
meeting_position_papers = _meeting("position_papers")
meeting_structured_phases = _meeting("structured_phases")


def conflict() -> Pregel[Any, Any]:
    """The conflict graph; `backend_lead` argues as the react agent under `strategy=debate`."""
    roster = _roster()
    return create_conflict_graph(roster.org, roster)


TOOL_AGENT_GRAPHS = {
    f"tool_agent_{name}": name
    for name in ("meeting_round_robin", "meeting_position_papers", "meeting_structured_phases",
                 "conflict")
}  # fmt: skip
"""Graph id served -> factory in this module."""
