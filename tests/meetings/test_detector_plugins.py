"""A user's conflict detector, registered by name and selected like the five built-in ones."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from langgraph_council.graphs import (
    MeetingProtocolConfig,
    create_meeting_graph,
    register_conflict_detector,
)
from langgraph_council.nodes import Contribution


class CostClash:
    """Conflict whenever two inputs both talk about cost."""

    def __init__(self) -> None:
        self.seen: list[list[str]] = []

    def detect(self, inputs: Sequence[Contribution]) -> list[dict[str, object]]:
        self.seen.append([c.agent_id for c in inputs])
        costly = [c.agent_id for c in inputs if "cost" in c.content]
        return [{"agent_ids": costly, "topic": "cost"}] if len(costly) > 1 else []


def _script(position):
    return {
        "senior_dev": [position("Postgres, cost is low", "bench"), "I maintain Postgres."],
        "junior_dev": [position("MySQL, cost is lower", "quote"), "I concede."],
        "ui_dev": [position("Either", "none")],
        "cto": ["Summary: Postgres.\nDecisions:\n- Use Postgres"],
    }


def test_a_registered_detector_is_selected_by_name(make_roster, meeting_input, position) -> None:
    detector = CostClash()
    register_conflict_detector("cost_clash", detector, replace=True)
    roster, _ = make_roster(_script(position))
    graph = create_meeting_graph(roster, protocol="structured_phases")
    minutes = graph.invoke(
        meeting_input(), context={"structured_phases": {"conflict_detector": "cost_clash"}}
    )["minutes"]
    assert detector.seen == [["senior_dev", "junior_dev", "ui_dev"]]
    assert [(c.agent_ids, c.topic, c.detector) for c in minutes.conflicts] == [
        (("senior_dev", "junior_dev"), "cost", "cost_clash")
    ]
    discussed = [c.agent_id for c in minutes.contributions if c.phase == "discussion"]
    assert sorted(discussed) == ["junior_dev", "senior_dev"]


def test_a_plain_function_works_and_unknown_ids_are_ignored(
    make_roster, meeting_input, position
) -> None:
    register_conflict_detector(
        "everyone_vs_ghost", lambda inputs: [["ghost", inputs[0].agent_id]], replace=True
    )
    roster, _ = make_roster(_script(position))
    config = MeetingProtocolConfig(structured_phases={"conflict_detector": "everyone_vs_ghost"})
    minutes = create_meeting_graph(roster, config=config).invoke(meeting_input())["minutes"]
    assert minutes.conflicts == ()  # one real participant is no conflict
    assert not [c for c in minutes.contributions if c.phase == "discussion"]


def test_registration_rules() -> None:
    with pytest.raises(ValueError, match="built-in"):
        register_conflict_detector("keyword", CostClash())
    with pytest.raises(ValueError, match="snake_case"):
        register_conflict_detector("Cost Clash", CostClash())
    with pytest.raises(TypeError, match="detect"):
        register_conflict_detector("not_a_detector", 42)  # type: ignore[arg-type]
    register_conflict_detector("twice", CostClash(), replace=True)
    with pytest.raises(ValueError, match="replace=True"):
        register_conflict_detector("twice", CostClash())


def test_an_unknown_detector_names_the_setting_and_the_choices() -> None:
    register_conflict_detector("cost_clash", CostClash(), replace=True)
    with pytest.raises(ValueError, match=r"conflict_detector.*'vibes'.*cost_clash"):
        MeetingProtocolConfig(structured_phases={"conflict_detector": "vibes"})
