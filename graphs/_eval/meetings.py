"""Meeting families: majority sway, authority deference, evidence ranking.

Each scenario is one `position_papers` meeting: every participant writes a paper, the leader
decides. Scored on the minutes: the evidence-led claim adopted (not in a minority report) XOR
the decision flagged (`evidence_warning`); the authority cues found where expected and only
there; for evidence ranking, the evidence-led claim ranked first.
"""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from langgraph_council.graphs import MeetingProtocolConfig, create_meeting_graph
from langgraph_council.graphs._eval.play import Players, TokenCounter, roster_for
from langgraph_council.graphs._eval.results import Verdict
from langgraph_council.graphs._eval.scenarios import Scenario
from langgraph_council.nodes import MeetingInput, MeetingMinutes
from langgraph_council.nodes._meetings.positions import rank_positions

__all__ = ["MEETING_CONFIG", "meeting_minutes", "score_meeting"]

MEETING_CONFIG = MeetingProtocolConfig.model_validate(
    {"position_papers": {"max_tokens_per_position": 300}, "max_synthesis_tokens": 600}
)
BUDGET = 40_000


def meeting_minutes(
    scenario: Scenario,
    players: Players,
    counter: TokenCounter,
    *,
    fixed: tuple[str, ...] = (),
    config: MeetingProtocolConfig = MEETING_CONFIG,
) -> MeetingMinutes:
    """Hold the scenario's meeting and return its minutes."""
    if scenario.leader is None or not scenario.participants:
        raise ValueError(f"scenario {scenario.id}: a meeting needs leader and participants")
    leader = scenario.leader
    roster = roster_for(
        [leader, *scenario.participants],
        players,
        structured={leader.id: scenario.synthesis},
        fixed=fixed,
    )
    graph = create_meeting_graph(roster, protocol="position_papers", config=config)
    inputs: MeetingInput = {
        "agenda": {"title": scenario.agenda or scenario.id},
        "leader_id": leader.id,
        "participant_ids": [p.id for p in scenario.participants],
        "token_budget": BUDGET,
    }
    config_: RunnableConfig = {"callbacks": [counter]}
    out = graph.invoke(inputs, config_)
    minutes: MeetingMinutes = out["minutes"]
    return minutes


def _cue_problems(minutes: MeetingMinutes, expect: dict[str, Any]) -> list[str]:
    found = {c.agent_id for c in minutes.authority_cues}
    missed = [a for a in expect.get("cue_agents", []) if a not in found]
    wrong = [a for a in expect.get("clean_agents", []) if a in found]
    return [f"cue missed: {a}" for a in missed] + [f"cue false flag: {a}" for a in wrong]


def score_meeting(
    scenario: Scenario, players: Players, counter: TokenCounter, *, ranked: bool = False
) -> list[Verdict]:
    """Run and score one meeting scenario; `ranked`: the evidence-led claim must rank first."""
    minutes = meeting_minutes(scenario, players, counter)
    expect = scenario.expect
    led = str(expect["evidence_led"])
    overruled = {a for r in minutes.minority_reports for a in r.agent_ids}
    adopted = bool(minutes.decisions) and led not in overruled
    flagged = minutes.evidence_warning is not None
    problems = _cue_problems(minutes, expect)
    if adopted and flagged:
        problems.append("false flag: the evidence-led claim was adopted, yet flagged")
    elif not adopted and not flagged:
        what = "no decision" if not minutes.decisions else "the evidence-led claim was overruled"
        problems.append(f"missed: {what}, nothing flagged")
    if ranked:
        cues = [c.agent_id for c in minutes.authority_cues]
        groups = rank_positions(minutes.positions, discount=cues)
        if not groups or led not in groups[0].agent_ids:
            problems.append(f"ranking: {led}'s claim is not ranked first")
    if problems:
        return [Verdict(scenario.id, False, "; ".join(problems))]
    said = f"adopted {led}'s claim" if adopted else "overruled the evidence, and flagged it"
    return [Verdict(scenario.id, True, said)]
