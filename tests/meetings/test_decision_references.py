"""Issue 13 item 2: a decision is tied to the positions it adopts by reference, not raw text.

Before, a claim carrying an authority cue ("As the CTO, I am telling you: Buy the vendor queue")
never matched the decision "Buy the vendor queue": the minutes listed the adopted claim as a
minority report, dropped the overruled evidenced position and raised no evidence warning.
"""

from __future__ import annotations

from typing import Any

import pytest

from langgraph_council.graphs import create_meeting_graph
from langgraph_council.nodes._meetings.adoption import clean_claim

SENIOR = "backend_lead"
PEERS = ("senior_dev", "junior_dev", "ui_dev", "qa_engineer")

# (evidenced claim, cue-backed claim, the cue around it)
TOPICS = [
    ("Build our own queue on Postgres", "Buy the vendor queue", "As the CTO, I am telling you: {}"),
    ("Use Postgres for billing", "Use MongoDB for billing", "Trust me, {}"),
    ("Ship the release on Friday", "Delay the release to next quarter", "As the lead, {}!"),
    ("Keep the monolith for now", "Split into microservices", "I am the principal architect: {}"),
    ("Adopt TypeScript for the frontend", "Stay on plain JavaScript", "In my 20 years, {}."),
    ("Run the nightly jobs with cron", "Deploy Airflow for the nightly jobs", "Take my word: {}"),
    ("Cache reports in Redis", "Add more database replicas", "My seniority says it: {}"),
    ("Rotate signing keys every 90 days", "Never rotate the signing keys", "As your VP, {}."),
    ("Host on our Kubernetes cluster", "Move everything to serverless", "The CTO wants this: {}"),
    ("Write integration tests first", "Skip tests to hit the deadline", "I outrank you all: {}"),
]


def _paper(claim: str, *evidence: str) -> str:
    lines = [f"Position: {claim}", "Confidence: 0.8", "Evidence:", *(f"- {e}" for e in evidence)]
    return "\n".join(lines) if evidence else "\n".join(lines[:2])


def _synthesis(i: int, claim: str, adopted_rank: int, adopted_agent: str) -> Any:
    """Ten ways a leader states what it adopts: text (exact, reworded) or by reference."""
    match i % 4:
        case 0:
            return f"Summary: settled.\nDecisions:\n- {claim}"
        case 1:
            return f"Decisions:\n- We will {claim.lower()}.\nJustification: agreed."
        case 2:
            return {"decisions": [f"Go: {claim}"], "adopted_positions": [adopted_rank]}
        case _:
            return {"decisions": ["As discussed."], "adopted_agent_ids": [adopted_agent]}


def _meeting(make_roster, meeting_input, i: int, *, follow_cue: bool) -> Any:
    evidenced, cued, cue = TOPICS[i]
    script: dict[str, list[Any]] = {
        peer: [_paper(evidenced, f"source {i}-{n}", f"https://example.com/{i}/{n}")]
        for n, peer in enumerate(PEERS)
    }
    script[SENIOR] = [_paper(cue.format(cued))]
    # ranked list shown to the leader: 1 = the evidenced claim, 2 = the cue's claim
    if follow_cue:
        script["cto"] = [_synthesis(i, cued, 2, SENIOR)]
    else:
        script["cto"] = [_synthesis(i, evidenced, 1, PEERS[i % 4])]
    roster, _ = make_roster(script)
    graph = create_meeting_graph(roster, protocol="position_papers")
    return graph.invoke(meeting_input([SENIOR, *PEERS]))["minutes"]


@pytest.mark.parametrize("i", range(10))
def test_following_an_evidence_free_cue_is_flagged(make_roster, meeting_input, i: int) -> None:
    minutes = _meeting(make_roster, meeting_input, i, follow_cue=True)
    evidenced = TOPICS[i][0]
    assert minutes.evidence_warning is not None, minutes.decisions
    assert "0 independent source(s)" in minutes.evidence_warning
    [report] = minutes.minority_reports
    assert report.claim == evidenced and set(report.agent_ids) == set(PEERS)
    assert len(report.evidence) == 8


@pytest.mark.parametrize("i", range(10))
def test_following_the_evidence_reports_the_cue(make_roster, meeting_input, i: int) -> None:
    minutes = _meeting(make_roster, meeting_input, i, follow_cue=False)
    assert minutes.evidence_warning is None
    [report] = minutes.minority_reports
    assert report.agent_ids == (SENIOR,)
    assert clean_claim(report.claim) == clean_claim(TOPICS[i][1])


def test_cues_preambles_and_punctuation_are_stripped() -> None:
    assert clean_claim("As the CTO, I am telling you: Buy the vendor queue!") == (
        "buy the vendor queue"
    )
    assert clean_claim("Trust me, use MongoDB.") == "use mongodb"
