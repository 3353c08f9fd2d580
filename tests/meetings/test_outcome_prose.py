"""What a user reads of a meeting is prose: the synthesis and the council's closing message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes import Org, Roster
from langgraph_council.nodes.testing import Reply, ScriptCall, ScriptedChatModel

SYNTHESIS = {  # what a model with structured output returns: the chat pane showed it raw
    "summary": "Postgres for billing.",
    "decisions": ["Use Postgres for the billing service"],
    "action_items": [
        {"description": "Set up nightly backups", "assignee": "senior_dev", "priority": "high"},
        {"description": "Write the migration plan", "assignee": "nobody_here"},
    ],
    "adopted_agent_ids": ["senior_dev", "junior_dev"],
}


def _roster(org: Org, position: Callable[..., str]) -> Roster:
    def reply(call: ScriptCall) -> Reply:
        if call.agent_id == "cto":
            return SYNTHESIS if call.schema is not None else "Have we considered Mongo?"
        if call.agent_id == "ui_dev":
            return position("Use MongoDB", "our prototype ran on it", confidence=0.6)
        return position("Use Postgres", f"{call.agent_id} ran pgbench", confidence=0.8)

    return Roster(org, default_model=ScriptedChatModel(reply))


@pytest.mark.parametrize("protocol", ["round_robin", "position_papers", "structured_phases"])
def test_the_synthesis_and_the_closing_message_are_prose(
    org: Org, meeting_input: Callable[..., dict[str, Any]], position: Any, protocol: str
) -> None:
    graph = create_meeting_graph(_roster(org, position), protocol=protocol)
    out = graph.invoke(meeting_input(), context={"round_robin": {"max_turns_per_agent": 1}})
    messages = out["messages"]
    assert not any(m.content.lstrip().startswith("{") for m in messages)
    synthesis = messages[-2]
    assert synthesis.name == "cto"
    assert "Decisions:\n- Use Postgres for the billing service" in synthesis.content
    closing = messages[-1]
    assert (closing.name, closing.response_metadata["kind"]) == ("council", "outcome")
    assert closing.id == f"{out['minutes'].meeting_id}:outcome"
    text = closing.content
    assert text.startswith("The meeting ended: Pick the primary database.")
    assert "Decisions:\n- Use Postgres for the billing service" in text
    assert "- Set up nightly backups (senior_dev, high priority)" in text
    assert "- Write the migration plan (unassigned, medium priority); note:" in text
    assert "Dissent:\n- ui_dev: Use MongoDB (evidence: our prototype ran on it)" in text
    # The structure stays in the minutes: the message is only how it reads.
    assert out["minutes"].decisions == ("Use Postgres for the billing service",)


def test_a_meeting_without_a_decision_says_so(
    org: Org, meeting_input: Callable[..., dict[str, Any]], position: Any
) -> None:
    graph = create_meeting_graph(_roster(org, position), protocol="round_robin")
    quiet = {"round_robin": {"max_turns_per_agent": 1, "leader_summarizes": False}}
    out = graph.invoke(meeting_input(), context=quiet)
    closing = out["messages"][-1]
    assert closing.name == "council" and "No decision was reached." in closing.content
