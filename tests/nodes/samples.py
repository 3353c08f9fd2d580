"""Samples more than one test file uses: the release conflict, a two-step plan, a dissent record."""

from __future__ import annotations

from typing import Any

from langgraph_council.nodes import Conflict, ConflictPosition, DissentRecord

TWO_STEP_PLAN: dict[str, Any] = {
    "subtasks": [
        {"id": "invoices", "title": "Invoices", "required_skills": ["python"]},
        {"id": "payments", "title": "Payments", "required_skills": ["python"],
         "dependencies": ["invoices"]},
    ],
    "structure": "sequential",
}  # fmt: skip
"""A planner's answer: invoices, then payments (both need python)."""


def release_conflict() -> Conflict:
    """senior_dev (ship on Friday) against ui_dev (wait for the review): cto manages both."""
    return Conflict(
        id="release",
        type="priority",
        subject="Release date",
        positions=[
            ConflictPosition(agent_id="senior_dev", agent_department="backend",
                             agent_level="senior", position="Ship on Friday", reasoning="CI green"),
            ConflictPosition(agent_id="ui_dev", agent_department="frontend",
                             agent_level="mid", position="Wait", reasoning="Review Monday"),
        ],
    )  # fmt: skip


def dissent_record(**extra: Any) -> DissentRecord:
    """Agent a's dissent from b's authority decision, with only the required fields set;
    `extra` adds the optional ones (pass `timestamp=` for a record that compares equal)."""
    return DissentRecord(
        id="d1",
        conflict_id="c1",
        dissenting_agent_id="a",
        dissenting_position="p",
        reasoning="r",
        strategy_used="authority",
        decided_by="b",
        **extra,
    )
