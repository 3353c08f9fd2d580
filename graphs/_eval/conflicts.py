"""Conflict rulings: one conflict graph run per scenario, scored on the resolution.

Scripted, the parties argue and the judge rules with the scenario's text, so the strategy's
own logic is scored (seniority order, a verdict naming a non-party falling back to authority).
With a model, `expect_model` (when given) is the known right answer the model's judge must
reach.
"""

from __future__ import annotations

from langgraph_council.graphs import ConflictResolutionConfig, create_conflict_graph
from langgraph_council.graphs._eval.play import Players, TokenCounter, org_of, roster_for
from langgraph_council.graphs._eval.results import Verdict
from langgraph_council.graphs._eval.scenarios import Scenario
from langgraph_council.nodes import Conflict, ConflictPosition, ConflictResolution

__all__ = ["score_conflict"]


def _conflict(scenario: Scenario) -> Conflict:
    agents = {a.id: a for a in scenario.agents}
    missing = [p for p in scenario.parties if p not in agents]
    if missing:
        raise ValueError(f"scenario {scenario.id}: parties {missing} are not among its agents")
    positions = [
        ConflictPosition(agent_id=p, position=agents[p].says or p, reasoning=agents[p].says or p)
        for p in scenario.parties
    ]
    subject = scenario.agenda or scenario.about or scenario.id
    return Conflict(id=scenario.id, type="other", subject=subject, positions=positions)


def resolve(scenario: Scenario, players: Players, counter: TokenCounter) -> ConflictResolution:
    """Run the scenario's conflict under its strategy and return the resolution."""
    judges = {a.id: scenario.verdict for a in scenario.agents if a.id not in scenario.parties}
    roster = roster_for(scenario.agents, players, structured=judges if scenario.verdict else {})
    config = ConflictResolutionConfig.model_validate(
        {"strategy": scenario.strategy, "debate": {"rebuttal_round": False}}
    )
    graph = create_conflict_graph(org_of(scenario.agents), roster, config=config)
    out = graph.invoke({"conflict": _conflict(scenario)}, {"callbacks": [counter]})
    resolution: ConflictResolution = out["resolution"]
    return resolution


def score_conflict(scenario: Scenario, players: Players, counter: TokenCounter) -> list[Verdict]:
    """Run and score one conflict scenario."""
    resolution = resolve(scenario, players, counter)
    expect = scenario.expect
    if not players.scripted and scenario.expect_model is not None:
        expect = scenario.expect_model
    got = {"winner": resolution.winning_agent_id, "outcome": str(resolution.outcome)}
    wrong = [f"{k} {got[k]} (expected {v})" for k, v in expect.items() if got.get(k) != v]
    said = f"{got['outcome']}, winner {got['winner']}"
    return [Verdict(scenario.id, not wrong, "; ".join(wrong) if wrong else said)]
