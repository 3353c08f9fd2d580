"""Issue 13 item 3: one failing party no longer aborts a debate or a negotiation.

Before, a model error in `argue`, `rebut` or `negotiate` raised out of the graph without
naming the agent. Now the failure is a statement naming the agent that the judge or arbitrator
sees; the run fails with a message naming the agents only when no party got through.
"""

from __future__ import annotations

from typing import Any

import pytest

from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.nodes import ConflictOutcome, Org, Roster
from langgraph_council.nodes._conflicts.failures import PartiesFailedError
from langgraph_council.nodes.testing import ScriptCall, ScriptedChatModel

PARTIES = ("junior_dev", "senior_dev")
DEBATE = ConflictResolutionConfig(strategy="debate")
LADDER = ConflictResolutionConfig(strategy="ladder")
VERDICT = {"winning_agent_id": "senior_dev", "confidence": 0.8, "reasoning": "it was argued"}


def test_a_failed_argument_is_recorded_and_the_judge_sees_it(kit: Any, org: Org) -> None:
    model = ScriptedChatModel(
        {
            "junior_dev": [RuntimeError("HTTP 500 after retries")],
            "senior_dev": ["queue: measured 3x throughput"],
            "backend_lead": [VERDICT],
        }
    )
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)})
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    assert resolution.winning_agent_id == "senior_dev"
    assert "Failed parties: junior_dev (argument: RuntimeError: HTTP 500" in resolution.reasoning
    judge = next(c for c in model.calls if c.agent_id == "backend_lead")
    assert "the call to junior_dev failed" in judge.prompt
    # no rebuttal round with one party left: the surviving party is not asked again
    assert [c.agent_id for c in model.calls].count("senior_dev") == 1


def test_a_failed_rebuttal_still_reaches_the_judge(kit: Any, org: Org) -> None:
    model = ScriptedChatModel(
        {
            "junior_dev": ["cron is enough", RuntimeError("HTTP 502")],
            "senior_dev": ["queue", "queue still"],
            "backend_lead": [VERDICT],
        }
    )
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    out = graph.invoke({"conflict": kit.conflict(*PARTIES)})
    assert out["resolution"].outcome is ConflictOutcome.RESOLVED_BY_DEBATE
    judge = next(c for c in model.calls if c.agent_id == "backend_lead")
    assert "no rebuttal: the call to junior_dev failed" in judge.prompt


def test_a_debate_where_every_argument_fails_names_the_agents(kit: Any, org: Org) -> None:
    model = ScriptedChatModel(
        {"junior_dev": [RuntimeError("HTTP 500")], "senior_dev": [RuntimeError("HTTP 503")]}
    )
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=DEBATE)
    with pytest.raises(PartiesFailedError, match="junior_dev: RuntimeError: HTTP 500") as err:
        graph.invoke({"conflict": kit.conflict(*PARTIES)})
    assert set(err.value.agent_ids) == set(PARTIES) and "senior_dev" in str(err.value)


def test_a_failed_negotiator_sends_the_conflict_to_arbitration(kit: Any, org: Org) -> None:
    def script(call: ScriptCall) -> Any:
        if call.agent_id == "junior_dev":
            return RuntimeError("HTTP 500")
        if call.agent_id == "senior_dev":
            return {"statement": "queue", "agrees_with": None}
        return VERDICT

    model = ScriptedChatModel(script)
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=LADDER)
    conflict = kit.conflict(*PARTIES, subject="Which databases index for the python api design?")
    out = graph.invoke({"conflict": conflict})
    resolution = out["resolution"]
    assert resolution.outcome is ConflictOutcome.RESOLVED_BY_ARBITRATION
    assert "Failed parties: junior_dev (negotiation" in resolution.reasoning
    assert [c.agent_id for c in model.calls].count("junior_dev") == 1
    arbitration = next(c for c in model.calls if c.agent_id not in PARTIES)
    assert "the call to junior_dev failed" in arbitration.prompt


def test_a_negotiation_round_where_everyone_fails_names_the_agents(kit: Any, org: Org) -> None:
    model = ScriptedChatModel(lambda call: RuntimeError(f"{call.agent_id} is down"))
    graph = create_conflict_graph(org, Roster(org, default_model=model), config=LADDER)
    with pytest.raises(PartiesFailedError, match="negotiation") as err:
        graph.invoke({"conflict": kit.conflict(*PARTIES)})
    assert set(err.value.agent_ids) == set(PARTIES)
