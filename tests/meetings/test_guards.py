"""Authority-deference cues and the token budget guard in isolation."""

from __future__ import annotations

import pytest

from langgraph_council.guards import TokenBudget, detect_authority_cues
from tests.meetings.conftest import said


@pytest.mark.parametrize(
    "text",
    [
        "As the senior architect, I say Mongo.",
        "As CTO, we go with Kafka.",
        "Trust me, it scales.",
        "I'm the lead here so this is settled.",
        "In my 20 years this always worked.",
        "The CEO wants it shipped Friday.",
        "Given my seniority, use Redis.",
    ],
)
def test_authority_cues_are_found(text: str) -> None:
    [cue] = detect_authority_cues([said(text)])
    assert cue.agent_id == "a" and cue.cue.lower() in text.lower()


@pytest.mark.parametrize(
    "text",
    [
        "As expected, the benchmark favours Postgres.",
        "The senior devs on call report fewer pages with Postgres (INC-88).",
        "Latency p99 is 12 ms as measured in pgbench.",
    ],
)
def test_evidence_talk_is_not_an_authority_cue(text: str) -> None:
    assert detect_authority_cues([said(text)]) == []


def test_each_cue_is_reported_once_per_agent_in_transcript_order() -> None:
    cues = detect_authority_cues(
        [said("Trust me.", "a", 0), said("trust me", "a", 1), said("Trust me!", "b", 2)]
    )
    assert [(c.agent_id, c.turn) for c in cues] == [("a", 0), ("b", 2)]


def test_budget_reserve_and_caps() -> None:
    budget = TokenBudget(total=1000, used=500, reserve_fraction=0.2)
    assert budget.reserve == 200 and budget.remaining == 500
    call = budget.plan(prompt_tokens=100, want=400)
    assert call.allowed and call.max_tokens == 200  # 500 left - 200 reserve - 100 prompt
    synthesis = budget.plan(prompt_tokens=100, want=600, for_synthesis=True)
    assert synthesis.allowed and synthesis.max_tokens == 400  # the reserve is for synthesis
    refused = budget.plan(prompt_tokens=290, want=400)
    assert not refused.allowed and "available" in refused.reason
