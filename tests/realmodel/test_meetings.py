"""Each meeting protocol with a real small model through `ChatOpenAI` (issue 22 item 3): the
meeting ends with minutes, the usage equals the server's, what the model got wrong is flagged."""

from __future__ import annotations

import pytest
from langchain_openai import ChatOpenAI

from langgraph_council.graphs import MeetingProtocolConfig, create_meeting_graph
from langgraph_council.nodes import Org, Roster
from tests.realmodel.checks import caps_sent_and_held, flagged
from tests.realmodel.llama import RealModel

pytestmark = pytest.mark.realmodel

TURN = 48
"""Output cap of a turn, paper or input: enough for a stance, short enough for one thread."""
SMALL = MeetingProtocolConfig.model_validate(
    {
        "round_robin": {"max_turns_per_agent": 1, "max_tokens_per_turn": TURN},
        "position_papers": {"max_tokens_per_position": TURN},
        "structured_phases": {"max_tokens_per_input": TURN, "max_discussion_tokens": 600},
        "selector": {"max_turns_per_agent": 1, "max_tokens_per_turn": TURN},
        "max_synthesis_tokens": 160,
    }
)
MEETING = {
    "agenda": {
        "title": "Release date of the billing service",
        "context": "Ship on Friday with green CI, or wait for Monday's design review?",
    },
    "leader_id": "cto",
    "participant_ids": ["senior_dev", "ui_dev"],
    "token_budget": 12_000,
}


@pytest.mark.parametrize(
    "protocol", ["round_robin", "position_papers", "structured_phases", "selector"]
)
def test_a_meeting_ends_with_minutes(
    llama: RealModel, chat: ChatOpenAI, org: Org, protocol: str
) -> None:
    graph = create_meeting_graph(Roster(org, default_model=chat), protocol=protocol, config=SMALL)
    with llama.tally() as tally:
        minutes = graph.invoke(MEETING)["minutes"]
    assert minutes.status == "completed" or minutes.stop_reason, (minutes.status, minutes)
    spoke = {c.agent_id for c in minutes.contributions}
    assert {"senior_dev", "ui_dev"} <= spoke, spoke
    assert (minutes.total_input_tokens, minutes.total_output_tokens) == tally.tokens()
    caps_sent_and_held(tally)
    flagged(minutes.warnings, tally)
    if not minutes.decisions or not minutes.positions:
        assert minutes.warnings, "minutes with nothing usable carry no warning"
